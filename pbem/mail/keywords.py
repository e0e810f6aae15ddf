"""The service words a reply may use besides game commands (join, start, say, status, help, undo), in four languages."""
from __future__ import annotations

import re
import unicodedata

# Each word is matched at the start of a line, after case folding and with accents removed
# (so "etat" and "état" both work). Latin words need a space or ":" after them; Japanese
# words may be followed directly by their argument ("発言よろしく").
WORDS: dict[str, tuple[str, ...]] = {
    "join": ("join", "参加", "rejoindre", "beitreten", "mitspielen"),
    "start": ("start", "開始", "スタート", "commencer", "démarrer", "starten", "beginnen"),
    "say": ("say", "発言", "dire", "sagen"),
    "status": ("status", "board", "状況", "盤面", "état", "plateau", "stand", "spielstand"),
    "help": ("help", "ヘルプ", "助けて", "aide", "hilfe"),
    "undo": ("undo", "取り消し", "取消", "元に戻す", "annuler", "rückgängig", "zurück"),
}

_SEPARATOR = re.compile(r"[\s:：,、.。!！]+")


def _fold(text: str) -> str:
    # Case and accents do not matter for these words: "État", "Rückgängig".
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _is_latin(word: str) -> bool:
    return all(c.isascii() for c in word)


_TABLE = sorted(((_fold(w), verb) for verb, words in WORDS.items() for w in words), key=lambda e: -len(e[0]))


def match(line: str) -> tuple[str, str] | None:
    """The service verb a line starts with and the rest of the line (as typed), or None for other lines."""
    folded = _fold(line.strip())
    for word, verb in _TABLE:
        if not folded.startswith(word):
            continue
        after = folded[len(word):]
        if after and _is_latin(word) and not _SEPARATOR.match(after):
            continue  # "stand" must not match "standard", nor "start" "starting"
        # The rest as typed: fold only to find where the word ends, never to change the text.
        rest = _rest_after(line.strip(), len(word))
        return verb, rest
    return None


def _rest_after(line: str, folded_length: int) -> str:
    # Case folding and accent removal may change lengths ("ß" -> "ss"); walk the original text
    # until its folded form covers the keyword.
    for end in range(len(line) + 1):
        if len(_fold(line[:end])) >= folded_length:
            rest = line[end:]
            separator = _SEPARATOR.match(rest)
            return (rest[separator.end():] if separator else rest).strip()
    return ""

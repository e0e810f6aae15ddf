"""The service words a mail may use besides game commands (join, start, say, status, help, undo, new, language,
timezone), in four languages."""
from __future__ import annotations

import re
import unicodedata

# Each word is matched at the start of a line, after case folding and with accents removed
# (so "etat" and "état" both work). Latin words need a space or ":" after them; Japanese
# words may be followed directly by their argument ("発言よろしく").
# verb -> language -> words; English first (the help lists the others after it).
_BY_LANGUAGE: dict[str, dict[str, tuple[str, ...]]] = {
    "join": {"en": ("join",), "ja": ("参加",), "fr": ("rejoindre",), "de": ("beitreten", "mitspielen")},
    "start": {"en": ("start",), "ja": ("開始", "スタート"), "fr": ("commencer", "démarrer"), "de": ("starten", "beginnen")},
    "say": {"en": ("say",), "ja": ("発言",), "fr": ("dire",), "de": ("sagen",)},
    "status": {"en": ("status", "board"), "ja": ("状況", "盤面"), "fr": ("état", "plateau"), "de": ("stand", "spielstand")},
    "help": {"en": ("help",), "ja": ("ヘルプ", "助けて"), "fr": ("aide",), "de": ("hilfe",)},
    "undo": {"en": ("undo",), "ja": ("取り消し", "取消", "元に戻す"), "fr": ("annuler",), "de": ("rückgängig", "zurück")},
    "new": {"en": ("new game", "new"), "ja": ("新しいゲーム", "新規ゲーム", "新規"), "fr": ("nouvelle partie", "nouvelle"),
            "de": ("neues spiel", "neu")},
    "language": {"en": ("language",), "ja": ("言語",), "fr": ("langue",), "de": ("sprache",)},
    "timezone": {"en": ("timezone", "time zone"), "ja": ("タイムゾーン", "時間帯"), "fr": ("fuseau horaire", "fuseau"),
                 "de": ("zeitzone",)},
}
WORDS: dict[str, tuple[str, ...]] = {verb: tuple(w for words in by.values() for w in words)
                                     for verb, by in _BY_LANGUAGE.items()}

_SEPARATOR = re.compile(r"[\s:：,、.。!！]+")


def _fold(text: str) -> str:
    # Case and accents do not matter for these words: "État", "Rückgängig".
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _is_latin(word: str) -> bool:
    return all(c.isascii() for c in word)


_TABLE = sorted(((_fold(w), verb) for verb, words in WORDS.items() for w in words), key=lambda e: -len(e[0]))
_LANGUAGE = {_fold(w): lang for by in _BY_LANGUAGE.values() for lang, words in by.items() for w in words}


def word(verb: str, language: str | None) -> str:
    """The word for service `verb` a reader of `language` would write ("say" -> "発言" in ja); English otherwise."""
    by = _BY_LANGUAGE[verb]
    return (by.get(language or "en") or by["en"])[0]


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


def language_of_word(line: str) -> str | None:
    """The language of the service word a line starts with ("rejoindre 12" -> "fr"); None for other lines."""
    folded = _fold(line.strip())
    for word, _verb in _TABLE:
        if folded.startswith(word) and match(line) is not None:
            return _LANGUAGE[word]
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

"""Text people send us (web forms, the API, mail): what is cleaned, what is refused, in one place."""
from __future__ import annotations

import re
import unicodedata

# Bidi embeddings, overrides and isolates reorder what follows them, in a page and in a mail subject.
BIDI_CONTROLS = "\u202a-\u202e\u2066-\u2069"
# Zero-width characters, soft hyphen, BOM, bidi marks and controls: invisible when typed or pasted,
# and they split a command word ("pl\u200bace") where nobody can see it.
INVISIBLE = dict.fromkeys([*map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e\u200e\u200f\u061c"),
                           *range(0x202A, 0x202F), *range(0x2066, 0x206A)])
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_LINE_BREAKS = re.compile(r"\r\n|[\r\u2028\u2029\x85]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
# PostgreSQL stores neither NUL nor a lone surrogate (JSON can carry "\ud800"; UTF-8 cannot).
_UNSTORABLE = re.compile(r"[\x00\ud800-\udfff]")
# What a title may not hold: it goes into the subject of every mail of the game, where any line
# break (C0 and C1 controls, U+2028, U+2029) would end the header.
TITLE_REFUSED = rf"\x00-\x1f\x7f-\x9f\u2028\u2029{BIDI_CONTROLS}"
_TITLE_REFUSED = re.compile(f"[{TITLE_REFUSED}\ud800-\udfff]")
TITLE_MAX = 120


class TextRefused(ValueError):
    """Text we do not take; the message says why, in English (views translate their own)."""


def unstorable(value) -> bool:
    """Whether a string, or any key or string inside a JSON-like value, holds what the database cannot store."""
    if isinstance(value, str):
        return _UNSTORABLE.search(value) is not None
    if isinstance(value, dict):
        return any(unstorable(k) or unstorable(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return any(unstorable(v) for v in value)
    return False


def normalise_command_text(text: str) -> str:
    """Return command text with full-width forms, odd spaces and invisible characters made plain, lines kept."""
    text = _LINE_BREAKS.sub("\n", _SURROGATE.sub("", text))
    # NFKC folds what Japanese input methods produce (ｐｌａｃｅ　３ -> place 3) and NBSP to a space.
    text = unicodedata.normalize("NFKC", text).translate(INVISIBLE)
    text = _CONTROL.sub("", text.replace("\t", " "))
    return "\n".join(line.rstrip() for line in text.split("\n"))


def checked_title(text: str | None) -> str | None:
    """The title with outer spaces trimmed (None when blank); TextRefused for line breaks, controls, bidi overrides."""
    text = text or ""
    if _TITLE_REFUSED.search(text):
        raise TextRefused("a title must be one line without control or bidi override characters")
    text = text.strip()
    if len(text) > TITLE_MAX:
        raise TextRefused(f"a title has at most {TITLE_MAX} characters")
    return text or None

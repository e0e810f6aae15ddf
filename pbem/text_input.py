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
# Noncharacters: U+FDD0-FDEF and the last two code points of every plane, never text (U+FFFE is a BOM read
# backwards).
NONCHARACTERS = "\ufdd0-\ufdef" + "".join(f"{chr(plane + 0xFFFE)}{chr(plane + 0xFFFF)}"
                                           for plane in range(0, 0x110000, 0x10000))
# What a title may not hold: it goes into the subject of every mail of the game, where any line
# break (C0 and C1 controls, U+2028, U+2029) would end the header; nor bidi controls, nor noncharacters.
TITLE_REFUSED = rf"\x00-\x1f\x7f-\x9f\u2028\u2029{BIDI_CONTROLS}{NONCHARACTERS}"
_TITLE_REFUSED = re.compile(f"[{TITLE_REFUSED}\ud800-\udfff]")
# What shows nothing, besides spaces: the Unicode default-ignorable code points (zero-width characters, joiners,
# soft hyphen, variation selectors, Hangul fillers, tags; assigned or not), the bidi controls excepted (refused
# anyway), and the braille blank. A title made only of these (and spaces) names the game for nobody. Other
# unassigned code points are not counted as nothing: a newer Unicode than ours may have made them visible
# (U+1FAE8, an emoji of Unicode 15, is unassigned for Python 3.11).
SPACES = "\u0020\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000"
INVISIBLE_TEXT = ("\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2060-\u2065"
                  "\u206a-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
                  "\U0001d173-\U0001d17a\U000e0000-\U000e0fff")
_VISIBLE = re.compile(f"[^{SPACES}{INVISIBLE_TEXT}{TITLE_REFUSED}\ud800-\udfff]")
# The whole rule as one pattern, for the API's description: blank (the game's name), or something visible
# and nothing refused.
TITLE_PATTERN = (f"^(?:[{SPACES}]*|[{SPACES}{INVISIBLE_TEXT}]*[^{SPACES}{INVISIBLE_TEXT}{TITLE_REFUSED}]"
                 f"[^{TITLE_REFUSED}]*)$")
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


_NOT_IN_TALK = dict.fromkeys(k for k in INVISIBLE if k != 0x200D)  # a zero-width joiner holds emoji together


def talk_text(text: str) -> str:
    """Table talk as its writer wrote it (full-width "！", "？", letters and spaces kept, unlike
    normalise_command_text): only line breaks made plain, and controls and invisible characters removed."""
    text = _LINE_BREAKS.sub("\n", _SURROGATE.sub("", text)).translate(_NOT_IN_TALK)
    text = _CONTROL.sub("", text.replace("\t", " "))
    return "\n".join(line.rstrip() for line in text.split("\n"))


def checked_title(text: str | None) -> str | None:
    """The title with outer spaces trimmed (None when blank); TextRefused for line breaks, controls, bidi overrides,
    noncharacters, and for a title of invisible characters only (`\u200b`, `\uffff`)."""
    text = text or ""
    if _TITLE_REFUSED.search(text):
        raise TextRefused("a title must be one line of visible text without control, bidi override or "
                          "noncharacter characters")
    text = text.strip()
    if text and not _VISIBLE.search(text):
        raise TextRefused("a title must be one line of visible text without control, bidi override or "
                          "noncharacter characters")
    if len(text) > TITLE_MAX:
        raise TextRefused(f"a title has at most {TITLE_MAX} characters")
    return text or None

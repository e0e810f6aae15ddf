"""The command lines of a reply: what the writer typed, normalised so the game grammar can read it."""
from __future__ import annotations

import re
import unicodedata

from .reply import extract_reply, split_lines

MAX_COMMAND_LINES = 200

_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e"), None)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_QUOTED = re.compile(r"^\s*(?:[A-Za-z]{1,3})?>")
_LINE_BREAKS = re.compile(r"\r\n|[\r\u2028\u2029\x85]")


def normalise_command_text(text: str) -> str:
    """Return text with full-width forms, odd spaces and invisible characters made plain, lines kept."""
    text = _LINE_BREAKS.sub("\n", text)
    # NFKC folds what Japanese input methods produce (ｐｌａｃｅ　３ -> place 3) and NBSP to a space.
    text = unicodedata.normalize("NFKC", text).translate(_INVISIBLE)
    text = _CONTROL.sub("", text.replace("\t", " "))
    return "\n".join(line.rstrip() for line in text.split("\n"))


def command_lines(text: str) -> list[str]:
    """Return the non-empty lines the writer typed, normalised; quotes and rule lines left out."""
    lines = []
    for line in split_lines(normalise_command_text(extract_reply(text))):
        line = line.strip()
        # Quoted lines are our own mail coming back, even when the writer answered between them.
        if not line or _QUOTED.match(line):
            continue
        if not any(char.isalnum() for char in line):
            continue  # "--", "***", ":-)" and the like carry no command
        lines.append(line)
        if len(lines) >= MAX_COMMAND_LINES:
            break
    return lines

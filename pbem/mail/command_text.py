"""The command lines of a reply: what the writer typed, normalised so the game grammar can read it."""
from __future__ import annotations

import re

from ..text_input import normalise_command_text
from .reply import extract_reply, split_lines

MAX_COMMAND_LINES = 200

_QUOTED = re.compile(r"^\s*(?:[A-Za-z]{1,3})?>")


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

"""The command lines of a reply: what the writer typed, normalised so the game grammar can read it."""
from __future__ import annotations

import re

from .. import keywords
from ..text_input import normalise_command_text, talk_text
from .reply import extract_reply, split_lines
from .reply_markers import DASH_NAME

MAX_COMMAND_LINES = 200

_QUOTED = re.compile(r"^\s*(?:[A-Za-z]{1,3})?>")


def command_lines(text: str, names: frozenset[str] = frozenset()) -> list[str]:
    """Return the non-empty lines the writer typed, normalised; quotes and rule lines left out. `names`: the
    writer's own (reply.signer_names), whose signature lines are no commands.

    Table talk (a line starting with "say", and every line after "say" alone) is kept as written: "！" stays
    "！" in the mail to the others; only commands are normalised (ｐｌａｃｅ　３ -> place 3).
    """
    lines = []
    talking = False  # after "say" alone, the rest of the mail is the message to the table
    for written in split_lines(talk_text(extract_reply(text, names))):
        line = normalise_command_text(written).strip()
        # Quoted lines are our own mail coming back, even when the writer answered between them.
        if not line or _QUOTED.match(line):
            continue
        if not any(char.isalnum() for char in line):
            continue  # "--", "***", ":-)" and the like carry no command
        said = None if talking else keywords.match(line)
        if talking or (said is not None and said[0] == "say"):
            line = written.strip()
            talking = talking or not said[1]
        lines.append(line)
        if len(lines) >= MAX_COMMAND_LINES:
            break
    if len(lines) >= 2 and DASH_NAME.match(lines[-1]):
        lines.pop()  # "-Bob", "—Ryan": the writer signing below the commands
    return lines

"""Plain-text mail folded to a phone's width: long prose lines broken at spaces or between wide (CJK) characters."""
from __future__ import annotations

from itertools import accumulate

from ..engine.base import char_width

WIDTH = 78  # columns; a wide character takes two
# Japanese line-breaking rules (kinsoku): no line starts with closing marks nor ends with opening ones.
NO_START = set("、。，．：；！？）」』】〕ー・")
NO_END = set("（「『【〔")


def _breaks(line: str, start: int, wide: list[bool]) -> list[int]:
    """Where `line` may break (the tail starts there): at a space, or beside a wide character."""
    return [i for i in range(start + 1, len(line))
            if line[i] == " " or ((wide[i] or wide[i - 1])
                                  and line[i] not in NO_START and line[i - 1] not in NO_END)]


def fold_line(line: str, width: int = WIDTH) -> list[str]:
    """`line` as lines of at most `width` columns, continuation lines keeping its indent (a list item's hanging).

    A word longer than the width (a link) is kept whole on a line of its own: breaking it would break it.
    """
    # Most lines fit: a line is never wider than twice its length.
    if len(line) * 2 <= width or (len(line) <= width and line.isascii()):
        return [line]
    indent = line[:len(line) - len(line.lstrip(" "))]
    if line[len(indent):].startswith("- "):
        indent += "  "  # a list item's lines hang under its text
    out = []
    while True:
        widths = [1] * len(line) if line.isascii() else [char_width(ch) for ch in line]
        before = [0, *accumulate(widths)]  # before[i]: the columns of line[:i]
        if before[-1] <= width:
            break
        breaks = _breaks(line, len(indent), [w == 2 for w in widths])
        fitting = [b for b in breaks if before[len(line[:b].rstrip())] <= width]
        # A sentence's end is the better break when the line stays at least half full ("...per line." /
        # "For example:" rather than "...per line. For" / "example:").
        full = [b for b in fitting if line[b - 1] in ".!?。" and before[b] >= width // 2]
        at = (full or fitting)[-1] if fitting else next((b for b in breaks if line[b] == " "), None)
        if at is None or not line[:at].strip():
            break
        out.append(line[:at].rstrip())
        line = indent + line[at:].lstrip(" ")
    return out + [line]


def fold(text: str, width: int = WIDTH) -> str:
    """Every line of `text` folded to `width` columns (lines that fit are left exactly as they are)."""
    return "\n".join(part for line in text.split("\n") for part in fold_line(line, width))

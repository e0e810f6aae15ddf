"""The command a submitted move form stands for (the panels themselves: presentation/panels.py).

Whatever the panel, what reaches `play.submit` is one command text, as in an email.
"""
from __future__ import annotations

import re

from flask_babel import gettext as _

from ..text_input import normalise_command_text

# One form makes one command: no separators, only words, numbers, spaces and a few signs.
SAFE = re.compile(r"[\w .'-]{0,80}")
MAX_COUNT = 99


class FormProblem(ValueError):
    """A form that does not make a command (a count that is not a number...); the message says why."""


# --- from a posted form to one command ----------------------------------------------

def _word(form, name: str, required: bool = True) -> str:
    value = " ".join(str(form.get(name, "")).split())
    if not SAFE.fullmatch(value) or (required and not value):
        raise FormProblem(_("The form field “%(name)s” does not hold a valid choice.", name=name))
    return value


def _count(form, name: str) -> int:
    raw = str(form.get(name, "") or "0").strip()
    try:
        value = int(raw)
    except ValueError:
        raise FormProblem(_("“%(value)s” is not a whole number (field “%(name)s”).", value=raw[:20], name=name)) \
            from None
    if not 0 <= value <= MAX_COUNT:
        raise FormProblem(_("%(value)d is out of range for “%(name)s”: use 0 to %(max)d.",
                            value=value, name=name, max=MAX_COUNT))
    return value


def compose(form) -> tuple[str, bool]:
    """The command a posted move form stands for, and whether it must be confirmed first.

    Buttons post `move` (or `confirm_move` when the move needs a "Really?"); small forms post
    `compose` with their fields ("lines": several ticked commands, one a line). Raises FormProblem for anything
    that does not make a command.
    """
    if form.get("confirm_move"):
        return _word(form, "confirm_move"), True
    kind = form.get("compose")
    needs_confirm = form.get("needs_confirm") == "1"
    if kind and form.get("move"):
        # A button of its own inside a composed form ("As needed" beside the tool boxes): its value is the move,
        # whatever the boxes say (issue 25: the form's empty choice, "tools none", won over it).
        return normalise_command_text(form["move"]), False
    if not kind:
        text = form.get("move") or form.get("command", "")
        if len(text) > 20_000:
            raise FormProblem(_("The commands hold a character that no command may contain, or are too long."))
        # The text box as a mail reply: invisible characters, full-width forms and odd spaces made plain.
        return normalise_command_text(text), False
    if kind == "placement":
        count = _count(form, "count")
        if count < 1:
            raise FormProblem(_("Place at least one person."))
        tail = _word(form, "ahead", required=False)
        text = f"place {count} {_word(form, 'target')}" + (f" {tail}" if tail else "")
    elif kind == "counts":
        items = form.getlist("item")
        style = form.get("style", "listed")
        parts = []
        for item in items:
            item = _word({"item": item}, "item")
            n = _count(form, f"n_{item}")
            parts += [item] * n if style == "listed" else ([f"{item} {n}"] if n else [])
        if not parts:
            raise FormProblem(_("Choose at least one item to pay with."))
        text = f"{_word(form, 'prefix')} {' '.join(parts)}"
    elif kind == "checks":
        ticked = [_word({"v": v}, "v") for v in form.getlist("pick")]
        text = f"{_word(form, 'prefix')} {' '.join(ticked)}" if ticked else _word(form, "empty")
    elif kind == "lines":
        # Several commands ticked in one form (discarding three cards): sent together, one a line, as in a mail.
        ticked = [_word({"v": v}, "v") for v in form.getlist("pick")][:MAX_COUNT]
        if not ticked:
            raise FormProblem(_("Tick at least one."))
        text = "\n".join(ticked)
    elif kind == "pair":
        text = f"{_word(form, 'prefix')} {_word(form, 'first')} {_word(form, 'second')}"
    else:
        raise FormProblem(_("This form is not one we know; reload the game page."))
    return text, needs_confirm

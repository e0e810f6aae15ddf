"""Move forms built from the engine's legal moves, and the command a submitted form stands for.

A page shows panels: buttons when the choices are few, small forms when they are many.
Each game may bring a panel builder in its presentation (web/games/); others get buttons or a
list. Whatever the panel, what reaches `play.submit` is one command text, as in an email.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _

from ..text_input import normalise_command_text

MAX_BUTTONS = 12
# One form makes one command: no separators, only words, numbers, spaces and a few signs.
SAFE = re.compile(r"[\w .'-]{0,80}")
MAX_COUNT = 99


class FormProblem(ValueError):
    """A form that does not make a command (a count that is not a number...); the message says why."""


@dataclass
class Choice:
    """One button: the command it sends, its label, and whether it asks "Really?" first."""

    command: str
    label: str
    confirm: bool = False


@dataclass
class Panel:
    """A group of related choices, drawn by games/forms.html according to `kind`.

    kinds: "buttons" (choices), "select" (choices in a list), "placement" (where + how many + tools
    ahead), "counts" (a number per item composing `prefix` + items), "checks" (tick the items to use),
    "pair" (two items from one list).
    """

    kind: str
    title: str
    choices: list[Choice] = field(default_factory=list)
    prefix: str = ""
    note: str = ""
    confirm: bool = False
    data: dict[str, Any] = field(default_factory=dict)


def generic_panels(rules, state, seat: int, legal: list, locale: str) -> list[Panel]:
    """Buttons for a few legal moves, a list for many."""
    choices = [Choice(str(m), str(m)) for m in legal]
    if not choices:
        return []
    kind = "buttons" if len(choices) <= MAX_BUTTONS else "select"
    return [Panel(kind, _("Choose your move"), choices)]


def build_panels(slug: str, rules, state, seat: int, legal: list, locale: str) -> list[Panel]:
    """The panels for `seat`'s legal moves in game `slug` (its presentation's, else generic ones)."""
    from .games import presentation

    panels = presentation(slug).panels
    if panels is None:
        return generic_panels(rules, state, seat, legal, locale)
    return panels(state, seat, legal, locale)


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
    `compose` with their fields. Raises FormProblem for anything that does not make a command.
    """
    if form.get("confirm_move"):
        return _word(form, "confirm_move"), True
    kind = form.get("compose")
    needs_confirm = form.get("needs_confirm") == "1"
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
    elif kind == "pair":
        text = f"{_word(form, 'prefix')} {_word(form, 'first')} {_word(form, 'second')}"
    else:
        raise FormProblem(_("This form is not one we know; reload the game page."))
    return text, needs_confirm

"""Move panels built from the engine's legal moves: buttons when the choices are few, small forms when they are many.

Each game may bring a panel builder in its presentation (presentation/<game>/); others get buttons
or a list. Whatever the panel, what it posts is one command text, as in an email (web/move_forms.py
makes the command of a posted form).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _

from .games import presentation

MAX_BUTTONS = 12


@dataclass
class Choice:
    """One button: the command it sends, its label, and whether it asks "Really?" first.

    `shown` is the command as the player reads it (players named, as the turn mail says it), shown in the button's
    title and small print when the label is words; `note` says what is at stake; `at` says where a game's board
    draws the button (the thing it acts on), "" for the panel's own list.
    """

    command: str
    label: str
    confirm: bool = False
    note: str = ""
    at: str = ""
    shown: str = ""
    short: str = ""  # the words beside the thing it acts on, where the label would repeat its name


@dataclass
class Panel:
    """A group of related choices, drawn by games/forms.html according to `kind`.

    kinds: "buttons" (choices), "select" (choices in a list), "counts" (a number per item composing `prefix` +
    items), "checks" (tick the items to use), "pair" (two items from one list), "lines" (tick several commands,
    sent together), "placed" (choices the game's board draws beside what they act on: the panel list skips them).
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
    panels = presentation(slug).panels
    if panels is None:
        return generic_panels(rules, state, seat, legal, locale)
    return panels(state, seat, legal, locale)


def all_choices(panels: list[Panel]) -> list[Choice]:
    """Every choice of the panels, in order."""
    return [c for panel in panels for c in panel.choices]


def choice_for(panels: list[Panel], command: str) -> Choice | None:
    """The choice that sends `command`, if a panel offers one."""
    return next((c for c in all_choices(panels) if c.command == command), None)

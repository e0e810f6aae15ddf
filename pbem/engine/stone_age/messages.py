"""Rule errors of Stone Age in English, Japanese, French and German.

The machinery (Msg, error) is shared by the games: pbem/engine/messages.py. An error is raised with a
`Msg(key, **params)`: `str(msg)` is the English text (the engine's `message`, unchanged), `msg.render(locale)` the
same error in another language, worded only when a player is shown it.

Templates use named `{params}`. A param is worded by its name (a trailing digit is ignored:
`places2` is a `places` param), so that game words come out in the reader's language:

- `place`: a place id ("forest", "civ2"); English says the command words ("civ 2", "trading post"),
  the others the names of text.py's PLACE_NAMES.
- `pid`: the same, but English says the id itself ("woodyard"), as some messages always did.
- `places`: a tuple of place ids, joined by commas.
- `item`: a resource or ornament id, English as is, the others from ITEM_NAMES.
- `items`: a tuple of them: English "wood wood brick", the others counted ("2 Holz, 1 Lehm").
- `player`: a player number (1-based); `player_list`: a tuple of them.
- any other name: the value as it is (numbers, and commands the player types, which stay English).

A param that is itself a `Msg`, or any callable `locale -> str`, is rendered in the same locale:
that is how an error nests another ("this building costs {cost}", '"{command}": {reason}').
"""
from __future__ import annotations

from collections.abc import Callable

from .. import messages
from ..messages import error  # noqa: F401  (the engine raises through it: error(kind, Msg(...)))
from .messages_board import BOARD_TEXTS
from .messages_commands import COMMAND_TEXTS
from .messages_paying import PAYING_TEXTS
from .moves import list_text, place_text
from .text import ITEM_NAMES, JOIN, LOCALES, PLAYER, items_text, place_name

# key -> (en, ja, fr, de), one table per topic (messages_commands.py, messages_board.py, messages_paying.py).
_CATALOG = {**COMMAND_TEXTS, **BOARD_TEXTS, **PAYING_TEXTS}
CATALOG: dict[str, dict[str, str]] = messages.catalog(_CATALOG, LOCALES)


def _player(n: int, loc: str) -> str:
    """"Joueur 2", as the event lines name a seat; English errors always said "player 2"."""
    text = PLAYER[loc].format(n=n)
    return text.lower() if loc == "en" else text


# Param kind -> (English words, words in another locale). Kinds are documented at the top.
_KINDS: dict[str, tuple[Callable, Callable]] = {
    "place": (place_text, place_name),
    "pid": (str, place_name),
    "places": (lambda v: ", ".join(map(place_text, v)),
               lambda v, loc: JOIN[loc].join(place_name(p, loc) for p in v)),
    "item": (str, lambda v, loc: ITEM_NAMES[loc].get(v, v)),
    "items": (list_text, items_text),
    "player": (lambda v: _player(v, "en"), _player),
    "player_list": (lambda v: ", ".join(_player(n, "en") for n in v),
                    lambda v, loc: JOIN[loc].join(_player(n, loc) for n in v)),
}


class Msg(messages.Msg):
    """A Stone Age error waiting to be worded: str() is English, render(locale) any language of the catalog."""

    __slots__ = ()
    CATALOG = CATALOG
    KINDS = _KINDS
    GAME = "Stone Age"


class Hint(str):
    """A line of the legal commands' list that is no command: English as a str (refusals, the API), worded in the
    reader's language by the mail (`render(locale)`, as a Msg)."""

    def __new__(cls, msg: Msg) -> "Hint":
        hint = super().__new__(cls, str(msg))
        hint.msg = msg
        return hint

    def render(self, locale: str) -> str:
        return self.msg.render(locale)


def quoted(command: str, reason: Msg | Callable[[str], str]) -> Msg:
    """'"place 8 forest": you have 5 people left': the command as typed, then why it fails."""
    return Msg("quoted", command=command, reason=reason)

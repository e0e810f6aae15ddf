"""The board as text, for mails: the game presentation's mail board where it has one, else the engine's
`board_text`, else a generic listing of its view."""
from __future__ import annotations

from .. import engine
from ..models import Game
from .games import mail_board
from .words import seat_names


def board_text(game: Game, seat: int | None, locale: str) -> str:
    """The board from `seat`'s view as text: the game's mail board, or its engine's `board_text`, or a generic
    listing."""
    written = mail_board(game.slug)
    if written is not None:
        return written(game.state, seat, locale, seat_names(game))
    rules = engine.get(game.slug)
    view = rules.view(game.state, seat)
    if rules.CAPABILITIES.board_text:
        return rules.CAPABILITIES.board_text(view, locale, seat_names(game))
    return "\n".join(_generic_lines(view)) + "\n"


def _generic_lines(value, indent: str = "") -> list[str]:
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item and not _flat(item):
                lines += [f"{indent}{key}:"] + _generic_lines(item, indent + "  ")
            else:
                lines.append(f"{indent}{key}: {_scalar(item)}")
        return lines
    if isinstance(value, list):
        return [line for i, item in enumerate(value) for line in ([f"{indent}{i + 1}."] + _generic_lines(item, indent + "  ")
                                                              if isinstance(item, (dict, list)) and not _flat(item)
                                                              else [f"{indent}{i + 1}. {_scalar(item)}"])]
    return [f"{indent}{_scalar(value)}"]


def _flat(value) -> bool:
    items = value.values() if isinstance(value, dict) else value
    return all(not isinstance(v, (dict, list)) for v in items)


def _scalar(value) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_scalar(v)}" for k, v in value.items()) or "-"
    if isinstance(value, list):
        return " ".join(_scalar(v) for v in value) or "-"
    return "-" if value is None else str(value)

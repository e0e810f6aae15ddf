"""What the service refuses, worded so that each reader gets it in their language."""
from __future__ import annotations

from flask_babel import gettext

from .. import engine


class PlayError(Exception):
    """A request the service refuses (not your game, not started, full...); the message says why.

    `message` is an English sentence with %(name)s places for `values`; it is also the key of
    its translations (pybabel extracts it: `-k PlayError` and the subclasses, see babel.cfg).
    `str()` is English, for logs and the API; people read `localized()`.
    """

    def __init__(self, message: str, **values):
        super().__init__(message % values if values else message)
        self.message, self.values = message, values

    def localized(self) -> str:
        """The message in the current locale (the page's, or the one an answer is written in)."""
        return gettext(self.message, **self.values)


class NotAllowed(PlayError):
    """The caller may not do this (not the host, not seated)."""


class NoSuchGame(PlayError):
    """There is no game with that id."""


class StaleForm(PlayError):
    """The form was built for an earlier version of the game."""

    def __init__(self, shown: int, current: int):
        super().__init__("the game has moved on since this form was shown (move %(shown)d, now move %(current)d); "
                         "nothing was applied: look at the board again and choose anew", shown=shown, current=current)
        self.shown, self.current = shown, current


def service_error(message: str, text: str | None = None, **values) -> engine.IllegalMove:
    """A refusal of a line worded by the service (not the game), translated like the rest of its texts."""
    return engine.IllegalMove(message % values, text=text, local=lambda _locale: gettext(message, **values))

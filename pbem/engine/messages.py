"""Rule errors in several languages, for any game: the machinery behind each game's catalog of messages.

A game keeps its own catalog (`key -> (en, ja, fr, de)`) and its own param kinds in its `messages.py`, and
subclasses `Msg` with them (pbem/engine/stone_age/messages.py, pbem/engine/tta/messages.py). An error is raised
with a `Msg(key, **params)`: `str(msg)` is the English text (the engine's `message`, unchanged), `msg.render(locale)`
the same error in another language. Nothing is worded for the other languages until a player is shown the error,
so parsers may raise freely.

Templates use named `{params}`. A param is worded by its name (a trailing digit is ignored: `places2` is a `places`
param) through the game's KINDS, `name -> (english(value), local(value, locale))`; a name without a kind is the
value as it is (numbers, card names, and commands the player types, which stay English). A number may word its
noun by its count: `"{n} {n:person|people}"` (base.Count: French counts 0 and 1 as one).

A param that is itself a `Msg` (of any game), or any callable `locale -> str`, is rendered in the same locale:
that is how an error nests another ("this building costs {cost}", '"{command}": {reason}').
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from . import base

LOCALES = ("en", "ja", "fr", "de")
Kinds = Mapping[str, tuple[Callable, Callable]]


def catalog(texts: Mapping[str, Sequence[str]], locales: Sequence[str] = LOCALES) -> dict[str, dict[str, str]]:
    """`key -> (en, ja, fr, de)` as `key -> {locale: template}`."""
    return {key: dict(zip(locales, words)) for key, words in texts.items()}


class Msg:
    """An error waiting to be worded: str() is English, render(locale) any language of the catalog.

    A game subclasses it with its CATALOG (`key -> {locale: template}`), its KINDS and its GAME name.
    A Msg equals another of the same game with the same key and params; compare str(msg) with a text.
    """

    __slots__ = ("key", "params")
    CATALOG: Mapping[str, Mapping[str, str]] = {}
    KINDS: Kinds = {}
    GAME = "this game"

    def __init__(self, key: str, **params):
        if key not in self.CATALOG:
            raise KeyError(f"no {self.GAME} message {key!r}")
        self.key = key
        self.params = params

    def render(self, locale: str) -> str:
        texts = self.CATALOG[self.key]
        loc = locale if locale in texts else "en"
        words = {name: self._word(name, value, loc) for name, value in self.params.items()}
        return texts[loc].format(**words)

    def __str__(self) -> str:
        return self.render("en")

    def __repr__(self) -> str:
        return f"Msg({self.key!r}, {self.params!r})"

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and (self.key, self.params) == (other.key, other.params)

    __hash__ = None  # params may hold lists

    def _word(self, name: str, value, loc: str) -> str:
        """One param in words for `loc`, by its type or its name (see the module docstring)."""
        if isinstance(value, Msg):
            return value.render(loc)
        if callable(value):
            return value(loc)
        kind = self.KINDS.get(name.rstrip("0123456789"))
        if kind is None and type(value) is int:
            return base.Count(value, loc)  # a number that may word its noun: "{n} {n:person|people}"
        english, local = kind or (str, None)
        if loc == "en" or local is None:
            return english(value)
        return local(value, loc)


def error(kind: type[base.CommandError], msg: Msg, **kwargs) -> base.CommandError:
    """An engine error of `kind` saying `msg`: worded in English now, in other languages when shown."""
    return kind(str(msg), local=msg.render, **kwargs)

"""The game registry: slug -> rules module. Engines are pure: no I/O, no database, no web."""
from __future__ import annotations

import importlib
from types import ModuleType

from .base import (  # noqa: F401  (the contract, re-exported)
    AlreadyDone,
    Ambiguous,
    Capabilities,
    CommandError,
    IllegalMove,
    NotACommand,
    NotNow,
    Option,
    Prompt,
    Result,
    check_options,
)

_BUILTIN = {
    "stone-age": "pbem.engine.stone_age",
    "tta": "pbem.engine.tta",
}
# Engines that work (get(), `pbem simulate`, the contract tests) but are not offered to hosts yet
# (slug -> why). Through the Ages is offered since issue 14 gave it a page and turn mails; it plays
# the civil rules until politics and the military land (its lobby summary says so).
NOT_OFFERED: dict[str, str] = {}
_registered: dict[str, ModuleType] = {}


def register(module: ModuleType) -> None:
    """Add a game module under its SLUG (tests use this for their own small games)."""
    if not isinstance(getattr(module, "CAPABILITIES", None), Capabilities):
        raise TypeError(f"game module {module.__name__} declares no CAPABILITIES (pbem.engine.base.Capabilities)")
    _registered[module.SLUG] = module


def unregister(slug: str) -> None:
    _registered.pop(slug, None)


def get(slug: str, offered: bool = False) -> ModuleType:
    """The rules module for `slug`; KeyError names the known games (`offered`: only games hosts may start)."""
    if offered and slug in NOT_OFFERED:
        raise KeyError(f"{slug!r} is not offered yet; known: {', '.join(games())}")
    if slug in _registered:
        return _registered[slug]
    if slug not in _BUILTIN:
        raise KeyError(f"unknown game {slug!r}; known: {', '.join(games())}")
    register(importlib.import_module(_BUILTIN[slug]))
    return _registered[slug]


def players_allowed(rules: ModuleType, options) -> tuple[int, ...]:
    """The player counts game `rules` allows with these options (its capability, else all of PLAYERS)."""
    allowed = rules.CAPABILITIES.players_allowed
    return tuple(allowed(options)) if allowed else tuple(rules.PLAYERS)


def games(unoffered: bool = False) -> list[str]:
    """The slugs of the games this installation hosts (`unoffered`: with those not offered to hosts yet)."""
    slugs = set(_BUILTIN) | set(_registered)
    if not unoffered:
        slugs -= set(NOT_OFFERED)
    return sorted(slugs)

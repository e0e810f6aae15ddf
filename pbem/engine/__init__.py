"""The game registry: slug -> rules module. Engines are pure: no I/O, no database, no web."""
from __future__ import annotations

import importlib
from types import ModuleType

from .base import (  # noqa: F401  (the contract, re-exported)
    Ambiguous,
    CommandError,
    IllegalMove,
    NotACommand,
    Option,
    Prompt,
    Result,
    check_options,
)

_BUILTIN = {
    "stone-age": "pbem.engine.stone_age",
}
_registered: dict[str, ModuleType] = {}


def register(module: ModuleType) -> None:
    """Add a game module under its SLUG (tests use this for their own small games)."""
    _registered[module.SLUG] = module


def unregister(slug: str) -> None:
    _registered.pop(slug, None)


def get(slug: str) -> ModuleType:
    """The rules module for `slug`; KeyError names the known games."""
    if slug in _registered:
        return _registered[slug]
    if slug not in _BUILTIN:
        raise KeyError(f"unknown game {slug!r}; known: {', '.join(games())}")
    module = importlib.import_module(_BUILTIN[slug])
    _registered[slug] = module
    return module


def games() -> list[str]:
    """The slugs of the games this installation hosts."""
    return sorted(set(_BUILTIN) | set(_registered))

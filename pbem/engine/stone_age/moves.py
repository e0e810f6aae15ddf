"""Stone Age moves: small frozen values whose str() is the canonical English command."""
from __future__ import annotations

from dataclasses import dataclass

from .cards import RESOURCES


def place_text(pid: str) -> str:
    """Canonical words for a place id: "civ2" -> "civ 2", "building3" -> "building 3"."""
    for prefix in ("civ", "building"):
        if pid.startswith(prefix) and pid[len(prefix):].isdigit():
            return f"{prefix} {pid[len(prefix):]}"
    return pid


_ORDER = ("food",) + RESOURCES  # food is parsed so that apply can say it never pays


def resources_sorted(items) -> tuple:
    """Resources in canonical order (cheapest first)."""
    return tuple(sorted(items, key=_ORDER.index))


def list_text(res: tuple) -> str:
    """"wood wood brick": the listed form used by payments."""
    return " ".join(res)


def count_text(res: tuple) -> str:
    """"wood 2 brick 1": the counted form used by feeding."""
    return " ".join(f"{r} {res.count(r)}" for r in RESOURCES if r in res)


@dataclass(frozen=True)
class Place:
    """Put `n` people on place `pid`; optionally say ahead how tools are used there."""

    n: int
    pid: str
    tools: str | None = None  # None, "auto" or "none"

    def __str__(self) -> str:
        tail = f" tools {self.tools}" if self.tools else ""
        return f"place {self.n} {place_text(self.pid)}{tail}"


@dataclass(frozen=True)
class Work:
    """Resolve a dice place (roll), or answer the tool question after a roll.

    `mode` None: roll and ask if tools matter; "auto"/"none": decided ahead or after;
    "set": use the tool tiles of values `tiles` and the one-use cards of values `cards`.
    `target` None means "the roll that is waiting" (a bare "tools 2 1").
    """

    target: str | None
    mode: str | None = None
    tiles: tuple = ()
    cards: tuple = ()

    def __str__(self) -> str:
        head = place_text(self.target) if self.target else ""
        if self.mode is None:
            return head
        if self.mode == "set":
            spec = " ".join(str(v) for v in self.tiles)
            spec += "".join(f" card {v}" for v in self.cards)
            tail = f"tools {spec.strip()}"
        else:
            tail = f"tools {self.mode}"
        return f"{head} {tail}".strip()


@dataclass(frozen=True)
class Civ:
    """Resolve the person on civilization space `slot`: pay `pay`, or None to decline."""

    slot: int
    pay: tuple | None

    def __str__(self) -> str:
        return f"civ {self.slot} " + (f"pay {list_text(self.pay)}" if self.pay is not None else "skip")


@dataclass(frozen=True)
class Build:
    """Resolve the person on building stack `stack`: pay `pay`, or None to decline."""

    stack: int
    pay: tuple | None

    def __str__(self) -> str:
        return f"build {self.stack} " + (f"pay {list_text(self.pay)}" if self.pay is not None else "skip")


@dataclass(frozen=True)
class Pick:
    """Take the die showing `face` from the dice-for-everyone card."""

    face: int

    def __str__(self) -> str:
        return f"pick {self.face}"


@dataclass(frozen=True)
class Feed:
    """Feed the people; `pay` lists resources given for missing food (None: the cheapest)."""

    pay: tuple | None = None

    def __str__(self) -> str:
        return "feed" if self.pay is None else f"feed with {count_text(self.pay)}"


@dataclass(frozen=True)
class Starve:
    """Do not make up missing food: lose 10 points."""

    def __str__(self) -> str:
        return "starve"


@dataclass(frozen=True)
class UseCard:
    """Spend the any-two-resources card for these two resources (allowed at any time)."""

    res: tuple

    def __str__(self) -> str:
        return f"use card {list_text(self.res)}"


MOVE_TYPES = (Place, Work, Civ, Build, Pick, Feed, Starve, UseCard)

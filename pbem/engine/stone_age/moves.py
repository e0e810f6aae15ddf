"""Stone Age moves: small frozen values whose str() is the canonical English command."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from .cards import RESOURCES


# Expansion places whose canonical words differ from their id.
PLACE_WORDS = {"tradingpost": "trading post", "woodyard": "wood yard", "goldyard": "gold yard"}


def place_text(pid: str) -> str:
    """Canonical words for a place id: "civ2" -> "civ 2", "building3" -> "building 3"."""
    if pid in PLACE_WORDS:
        return PLACE_WORDS[pid]
    for prefix in ("civ", "building"):
        if pid.startswith(prefix) and pid[len(prefix):].isdigit():
            return f"{prefix} {pid[len(prefix):]}"
    return pid


_ORDER = ("food",) + RESOURCES + ("ornament",)  # food is parsed so that apply can say it never pays


def resources_sorted(items) -> tuple:
    """Resources in canonical order (cheapest first)."""
    return tuple(sorted(items, key=_ORDER.index))


def list_text(res: tuple) -> str:
    """"wood wood brick": the listed form used by payments; ornaments (expansion) counted last: "ornament 3"."""
    n = res.count("ornament")
    if not n:
        return " ".join(res)
    return " ".join([r for r in res if r != "ornament"] + ["ornament" if n == 1 else f"ornament {n}"])


def _ornaments_text(orn: int | None) -> str:
    return "" if orn is None else f" ornaments {orn}"


def _pay_text(pay: tuple, give: tuple, get: tuple) -> str:
    text = f"pay {list_text(pay)}"
    if give:
        text += f" trade {list_text(give)} for {list_text(get)}"
    return text


def count_text(res: tuple) -> str:
    """"wood 2 brick 1": the counted form used by feeding."""
    return " ".join(f"{r} {res.count(r)}" for r in RESOURCES if r in res)


@dataclass(frozen=True, slots=True)
class Move:
    """Base of the moves: `said` keeps the words the player typed, for refusals; it is not part of the move."""

    said: str = field(default="", compare=False, repr=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Place(Move):
    """Put `n` people on place `pid`; optionally say ahead how tools are used there."""

    n: int
    pid: str
    tools: str | None = None  # None, "auto" or "none"
    orn: int | None = None  # expansion, hunting: take up to this many ornaments, the rest as food

    def __str__(self) -> str:
        tail = f" tools {self.tools}" if self.tools else ""
        return f"place {self.n} {place_text(self.pid)}{tail}{_ornaments_text(self.orn)}"


@dataclass(frozen=True, slots=True)
class Work(Move):
    """Resolve a dice place (roll), or answer the tool question after a roll.

    `mode` None: roll and ask if tools matter; "auto"/"none": decided ahead or after;
    "set": use the tool tiles of values `tiles` and the one-use cards of values `cards`.
    `target` None means "the roll that is waiting" (a bare "tools 2 1").
    """

    target: str | None
    mode: str | None = None
    tiles: tuple = ()
    cards: tuple = ()
    orn: int | None = None  # expansion, hunting: take up to this many ornaments, the rest as food

    def __str__(self) -> str:
        head = place_text(self.target) if self.target else ""
        if self.mode is None:
            return head + _ornaments_text(self.orn)
        if self.mode == "set":
            spec = " ".join(str(v) for v in self.tiles)
            spec += "".join(f" card {v}" for v in self.cards)
            tail = f"tools {spec.strip()}"
        else:
            tail = f"tools {self.mode}"
        return f"{head} {tail}".strip() + _ornaments_text(self.orn)


@dataclass(frozen=True, slots=True)
class Civ(Move):
    """Resolve the person on civilization space `slot`: pay `pay`, or None to decline.

    Expansion: `give` items are traded for `get` (which are part of `pay`); `extra` buys the top
    card of the deck face down on space 5 (its 3 ornaments are part of `pay`).
    """

    slot: int
    pay: tuple | None
    give: tuple = ()
    get: tuple = ()
    extra: bool = False

    def __str__(self) -> str:
        if self.pay is None:
            return f"civ {self.slot} skip"
        return f"civ {self.slot} {_pay_text(self.pay, self.give, self.get)}" + (" extra" if self.extra else "")


@dataclass(frozen=True, slots=True)
class Build(Move):
    """Resolve the person on building stack `stack`: pay `pay`, or None to decline (expansion: with a trade)."""

    stack: int
    pay: tuple | None
    give: tuple = ()
    get: tuple = ()

    def __str__(self) -> str:
        if self.pay is None:
            return f"build {self.stack} skip"
        return f"build {self.stack} {_pay_text(self.pay, self.give, self.get)}"


@dataclass(frozen=True, slots=True)
class Pick(Move):
    """Take the die showing `face` from the dice-for-everyone card."""

    face: int

    def __str__(self) -> str:
        return f"pick {self.face}"


@dataclass(frozen=True, slots=True)
class Feed(Move):
    """Feed the people; `pay` lists resources given for missing food (None: the cheapest)."""

    pay: tuple | None = None

    def __str__(self) -> str:
        return "feed" if self.pay is None else f"feed with {count_text(self.pay)}"


@dataclass(frozen=True, slots=True)
class Starve(Move):
    """Do not make up missing food: lose 10 points."""

    def __str__(self) -> str:
        return "starve"


@dataclass(frozen=True, slots=True)
class UseCard(Move):
    """Spend the any-two-resources card for these two resources (allowed at any time)."""

    res: tuple

    def __str__(self) -> str:
        return f"use card {list_text(self.res)}"


@dataclass(frozen=True, slots=True)
class Split(Move):
    """Expansion: share the units of a hunting roll: `orn` ornaments, the rest food."""

    orn: int

    def __str__(self) -> str:
        return f"ornaments {self.orn}"


MOVE_TYPES = (Place, Work, Civ, Build, Pick, Feed, Starve, UseCard, Split)


@lru_cache(maxsize=8192)
def made(cls, *args):
    """The move `cls(*args)`, built once and then shared: moves are immutable values, and the legal lists
    and the bot make the same few thousand again and again (building a frozen dataclass is slow)."""
    return cls(*args)

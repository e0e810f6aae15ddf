"""The engine contract shared by every game: errors, prompts, events, results and the seeded chance."""
from __future__ import annotations

import functools
import hashlib
import unicodedata
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any, Callable, Mapping, Protocol, Sequence

State = dict  # plain JSON data: dicts, lists, str, int, bool, None


class CommandError(Exception):
    """Base of every rule error; its message says what is wrong, quoting the input.

    `message` is English. A game that speaks the players' languages passes `local`, which
    renders the same message for a locale ("ja", "fr", "de", ...); it is only called when a
    player is shown the error, so parsers may raise and catch freely.
    """

    def __init__(self, message: str, *, text: str | None = None, legal: Sequence[str] = (),
                 local: Callable[[str], str] | None = None):
        super().__init__(message)
        self.message = message
        self.text = text
        self.legal = list(legal)  # canonical commands that would be accepted instead, when known
        self.local = local

    def in_locale(self, locale: str) -> str:
        """The message in `locale`, or in English where the game has no words for it."""
        if self.local is None or locale == "en":
            return self.message
        return self.local(locale) or self.message


class NotACommand(CommandError):
    """The text is not a command of this game."""


class IllegalMove(CommandError):
    """The command is understood but not allowed now."""


class NotNow(IllegalMove):
    """The command is one `seat` may make later in the same part of the game (its `plan_key`), not at the prompt
    it is asked now: a discard named before the discard is asked, a resolution line sent with the placements.
    A reply's line of this kind is held (Seat.queued) until the seat is asked for it, not refused."""


class AlreadyDone(IllegalMove):
    """The command names something this seat already did (a place resolved, by its own line or by the
    engine when one choice was left): nothing to do, and the message says what happened there. A reply's
    line of this kind is acknowledged, not refused, and the lines after it still run.

    `part` is the engine's turn_key of the part of the game it was done in: a reply written for
    that part is acknowledged even once the game has gone on (see play.submit's `written_for`)."""

    def __init__(self, message: str, *, part: str | None = None, **kwargs):
        super().__init__(message, **kwargs)
        self.part = part


class Ambiguous(CommandError):
    """The text could mean several moves; `candidates` lists their canonical texts."""

    def __init__(self, message: str, *, candidates: Sequence[str], text: str | None = None,
                 local: Callable[[str], str] | None = None):
        super().__init__(message, text=text, legal=candidates, local=local)
        self.candidates = list(candidates)


class Prompt:
    """One seat asked to act: `kind` names the decision (e.g. "place", "feed"); `data` says more.

    A frozen value compared and hashed by seat and kind, as the frozen dataclass it was; written
    out with slots because every move builds one or more (half the cost of the dataclass, issue 15).
    """

    __slots__ = ("seat", "kind", "data")

    def __init__(self, seat: int, kind: str, data: Mapping[str, Any] | None = None):
        _set = object.__setattr__
        _set(self, "seat", seat)
        _set(self, "kind", kind)
        _set(self, "data", {} if data is None else data)

    def __setattr__(self, name, value):
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other):
        if type(other) is not Prompt:
            return NotImplemented
        return (self.seat, self.kind) == (other.seat, other.kind)

    def __hash__(self):
        return hash((self.seat, self.kind))

    def __repr__(self):
        return f"Prompt(seat={self.seat!r}, kind={self.kind!r}, data={self.data!r})"

    def __reduce__(self):  # copy and pickle rebuild it through __init__ (setting a slot is refused)
        return Prompt, (self.seat, self.kind, self.data)


@dataclass(frozen=True)
class Option:
    """A game option a host may set when creating a game."""

    name: str
    default: Any
    choices: tuple
    help: str
    # Why hosts may not choose anything but the default yet (e.g. unverified data); the engine
    # itself plays every choice, so tests and `pbem simulate` can.
    unavailable: str = ""


@dataclass
class Result:
    """Final scores by seat, the order after tie-breaks, and each seat's place (1 = winner; equal on a full tie)."""

    scores: dict[int, int]
    ranking: list[int]
    places: dict[int, int]
    details: dict[int, dict] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {
            "scores": {str(s): v for s, v in self.scores.items()},
            "ranking": list(self.ranking),
            "places": {str(s): v for s, v in self.places.items()},
            "details": {str(s): v for s, v in self.details.items()},
        }


def text_width(text: str) -> int:
    """Columns `text` takes in a monospaced font: East Asian wide and full-width characters take two.

    Text boards and tables in mail line up with it, in Japanese as in English.
    """
    if text.isascii():
        return len(text)  # the usual case, and every ASCII character takes one column
    return sum(map(char_width, text))


@functools.lru_cache(maxsize=4096)
def char_width(ch: str) -> int:
    """Columns one character takes (text_width of it); cached: mail folding asks it for every character."""
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def event(kind: str, seat: int | None = None, to: Sequence[int] | None = None, **data) -> dict:
    """An event as plain data: `seat` acted; `to` lists who may see its details (None: everyone)."""
    ev = {"kind": kind, "seat": seat, **data}
    if to is not None:
        ev["to"] = sorted(to)
    return ev


def is_one(n: int, locale: str) -> bool:
    """Whether a count of `n` takes the singular in `locale`: French counts 0 and 1 as one (as its gettext catalog
    does), English and German only 1; Japanese has one form. The sign does not matter ("-1 resource")."""
    return abs(n) <= 1 if locale == "fr" else abs(n) == 1


def counted(forms: tuple[str, str], n: int, locale: str) -> str:
    """`forms` (singular, plural) worded for `n`, a board text's count: French counts 0 and 1 as one, as its gettext
    catalog does."""
    return forms[0 if is_one(n, locale) else 1].format(n=n)


class Count(int):
    """A count in a line's template that words its noun: `"{n} {n:person|people}"` says "1 person", "2 people" (in
    French "0 personne"); any other format spec is the int's ("{n:+d}"), no spec the number itself."""

    def __new__(cls, n: int, locale: str) -> "Count":
        count = super().__new__(cls, n)
        count.locale = locale
        return count

    def __format__(self, spec: str) -> str:
        if "|" in spec:
            one, other = spec.split("|", 1)
            return one if is_one(self, self.locale) else other
        return int(self).__format__(spec)


def with_counts(fields: Mapping, locale: str) -> dict:
    """`fields` with every int (not a bool) a Count of `locale`, for a template that words its nouns."""
    return {k: Count(v, locale) if type(v) is int else v for k, v in fields.items()}


def may_see(ev: Mapping, viewer: int | None) -> bool:
    """Whether `viewer` (None: a spectator) may see the details of event `ev`."""
    to = ev.get("to")
    return to is None or (viewer is not None and viewer in to)


# --- chance -----------------------------------------------------------------
# Draws are a hash of (seed, position), so a stored state carries its own RNG and a
# refactor cannot silently shift every stored game (tests pin the first values).

def new_rng(seed: int | str) -> dict:
    return {"seed": str(seed), "pos": 0}


def draw(rng: dict, n: int) -> int:
    """Return a uniform integer in [0, n) and advance `rng` in place (callers own a copy)."""
    return _draw(rng, n, _seeded(rng["seed"]))


def _seeded(seed):
    """A hash that has taken in what every draw of `seed` starts with: the draw at `pos` hashes
    f"{seed}:{pos}", so each draw copies this and adds its position (issue 15: the seed is
    encoded and hashed once per roll or shuffle, not once per die)."""
    return _blake2b(f"{seed}:".encode(), digest_size=8)


def _draw(rng: dict, n: int, seeded) -> int:
    if n <= 0:
        raise ValueError("draw needs n >= 1")
    limit = _LIMITS.get(n) or (1 << 64) - ((1 << 64) % n)
    pos = rng["pos"]
    while True:
        h = seeded.copy()
        h.update(b"%d" % pos)  # the digits of pos, as str(pos) would give them
        x = int.from_bytes(h.digest(), "big")
        pos += 1
        if x < limit:
            rng["pos"] = pos
            return x % n


_blake2b = hashlib.blake2b
_LIMITS = {n: (1 << 64) - ((1 << 64) % n) for n in range(1, 7)}  # a die and the smallest shuffles
_DIE_LIMIT = _LIMITS[6]


def roll(rng: dict, dice: int = 1) -> list[int]:
    """Roll `dice` six-sided dice, advancing `rng`: the draws of _draw(rng, 6), one after the other, written
    out in one loop (a roll is the commonest draw: issue 15)."""
    seeded = _seeded(rng["seed"])
    pos = rng["pos"]
    out = []
    while len(out) < dice:
        h = seeded.copy()
        h.update(b"%d" % pos)
        x = int.from_bytes(h.digest(), "big")
        pos += 1
        if x < _DIE_LIMIT:  # else rejected, as _draw rejects it: the next position is drawn
            out.append(x % 6 + 1)
    rng["pos"] = pos
    return out


def shuffled(rng: dict, items: Sequence) -> list:
    """A Fisher-Yates shuffle of `items` drawn from `rng`."""
    out = list(items)
    seeded = _seeded(rng["seed"])
    for i in range(len(out) - 1, 0, -1):
        j = _draw(rng, i + 1, seeded)
        out[i], out[j] = out[j], out[i]
    return out


class Game(Protocol):
    """What a game module provides (see DESIGN.md, "The engine contract")."""

    SLUG: str
    NAME: str
    PLAYERS: tuple[int, ...]
    OPTIONS: tuple[Option, ...]

    def setup(self, players: int, options: Mapping[str, Any], seed: int | str) -> State: ...
    def pending(self, state: State) -> list[Prompt]: ...
    def legal(self, state: State, seat: int) -> list: ...
    def parse(self, text: str, state: State, seat: int) -> list: ...
    def apply(self, state: State, seat: int, move) -> tuple[State, list[dict]]: ...
    def view(self, state: State, seat: int | None) -> dict: ...
    def result(self, state: State) -> Result | None: ...
    # `describe` answers "" for an event `viewer` is not to know of, and may for a public event whose private twin
    # in the same move tells `viewer` in full (TtA: a draw's count beside the cards drawn); every caller leaves
    # empty lines out.
    def describe(self, event: Mapping, viewer: int | None, locale: str, names: Sequence[str] | None = None) -> str: ...
    def bot_move(self, state: State, seat: int, rnd) -> Any: ...
    # What a game offers beyond this: its CAPABILITIES (below).


@dataclass(frozen=True)
class Capabilities:
    """The optional part of the contract, declared: each game module sets `CAPABILITIES = Capabilities(...)` with
    what it offers; a field left at its default is not offered, and the service does without it.

    - `scores(state) -> list[int]`: the score track by seat, for the score chart.
    - `parse_names`: `parse(text, state, seat, names=...)` takes the seats' display names (as `describe`), so a
      command may name a player ("aggression Raid Bob"); a move's text still says "player 2".
    - `shown_command(text, state, seat, names) -> str`: a command `seat` may send (a legal move's text, an
      example) as a player reads it: players by name where that text parses back to the same moves, else as it
      was; the service shows commands so in mails and on the page, never stores or sends them so.
    - `board_text(view, locale, names) -> str`: the board as text, for mails.
    - `card_name(card) -> str`: the name players read for a card id a prompt's data names (its `card`), so that a
      mail or page says which card a prompt is about.
    - `legal_texts(state, seat) -> list[str]`: a short list of commands (templates) for mails and errors.
    - `score_sheet(result, locale) -> [(label, {seat: points})]`: where the final points came from.
    - `turn_key(state, seat) -> str`: the part of the game a prompt belongs to (a round and phase): a reply's
      lines apply only while the game is in the part its turn mail asked about; `turn_key_text(key, locale)`
      says that part in words ("round 2, placing people"). The two go together.
    - `plan_key(state, seat) -> str | None`: how far ahead one submission of `seat` may reach: the lines it
      cannot apply yet (another seat is asked meanwhile, or the engine says NotNow) wait, held in Seat.queued,
      until the seat is asked for them while the key stays the same (a turn of its own, a round); None: lines
      are not held now (pbem/play/moves.py).
    - `aside_prompts`: prompt kinds a seat answers in passing (a discard, an event's choice): while one is asked,
      a later line of the same submission that answers it is applied first, and the lines before it wait.
    - `undo_barrier(events) -> bool`: whether a move with these events revealed hidden information (dice, cards
      from a face-down pile): `undo` never takes such a move back (pbem/play/undo.py); without it, no undo.
    - `deadline_move(state, seat)`: the move played for a seat whose deadline passed (else the seeded bot's).
    - `players_allowed(options) -> tuple[int, ...]`: the player counts these options allow (else PLAYERS).
    - `examples_last`: verbs that give something up or end the turn, shown last among example commands (in
      this order), so that examples pasted in order do not end the turn early.
    - `other_names`: other names of the game that a mail's `new` may use.
    """

    scores: Callable[[State], list[int]] | None = None
    parse_names: bool = False
    shown_command: Callable[..., str] | None = None
    board_text: Callable[..., str] | None = None
    card_name: Callable[[str], str] | None = None
    legal_texts: Callable[[State, int], list[str]] | None = None
    score_sheet: Callable[..., list] | None = None
    turn_key: Callable[[State, int], str] | None = None
    turn_key_text: Callable[[str, str], str] | None = None
    plan_key: Callable[[State, int], str | None] | None = None
    aside_prompts: frozenset[str] = frozenset()
    undo_barrier: Callable[[Any], bool] | None = None
    deadline_move: Callable[[State, int], Any] | None = None
    players_allowed: Callable[[Mapping[str, Any] | None], tuple[int, ...]] | None = None
    examples_last: tuple[str, ...] = ()
    other_names: tuple[str, ...] = ()


def check_options(game: Game, options: Mapping[str, Any] | None) -> dict:
    """Fill in defaults and refuse unknown options or values, with a specific message."""
    known = {o.name: o for o in game.OPTIONS}
    out = {o.name: o.default for o in game.OPTIONS}
    for name, value in (options or {}).items():
        opt = known.get(name)
        if opt is None:
            raise CommandError(f"unknown option {name!r}; known: {', '.join(sorted(known)) or 'none'}")
        if opt.choices and value not in opt.choices:
            # Options arrive as text from forms and the command line.
            match = [c for c in opt.choices if str(c).lower() == str(value).lower()]
            if not match:
                raise CommandError(f"option {name}={value!r}: choose one of {', '.join(map(str, opt.choices))}")
            value = match[0]
        out[name] = value
    return out

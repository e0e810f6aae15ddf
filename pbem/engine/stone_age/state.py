"""The Stone Age state as plain JSON: building it, copying it fast, and small questions about it."""
from __future__ import annotations

import marshal

from .. import base
from .board import limits, place_ids, places, row_size  # noqa: F401  (place_ids, places re-exported)
from .cards import (
    BUILDING_IDS,
    CIV_CARDS,
    CIV_IDS,
    FOOD_START,
    PEOPLE_START,
    PLACE_INFO,
    RESOURCES,
    STACK_SIZE,
    TOOL_SLOTS,
)
from .messages import Msg, error, quoted
from .moves import place_text
from .style_cards import (
    ORNAMENTS_START,
    SPIELBOX_IDS,
    STYLE_BUILDING_IDS,
    STYLE_CIV_IDS,
    data_version,
)


def deep_copy(data):
    """A deep copy of any JSON data (marshal is several times faster than copy.deepcopy)."""
    return marshal.loads(marshal.dumps(data))


def copy_state(state: dict) -> dict:
    """A deep copy of the state, written out for speed (3x faster than marshal, 10x copy.deepcopy).

    Every container is copied; a test walks the copy to prove nothing mutable is shared.
    """
    new = dict(state)
    new["options"] = dict(state["options"])
    new["rng"] = dict(state["rng"])
    new["row"] = list(state["row"])
    new["deck"] = list(state["deck"])
    new["box"] = list(state["box"])
    new["stacks"] = [list(stack) for stack in state["stacks"]]
    new["board"] = {pid: list(counts) for pid, counts in state["board"].items()}
    new["hungry"] = list(state["hungry"])
    if state["ask"] is not None:
        new["ask"] = deep_copy(state["ask"])
    if state["over"] is not None:
        new["over"] = deep_copy(state["over"])
    if "done" in state:
        new["done"] = deep_copy(state["done"])
    seats = []
    for p in state["seats"]:
        q = dict(p)
        for k in _SEAT_LISTS:
            q[k] = p[k][:]
        for k in _SEAT_DICTS:
            q[k] = dict(p[k])
        seats.append(q)
    new["seats"] = seats
    return new


def draft(state: dict) -> dict:
    """The copy `apply` works on: a new top level, board, seats, hungry seats and RNG position.

    Every other container (each place's counts, the deck, the card row, the stacks, a seat's tools, cards
    and buildings, the question asked) is shared with `state`: the rules only ever replace those, never
    change them in place (set_count), so `state` stays as it was. A full copy of every move was a third of
    the engine's time (issue 15).
    """
    new = dict(state)
    new["rng"] = dict(state["rng"])
    new["board"] = dict(state["board"])
    new["hungry"] = state["hungry"][:]
    new["seats"] = list(map(dict, state["seats"]))  # map: no comprehension frame, on every move
    return new


def set_count(state: dict, pid: str, seat: int, n: int) -> None:
    """Put `n` people of `seat` on place `pid`; the place's counts are replaced (see draft)."""
    counts = state["board"][pid][:]
    counts[seat] = n
    state["board"][pid] = counts


def place_kind(pid: str) -> str:
    """"dice", "village", "civ" or "building"."""
    kind = PLACE_KINDS.get(pid)
    if kind is not None:
        return kind
    info = PLACE_INFO.get(pid)
    if info is not None:
        return info["kind"]
    return "civ" if pid.startswith("civ") else "building"


def place_index(pid: str) -> int:
    """The number of a civ space or building stack: "civ3" -> 3."""
    index = _INDEXES.get(pid)
    return index if index is not None else int(pid.lstrip("abcdefghijklmnopqrstuvwxyz"))


def new_seat(style: bool = False) -> dict:
    """A seat at the start of the game (with the expansion: a tusk and the trade marker at 0)."""
    seat = {"people": PEOPLE_START, "placed": 0, "food": FOOD_START, "score": 0, "agri": 0,
            "tools": [0] * TOOL_SLOTS, "used": [False] * TOOL_SLOTS,
            "once": [], "any2": [], "cards": [], "hidden": [], "buildings": [], "prefs": {}}
    for r in RESOURCES:
        seat[r] = 0
    if style:
        # Only scalars here: the fast copy copies a seat's lists and dicts by the base seat's keys.
        seat.update(ornaments=ORNAMENTS_START, trade=0, traded=False)
    return seat


def new_state(players: int, options: dict, seed) -> dict:
    """Set up a game: shuffle the civilization deck and the building tiles, lay out the row and stacks."""
    rng = base.new_rng(seed)
    style = options.get("expansion", "none") == "style"
    cards, tiles = CIV_IDS, BUILDING_IDS
    if style:
        # Expansion setup: the 9 new cards join the deck; the 9 new tiles (and by option the
        # 6 spielbox tiles) join the base tiles; 5 cards face up whatever the player count.
        cards = tuple(sorted(CIV_IDS + STYLE_CIV_IDS))
        tiles = tuple(sorted(BUILDING_IDS + STYLE_BUILDING_IDS
                             + (SPIELBOX_IDS if options.get("spielbox_buildings") else ())))
    # Draw order is pinned by a test: civ deck first, then the building tiles.
    deck = base.shuffled(rng, cards)
    tiles = base.shuffled(rng, tiles)
    state = {"options": dict(options), "players": players}
    stacks = limits(state)["stacks"]
    shown = row_size(state)
    new = {
        "game": "stone-age",
        "players": players,
        "options": dict(options),
        "rng": rng,
        "round": 1,
        "start": 0,
        "phase": "place",
        "turn": 0,
        "act_k": 0,
        "row": deck[:shown],
        "deck": deck[shown:],
        "stacks": [tiles[i * STACK_SIZE:(i + 1) * STACK_SIZE] for i in range(stacks)],
        "box": tiles[stacks * STACK_SIZE:],  # unused stacks, returned unseen
        "board": {pid: [0] * players for pid in place_ids(players, style)},
        "ask": None,
        "hungry": [None] * players,
        "ending": False,  # a building stack ran out: this round is the last
        "over": None,
        "seats": [new_seat(style) for _ in range(players)],
    }
    if style:
        new["data"] = data_version()
    return new


def owned(p: dict) -> int:
    """How many resources (not food) a seat holds."""
    return p["wood"] + p["brick"] + p["stone"] + p["gold"]


def free_tools(p: dict) -> list[int]:
    """Values of the tool tiles not yet used this round."""
    out = []  # a loop over the three tiles: cheaper than a comprehension, and every roll asks
    for v, u in zip(p["tools"], p["used"]):
        if v and not u:
            out.append(v)
    return out


def once_values(p: dict) -> list[int]:
    """Values of the one-use tool cards not yet spent."""
    return [CIV_CARDS[c]["top"]["value"] for c in p["once"]]


def order_from(start: int, players: int) -> list[int]:
    """Seats in turn order beginning with `start`."""
    return [(start + i) % players for i in range(players)]


def seat_places(state: dict, seat: int) -> list[str]:
    """The places where `seat` still has people, in board order."""
    board = state["board"]
    out = []  # a loop, not a comprehension: cheaper for some 17 places (no closure over board and seat)
    for pid in places(state):
        if board[pid][seat]:
            out.append(pid)
    return out


def illegal(move, reason: Msg, kind: type = base.IllegalMove) -> base.IllegalMove:
    """An IllegalMove (or `kind`) quoting the command as the player typed it: '"place 8 forest": you have 5 people
    left'."""
    typed = move.said or str(move)
    return error(kind, quoted(typed, reason), text=typed)


def where(pid: str) -> str:
    """Place words for messages."""
    return place_text(pid)


# Every place of every game, looked up rather than worked out: they are asked for many times a move
# (PLACE_KINDS[pid] where pid is known to be one of the game's places, place_kind(pid) for any text).
PLACE_KINDS = {**{pid: info["kind"] for pid, info in PLACE_INFO.items()},
          **{f"civ{k}": "civ" for k in range(1, 10)}, **{f"building{k}": "building" for k in range(1, 10)}}
_INDEXES = {**{f"civ{k}": k for k in range(1, 10)}, **{f"building{k}": k for k in range(1, 10)}}

# The containers in a seat, read off a fresh seat so that new fields are copied too.
_SEAT_LISTS = tuple(k for k, v in new_seat().items() if isinstance(v, list))
_SEAT_DICTS = tuple(k for k, v in new_seat().items() if isinstance(v, dict))

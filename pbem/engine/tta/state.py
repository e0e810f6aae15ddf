"""The TtA state as plain JSON: building a new game, copying it fast, and small questions about it."""
from __future__ import annotations

from .. import base
from .board import BLUE_TOTAL, ROW_SLOTS, YELLOW_BANK
from .cards import AGES, STARTING_WORKERS, deck
from .cards.military import military_deck

MILITARY_AGES = ("I", "II", "III")  # the draw decks; Age A's military cards are only the first current events

START_GOVERNMENT = "civ/A/despotism"


def new_seat() -> dict:
    """A player at the start: the starting tableau with its workers (JA l.71, l.85-93)."""
    workers = {cid: n for cid, n in STARTING_WORKERS.items() if cid != START_GOVERNMENT}
    return {
        "culture": 0, "science": 0,
        "yellow": YELLOW_BANK,   # tokens in the yellow (population) bank
        "idle": 1,               # unused workers
        "boxed": 0,              # yellow tokens returned to the box (age ends)
        "blue": BLUE_TOTAL,      # tokens in the blue bank
        "blue_extra": 0,         # blue tokens added from the box (Justice System, Civil Service)
        "workers": workers,      # card id -> workers on it (farms, mines, urban buildings, units in play)
        "tokens": {"civ/A/agriculture": 0, "civ/A/bronze": 0},  # farm/mine card id -> blue tokens on it
        "played": [],            # copies of technologies with workers' cards in play (in order played)
        "government": START_GOVERNMENT,  # a copy, or the starting card id
        "specials": {},          # special-technology subtype -> copy in play
        "leader": None,
        "leader_ages": [],       # ages of the leaders taken (one per age)
        "wonders": [],           # completed wonders (copies)
        "wonder": None,          # the wonder under construction (copy)
        "stages": 0,             # its stages built (one blue marker each)
        "hand": [],
        "new": [],               # cards taken this turn (action cards cannot be played yet)
        "ca": 0, "ma": 0,        # civil and military actions left this turn
        "ca_max": 4, "ma_max": 2,
        "mil_res": 0,            # resources usable only for military units, this turn
        "free_pop": False,       # Ocean Liner Service's increase used this turn
        "revolted": False,       # a revolution was made this turn (no other civil action)
        "ca_used": False,        # a civil action was spent this turn: no revolution now (JA l.388)
        "hold": False,           # optional corruption rule: one token less at this turn's mine production
        "active": [START_GOVERNMENT],  # card ids whose effects act (economy.refresh keeps it in step)
        "mil_hand": [],          # military cards in hand (others see the count and the ages)
        "tactic": None,          # the tactic in play (only the latest counts, JA l.479)
        "colonies": [],          # territories colonised
        "ca_penalty": 0,         # civil actions lost next turn (Rebellion)
        "standing_bid": None,    # bid for territories up to this (0: pass) instead of being asked; hidden
        "free_colony_used": False,  # Christopher Columbus's colony taken (once a game)
    }


def new_state(players: int, options: dict, seed) -> dict:
    """Shuffle each civil deck and deal Age A into the card row (JA l.95-105); shuffle the military decks and
    make players + 2 Age A events the first current events (JA l.110, the rest of Age A to the box)."""
    rng = base.new_rng(seed)
    decks = {age: base.shuffled(rng, deck(age, players)) for age in AGES}
    row = decks["A"][:ROW_SLOTS]
    decks["A"] = decks["A"][ROW_SLOTS:]
    mil_decks = {age: base.shuffled(rng, military_deck(age, players)) for age in MILITARY_AGES}
    age_a = base.shuffled(rng, military_deck("A", players))
    return {
        "game": "tta",
        "players": players,
        "options": dict(options),
        "rng": rng,
        "round": 1,
        "start": 0,
        "turn": 0,
        "phase": "turn_start",
        "age": "A",              # the civil deck that refills the row
        "decks": decks,
        "row": row,
        "discard": [],
        "box": [],
        "last_round": None,      # set when the Age III deck runs out: the round that ends the game
        "stack": [],             # decision frames, top last: {"kind", "seat", "resume", ...}
        "over": None,
        "seats": [new_seat() for _ in range(players)],
        "mil_decks": mil_decks,  # military draw decks by age; order hidden
        "mil_discard": {age: [] for age in MILITARY_AGES},  # reshuffled into the deck of its age (JA l.318)
        "mil_box": age_a[players + 2:],  # military cards out of the game
        "current": age_a[:players + 2],  # current events, top first; order hidden
        "future": [],            # future events, last placed on top
        "future_by": {},         # seat (as text) -> the future events it placed (it alone knows them)
        "skip_discard": None,    # the seat that skips this turn's discard step (Development of Politics)
        "skip_politics": None,   # the seat that gives up its next political action (International Agreement)
        "past": [],              # resolved events and territories nobody took, face up
        "pacts": [],             # {"card", "a", "b", "by"} pacts in play
        "wars": [],              # {"card", "by", "on"} wars declared, resolved at the declarer's next turn
        "orders": {},            # seat (as text) -> standing orders (orders.py)
    }


_SEAT_LISTS = ("played", "leader_ages", "wonders", "hand", "new", "active", "mil_hand", "colonies")
_SEAT_DICTS = ("workers", "tokens", "specials")
_SEAT_FIELDS = len(new_seat())
_KNOWN = set(new_seat())


def copy_seat(p: dict) -> dict:
    """A copy of one seat (its lists and dicts copied; fields part 2 adds are copied deeply)."""
    q = dict(p)
    for k in _SEAT_LISTS:
        q[k] = p[k][:]
    for k in _SEAT_DICTS:
        q[k] = dict(p[k])
    if len(p) != _SEAT_FIELDS:
        for k, v in p.items():
            if k not in _KNOWN and isinstance(v, (list, dict)):
                q[k] = base_copy(v)
    return q


def copy_state(state: dict) -> dict:
    """A deep copy written out for speed (a test walks it to prove nothing mutable is shared)."""
    new = dict(state)
    new["options"] = dict(state["options"])
    new["rng"] = dict(state["rng"])
    new["decks"] = {age: cards[:] for age, cards in state["decks"].items()}
    new["row"] = state["row"][:]
    new["discard"] = state["discard"][:]
    new["box"] = state["box"][:]
    new["stack"] = [dict(f) for f in state["stack"]]
    for f in new["stack"]:
        for k, v in f.items():
            if isinstance(v, (list, dict)):
                f[k] = base_copy(v)
    if state["over"] is not None:
        new["over"] = base_copy(state["over"])
    new["seats"] = [copy_seat(p) for p in state["seats"]]
    new["mil_decks"] = {age: cards[:] for age, cards in state["mil_decks"].items()}
    new["mil_discard"] = {age: cards[:] for age, cards in state["mil_discard"].items()}
    for k in ("mil_box", "current", "future", "past"):
        new[k] = state[k][:]
    new["pacts"] = [dict(x) for x in state["pacts"]]
    new["wars"] = [dict(x) for x in state["wars"]]
    for k, v in state.items():
        if k not in new or (new[k] is v and isinstance(v, (list, dict))):
            new[k] = base_copy(v)  # fields part 2 adds are copied too
    return new


def base_copy(value):
    """A deep copy of JSON data."""
    if isinstance(value, dict):
        return {k: base_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [base_copy(v) for v in value]
    return value


def order_from(start: int, players: int) -> list[int]:
    """Seats in turn order beginning with `start`."""
    return [(start + i) % players for i in range(players)]

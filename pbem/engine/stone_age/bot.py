"""A simple Stone Age bot: legal, sensible moves chosen straight from the state (no move enumeration)."""
from __future__ import annotations

from .. import base
from .cards import AGRICULTURE_MAX, BUILDINGS, DICE_PLACES, PEOPLE_MAX, PLACES, RESOURCES, ROW_COSTS, VALUE
from .moves import Build, Civ, Feed, Pick, Place, Starve, UseCard, Work
from .payments import building_payments, can_build, cheapest
from .placement import placement_error
from .rules import pending
from .state import owned, place_index, place_kind, places, seat_places
from .tools import auto_tools

# Die faces on the dice-for-everyone card, most wanted first.
_FACE_ORDER = (6, 5, 4, 3, 2, 1)
_DICE = frozenset(DICE_PLACES)


def bot_move(state: dict, seat: int, rnd):
    """A legal move for `seat`, which must have a prompt (or an unused any-two card)."""
    p = state["seats"][seat]
    prompt = next((pr for pr in pending(state) if pr.seat == seat), None)
    if p["any2"] and state["over"] is None:
        return UseCard(("stone", "gold") if rnd.random() < 0.5 else ("gold", "gold"))
    if prompt is None:
        raise base.IllegalMove(f"the bot has nothing to do for player {seat + 1} now")
    return _CHOOSERS[prompt.kind](state, seat, p, prompt, rnd)


def _place(state, seat, p, prompt, rnd):
    left = p["people"] - p["placed"]
    noise = rnd.random
    hungry = p["food"] + p["agri"] < p["people"] + 2
    have = owned(p)
    wants = []  # (score with some noise, people, place)
    if p["people"] < PEOPLE_MAX:
        wants.append(((9.0 if state["round"] < 12 else 4.0) + 2 * noise(), 2, "hut"))
    if p["agri"] < AGRICULTURE_MAX:
        wants.append((8.5 - p["agri"] * 0.4 + 2 * noise(), 1, "field"))
    tools = sum(p["tools"])
    if tools < 12:
        wants.append((6.0 - tools * 0.3 + 2 * noise(), 1, "toolmaker"))
    for k, cost in enumerate(ROW_COSTS, 1):
        if have >= cost and state["row"][k - 1] is not None:
            wants.append((7.5 - cost * 0.4 + 2 * noise(), 1, f"civ{k}"))
    for k, stack in enumerate(state["stacks"], 1):
        if stack:
            if can_build(p, stack[0]):
                wants.append((9.5 + 2 * noise(), 1, f"building{k}"))
            elif have >= 4:
                wants.append((6.5 + 2 * noise(), 1, f"building{k}"))  # this round's rolls may pay for it
    wants.append(((8.0 if hungry else 3.0) + 2 * noise(), left if hungry else min(left, 3), "hunt"))
    board = state["board"]
    for pid in ("forest", "clay", "quarry", "river"):
        room = PLACES[pid]["capacity"] - sum(board[pid])
        n = min(left, room, 2 + int(noise() * 4))
        wants.append((6.0 + VALUE[PLACES[pid]["yields"]] * 0.1 + 2 * noise(), max(n, 1), pid))
    wants.sort(reverse=True)
    for _, n, pid in wants:
        if placement_error(state, seat, n, pid) is None:
            # Mostly decided ahead (no round trip); sometimes the tool question comes after the roll.
            return Place(n, pid, "auto" if pid in _DICE and noise() < 0.7 else None)
    for pid in places(state):  # anything legal at all
        n = PLACES[pid].get("exactly", 1) if pid in PLACES else 1
        for m in (left, n):
            if placement_error(state, seat, m, pid) is None:
                return Place(m, pid)
    raise base.IllegalMove("the bot found no legal placement")


def _best_building_payment(p, tile):
    kind = BUILDINGS[tile]["kind"]
    if kind == "any":
        pay = []
        for r in reversed(RESOURCES):
            pay += [r] * min(p[r], 7 - len(pay))
        return tuple(sorted(pay, key=RESOURCES.index))
    options = building_payments(p, tile)
    return max(options, key=lambda c: sum(VALUE[r] for r in c)) if options else None


def _act(state, seat, p, prompt, rnd):
    places = seat_places(state, seat)
    for pid in places:
        if place_kind(pid) == "dice":
            return Work(pid, "auto")
    pid = places[0]
    k = place_index(pid)
    if place_kind(pid) == "civ":
        pay = cheapest(p, ROW_COSTS[k - 1])
        return Civ(k, pay)
    tile = state["stacks"][k - 1][0]
    return Build(k, _best_building_payment(p, tile) if can_build(p, tile) else None)


def _tools(state, seat, p, prompt, rnd):
    data = prompt.data
    need = VALUE[data["res"]] - data["total"] % VALUE[data["res"]]
    best = auto_tools(data["tiles"], data["cards"], need)
    if best and rnd.random() < 0.5:
        return Work(data["target"], "set", *best)  # the same tools, named one by one
    return Work(data["target"], "auto")


def _pick(state, seat, p, prompt, rnd):
    dice = prompt.data["dice"]
    for face in _FACE_ORDER:
        if face in dice and not (face == 6 and p["agri"] >= AGRICULTURE_MAX) \
                and not (face == 5 and sum(p["tools"]) >= 12):
            return Pick(face)
    return Pick(dice[0])


def _feed(state, seat, p, prompt, rnd):
    pay = cheapest(p, prompt.data["short"])
    return Feed(pay) if pay is not None else Starve()


_CHOOSERS = {"place": _place, "act": _act, "tools": _tools, "pick": _pick, "feed": _feed}

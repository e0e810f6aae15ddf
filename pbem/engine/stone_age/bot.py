"""A simple Stone Age bot: legal, sensible moves chosen straight from the state (no move enumeration)."""
from __future__ import annotations

from .. import base
from . import ornaments
from .board import is_style, row_spaces
from .cards import AGRICULTURE_MAX, BUILDINGS, DICE_PLACES, PEOPLE_MAX, PLACE_INFO, PLACES, RESOURCES, ROW_COSTS, VALUE
from .messages import Msg, error
from .moves import Build, Civ, Feed, Pick, Place, Split, Starve, UseCard, Work, made
from .payments import building_payments, building_points, can_build, cheapest
from .placement import occupied, placement_error
from .rolls import divisor
from .rules import prompt_kind
from .state import PLACE_KINDS, free_tools, once_values, owned, place_index, place_kind, places, seat_places
from .style_cards import ORNAMENT, STYLE_PLACES
from .tools import auto_tools

# Die faces on the dice-for-everyone card, most wanted first.
_FACE_ORDER = (6, 5, 4, 3, 2, 1)
_DICE = frozenset(DICE_PLACES)
# The base game's wishes worked out once: (row index, cost, score before noise, place) for the card
# spaces, the building places, and (place, capacity, score before noise) for the resource places.
_CIV_WANTS = tuple((k - 1, cost, 7.5 - cost * 0.4, f"civ{k}") for k, cost in enumerate(ROW_COSTS, 1))
_BUILDING_PIDS = tuple(f"building{k}" for k in range(1, 10))
_RESOURCE_WANTS = tuple((pid, PLACES[pid]["capacity"], 6.0 + VALUE[PLACES[pid]["yields"]] * 0.1)
                        for pid in ("forest", "clay", "quarry", "river"))


def bot_move(state: dict, seat: int, rnd):
    """A legal move for `seat`, which must have a prompt (or an unused any-two card)."""
    p = state["seats"][seat]
    if p["any2"] and state["over"] is None:
        return made(UseCard, ("stone", "gold") if rnd.random() < 0.5 else ("gold", "gold"))
    # What the prompt asks is read off the state, not from the prompts: building them is not free.
    kind = prompt_kind(state, seat)
    if kind is None:
        raise error(base.IllegalMove, Msg("bot_idle", player=seat + 1))
    return _CHOOSERS[kind](state, seat, p, rnd)


def _place(state, seat, p, rnd):
    if is_style(state):
        return _place_style(state, seat, p, rnd)
    left = p["people"] - p["placed"]
    noise = rnd.random
    hungry = p["food"] + p["agri"] < p["people"] + 2
    have = p["wood"] + p["brick"] + p["stone"] + p["gold"]
    board = state["board"]
    # The noise is drawn in a fixed order, one draw per wish: the games a seed plays depend on it.
    wants = []  # (score with some noise, people, place)
    want = wants.append
    if p["people"] < PEOPLE_MAX:
        want(((9.0 if state["round"] < 12 else 4.0) + 2 * noise(), 2, "hut"))
    if p["agri"] < AGRICULTURE_MAX:
        want((8.5 - p["agri"] * 0.4 + 2 * noise(), 1, "field"))
    tools = sum(p["tools"])
    if tools < 12:
        want((6.0 - tools * 0.3 + 2 * noise(), 1, "toolmaker"))
    row = state["row"]
    for i, cost, score, pid in _CIV_WANTS:
        if have >= cost and row[i] is not None:
            want((score + 2 * noise(), 1, pid))
    for stack, pid in zip(state["stacks"], _BUILDING_PIDS):
        if not stack:
            continue
        if have >= 4 and any(board[pid]):
            noise()  # wished for either way, but taken: its noise is drawn, can_build not asked
        elif can_build(p, stack[0]):
            want((9.5 + 2 * noise(), 1, pid))
        elif have >= 4:
            want((6.5 + 2 * noise(), 1, pid))  # this round's rolls may pay for it
    want(((8.0 if hungry else 3.0) + 2 * noise(), left if hungry else min(left, 3), "hunt"))
    for pid, capacity, score in _RESOURCE_WANTS:
        n = min(left, capacity - sum(board[pid]), 2 + int(noise() * 4))
        want((score + 2 * noise(), n if n > 1 else 1, pid))
    wants.sort(reverse=True)
    for _, n, pid in wants:
        if occupied(board[pid], seat, pid):
            continue  # refused, asked cheaply: most wishes end here
        if placement_error(state, seat, n, pid) is None:
            # Mostly decided ahead (no round trip); sometimes the tool question comes after the roll.
            return made(Place, n, pid, "auto" if pid in _DICE and noise() < 0.7 else None)
    for pid in places(state):  # anything legal at all
        n = PLACES[pid].get("exactly", 1) if pid in PLACES else 1
        for m in (left, n):
            if placement_error(state, seat, m, pid) is None:
                return made(Place, m, pid)
    raise error(base.IllegalMove, Msg("bot_no_place"))


def _best_building_payment(p, tile):
    kind = BUILDINGS[tile]["kind"]
    if kind == "any":
        pay = []
        for r in reversed(RESOURCES):
            pay += [r] * min(p[r], 7 - len(pay))
        return tuple(sorted(pay, key=RESOURCES.index))
    options = building_payments(p, tile)
    return max(options, key=lambda c: sum(VALUE[r] for r in c)) if options else None


def _act(state, seat, p, rnd):
    if is_style(state):
        return _act_style(state, seat, p, rnd)
    pid = _first_place(state, seat)
    kind = PLACE_KINDS[pid]
    if kind == "dice":
        return made(Work, pid, "auto")
    k = place_index(pid)
    if kind == "civ":
        pay = cheapest(p, ROW_COSTS[k - 1])
        return made(Civ, k, pay)
    tile = state["stacks"][k - 1][0]
    return made(Build, k, _best_building_payment(p, tile) if can_build(p, tile) else None)


def _first_place(state, seat):
    """The first place in board order where `seat` has people: a dice place if it has people on one (in the
    base game they come before every place that asks for a choice: village places resolve on their own)."""
    board = state["board"]
    for pid in places(state):
        if board[pid][seat]:
            return pid
    raise error(base.IllegalMove, Msg("bot_idle", player=seat + 1))


def _tools(state, seat, p, rnd):
    ask = state["ask"]
    div = divisor(ask["target"], ask["res"])
    need = div - ask["total"] % div
    best = auto_tools(free_tools(p), once_values(p), need)
    if best and rnd.random() < 0.5:
        return made(Work, ask["target"], "set", *best)  # the same tools, named one by one
    return made(Work, ask["target"], "auto")


def _pick(state, seat, p, rnd):
    dice = sorted(state["ask"]["dice"])
    items = state["ask"].get("items")
    if items:  # expansion: this card's table; ornaments rank with gold
        rank = {"agriculture": 6, "tool": 5, "gold": 4, ORNAMENT: 3.5, "stone": 3, "brick": 2, "wood": 1}
        useful = [f for f in dice if not (items[f - 1] == "agriculture" and p["agri"] >= AGRICULTURE_MAX)
                  and not (items[f - 1] == "tool" and sum(p["tools"]) >= 12)]
        return made(Pick, max(useful or dice, key=lambda f: rank[items[f - 1]]))
    for face in _FACE_ORDER:
        if face in dice and not (face == 6 and p["agri"] >= AGRICULTURE_MAX) \
                and not (face == 5 and sum(p["tools"]) >= 12):
            return made(Pick, face)
    return made(Pick, dice[0])


def _feed(state, seat, p, rnd):
    pay = cheapest(p, state["hungry"][seat])
    return made(Feed, pay) if pay is not None else made(Starve)


# --- the expansion ----------------------------------------------------------------

def _wants_ornaments(state, p) -> int:
    """How many ornaments the bot would like from a hunt: for space 5, ornament tiles and trades."""
    want = 3 if p["ornaments"] < 3 else 1
    if any(st and BUILDINGS[st[0]]["kind"] == "ornaments" for st in state["stacks"]):
        want += 2
    return want


def _place_style(state, seat, p, rnd):
    left = p["people"] - p["placed"]
    noise = rnd.random
    hungry = p["food"] + p["agri"] < p["people"] + 2
    wants = []  # (score with some noise, people, place)
    if p["people"] < PEOPLE_MAX:
        wants.append(((9.0 if state["round"] < 12 else 4.0) + 2 * noise(), 2, "hut"))
    if p["agri"] < AGRICULTURE_MAX:
        wants.append((8.5 - p["agri"] * 0.4 + 2 * noise(), 1, "field"))
    tools = sum(p["tools"])
    if tools < 12:
        wants.append((6.0 - tools * 0.3 + 2 * noise(), 1, "toolmaker"))
    wants.append((7.0 - p["trade"] * 0.4 + 2 * noise(), 2, "tradingpost"))
    have = owned(p) + (2 if ornaments.can_trade(p) else 0)
    for k, space in enumerate(row_spaces(state), 1):
        if state["row"][k - 1] is None:
            continue
        if space["item"] == ORNAMENT:
            if p["ornaments"] >= space["n"] or (ornaments.can_trade(p) and p["ornaments"] >= 1):
                wants.append((8.0 + 2 * noise(), 1, f"civ{k}"))
        elif have >= space["n"]:
            wants.append((7.5 - space["n"] * 0.4 + 2 * noise(), 1, f"civ{k}"))
    for k, stack in enumerate(state["stacks"], 1):
        if stack:
            if ornaments.can_pay_plainly(state, seat, f"building{k}"):
                wants.append((9.5 + 2 * noise(), 1, f"building{k}"))
            elif have >= 4:
                wants.append((6.5 + 2 * noise(), 1, f"building{k}"))
    for pid, info in STYLE_PLACES.items():
        if info.get("owner_only"):
            wants.append((8.0 + 2 * noise(), min(left, 3), pid))
    orn = min(_wants_ornaments(state, p), 3)
    wants.append(((8.0 if hungry else 4.0) + 2 * noise(), left if hungry else min(left, 3), "hunt"))
    board = state["board"]
    for pid in ("forest", "clay", "quarry", "river"):
        room = PLACES[pid]["capacity"] - sum(board[pid])
        n = min(left, room, 2 + int(noise() * 4))
        wants.append((6.0 + VALUE[PLACES[pid]["yields"]] * 0.1 + 2 * noise(), max(n, 1), pid))
    wants.sort(reverse=True)
    for _, n, pid in wants:
        if occupied(board[pid], seat, pid):
            continue  # refused, asked cheaply
        if placement_error(state, seat, n, pid) is None:
            if pid == "hunt":
                return made(Place, n, pid, "auto" if noise() < 0.7 else None, orn if noise() < 0.8 else None)
            dice = PLACE_INFO.get(pid, {}).get("kind") == "dice"
            return made(Place, n, pid, "auto" if dice and noise() < 0.7 else None)
    for pid in places(state):  # anything legal at all
        n = PLACE_INFO[pid].get("exactly", 1) if pid in PLACE_INFO else 1
        for m in (left, n):
            if placement_error(state, seat, m, pid) is None:
                return made(Place, m, pid)
    raise error(base.IllegalMove, Msg("bot_no_place"))


def _pay_value(pay, give) -> float:
    """What a payment costs the bot (ornaments valued like stone); lower is better."""
    worth = {**VALUE, ORNAMENT: 4.5}
    return sum(worth[x] for x in pay) + sum(worth[x] for x in give) + 0.5 * len(give)


def _act_style(state, seat, p, rnd):
    places = seat_places(state, seat)
    for pid in places:
        if place_kind(pid) == "dice":
            return made(Work, pid, "auto")
    pid = places[0]
    k = place_index(pid)
    plain = ornaments.can_pay_plainly(state, seat, pid)
    if place_kind(pid) == "civ":
        space = row_spaces(state)[k - 1]
        if plain and space["item"] != ORNAMENT:
            return made(Civ, k, cheapest(p, space["n"]))  # no trade needed: as in the base game
        options = ornaments.payments(state, seat, pid)
        if not options:
            return made(Civ, k, None)
        if space["item"] == ORNAMENT and state["deck"] and rnd.random() < 0.6:
            extra = ornaments.payments(state, seat, pid, extra=True)
            if extra:
                pay, give, get = min(extra, key=lambda o: _pay_value(o[1], o[1]))
                return made(Civ, k, pay, give, get, True)
        pay, give, get = min(options, key=lambda o: _pay_value(o[0], o[1]) - 0.1 * (not o[1]))
        return made(Civ, k, pay, give, get)
    tile = state["stacks"][k - 1][0]
    kind = BUILDINGS[tile]["kind"]
    if plain and kind in ("any", "fixed", "count_kinds"):
        return made(Build, k, _best_building_payment(p, tile))  # no trade needed: as in the base game
    options = ornaments.payments(state, seat, pid)
    if not options:
        return made(Build, k, None)
    if kind in ("any", "count_kinds", "ornaments"):
        # Variable tiles: score as much as possible.
        pay, give, get = max(options, key=lambda o: building_points(tile, o[0]) - _pay_value((), o[1]))
    else:
        pay, give, get = min(options, key=lambda o: _pay_value(o[0], o[1]))
    return made(Build, k, pay, give, get)


def _split(state, seat, p, rnd):
    units = state["ask"]["units"]
    short = max(0, p["people"] - p["agri"] - p["food"])
    return made(Split, max(0, min(units - short, _wants_ornaments(state, p))))


_CHOOSERS = {"place": _place, "act": _act, "tools": _tools, "pick": _pick, "feed": _feed, "split": _split}

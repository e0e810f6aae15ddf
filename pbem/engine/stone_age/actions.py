"""Phase 2: each player in turn resolves all of their places: village, dice, cards and buildings."""
from __future__ import annotations

from .. import base
from . import ornaments
from .board import is_style, row_spaces
from .cards import (
    AGRICULTURE_MAX,
    BUILDINGS,
    CIV_CARDS,
    DICE_ITEMS,
    PEOPLE_MAX,
    PLACE_INFO,
    RESOURCES,
    ROW_COSTS,
    VALUE,
)
from .messages import Msg, error, quoted
from .moves import Build, Civ, Pick, Split, UseCard, Work, made
from .payments import building_error, building_payments, building_points, can_build, check_resources, combos
from .state import (
    free_tools,
    illegal,
    once_values,
    order_from,
    owned,
    PLACE_KINDS,
    place_index,
    place_kind,
    places,
    seat_places,
    set_count,
    where,
)
from .style_cards import ORNAMENT, STYLE_DICE_ITEMS
from .text import describe
from .tools import auto_tools, subsets, take, tool_step


# --- gains ------------------------------------------------------------------

def gain(state: dict, seat: int, item: str, n: int, events: list, source: str) -> None:
    """Give `seat` an item: food, a resource or ornaments (`n` of it), or one tool step, person or agriculture."""
    p = state["seats"][seat]
    if item in VALUE:  # food or a resource: the commonest gain, asked first
        p[item] += n
        events.append(base.event("gained", seat, item=item, n=n, source=source))
    elif item == ORNAMENT:
        ornaments.gain_ornaments(state, seat, n, events, source)
    elif item == "tool":
        tool_step(p)
        events.append(base.event("tool", seat, tools=list(p["tools"]), source=source))
    elif item == "person":
        # Rulebook: at most 10 people; the hut does nothing more after that.
        p["people"] = min(PEOPLE_MAX, p["people"] + 1)
        events.append(base.event("person", seat, people=p["people"], source=source))
    elif item == "agriculture":
        p["agri"] = min(AGRICULTURE_MAX, p["agri"] + 1)
        events.append(base.event("agriculture", seat, agri=p["agri"], source=source))
    else:
        raise ValueError(f"no such item: {item!r}")


def resolve_village(state: dict, seat: int, pid: str, events: list) -> None:
    """Take the people back from a village place and apply its effect."""
    start = len(events)
    set_count(state, pid, seat, 0)
    info = PLACE_INFO[pid]
    if info["effect"] == "trade":
        # Expansion, trading post: 2 spaces on the trade track and 2 ornaments, every time.
        ornaments.advance_trade(state, seat, info["advance"], info["ornaments"], events, pid)
    else:
        gain(state, seat, info["effect"], 1, events, pid)
    note_done(state, seat, pid, events[start:])


def divisor(target: str, res: str) -> int:
    """What one unit of a roll costs: the place's divisor (workplaces: wood 2, gold 5), else the value."""
    info = PLACE_INFO.get(target)
    return info["divisor"] if info is not None else VALUE[res]


# --- dice and tools -----------------------------------------------------------

def start_roll(state: dict, seat: int, target: str, dice_n: int, res: str, mode: str | None,
               tools_allowed: bool, events: list, orn: int | None = None) -> None:
    """Roll for `target`; settle the tools at once when nothing is left to decide, else ask.
    `orn` (expansion, hunting): the ornaments said ahead."""
    dice = base.roll(state["rng"], dice_n)
    total = sum(dice)
    events.append(base.event("rolled", seat, target=target, dice=dice, total=total))
    p = state["seats"][seat]
    div = divisor(target, res)
    need = div - total % div
    tiles, cards = free_tools(p), once_values(p)
    if not tools_allowed or mode == "none" or sum(tiles) + sum(cards) < need:
        finish_roll(state, seat, target, total, res, (), (), events, orn)
    elif mode == "auto":
        ts, cs = auto_tools(tiles, cards, need)
        finish_roll(state, seat, target, total, res, ts, cs, events, orn)
    else:
        state["ask"] = {"kind": "tools", "seat": seat, "target": target, "dice": dice, "total": total, "res": res}
        if orn is not None:
            state["ask"]["orn"] = orn


def finish_roll(state: dict, seat: int, target: str, total: int, res: str, tiles: tuple, cards: tuple,
                events: list, orn: int | None = None) -> None:
    """Spend the chosen tools and take floor((dice + tools) / divisor) of the yield."""
    p = state["seats"][seat]
    bonus = 0
    if tiles:
        spent = take([0 if u else v for v, u in zip(p["tools"], p["used"])], tiles)
        used = p["used"][:]  # replaced, never changed in place: the state before the move shares it
        for i in spent:
            used[i] = True
            bonus += p["tools"][i]
        p["used"] = used
    if cards:
        values = once_values(p)
        spent = take(values, cards)
        bonus += sum(values[i] for i in spent)
        p["once"] = [c for i, c in enumerate(p["once"]) if i not in spent]
    if bonus:
        events.append(base.event("tools_used", seat, target=target, tiles=list(tiles), cards=list(cards),
                                 total=total + bonus))
    units = (total + bonus) // divisor(target, res)
    if target == "hunt" and is_style(state):
        share_hunt(state, seat, units, orn, events)
    else:
        gain(state, seat, res, units, events, target)


def share_hunt(state: dict, seat: int, units: int, orn: int | None, events: list) -> None:
    """Expansion: the units of a hunt are shared freely between food and ornaments; ask if not said ahead."""
    if orn is None and units:
        state["ask"] = {"kind": "split", "seat": seat, "target": "hunt", "units": units}
        return
    take_orn = min(orn or 0, units)
    if units - take_orn or not take_orn:
        gain(state, seat, "food", units - take_orn, events, "hunt")
    gain(state, seat, ORNAMENT, take_orn, events, "hunt")


def do_split(state: dict, seat: int, move: Split, events: list) -> None:
    """Expansion: answer how many units of the hunt become ornaments."""
    ask = state["ask"]
    if not ask or ask["kind"] != "split" or ask["seat"] != seat:
        raise illegal(move, Msg("no_split_waiting"))
    if not 0 <= move.orn <= ask["units"]:
        raise illegal(move, Msg("split_range", units=ask["units"]))
    state["ask"] = None
    start = len(events)
    share_hunt(state, seat, ask["units"], move.orn, events)
    note_done(state, seat, "hunt", events[start:])


def tool_choice(state: dict, seat: int, move: Work, ask: dict) -> tuple[tuple, tuple]:
    """The tiles and one-use cards `move` asks for, checked against what is free."""
    p = state["seats"][seat]
    tiles, cards = free_tools(p), once_values(p)
    if move.mode == "none":
        return (), ()
    if move.mode == "auto":
        div = divisor(ask["target"], ask["res"])
        need = div - ask["total"] % div
        return auto_tools(tiles, cards, need) or ((), ())
    if take(tiles, move.tiles) is None:
        free = " ".join(map(str, sorted(tiles, reverse=True)))
        raise illegal(move, Msg("free_tiles", tiles=free) if free else Msg("no_free_tiles"))
    if take(cards, move.cards) is None:
        have = " ".join(f"card {v}" for v in sorted(cards, reverse=True))
        raise illegal(move, Msg("once_cards", cards=have) if have else Msg("no_once_cards"))
    return move.tiles, move.cards


def do_work(state: dict, seat: int, move: Work, events: list) -> None:
    """Roll at a dice place, or answer the tool question of the roll that is waiting."""
    ask = state["ask"]
    if move.orn is not None:
        if not is_style(state):
            raise illegal(move, Msg("no_ornaments"))
        if (move.target or (ask or {}).get("target")) != "hunt":
            raise illegal(move, Msg("ornaments_roll_hunt"))
    if ask and ask["kind"] == "tools" and ask["seat"] == seat:
        if move.target not in (None, ask["target"]):
            raise illegal(move, Msg("tools_first_at", place=ask["target"]))
        if move.mode is None:
            raise illegal(move, Msg("tools_for_roll", cmd=where(ask["target"])))
        tiles, cards = tool_choice(state, seat, move, ask)
        state["ask"] = None
        orn = move.orn if move.orn is not None else ask.get("orn")
        start = len(events)
        finish_roll(state, seat, ask["target"], ask["total"], ask["res"], tiles, cards, events, orn)
        note_done(state, seat, ask["target"], events[start:])
        return
    if move.target is None:
        raise illegal(move, Msg("no_roll"))
    refuse_while_asked(state, move)
    if move.target not in state["board"] or place_kind(move.target) != "dice":
        raise illegal(move, Msg("no_roll_at", place=move.target))
    n = state["board"][move.target][seat]
    if not n:
        raise illegal(move, Msg("no_people_on", pid=move.target))
    if move.mode == "set":
        raise illegal(move, Msg("tools_after_roll", cmd=move.target))
    set_count(state, move.target, seat, 0)
    prefs = state["seats"][seat]["prefs"]
    mode = move.mode or prefs.get(move.target)
    orn = move.orn if move.orn is not None else (prefs.get("ornaments") if move.target == "hunt" else None)
    start = len(events)
    start_roll(state, seat, move.target, n, PLACE_INFO[move.target]["yields"], mode, True, events, orn)
    note_done(state, seat, move.target, events[start:])


def refuse_while_asked(state: dict, move) -> None:
    """A question (tools, a die to pick, sharing a hunt) must be answered before anything else is resolved."""
    ask = state["ask"]
    if ask is None:
        return
    if ask["kind"] == "tools":
        raise illegal(move, Msg("tools_first_say", place=ask["target"]))
    if ask["kind"] == "split":
        raise illegal(move, Msg("share_first", units=ask["units"]))
    raise illegal(move, Msg("pick_first", player=ask["order"][ask["i"]] + 1))


# --- civilization cards ---------------------------------------------------------

def pick_items(source: str) -> dict[int, str]:
    """Die face -> item for the dice-for-everyone card or tile `source` (the expansion's have their own table)."""
    if source in CIV_CARDS and CIV_CARDS[source]["top"]["kind"] != "dice_roll_items_style":
        return DICE_ITEMS
    return STYLE_DICE_ITEMS


def _effect_dice_items(state, seat, card, pid, top, events):
    dice = base.roll(state["rng"], state["players"])
    # The event keeps its own list: picks take dice from the question's list, and the event must
    # still show every die rolled when all the picks happen at once (dice all alike).
    events.append(base.event("rolled", seat, target=pid, dice=list(dice), total=sum(dice)))
    state["ask"] = {"kind": "pick", "card": card, "dice": dice, "order": order_from(seat, state["players"]), "i": 0}
    if is_style(state):
        # The board shows which item each face gives (the expansion has two tables).
        items = pick_items(card)
        state["ask"]["items"] = [items[face] for face in range(1, 7)]


def _effect_resource_dice(state, seat, card, pid, top, events):
    allowed = bool(state["options"].get("tools_on_card_dice"))
    start_roll(state, seat, pid, top["dice"], top["res"], None, allowed, events)


def _effect_extra_card(state, seat, card, pid, top, events):
    # Only its bottom counts, at the end; nobody else may see it. An empty deck gives nothing.
    if state["deck"]:
        extra = state["deck"][0]
        state["deck"] = state["deck"][1:]
        p = state["seats"][seat]
        p["hidden"] = p["hidden"] + [extra]
        events.append(base.event("extra_card", seat, to=[seat], card=extra))


def _effect_trade_track(state, seat, card, pid, top, events):
    ornaments.advance_trade(state, seat, top["advance"], top["ornaments"], events, pid)


def _effect_points(state, seat, card, pid, top, events):
    state["seats"][seat]["score"] += top["n"]
    events.append(base.event("points", seat, n=top["n"], source=pid))


def _keep_card(p: dict, kind: str, card: str) -> None:
    p[kind] = p[kind] + [card]


# Immediate effects of card tops, by kind (the expansion adds kinds here).
CARD_EFFECTS = {
    "dice_roll_items": _effect_dice_items,
    "food": lambda s, seat, card, pid, top, ev: gain(s, seat, "food", top["n"], ev, pid),
    "resource": lambda s, seat, card, pid, top, ev: gain(s, seat, top["res"], top["n"], ev, pid),
    "resource_dice": _effect_resource_dice,
    "points": _effect_points,
    "tool": lambda s, seat, card, pid, top, ev: gain(s, seat, "tool", 1, ev, pid),
    "agriculture": lambda s, seat, card, pid, top, ev: gain(s, seat, "agriculture", 1, ev, pid),
    "extra_card": _effect_extra_card,
    "one_use_tool": lambda s, seat, card, pid, top, ev: _keep_card(s["seats"][seat], "once", card),
    "any_two_resources": lambda s, seat, card, pid, top, ev: _keep_card(s["seats"][seat], "any2", card),
    "dice_roll_items_style": _effect_dice_items,
    "trade_track": _effect_trade_track,
}


def do_civ(state: dict, seat: int, move: Civ, events: list) -> None:
    """Buy the card on civilization space `slot` (or decline and take the person back)."""
    refuse_while_asked(state, move)
    pid = f"civ{move.slot}"
    counts = state["board"].get(pid)
    if not counts or not counts[seat]:
        raise illegal(move, Msg("no_person_on", place=pid))
    card = state["row"][move.slot - 1]
    start = len(events)
    if move.pay is None:
        set_count(state, pid, seat, 0)
        events.append(base.event("declined", seat, target=pid, card=card))
        note_done(state, seat, pid, events[start:])
        return
    p = state["seats"][seat]
    if is_style(state):
        reason = ornaments.civ_pay_error(state, move.slot, move.pay, move.extra)
        if reason:
            raise illegal(move, reason)
        ornaments.settle(state, seat, move, move.pay, move.give, move.get, events)
    else:
        if move.give or move.get or move.extra:
            raise illegal(move, Msg("expansion_card"))
        cost = ROW_COSTS[move.slot - 1]
        if len(move.pay) != cost:
            raise illegal(move, Msg("card_costs_one" if cost == 1 else "card_costs_n", place=pid, n=cost))
        check_resources(move, p, move.pay)
        for r in move.pay:
            p[r] -= 1
    set_count(state, pid, seat, 0)
    row = state["row"][:]  # replaced, never changed in place (see draft)
    row[move.slot - 1] = None
    state["row"] = row
    p["cards"] = p["cards"] + [card]
    events.append(base.event("bought", seat, slot=move.slot, card=card, paid=list(move.pay)))
    if move.extra:
        # Expansion, space 5: 3 more ornaments buy the top card of the deck, face down, final scoring only.
        _effect_extra_card(state, seat, card, pid, None, events)
    top = CIV_CARDS[card]["top"]
    CARD_EFFECTS[top["kind"]](state, seat, card, pid, top, events)
    note_done(state, seat, pid, events[start:])


def do_pick(state: dict, seat: int, move: Pick, events: list) -> None:
    """Take one die from the dice-for-everyone card and receive its item."""
    ask = state["ask"]
    if not ask or ask["kind"] != "pick":
        raise illegal(move, Msg("no_dice"))
    if ask["order"][ask["i"]] != seat:
        raise illegal(move, Msg("not_your_pick", player=ask["order"][ask["i"]] + 1))
    if move.face not in ask["dice"]:
        raise illegal(move, Msg("dice_left", dice=" ".join(map(str, sorted(ask["dice"])))))
    dice = ask["dice"][:]
    dice.remove(move.face)
    state["ask"] = {**ask, "dice": dice, "i": ask["i"] + 1} if dice else None
    item = pick_items(ask["card"])[move.face]
    events.append(base.event("picked", seat, face=move.face, item=item))
    gain(state, seat, item, 1, events, ask["card"])


def auto_picks(state: dict, events: list) -> None:
    """Pick for players whose dice all show the same face: they have nothing to choose."""
    ask = state["ask"]
    while ask is not None and ask["kind"] == "pick" and len(set(ask["dice"])) == 1:
        do_pick(state, ask["order"][ask["i"]], Pick(ask["dice"][0]), events)
        ask = state["ask"]


# --- buildings ------------------------------------------------------------------

def do_build(state: dict, seat: int, move: Build, events: list) -> None:
    """Build the top tile of stack `stack` (or decline); the next tile is turned up."""
    refuse_while_asked(state, move)
    pid = f"building{move.stack}"
    counts = state["board"].get(pid)
    if not counts or not counts[seat]:
        raise illegal(move, Msg("no_person_on", place=pid))
    stack = state["stacks"][move.stack - 1]
    tile = stack[0]
    start = len(events)
    if move.pay is None:
        set_count(state, pid, seat, 0)
        events.append(base.event("declined", seat, target=pid, tile=tile))
        note_done(state, seat, pid, events[start:])
        return
    p = state["seats"][seat]
    if is_style(state):
        reason = building_error(tile, move.pay)
        if reason:
            raise illegal(move, reason)
        ornaments.settle(state, seat, move, move.pay, move.give, move.get, events)
        points = building_points(tile, move.pay)
    else:
        if move.give or move.get:
            raise illegal(move, Msg("expansion_trade"))
        reason = building_error(tile, move.pay)
        if reason:
            raise illegal(move, reason)
        check_resources(move, p, move.pay)
        for r in move.pay:
            p[r] -= 1
        points = building_points(tile, move.pay)
    set_count(state, pid, seat, 0)
    p["score"] += points
    stack = stack[1:]
    stacks = state["stacks"][:]  # replaced, never changed in place (see draft)
    stacks[move.stack - 1] = stack
    state["stacks"] = stacks
    p["buildings"] = p["buildings"] + [tile]
    events.append(base.event("built", seat, stack=move.stack, tile=tile, paid=list(move.pay), points=points))
    effect = BUILDINGS[tile].get("effect")
    if effect:
        BUILDING_EFFECTS[effect["kind"]](state, seat, tile, pid, effect, events)
    note_done(state, seat, pid, events[start:])
    if stack:
        events.append(base.event("revealed", None, stack=move.stack, tile=stack[0]))
    else:
        # Rulebook: the round is played to the end, feeding included, and then the game ends.
        state["ending"] = True
        events.append(base.event("stack_empty", None, stack=move.stack))


def _tile_dice(state, seat, tile, pid, effect, events):
    _effect_dice_items(state, seat, tile, pid, effect, events)


def _tile_gain(state, seat, tile, pid, effect, events):
    gain(state, seat, effect["kind"], 1, events, tile)


# Effects of expansion tiles beyond their points, by kind. A workplace needs nothing now: its
# owner may put people on it from the next round. Income comes at the start of each phase 2.
BUILDING_EFFECTS = {
    "draw_card": lambda s, seat, tile, pid, effect, ev: _effect_extra_card(s, seat, tile, pid, None, ev),
    "dice_items": _tile_dice,
    "workplace": lambda s, seat, tile, pid, effect, ev: None,
    "income": lambda s, seat, tile, pid, effect, ev: None,
    "person": _tile_gain,
    "tool": _tile_gain,
    "agriculture": _tile_gain,
}


def collect_income(state: dict, events: list) -> None:
    """Expansion (spielbox tiles): at the start of phase 2 each owner takes the resource of each income tile."""
    for seat in order_from(state["start"], state["players"]):
        for tile in state["seats"][seat]["buildings"]:
            effect = BUILDINGS[tile].get("effect")
            if effect and effect["kind"] == "income":
                gain(state, seat, effect["res"], 1, events, tile)


def do_use_card(state: dict, seat: int, move: UseCard, events: list) -> None:
    """Spend the any-two-resources card (at any time, also outside one's turn)."""
    p = state["seats"][seat]
    if not p["any2"]:
        raise illegal(move, Msg("no_any2"))
    if len(move.res) != 2 or any(r not in RESOURCES for r in move.res):
        raise illegal(move, Msg("name_two"))
    card = p["any2"][0]
    p["any2"] = p["any2"][1:]
    for r in move.res:
        p[r] += 1
    events.append(base.event("used_card", seat, card=card, res=list(move.res)))


# --- what was done --------------------------------------------------------------
# A reply may name a place the player's earlier line, or the engine (one choice left), has already
# resolved: it is answered with what happened there, not refused (issue 11). The record,
# state["done"] = {"round": r, "seats": {seat: {place: events}}}, lives from the first resolution of
# a round until the next round's resolving begins, so a reply written for it still finds it while
# the next round's people are placed.

def note_done(state: dict, seat: int, pid: str, events: list) -> None:
    """Remember what `seat` got at `pid` this round (replaced, never changed in place: see draft)."""
    done = state.get("done") or {"round": state["round"], "seats": {}}
    key = str(seat)
    mine = done["seats"].get(key)
    mine = dict(mine) if mine else {}
    got = mine.get(pid, [])[:]
    for ev in events:  # a loop, not a comprehension closing over `seat`: note_done runs for every resolution
        if ev["seat"] == seat:
            got.append(ev)
    mine[pid] = got
    state["done"] = {"round": done["round"], "seats": {**done["seats"], key: mine}}


def done_at(state: dict, seat: int, pid: str) -> list | None:
    """The events of `seat`'s resolution of `pid` in the round last resolved; None if it did not resolve it."""
    done = state.get("done")
    return done["seats"].get(str(seat), {}).get(pid) if done else None


def _named_place(move) -> str | None:
    if type(move) is Work:
        return move.target
    if type(move) is Civ:
        return f"civ{move.slot}"
    if type(move) is Build:
        return f"building{move.stack}"
    return None


def refuse_if_done(state: dict, seat: int, move) -> None:
    """Raise AlreadyDone, saying what happened there, for a move at a place `seat` has already resolved."""
    pid = _named_place(move)  # first: most moves (placements) name no place to resolve
    if pid is None or not state.get("done"):
        return
    events = done_at(state, seat, pid)
    if events is None or (pid in state["board"] and state["board"][pid][seat]):
        return
    ask = state["ask"]
    if ask and ask["kind"] == "tools" and ask["seat"] == seat and ask["target"] == pid:
        return  # the roll waits for this very answer
    tool_choice = type(move) is Work and move.mode is not None

    def what(locale: str) -> str:
        lines = [describe(ev, seat, locale) for ev in events]
        if tool_choice and not any(ev["kind"] == "tools_used" for ev in events):
            lines.append(Msg("no_tools_used").render(locale))
        return " ".join(lines)

    typed = move.said or str(move)
    # `part`: that round's resolving, as turn_key() names it ("3:act").
    raise error(base.AlreadyDone, quoted(typed, Msg("already_done", place=pid, what=what)), text=typed,
                part=f"{state['done']['round']}:act")


# --- the phase ------------------------------------------------------------------

def affordable(state: dict, seat: int, pids: list[str]) -> bool:
    """Whether `seat` could pay right now for the card or building at one of `pids`."""
    if is_style(state):
        return any(ornaments.can_pay(state, seat, pid) for pid in pids)
    p = state["seats"][seat]
    have = owned(p)
    for pid in pids:
        k = place_index(pid)
        if PLACE_KINDS[pid] == "civ":
            if have >= ROW_COSTS[k - 1]:
                return True
        elif can_build(p, state["stacks"][k - 1][0]):
            return True
    return False


def auto_act(state: dict, seat: int, events: list) -> bool:
    """Resolve what needs no decision; True when `seat` has nothing left to resolve."""
    if state["ask"]:
        return False
    p = state["seats"][seat]
    board = state["board"]
    dice, other = [], []
    for pid in places(state):  # seat_places, walked once (a village place only takes back its own people)
        if not board[pid][seat]:
            continue
        kind = PLACE_KINDS[pid]
        if kind == "village":
            # Hut, field and toolmaker need no choice, and doing them first is never
            # worse (a new tool can help the rolls that follow).
            resolve_village(state, seat, pid, events)
        elif kind == "dice":
            dice.append(pid)
        else:
            other.append(pid)
    # The board is read once: a roll only takes its own place's people back.
    while True:
        if other and (p["any2"] or affordable(state, seat, other)):
            return False  # something can be bought: the order is the player's choice
        if dice:
            if len(dice) > 1 and (free_tools(p) or p["once"]):
                return False  # which roll gets the tools is the player's choice
            pid = dice.pop(0)
            n = board[pid][seat]
            set_count(state, pid, seat, 0)
            orn = p["prefs"].get("ornaments") if pid == "hunt" else None
            start = len(events)
            start_roll(state, seat, pid, n, PLACE_INFO[pid]["yields"], p["prefs"].get(pid), True, events, orn)
            note_done(state, seat, pid, events[start:])
            if state["ask"]:
                return False
            continue
        for pid in other:
            set_count(state, pid, seat, 0)
            events.append(base.event("declined", seat, target=pid, auto=True))
            note_done(state, seat, pid, events[-1:])
        return True


def act_step(state: dict, events: list) -> bool:
    """Run the action phase until a decision is needed; True when every player is done."""
    n = state["players"]
    while True:
        ask = state["ask"]
        if ask is not None:
            auto_picks(state, events)
            if state["ask"] is not None:
                return False
            continue
        if state["act_k"] >= n:
            return True
        seat = (state["start"] + state["act_k"]) % n
        state["turn"] = seat
        if not auto_act(state, seat, events):
            if state["ask"] is not None:
                continue
            return False
        state["act_k"] += 1


def act_prompts(state: dict) -> list[base.Prompt]:
    """The tool question, the dice pick, or the choice of the next place to resolve."""
    ask = state["ask"]
    if ask is None:
        return [base.Prompt(state["turn"], "act", {"places": seat_places(state, state["turn"])})]
    if ask["kind"] == "tools":
        p = state["seats"][ask["seat"]]
        return [base.Prompt(ask["seat"], "tools", {"target": ask["target"], "dice": ask["dice"], "total": ask["total"],
                                                   "res": ask["res"], "tiles": free_tools(p), "cards": once_values(p),
                                                   "divisor": divisor(ask["target"], ask["res"])})]
    if ask["kind"] == "split":
        return [base.Prompt(ask["seat"], "split", {"units": ask["units"]})]
    return [base.Prompt(ask["order"][ask["i"]], "pick", {"dice": sorted(ask["dice"]), "card": ask["card"]})]


def act_asked(state: dict) -> tuple:
    """The seat `act_prompts` asks, without building the prompt."""
    ask = state["ask"]
    if ask is None:
        return (state["turn"],)
    if ask["kind"] == "pick":
        return (ask["order"][ask["i"]],)
    return (ask["seat"],)


def act_kind(state: dict) -> str:
    """The kind of `act_prompts`' prompt, without building it."""
    ask = state["ask"]
    return "act" if ask is None else ask["kind"]


def legal_act(state: dict, seat: int) -> list:
    """Every legal action-phase move of `seat`."""
    ask = state["ask"]
    p = state["seats"][seat]
    if ask is not None:
        if ask["kind"] == "split":
            return [made(Split, k) for k in range(ask["units"] + 1)] if ask["seat"] == seat else []
        if ask["kind"] == "tools":
            if ask["seat"] != seat:
                return []
            t = ask["target"]
            out = [made(Work, t, "auto"), made(Work, t, "none")]
            for ts in subsets(free_tools(p)):
                for cs in subsets(once_values(p)):
                    if ts or cs:
                        out.append(made(Work, t, "set", ts, cs))
            return out
        if ask["order"][ask["i"]] != seat:
            return []
        return [made(Pick, f) for f in sorted(set(ask["dice"]))]
    if state["turn"] != seat:
        return []
    out = []
    if is_style(state):
        return out + _legal_act_style(state, seat)
    for pid in seat_places(state, seat):
        kind = place_kind(pid)
        if kind == "dice":
            out += [made(Work, pid), made(Work, pid, "auto"), made(Work, pid, "none")]
        elif kind == "civ":
            k = place_index(pid)
            out += [made(Civ, k, c) for c in combos(p, ROW_COSTS[k - 1])] + [made(Civ, k, None)]
        elif kind == "building":
            k = place_index(pid)
            out += [made(Build, k, c) for c in building_payments(p, state["stacks"][k - 1][0])] + [made(Build, k, None)]
    return out


def _legal_act_style(state: dict, seat: int) -> list:
    """Expansion: the same choices, with ornaments said ahead for hunting and payments with trades."""
    out: list = []
    for pid in seat_places(state, seat):
        kind = place_kind(pid)
        if kind == "dice":
            out += [made(Work, pid), made(Work, pid, "auto"), made(Work, pid, "none")]
            if pid == "hunt":
                out += [made(Work, pid, mode, (), (), k) for mode in (None, "auto") for k in (0, 1, 2, 3)]
        elif kind == "civ":
            k = place_index(pid)
            out += [made(Civ, k, pay, give, get) for pay, give, get in ornaments.payments(state, seat, pid)]
            if row_spaces(state)[k - 1]["item"] == ORNAMENT and state["deck"]:
                out += [made(Civ, k, pay, give, get, True)
                        for pay, give, get in ornaments.payments(state, seat, pid, extra=True)]
            out.append(made(Civ, k, None))
        elif kind == "building":
            k = place_index(pid)
            out += [made(Build, k, pay, give, get) for pay, give, get in ornaments.payments(state, seat, pid)]
            out.append(made(Build, k, None))
    return out

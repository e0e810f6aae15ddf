"""Phase 2, civilization cards and buildings: buying them (or declining), and what they do at once: the
effects of card tops, the dice for everyone, the effects and income of the expansion's tiles, and the
any-two-resources card spent at any time."""
from __future__ import annotations

from .. import base
from . import ornaments
from .already_done import note_done
from .board import is_style
from .cards import BUILDINGS, CIV_CARDS, DICE_ITEMS, RESOURCES, ROW_COSTS
from .messages import Msg
from .moves import Build, Civ, Pick, UseCard
from .payments import building_error, building_points, check_resources
from .rolls import gain, refuse_while_asked, start_roll
from .state import illegal, order_from, set_count
from .style_cards import STYLE_DICE_ITEMS


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

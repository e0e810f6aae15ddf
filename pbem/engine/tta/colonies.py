"""Territories (JA l.235-262): bidding in turn order from the revealing player, paying with sacrificed units and
colonization bonuses, the colony's effects; Columbus's free colony; the standing bid order.

A revealed territory lies on the past events while it is bid for (it is face up there); the winner takes it from
there into its colonies. A colony's `rate` effects last while it is held: happy faces and strength are read by the
ratings (economy.colony_rate); its yellow and blue tokens come from the box into the banks once, when it is
colonised, and leave again with the colony (as many as the banks hold). Its other effects happen once.
"""
from __future__ import annotations

from itertools import product

from .. import base
from . import economy as eco
from . import sacrifice
from .board import add_free_yellow, take_yellow
from .cards import AGES
from .cards.military import MILITARY
from .effects import apply_outcome
from .messages import Msg, Refused
from .military_deck import military_discard
from .moves import Bid, Colonize, FreeColony, Pass, StandingBid, units_text
from .state import order_from


def military_card(copy: str):
    """The military card of a copy."""
    return MILITARY[copy.split(":", 1)[0]]


def last_round(state: dict) -> bool:
    """JA l.581: no units are sacrificed in the last round, so no territory is bid for (notes §last round)."""
    return state["last_round"] is not None and state["round"] >= state["last_round"]


# --- what a seat can pay ------------------------------------------------------------------


def bonus_cards(p: dict) -> list[str]:
    """The colonization bonus cards in the military hand."""
    return [c for c in p["mil_hand"] if military_card(c).kind == "bonus"]


def bonus_value(p: dict, copy: str) -> int:
    """What one bonus card adds to a colonization payment (James Cook: +1 each)."""
    return military_card(copy).colonization + int(eco.has_flag(p, "colonization_card_extra"))


def most(p: dict) -> int:
    """The highest bid the seat could pay: every unit, every bonus card and the colonization bonuses of its
    leader, wonders and technologies; 0 without a unit (at least one must be sacrificed, JA l.253)."""
    units = sacrifice.units_in_play(p)
    if not units:
        return 0
    return (sacrifice.value(p, units) + sum(bonus_value(p, c) for c in bonus_cards(p))
            + eco.rate_sum(p, "colonization"))


def paid(p: dict, units: dict, bonus: list) -> int:
    """The worth of a payment: the sacrificed units, the bonus cards and the standing colonization bonuses."""
    return sacrifice.value(p, units) + sum(bonus_value(p, c) for c in bonus) + eco.rate_sum(p, "colonization")


def cheapest(p: dict, options: dict, bid: int) -> tuple[dict, list] | None:
    """The payment of at least `bid` that gives up least: the strength lost with the units plus the defence value
    of the bonus cards played, then the fewest units, then the fewest cards (docs/tta.md). None: it cannot pay."""
    units = sorted(sacrifice.units_in_play(p).items())
    by_value: dict[int, list[str]] = {}
    for c in bonus_cards(p):
        by_value.setdefault(military_card(c).colonization, []).append(c)
    groups = sorted(by_value.items())
    card_sets = []
    for counts in product(*(range(len(cs) + 1) for _, cs in groups)):
        chosen = [c for (_, cs), k in zip(groups, counts) for c in cs[:k]]
        card_sets.append((sum(military_card(c).defense for c in chosen), len(chosen),
                          sum(bonus_value(p, c) for c in chosen), chosen))
    card_sets.sort(key=lambda x: (x[0], x[1]))
    rate = eco.rate_sum(p, "colonization")
    strength = eco.ratings(p, options)["strength"]
    best = None
    for counts in product(*(range(n + 1) for _, n in units)):
        if not any(counts):
            continue
        chosen = {cid: k for (cid, _), k in zip(units, counts) if k}
        need = bid - rate - sacrifice.value(p, chosen)
        cards = next((x for x in card_sets if x[2] >= need), None)
        if cards is None:
            continue
        left = {cid: n - chosen.get(cid, 0) for cid, n in p["workers"].items()}
        lost = strength - eco.ratings({**p, "workers": left}, options)["strength"]
        key = (lost + cards[0], sum(counts), cards[1])
        if best is None or key < best[0]:
            best = (key, chosen, cards[3])
    return None if best is None else (best[1], best[2])


# --- bidding ------------------------------------------------------------------------------


def open_bidding(state: dict, copy: str, events: list, resume: str) -> None:
    """A territory is revealed: bidding from the revealing player clockwise (JA l.239), unless no unit may be
    sacrificed now (the last round)."""
    if last_round(state):
        events.append(base.event("territory_unclaimed", None, card=copy))
        return
    state["stack"].append({"kind": "bid", "seat": state["turn"], "card": copy,
                           "order": order_from(state["turn"], state["players"]), "passed": [], "high": 0,
                           "leader": None, "resume": resume})
    run_bidding(state, events)


def _after(frame: dict, seat: int) -> int:
    order = frame["order"]
    return order[(order.index(seat) + 1) % len(order)]


def _bid(frame: dict, seat: int, amount: int, events: list, standing: bool = False) -> None:
    frame["high"], frame["leader"] = amount, seat
    frame["seat"] = _after(frame, seat)
    events.append(base.event("bid", seat, card=frame["card"], amount=amount, standing=standing))


def _pass(frame: dict, seat: int, events: list, why: str = "") -> None:
    frame["passed"].append(seat)
    frame["seat"] = _after(frame, seat)
    events.append(base.event("bid_pass", seat, card=frame["card"], why=why))


def run_bidding(state: dict, events: list) -> None:
    """Go round the bid frame on top until a seat must be asked, or the bidding ends: a seat that cannot outbid
    (no unit, or not enough to pay) passes; a seat with a standing order bids one more, up to its limit, or passes.
    All passed: the territory stays on the past events. One bidder left: it pays (a `colonize` frame)."""
    frame = state["stack"][-1]
    while True:
        live = [s for s in frame["order"] if s not in frame["passed"]]
        if not live or live == [frame["leader"]]:
            state["stack"].pop()
            if frame["leader"] is None:
                state["phase"] = frame["resume"]
                events.append(base.event("territory_unclaimed", None, card=frame["card"]))
            else:
                state["stack"].append({"kind": "colonize", "seat": frame["leader"], "card": frame["card"],
                                       "bid": frame["high"], "resume": frame["resume"]})
            return
        seat = frame["seat"]
        if seat in frame["passed"] or seat == frame["leader"]:
            frame["seat"] = _after(frame, seat)
            continue
        p = state["seats"][seat]
        can = most(p)
        if can <= frame["high"]:
            _pass(frame, seat, events, "no_unit" if not sacrifice.units_in_play(p) else "cannot_pay")
            continue
        limit = p.get("standing_bid")
        if limit is None:
            return  # ask the seat
        if min(limit, can) > frame["high"]:
            _bid(frame, seat, frame["high"] + 1, events, standing=True)
        else:
            _pass(frame, seat, events, "standing")


def do_bid(state: dict, seat: int, move: Bid, events: list) -> None:
    """A bid: higher than the highest so far and payable (JA l.243)."""
    frame = state["stack"][-1]
    can = most(state["seats"][seat])
    if not frame["high"] < move.amount <= can:
        raise Refused(Msg("bid_range", low=frame["high"] + 1, can=can))
    _bid(frame, seat, move.amount, events)
    run_bidding(state, events)


def do_pass(state: dict, seat: int, move: Pass, events: list) -> None:
    """A pass is final (JA l.239)."""
    _pass(state["stack"][-1], seat, events)
    run_bidding(state, events)


def legal_bid(state: dict, seat: int, frame: dict) -> list:
    """Every payable bid above the highest, and passing."""
    return [Bid(n) for n in range(frame["high"] + 1, most(state["seats"][seat]) + 1)] + [Pass()]


def bot_limit(p: dict) -> int:
    """What the bot bids up to: its colonization bonuses (bonus cards, leader, wonders, technologies) and the worth
    of its best single unit: it gives up one unit for a colony, never more (docs/tta.md)."""
    units = sacrifice.units_in_play(p)
    if not units:
        return 0
    one = max(sacrifice.value(p, {cid: 1}) for cid in units)
    return min(most(p), one + sum(bonus_value(p, c) for c in bonus_cards(p)) + eco.rate_sum(p, "colonization"))


def do_standing_bid(state: dict, seat: int, move: StandingBid, events: list) -> None:
    """Set (or clear) the seat's standing bid order, any time; a bid waiting for this seat is answered by it."""
    if move.limit is not None and move.limit < 0:
        raise Refused(Msg("standing_bid_number"))
    state["seats"][seat]["standing_bid"] = move.limit
    events.append(base.event("standing_bid", seat, to=[seat], limit=move.limit))
    if state["stack"] and state["stack"][-1]["kind"] == "bid" and state["stack"][-1]["seat"] == seat:
        run_bidding(state, events)


# --- paying and settling ------------------------------------------------------------------


def do_colonize(state: dict, seat: int, move: Colonize, events: list) -> None:
    """The winner pays at least its bid, sacrificing at least one unit (JA l.245-253), and takes the territory."""
    frame = state["stack"][-1]
    p = state["seats"][seat]
    if not move.units and not move.bonus:
        units, bonus = cheapest(p, state["options"], frame["bid"]) or ({}, [])
        if not units:
            raise Refused(Msg("cannot_pay_bid"))  # bids are checked payable: not reached
    else:
        units, bonus = dict(move.units), list(move.bonus)
        why = sacrifice.problem(p, units)
        hand = list(p["mil_hand"])
        for c in bonus:
            if c not in hand or military_card(c).kind != "bonus":
                why = why or Msg("bonus_not_in_hand")
            elif c in hand:
                hand.remove(c)
        if why:
            raise Refused(why)
        if not units:
            raise Refused(Msg("sacrifice_one"))
        worth = paid(p, units, bonus)
        if worth < frame["bid"]:
            example = Colonize(*_as_move(*cheapest(p, state["options"], frame["bid"])))
            raise Refused(Msg("pays_short", worth=worth, bid=frame["bid"], command=str(example)))
    sacrifice.remove(p, units)
    for c in bonus:
        p["mil_hand"].remove(c)
        military_discard(state, c)
    state["stack"].pop()
    state["phase"] = frame["resume"]
    # `paid` names what went ("2 Warriors, Knights; +2"): the counts alone left the player guessing which units.
    gone = units_text(_as_move(units, bonus)[0]).removeprefix(" sacrifice ")
    cards = " ".join(f"+{military_card(c).colonization}" for c in bonus)
    events.append(base.event("colonized", seat, card=frame["card"], bid=frame["bid"],
                             units=sum(units.values()), bonus=len(bonus), paid="; ".join(filter(None, (gone, cards)))))
    settle(state, seat, frame["card"], events)


def _as_move(units: dict, bonus: list) -> tuple:
    return tuple(sorted(units.items())), tuple(bonus)


def default_payment(state: dict, seat: int, frame: dict) -> str:
    """What a bare "colonize" pays, as the command that says it ("colonize sacrifice 2 Warriors with +2"): the
    prompt shows it, so a player knows which units go before sending it; "" when nothing can pay (not reached)."""
    found = cheapest(state["seats"][seat], state["options"], frame["bid"])
    return str(Colonize(*_as_move(*found))) if found else ""


def legal_colonize(state: dict, seat: int, frame: dict) -> list:
    """The cheapest payment (others are written by hand: "colonize sacrifice Knights with +2")."""
    return [Colonize()]


def settle(state: dict, seat: int, copy: str, events: list) -> None:
    """The territory joins the seat's colonies: tokens from the box to its banks, then its one-time gains (JA l.262)."""
    p = state["seats"][seat]
    state["past"].remove(copy)
    p["colonies"].append(copy)
    colony_tokens(p, copy, 1)
    for e in military_card(copy).effects:
        if e.op != "rate":  # happy faces and strength last: the ratings read the colonies
            apply_outcome(state, e, seat, events)


def colony_tokens(p: dict, copy: str, sign: int) -> None:
    """A colony's permanent yellow and blue tokens: from the box to its new holder's banks (sign 1), or back to the
    box from its old holder's (sign -1: as many as the banks hold). The one path of every colony won or lost."""
    for e in military_card(copy).effects:
        if e.op == "rate" and e.stat in ("yellow", "blue"):
            k = e.amount if sign > 0 else min(e.amount, p[e.stat])
            if e.stat == "yellow":  # into the bank's free section; back to the box from it first (board.py)
                if sign > 0:
                    add_free_yellow(p, k)
                else:
                    take_yellow(p, k)
                p["boxed"] -= sign * k
            else:
                p[e.stat] += sign * k
                p["blue_extra"] += sign * k


def colony_order(p: dict) -> list[str]:
    """The seat's colonies, the default one to lose first: the oldest age, then the first taken (docs/tta.md)."""
    return sorted(p["colonies"], key=lambda c: (AGES.index(military_card(c).age), p["colonies"].index(c)))


def _give_up(p: dict, copy: str) -> None:
    """Colony `copy` leaves the seat's colonies with the tokens it brought."""
    p["colonies"].remove(copy)
    colony_tokens(p, copy, -1)


def lose_colony(state: dict, seat: int, copy: str, events: list) -> None:
    """Independence Declaration: the seat loses colony `copy` (its choice; default: `colony_order`) to the past
    events; the tokens it brought leave the banks, as many as they hold."""
    _give_up(state["seats"][seat], copy)
    state["past"].append(copy)
    events.append(base.event("colony_lost", seat, card=copy))


def annex(state: dict, winner: int, loser: int, copy: str, events: list) -> None:
    """Annex won: colony `copy` changes hands, its tokens leaving the loser's banks (as many as they hold) and coming
    to the winner's; its one-time gain is not repeated."""
    _give_up(state["seats"][loser], copy)
    state["seats"][winner]["colonies"].append(copy)
    colony_tokens(state["seats"][winner], copy, 1)
    events.append(base.event("annexed", winner, card=copy, source=loser))


# --- Christopher Columbus -----------------------------------------------------------------


def free_colonies(state: dict, seat: int) -> list:
    """Columbus's political action: each territory in hand, once a game."""
    p = state["seats"][seat]
    if not eco.has_flag(p, "colonize_once_free") or p.get("free_colony_used"):
        return []
    seen: dict = {}
    for c in p["mil_hand"]:
        if military_card(c).kind == "territory":
            seen.setdefault(c.split(":", 1)[0], c)
    return [FreeColony(c) for c in seen.values()]


def do_free_colony(state: dict, seat: int, move: FreeColony, events: list) -> None:
    """Columbus: a territory from the hand becomes a colony at once, no bidding, no units, no culture for an event."""
    if move not in free_colonies(state, seat):
        raise Refused(Msg("columbus_only"))
    p = state["seats"][seat]
    state["phase"] = state["stack"].pop()["resume"]
    p["mil_hand"].remove(move.card)
    p["free_colony_used"] = True
    state["past"].append(move.card)  # settle takes it from there
    events.append(base.event("colonized", seat, card=move.card, bid=0, units=0, bonus=0))
    settle(state, seat, move.card, events)


HANDLERS = {Bid: do_bid, Pass: do_pass, Colonize: do_colonize, FreeColony: do_free_colony,
            StandingBid: do_standing_bid}
ANY_TIME = (StandingBid,)  # moves a seat may make when it is not asked

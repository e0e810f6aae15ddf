"""A bot that plays legal, reasonable civil turns: grow the economy, keep people fed and happy, score culture."""
from __future__ import annotations

from . import economy as eco
from .board import consumption, happy_needed, printed_after_increase, printed_yellow
from .army import tactic_bonus
from .cards import CARDS, card
from .cards.military import MILITARY
from .checks import build_cost, take_cost
from .colonies import bot_limit
from .effects import options_of, strength
from .legal_moves import legal
from .moves import (Accept, Aggression, Bid, Build, CancelPact, Choose, Colonize, Defend, Destroy, Discard, Discover,
                    Done, Event, FreeColony, GrowUnit, Pact, Pass, Play, Populate, Refuse, Revolution, Tactic, Take,
                    Upgrade, War, Wonder)
from .pacts import symmetric


def bot_move(state: dict, seat: int, rnd):
    """A legal, sensible move for `seat` (which must be prompted)."""
    moves = legal(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has nothing to do")
    p = state["seats"][seat]
    ctx = _context(state, seat)
    done = next((m for m in moves if type(m) is Done), None)  # "done anyway" when an uprising is ahead
    best, best_score = (done, 0.0) if done is not None else (moves[0], float("-inf"))
    for move in moves:
        s = _score(state, seat, p, move, ctx) + rnd.random() * 0.5
        if s > best_score:
            best, best_score = move, s
    return best


def _context(state: dict, seat: int) -> dict:
    p = state["seats"][seat]
    r = eco.ratings(p, state["options"])
    food_rate = sum(CARDS[c].food * n for c, n in p["workers"].items())
    need = consumption(printed_yellow(p))
    short_happy = happy_needed(printed_yellow(p)) - r["happy"]
    return {"r": r, "food_rate": food_rate, "need": need, "short_happy": short_happy,
            "resource": eco.amount(p, "resource"), "food": eco.amount(p, "food"),
            "res_rate": sum(CARDS[c].resource * n for c, n in p["workers"].items()),
            "waiting": sum(1 for h in p["hand"] if card(h).is_technology)}


def _card_value(state: dict, seat: int, p: dict, cid: str, ctx: dict) -> float:
    """How much the bot wants card `cid` in hand or in play."""
    c = CARDS[cid]
    if c.kind == "leader":
        return 7 + c.level
    if c.kind == "wonder":
        return 5 + c.level - len(p["wonders"]) * 0.5
    if c.kind == "action":
        return 4
    if c.kind == "government":
        cur = eco.government(p)
        if c.civil_actions < cur.civil_actions or c.urban_limit < cur.urban_limit:
            return -5
        return 4 + 3 * (c.civil_actions - cur.civil_actions) + (c.urban_limit - cur.urban_limit)
    if c.kind == "special":
        return 5 + c.level
    if c.kind in ("farm", "mine"):
        return 4 + 2 * c.level
    if c.kind == "urban":
        bonus = {"lab": 2, "library": 2, "theater": 1}.get(c.subtype, 0)
        return 3 + c.level + bonus + (2 if c.subtype in ("temple", "arena") and ctx["short_happy"] > 0 else 0)
    if c.kind == "unit":
        return 1 + c.level * 0.5
    return 1


def _in_hand_value(state: dict, seat: int, p: dict, copy: str, ctx: dict) -> float:
    """How much the bot wants row card `copy` in its hand, before what taking it costs: less for a technology it
    cannot soon pay the science for, and for each card already waiting in hand."""
    c = card(copy)
    v = _card_value(state, seat, p, c.id, ctx)
    if c.is_technology and c.kind != "government" and (c.science or 0) > p["science"] + 3 * ctx["r"]["science"]:
        v -= 3
    if c.kind != "wonder":
        v -= 1.5 * max(0, ctx["waiting"] - 1) + 0.5 * len(p["hand"])
    return v


def _agreement_value(state: dict, seat: int, p: dict, copy: str, ctx: dict) -> float:
    """International Agreement's free card: its worth in hand, a little less the more of the budget it uses (the
    options are only the cards the budget left can pay)."""
    slot = state["row"].index(copy)
    return _in_hand_value(state, seat, p, copy, ctx) - 0.25 * take_cost(p, slot, card(copy).id)


def _riot(p: dict, ctx: dict, yellow: int = 0, idle: int = 0, happy: int = 0) -> bool:
    """Whether the seat would riot at production after a change of its yellow bank, unused workers, faces."""
    need = happy_needed(printed_yellow(p) + yellow) - min(8, ctx["r"]["happy"] + happy)
    return need > p["idle"] + idle


def _score(state: dict, seat: int, p: dict, move, ctx: dict) -> float:
    t = type(move)
    if t is Done:
        return -20.0 if _riot(p, ctx) else 0.0
    if t is Take:
        slot = move.slot - 1
        cost = 1 if state["round"] == 1 else 2
        return _in_hand_value(state, seat, p, state["row"][slot], ctx) - cost * take_cost(p, slot, card(
            state["row"][slot]).id) + 1
    if t is Discover:
        c = card(move.card)
        return 10 + _card_value(state, seat, p, c.id, ctx)
    if t is Revolution:
        c = card(move.card)
        gain = c.civil_actions - eco.government(p).civil_actions
        return 14 + 3 * gain if gain > 0 else -1
    if t is Play:
        c = card(move.card)
        if c.kind == "leader":
            old = p["leader"]
            return 9 + c.level - (card(old).level + 9 if old else 0) + (9 if not old else 0)
        return 8
    if t is Wonder:
        return 7 + move.stages
    if t is Populate:
        if p["idle"] > 1 or _riot(p, ctx, yellow=-1, idle=1):
            return -1
        if ctx["food_rate"] < consumption(printed_after_increase(p)):
            return 1
        return 6
    if t is GrowUnit:
        return -1 if _riot(p, ctx, yellow=-1) else 1
    if t is Build:
        c = CARDS[move.card]
        cost = build_cost(state, seat, move.card)
        if c.kind == "farm":
            base = 9 if ctx["food_rate"] <= ctx["need"] + 1 else 4
        elif c.kind == "mine":
            base = 8 if ctx["res_rate"] < 4 + 2 * c.level else 5
        elif c.kind == "urban":
            happy = c.happy * (3 if ctx["short_happy"] > -1 else 0.5)
            base = 3 + 2.5 * c.culture + 1.5 * c.science_yield + happy + 0.3 * c.strength
            if c.subtype == "lab" and ctx["r"]["science"] < 2 + state["round"] // 2:
                base += 3
        else:
            base = 1 if ctx["r"]["strength"] > 4 + 3 * c.level else 4
        if _riot(p, ctx, idle=-1, happy=c.happy):
            base -= 25
        return base + c.level - cost * 0.2
    if t is Upgrade:
        a, b = CARDS[move.src], CARDS[move.dst]
        return 3 + 2 * (b.level - a.level) + (1 if a.kind in ("farm", "mine") else 0)
    if t is Tactic:
        gain = tactic_bonus({**p, "tactic": move.card}) - tactic_bonus(p)
        return 2 * gain - 1
    if t is Choose and "budget" in state["stack"][-1]:  # International Agreement: the best card, none worth it: skip
        return 0.0 if move.option == "skip" else _agreement_value(state, seat, p, move.option, ctx)
    if t is Choose:  # build for free; the scarcer of food and resources; a loss or a mix: the default (the first)
        scores = {"build": 3, "skip": 0, "food": 2 if ctx["food"] <= ctx["resource"] else 1,
                  "resource": 2 if ctx["resource"] < ctx["food"] else 1}
        return scores[move.option] if move.option in scores else \
            -options_of(state["stack"][-1], seat).index(move.option)
    if t is Event:
        return 2 + {"A": 0, "I": 1, "II": 2, "III": 3}[MILITARY[move.card.split(":", 1)[0]].age]
    if t is Discard:
        return -military_value(p, move.card)
    if t is Bid:  # one more than the highest bid, up to what one unit and its bonuses pay (docs/tta.md)
        frame = state["stack"][-1]
        return 5.0 if move.amount == frame["high"] + 1 and move.amount <= bot_limit(p) else -10.0 - move.amount
    if t in (Pass, Colonize):
        return 0.0
    if t is FreeColony:
        return 15.0
    if t in (Aggression, War):
        # Attack only with a clear margin over the target's strength and the bonus cards it may hold.
        q = state["seats"][move.target]
        margin = strength(state, seat) - strength(state, move.target) - len(q["mil_hand"])
        need = 1 if t is Aggression else 4
        return 3 + margin * 0.2 if margin >= need and _loot(q, move.card) else -5
    if t is Defend:  # the cheapest sufficient defence (the documented default), none when it cannot hold
        return 5 if move.cards or move.units else 0
    if t is Pact:
        return 1 if move.a == seat or symmetric(move.card) else -1
    if t is Accept:
        frame = state["stack"][-1]
        return 1 if frame["a"] == seat or symmetric(frame["card"]) else -1
    if t in (Refuse, CancelPact):
        return 0 if t is Refuse else -2
    if t.__name__ == "Hold":
        return -1.0  # the optional corruption rule: the bot keeps its production
    if t is Destroy:
        c = CARDS[move.card]
        if _riot(p, ctx) and not _riot(p, ctx, idle=1, happy=-c.happy):
            return 1 - c.level - c.culture
        return -5
    return 0.0


def _loot(q: dict, copy: str) -> bool:
    """Whether the target has what the aggression would take (wars: always worth the try)."""
    key = MILITARY[copy.split(":", 1)[0]].key
    if key == "raid":
        return any(n and CARDS[c].kind == "urban" for c, n in q["workers"].items())
    if key == "plunder":
        return eco.amount(q, "food") + eco.amount(q, "resource") > 0
    return {"spy": q["science"], "armed_intervention": q["culture"]}.get(key, 1) > 0


def least_useful(p: dict, n: int) -> list[str]:
    """The `n` military cards of the hand the bot would give up first (a discard's default)."""
    return sorted(p["mil_hand"], key=lambda copy: military_value(p, copy))[:max(0, n)]


def military_value(p: dict, copy: str) -> float:
    """How much the bot wants to keep a military card: tactics by the armies they would make, bonuses by value."""
    m = MILITARY[copy.split(":", 1)[0]]
    if m.kind == "tactic":
        return tactic_bonus({**p, "tactic": copy})
    if m.kind == "bonus":
        return m.defense / 2
    return 1.0

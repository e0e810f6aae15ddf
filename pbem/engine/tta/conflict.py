"""Aggressions and wars (JA l.177-189, l.266-290, l.310-312, l.581).

An aggression is a political action: the attacker pays the card's military actions, may sacrifice units (not in
the last round), and the defender answers at once (a `defend` frame, or its standing order): sacrifices and any
number of defence bonus cards. A war is declared in the political phase (not in the last round) and resolved at
the start of the declarer's next turn: the declarer sacrifices first, then the defender (no bonus cards), either
side may win, a tie does nothing. The defender wins an aggression's tie. Effects take only what the loser has
(JA l.286-288); where the card lets a side choose (Raid's building, Plunder's mix, Annex's colony: the winner;
Enslave's worker: the loser), an `event_choice` frame asks it before the effects apply (`choice`), the default
first (docs/tta.md).
"""
from __future__ import annotations

import itertools
import math

from .. import base
from . import economy as eco
from . import pacts, sacrifice
from .board import return_yellow, take_yellow
from .cards import CARDS, card
from .cards.military import MILITARY
from .colonies import annex
from .effects import strength, worker_order
from .messages import Msg
from .military_deck import military_discard
from .moves import Defend


def mcard(copy: str):
    return MILITARY[copy.split(":", 1)[0]]


def last_round(state: dict) -> bool:
    """JA l.581: the round that ends the game (no war declarations, no sacrifices)."""
    return state["last_round"] is not None and state["round"] >= state["last_round"]


def level(card_id: str | None) -> int:
    return CARDS[card_id.split(":", 1)[0]].level if card_id else 0


def cost(state: dict, copy: str, target: int) -> int:
    """Military actions to play `copy` on `target`: printed, or the target leader's / unfinished wonder's level
    (Assassinate, Sabotage); doubled against Gandhi."""
    m = mcard(copy)
    q = state["seats"][target]
    n = {"assassinate": level(q["leader"]), "sabotage": level(q["wonder"])}.get(m.key, m.military_actions)
    return n * 2 if eco.has_flag(q, "double_military_cost_against") else n


# What the target must have for the card to be played on it.
NEEDS = {"assassinate": ("leader", "leader"), "sabotage": ("wonder", "wonder under construction"),
         "annex": ("colonies", "colony")}


def can_attack(state: dict, seat: int, copy: str, target, kind: str, units: tuple = ()) -> Msg | None:
    """Why `seat` may not play aggression (or declare war) `copy` on `target` now (None: it may)."""
    p = state["seats"][seat]
    if copy not in p["mil_hand"] or mcard(copy).kind != kind:
        return Msg("attack_not_in_hand", mil=kind)
    if not isinstance(target, int) or not 0 <= target < state["players"] or target == seat:
        return Msg("another_player", player_list=tuple(s + 1 for s in range(state["players"]) if s != seat))
    if eco.has_flag(p, "no_aggression_or_war"):
        return Msg("leader_forbids")
    if kind == "war" and last_round(state):
        return Msg("no_war_last_round")
    if kind == "war" and any(w["by"] == seat for w in state["wars"]):
        return Msg("war_unresolved")
    why = pacts.forbids(state, seat, target, kind)
    if why:
        return why
    need = NEEDS.get(mcard(copy).key)
    if need and not state["seats"][target][need[0]]:
        return Msg("target_lacks", player=target + 1, need=need[1])
    n = cost(state, copy, target)
    if p["ma"] < n:
        return Msg("ma_cost_1", have=p["ma"]) if n == 1 else Msg("ma_cost", n=n, have=p["ma"])
    if units:
        if last_round(state):
            return Msg("no_sacrifice_last_round")
        why = sacrifice.problem(p, dict(units))
        if why:
            return why
    return None


def _pay_and_announce(state: dict, seat: int, copy: str, target: int, events: list) -> None:
    """The card leaves the hand, its military actions are spent; attack-ending pacts end; Joan of Arc scores."""
    p = state["seats"][seat]
    p["ma"] -= cost(state, copy, target)
    p["mil_hand"].remove(copy)
    pacts.end_on_attack(state, seat, target, events)
    q = state["seats"][target]
    joan = eco.has_flag(q, "culture_when_attacked")
    if joan:  # Joan of Arc: culture whenever an aggression or war is waged against her (notes: at play)
        q["culture"] += joan
        events.append(base.event("event_gain", target, what="culture", amount=joan))


def aggression(state: dict, seat: int, copy: str, target: int, units: tuple, resume: str, events: list) -> None:
    """JA l.268-280: play the aggression; the attacker's total strength is fixed now; the defender answers."""
    _pay_and_announce(state, seat, copy, target, events)
    p = state["seats"][seat]
    attack = strength(state, seat) + sacrifice.value(p, dict(units)) + pacts.attack_bonus(state, seat, target)
    sacrifice.remove(p, dict(units))
    events.append(base.event("aggression", seat, card=copy, on=target, strength=attack,
                             sacrificed=sum(n for _, n in units)))
    frame = {"kind": "defend", "seat": target, "card": copy, "by": seat, "attack": attack, "resume": resume}
    ask_defence(state, frame, events)


def can_defend(state: dict, frame: dict) -> bool:
    """Whether the defender has anything to answer with: units to sacrifice, or (aggressions) bonus cards."""
    q = state["seats"][frame["seat"]]
    units = not last_round(state) and bool(sacrifice.units_in_play(q))
    cards = "war" not in frame and any(mcard(c).kind == "bonus" for c in q["mil_hand"])
    return units or cards


def ask_defence(state: dict, frame: dict, events: list) -> None:
    """Ask the defender (its standing order may answer: orders.py), unless it has nothing to answer with or
    already holds against an aggression (in a war it may still sacrifice to win by more)."""
    holds = "war" not in frame and strength(state, frame["seat"]) >= frame["attack"]
    if holds or not can_defend(state, frame):
        defend(state, frame, Defend(), events)
    else:
        state["stack"].append(frame)


def bonus(q: dict, cards: tuple) -> int:
    """Defence bonus cards' strength (Churchill: doubled)."""
    double = 2 if eco.has_flag(q, "defense_cards_double") else 1
    return double * sum(mcard(c).defense for c in cards)


def defence_problem(state: dict, frame: dict, move: Defend) -> Msg | None:
    """Why the defender may not answer with `move` (None: it may)."""
    q = state["seats"][frame["seat"]]
    if move.cards:
        if "war" in frame:
            return Msg("no_bonus_in_war")
        hand = list(q["mil_hand"])
        for c in move.cards:
            if c not in hand or mcard(c).kind != "bonus":
                return Msg("bonus_cards_not_in_hand")
            hand.remove(c)
    if move.units:
        if last_round(state):
            return Msg("no_sacrifice_last_round")
        return sacrifice.problem(q, dict(move.units))
    return None


def defend(state: dict, frame: dict, move: Defend, events: list) -> None:
    """The defender's answer: its total strength; an aggression is resolved, a war goes on (war_phase)."""
    seat = frame["seat"]
    q = state["seats"][seat]
    total = strength(state, seat) + sacrifice.value(q, dict(move.units)) + bonus(q, move.cards)
    sacrifice.remove(q, dict(move.units))
    for c in move.cards:
        q["mil_hand"].remove(c)
        military_discard(state, c)
    events.append(base.event("defence", seat, strength=total, cards=len(move.cards),
                             sacrificed=sum(n for _, n in move.units)))
    if "war" in frame:
        war = next(w for w in state["wars"] if w["by"] == frame["by"])
        war["defence"] = total
        return
    won = frame["attack"] > total  # the defender wins ties (JA l.282)
    events.append(base.event("attack_won" if won else "attack_held", frame["by"], card=frame["card"], on=seat,
                             attack=frame["attack"], defence=total))
    if won:
        outcome(state, frame["card"], frame["by"], seat, frame["attack"] - total, events)
    military_discard(state, frame["card"])
    for p in state["seats"]:
        eco.refresh(p)


def cheapest(state: dict, frame: dict) -> Defend | None:
    """The cheapest sufficient defence: the fewest units sacrificed, then the smallest bonus-card total, then the
    fewest cards; None when even everything would not hold."""
    seat = frame["seat"]
    q = state["seats"][seat]
    need = frame["attack"] - strength(state, seat)
    if need <= 0:
        return Defend()
    # Copies of equal value in hand order: the ones a command's "+2 +2" names.
    cards = [] if "war" in frame else sorted((c for c in q["mil_hand"] if mcard(c).kind == "bonus"),
                                             key=lambda c: mcard(c).defense)
    values = [bonus(q, (c,)) for c in cards]
    subsets = sorted(((sum(values[i] for i in idx), len(idx), idx) for k in range(len(cards) + 1)
                      for idx in itertools.combinations(range(len(cards)), k)))
    have = {} if last_round(state) else sacrifice.units_in_play(q)
    kinds = sorted(have)
    for total_units in range(sum(have.values()) + 1):
        best = None
        for counts in _compositions(total_units, [have[k] for k in kinds]):
            units = tuple((k, n) for k, n in zip(kinds, counts) if n)
            rest = need - sacrifice.value(q, dict(units))
            pick = next((s for s in subsets if s[0] >= rest), None)
            if pick and (best is None or pick[:2] < best[0][:2]):
                best = (pick, units)
        if best:
            return Defend(tuple(cards[i] for i in best[0][2]), best[1])
    return None


def _compositions(total: int, caps: list[int]):
    """Every way to take `total` units with at most caps[i] of kind i."""
    if not caps:
        if total == 0:
            yield ()
        return
    for n in range(min(total, caps[0]), -1, -1):
        for rest in _compositions(total - n, caps[1:]):
            yield (n,) + rest


# --- wars ----------------------------------------------------------------------------------


def declare_war(state: dict, seat: int, copy: str, target: int, events: list) -> None:
    """JA l.310-312: the war card lies before the target; it is resolved at the declarer's next turn."""
    _pay_and_announce(state, seat, copy, target, events)
    state["wars"].append({"card": copy, "by": seat, "on": target})
    events.append(base.event("war_declared", seat, card=copy, on=target))


def war_phase(state: dict, events: list) -> str | None:
    """JA l.177-189: the declarer's war is resolved at the start of its turn: the declarer sacrifices, then the
    defender (each asked only when it has units and this is not the last round), then the strengths compare."""
    seat = state["turn"]
    war = next((w for w in state["wars"] if w["by"] == seat), None)
    if war is None:
        return "politics"
    p = state["seats"][seat]
    if "attack" not in war:
        if not last_round(state) and sacrifice.units_in_play(p):
            state["stack"].append({"kind": "sacrifice", "seat": seat, "resume": "war"})
            return None
        war["attack"] = strength(state, seat) + pacts.attack_bonus(state, seat, war["on"])
    if "defence" not in war:
        frame = {"kind": "defend", "seat": war["on"], "by": seat, "card": war["card"], "war": True,
                 "attack": war["attack"], "resume": "war"}
        ask_defence(state, frame, events)
        if state["stack"]:
            return None
    state["wars"].remove(war)
    diff = war["attack"] - war["defence"]
    if diff:
        winner, loser = (seat, war["on"]) if diff > 0 else (war["on"], seat)
        events.append(base.event("war_won", winner, card=war["card"], on=loser, advantage=abs(diff)))
        outcome(state, war["card"], winner, loser, abs(diff), events)
    else:
        events.append(base.event("war_tie", seat, card=war["card"], on=war["on"]))  # JA l.189: nothing happens
    military_discard(state, war["card"])
    for q in state["seats"]:
        eco.refresh(q)
    return "politics"


def declarer_sacrifice(state: dict, seat: int, units: tuple, events: list) -> None:
    """The declarer's sacrifice when its war is resolved: its total strength is fixed now."""
    war = next(w for w in state["wars"] if w["by"] == seat)
    p = state["seats"][seat]
    war["attack"] = strength(state, seat) + sacrifice.value(p, dict(units)) + pacts.attack_bonus(state, seat,
                                                                                                   war["on"])
    sacrifice.remove(p, dict(units))
    events.append(base.event("war_sacrifice", seat, strength=war["attack"], sacrificed=sum(n for _, n in units)))


# --- effects -------------------------------------------------------------------------------


def _per(e, advantage: int, lost: dict) -> int:
    """How many times effect `e` applies: by the advantage, or by what the loser lost to the effects before."""
    per = {"": 1, "advantage": advantage, "advantage_thirds": advantage // 3,
           "half_cost_up": math.ceil(lost.get("cost", 0) / 2), "half_cost_down": lost.get("cost", 0) // 2,
           "leader_level": lost.get("level", 0), "wonder_level": lost.get("level", 0),
           "decrease": lost.get("decrease", 0)}[e.per]
    return e.amount * per if e.amount else per


def worker_picks(state: dict, copy: str, loser: int, advantage: int) -> int | None:
    """How many workers the loser takes off its cards (JA l.231: its unused workers go first); None: the card
    takes no population."""
    lo = state["seats"][loser]
    for e in mcard(copy).effects:
        if e.op == "lose" and e.stat == "population":
            n = min(_per(e, advantage, {}), lo["idle"] + sum(lo["workers"].values()))
            return max(0, n - lo["idle"])
    return None


def special_options(state: dict, winner: int, loser: int, n: int, picked: list | tuple) -> list[str]:
    """War over Technology: the loser's special technologies the winner may take in place of science, each counted
    at its science cost, while the advantage left covers it; only one newer than the winner's of its kind (the
    older would leave at once, JA l.378)."""
    w, lo = state["seats"][winner], state["seats"][loser]
    left = n - sum(card(c).science for c in picked if c != "science")
    kinds = {card(c).subtype for c in picked if c != "science"}
    return [c for sub, c in sorted(lo["specials"].items()) if sub not in kinds and card(c).science <= left
            and card(c).level > (card(w["specials"][sub]).level if sub in w["specials"] else -1)]


def choice_options(state: dict, copy: str, winner: int, loser: int, advantage: int,
                   picked: list | tuple = ()) -> tuple[int, list[str]]:
    """(who chooses, its options, the default first) for the card's one effect with a choice; fewer than two
    options: nothing to ask. The winner chooses what it takes or razes; the loser which worker it loses, one at a
    time (`picked`: the workers it chose already)."""
    lo = state["seats"][loser]
    for e in mcard(copy).effects:
        n = _per(e, advantage, {})
        if e.op == "lose" and e.stat in ("urban", "urban_same"):
            held = [c for c, k in lo["workers"].items() if k and CARDS[c].kind == "urban"]
            return winner, sorted(held, key=lambda c: (CARDS[c].build * min(n, lo["workers"][c]), CARDS[c].level, c),
                                  reverse=True)
        if e.op == "lose" and e.stat == "population":  # JA l.231: the owner's card, lowest first by default
            left = {c: k - picked.count(c) for c, k in lo["workers"].items()}
            return loser, [c for c in worker_order(lo) if left[c] > 0]
        if e.op == "take" and e.stat == "science_or_special":
            return winner, ["science"] + special_options(state, winner, loser, n, picked)
        if e.op == "take" and e.stat == "colony":
            return winner, lo["colonies"][::-1]  # default: the latest
        if e.op == "take" and e.stat == "food_and_resource":
            food, res = eco.amount(lo, "food"), eco.amount(lo, "resource")
            n = min(n, food + res)
            return winner, [f"{k} food" for k in range(max(0, n - res), min(n, food) + 1)]  # default: resources first
    return winner, []


def outcome(state: dict, copy: str, winner: int, loser: int, advantage: int, events: list,
            choice: str | list | None = None) -> None:
    """The card's effects on the winner and the loser; the loser gives only what it has (JA l.286-288). A card
    that lets a side choose asks it first (an `event_choice` frame answered with `choice`). A population loss asks
    the loser one worker at a time, War over Technology the winner one special technology at a time (`choice`: the
    list picked so far, kept in the frame's `picked`; "science" ends the winner's list)."""
    picks = worker_picks(state, copy, loser, advantage)
    if any(e.stat == "science_or_special" for e in mcard(copy).effects):  # specials one at a time, then "science"
        choice = list(choice or [])
        while choice[-1:] != ["science"]:
            chooser, options = choice_options(state, copy, winner, loser, advantage, choice)
            if len(options) > 1:
                _ask(state, copy, chooser, options, winner, loser, advantage, picked=choice)
                return
            choice.append("science")
    elif picks is not None:
        choice = list(choice or [])
        while len(choice) < picks:
            chooser, options = choice_options(state, copy, winner, loser, advantage, choice)
            if len(options) > 1:
                _ask(state, copy, chooser, options, winner, loser, advantage, picked=choice)
                return
            choice.append(options[0])
    elif choice is None:
        chooser, options = choice_options(state, copy, winner, loser, advantage)
        if len(options) > 1:
            _ask(state, copy, chooser, options, winner, loser, advantage)
            return
        choice = options[0] if options else None
    w, lo = state["seats"][winner], state["seats"][loser]
    lost: dict = {}  # what the loser lost, for the effects counted by it
    for e in mcard(copy).effects:
        n = _per(e, advantage, lost)
        on_winner = e.who in ("attacker", "winner")
        if e.op == "take":
            take(state, e.stat, n, winner, loser, events, choice)
        elif e.op == "produce":
            got = eco.produce(w, e.stat, n)
            events.append(base.event("produced", winner, what=e.stat, amount=got))
        elif e.op == "gain" and on_winner:
            n = min(n, lost[e.stat]) if e.stat in lost else n  # Armed Intervention: what the rival lost
            w[e.stat] += n
            events.append(base.event("event_gain", winner, what=e.stat, amount=n))
        elif e.op == "gain":
            before = lo[e.stat]
            lo[e.stat] = max(0, before + n)
            lost[e.stat] = before - lo[e.stat]
            events.append(base.event("event_gain", loser, what=e.stat, amount=-lost[e.stat]))
        elif e.op == "lose":
            lose(state, e.stat, n, loser, lost, events, choice)
    eco.refresh(w)
    eco.refresh(lo)


def _ask(state: dict, copy: str, chooser: int, options: list, winner: int, loser: int, advantage: int,
         **extra) -> None:
    state["stack"].append({"kind": "event_choice", "seats": [chooser], "answered": [], "answers": {}, "card": copy,
                           "options": {str(chooser): options}, "victims": {str(chooser): loser},
                           "conflict": [winner, loser, advantage], "resume": None, **extra})


def take(state: dict, stat: str, n: int, winner: int, loser: int, events: list, choice: str | None = None) -> None:
    """The winner takes up to `n` of `stat` from the loser (food and resources: the mix chosen, "k food")."""
    w, lo = state["seats"][winner], state["seats"][loser]
    if stat in ("culture", "science"):
        k = min(n, lo[stat])
        lo[stat] -= k
        w[stat] += k
        events.append(base.event("taken", winner, what=stat, amount=k, source=loser))
    elif stat == "food_and_resource" and choice:
        food = int(choice.split()[0])
        for what, k in (("resource", min(n, eco.amount(lo, "food") + eco.amount(lo, "resource")) - food),
                        ("food", food)):
            if k and eco.pay(lo, what, k):
                got = eco.produce(w, what, k)
                events.append(base.event("taken", winner, what=what, amount=got, source=loser))
    elif stat == "science_or_special":  # the specials chosen, then the advantage left as science
        for copy in choice[:-1]:
            n -= card(copy).science
            move_special(state, copy, loser, winner)
            events.append(base.event("taken_special", winner, card=copy, source=loser))
        take(state, "science", n, winner, loser, events)
    elif stat == "yellow_bank":
        k = take_yellow(lo, n)  # the yellow tokens move between banks (docs/tta.md, Uncertain Borders)
        lo["boxed"] += k
        return_yellow(w, k)
        w["boxed"] -= k
        events.append(base.event("taken", winner, what="yellow", amount=k, source=loser))
    elif stat == "colony" and choice:
        annex(state, winner, loser, choice, events)


def move_special(state: dict, copy: str, loser: int, winner: int) -> None:
    """A special technology changes hands: the winner's older one of its kind leaves (JA l.378); the blue tokens
    that come with such a card (Justice System, Civil Service) leave the loser's banks (as many as they hold) and
    come to the winner's, the difference with the card it replaces."""
    w, lo = state["seats"][winner], state["seats"][loser]
    sub = card(copy).subtype
    del lo["specials"][sub]
    tokens = sum(e.amount for e in card(copy).effects if e.op == "blue_tokens")
    gone = min(tokens, lo["blue"])
    lo["blue"] -= gone
    lo["blue_extra"] -= gone
    old = w["specials"].get(sub)
    change = tokens - (sum(e.amount for e in card(old).effects if e.op == "blue_tokens") if old else 0)
    if old:
        state["discard"].append(old)
    w["specials"][sub] = copy
    w["blue"] += change
    w["blue_extra"] += change


def lose(state: dict, stat: str, n: int, loser: int, lost: dict, events: list, choice: str | None = None) -> None:
    """The loser loses `n` of `stat` (the card `choice` names: a building razed, a worker); `lost` records what the
    winner's effects count."""
    lo = state["seats"][loser]
    if stat == "population":  # the unused workers first, then one worker off each card picked (JA l.231)
        idle = min(n, lo["idle"])
        lo["idle"] -= idle
        for cid in choice or ():
            lo["workers"][cid] -= 1
        lost["decrease"] = idle + len(choice or ())
        return_yellow(lo, lost["decrease"])
        events.append(base.event("population_lost", loser, amount=lost["decrease"]))
    elif stat in ("urban", "urban_same"):
        if not choice:
            lost["cost"] = 0
            return
        cid = choice  # the attacker's (Raid II/III: one card, up to n of them)
        k = min(n, lo["workers"][cid]) if stat == "urban_same" else 1
        lo["workers"][cid] -= k
        lo["idle"] += k
        lost["cost"] = CARDS[cid].build * k
        events.append(base.event("razed", loser, card=cid, count=k))
    elif stat == "leader" and lo["leader"]:
        lost["level"] = level(lo["leader"])
        state["discard"].append(lo["leader"])
        events.append(base.event("assassinated", loser, card=lo["leader"]))
        lo["leader"] = None
    elif stat == "wonder_building" and lo["wonder"]:
        lost["level"] = level(lo["wonder"])
        state["discard"].append(lo["wonder"])
        events.append(base.event("sabotaged", loser, card=lo["wonder"]))
        lo["blue"] += lo["stages"]
        lo["wonder"], lo["stages"] = None, 0

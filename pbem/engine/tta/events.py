"""Events (JA l.203-231): preparing one, revealing the top current event, resolving its effects, refilling the
current events from the future ones.

Effects are read from the card data (cards/military_schema.py). Choices the cards give the players (which
building, worker or colony to lose, the mix of food and resources, a free build) are `event_choice` frames with
options computed from the state, the default first (docs/tta.md): the bot and a deadline answer the default.
"""
from __future__ import annotations

from .. import base
from . import economy as eco
from .board import return_yellow
from .cards import CARDS, card
from .cards.military import MILITARY
from .checks import can_take, take_cost
from .colonies import colony_order, lose_colony, open_bidding
from .conflict import outcome
from .effects import CULTURE_BY_AGE, apply_outcome, count, options_of, targets, worker_order
from .row import fill_row, take_card


def agreement_options(state: dict, seat: int, budget: int) -> list[str]:
    """International Agreement: "skip" (the default), then the row's cards `seat` may take with the civil actions'
    worth left (the usual rules of taking: hand limit, one wonder, one leader an age; a wonder's surcharge). Of two
    copies of a card only the leftmost is offered: it costs no more, and "choose Movies" names one option."""
    options, seen = ["skip"], set()
    for i, c in enumerate(state["row"]):
        if c and c.split(":", 1)[0] not in seen and can_take(state, seat, i, budget=budget) is None:
            seen.add(c.split(":", 1)[0])
            options.append(c)
    return options


def agreement_frame(state: dict, copy: str, seat: int, budget: int, events: list) -> dict | None:
    """The strongest's prompt to take a card (one at a time); none left to take: the row is refilled without the
    removal step (notes: International Agreement)."""
    options = agreement_options(state, seat, budget)
    if len(options) > 1:
        return {"kind": "event_choice", "seats": [seat], "answered": [], "answers": {}, "card": copy,
                "options": {str(seat): options}, "budget": budget, "resume": None}
    fill_row(state, events)
    return None


# Effects each concerned seat chooses for itself, and the answers it may give (the first is the default).
CHOICES = {("produce", "food_or_resource"): ("food", "resource"), ("free_build", "temple"): ("build", "skip"),
           ("free_build", "infantry"): ("build", "skip")}
# Effects where a seat chooses what is lost or gained; the options come from the state (`loss_options`).
LOSS_CHOICES = {("lose", "building"), ("lose", "urban"), ("lose", "population"), ("lose", "colony"),
                ("lose", "food_and_resource"), ("produce", "food_and_resource"), ("lose", "age_a_or_i_wonder")}


def choosers(state: dict, e) -> list[int]:
    """The seats an effect with a choice asks: free builds only those with an unused worker (and room)."""
    seats = targets(state, e.who)
    if e.op == "free_build":
        seats = [s for s in seats if state["seats"][s]["idle"]
                 and (e.stat != "temple" or eco.count_type(state["seats"][s], "temple")
                      < eco.urban_limit(state["seats"][s]))]
    return seats


def chooser(state: dict, e, victim: int) -> int:
    """Who chooses what `victim` loses: Terrorism's least-culture civilization chooses the others' buildings
    (notes: Terrorism); otherwise the victim itself (JA l.231: the owner's card)."""
    return targets(state, "least_culture")[0] if e.stat == "urban" else victim


def loss_options(state: dict, e, victim: int) -> list[str]:
    """What `victim` may lose (or gain) under effect `e`, the default first; fewer than two: nothing to ask.

    Options are card ids (a worker off that card, a colony) or "N food" (N food, the rest resources)."""
    p = state["seats"][victim]
    n = e.amount * count(state, victim, e.per, e.table)
    held = [c for c, k in p["workers"].items() if k]
    if e.stat == "population":
        return [] if p["idle"] or n != 1 else worker_order(p)  # JA l.231: an unused worker goes first
    if e.stat in ("building", "urban"):
        kinds = ("urban",) if e.stat == "urban" else ("urban", "farm", "mine")
        return sorted((c for c in held if CARDS[c].kind in kinds), key=lambda c: (CARDS[c].level, c),
                      reverse=e.stat == "urban")
    if e.stat == "colony":
        return colony_order(p)
    if e.stat == "age_a_or_i_wonder":  # Ravages of Time: default the first completed
        return [c for c in p["wonders"] if card(c).age in ("A", "I") and c not in p.get("flipped", ())]
    food, res = eco.amount(p, "food"), eco.amount(p, "resource")
    if e.op == "lose":
        if food + res <= n:
            return []  # everything goes
        return [f"{k} food" for k in range(max(0, n - res), min(n, food) + 1)]  # default: resources first
    default = _mix_default(food, res, n)
    return [f"{k} food" for k in sorted(range(n + 1), key=lambda k: (k != default, k))]


def _mix_default(food: int, res: int, n: int) -> int:
    """How much food the default mix of `n` produced takes: one at a time, food while food is short of resources."""
    k = 0
    for i in range(n):
        if food + k < res + (i - k):
            k += 1
    return k


def apply_choice(state: dict, e, victim: int, option: str, events: list) -> None:
    """Apply the chosen option of a LOSS_CHOICES effect to `victim`."""
    p = state["seats"][victim]
    if option.endswith(" food"):
        n = e.amount * count(state, victim, e.per, e.table)
        k = int(option.split()[0])
        for what, amount in (("food", k), ("resource", n - k)):
            if e.op == "produce" and amount:
                got = eco.produce(p, what, amount)
                events.append(base.event("produced", victim, what=what, amount=got))
            elif e.op == "lose":  # only what it has (JA l.229)
                amount = min(amount, eco.amount(p, what))
                if amount and eco.pay(p, what, amount):
                    events.append(base.event("event_gain", victim, what=what, amount=-amount))
    elif e.stat == "colony":
        lose_colony(state, victim, option, events)
    elif e.stat == "age_a_or_i_wonder":  # face down: no effect, 2 culture a turn (economy.ratings)
        p.setdefault("flipped", []).append(option)  # a field added lazily: saved games without it still load
        events.append(base.event("wonder_flipped", victim, card=option))
    else:
        p["workers"][option] -= 1
        if e.stat == "population":
            return_yellow(p)
            events.append(base.event("population_lost", victim, amount=1))
        else:
            p["idle"] += 1
            events.append(base.event("razed", victim, card=option, count=1))
    eco.refresh(p)


def _loss_frames(state: dict, copy: str, i: int, e, events: list) -> list[dict]:
    """Apply what needs no choice; one frame per round of choices (a seat answers one question at a time)."""
    frames: list[dict] = []
    for victim in targets(state, e.who):
        opts = loss_options(state, e, victim)
        if len(opts) < 2:
            if opts:
                apply_choice(state, e, victim, opts[0], events)
            else:  # nothing to choose: an unused worker goes, or all the food and resources; or nothing to lose
                apply_outcome(state, e, victim, events)
            continue
        seat = chooser(state, e, victim)
        frame = next((f for f in frames if seat not in f["seats"]), None)
        if frame is None:
            frame = {"kind": "event_choice", "seats": [], "answered": [], "answers": {}, "card": copy, "effect": i,
                     "options": {}, "victims": {}}
            frames.append(frame)
        frame["seats"].append(seat)
        frame["options"][str(seat)] = opts
        frame["victims"][str(seat)] = victim
    return frames


def resolve(state: dict, copy: str, events: list, resume: str) -> None:
    """Resolve a revealed event: each effect on each seat it touches (targets fixed before any change).

    An effect each seat chooses for itself asks every concerned seat at once (one `event_choice` frame); it is
    applied when the last one answers, in turn order whatever the order of the answers (the issue). Frames of
    one event are answered in the order of its effects; the last one answered resumes the turn."""
    m = MILITARY[copy.split(":", 1)[0]]
    events.append(base.event("event", state["turn"], card=copy))
    if m.kind == "territory":
        open_bidding(state, copy, events, resume)
        return
    frames: list[dict] = []
    for i, e in enumerate(m.effects):
        if (e.op, e.stat) in CHOICES:
            seats = choosers(state, e)
            if seats:
                frames.append({"kind": "event_choice", "seats": seats, "answered": [], "answers": {},
                               "card": copy, "effect": i, "options": list(CHOICES[(e.op, e.stat)])})
            continue
        if (e.op, e.stat) in LOSS_CHOICES:
            frames += _loss_frames(state, copy, i, e, events)
            continue
        if e.op == "take_cards":
            frames += filter(None, [agreement_frame(state, copy, s, e.amount, events) for s in targets(state, e.who)])
            continue
        for seat in targets(state, e.who):
            apply_outcome(state, e, seat, events)
    for k, frame in enumerate(reversed(frames)):  # the first effect's frame on top
        frame["resume"] = resume if k == 0 else None
        state["stack"].append(frame)
    for p in state["seats"]:
        eco.refresh(p)


def answer_choice(state: dict, seat: int, option: str, events: list) -> None:
    """A seat answers an event choice; the last answer applies every seat's choice in turn order."""
    frame = state["stack"][-1]
    if option not in options_of(frame, seat):
        raise ValueError(option)
    frame["answers"][str(seat)] = option
    frame["answered"].append(seat)
    events.append(base.event("chose", seat, card=frame["card"]) if "card" in frame else base.event("chose", seat))
    if len(frame["answered"]) < len(frame["seats"]):
        return
    state["stack"].pop()
    if frame["resume"] is not None:
        state["phase"] = frame["resume"]
    if "budget" in frame:  # International Agreement: a card taken, then the next (or "skip")
        if option == "skip":
            fill_row(state, events)
            return
        slot = state["row"].index(option)
        budget = frame["budget"] - take_cost(state["seats"][seat], slot, card(option).id)
        take_card(state, seat, slot, events)
        nxt = agreement_frame(state, frame["card"], seat, budget, events)
        if nxt:
            state["stack"].append(nxt)
        return
    if "conflict" in frame:  # an aggression or war won: its effects apply with the winner's or loser's choice
        winner, loser, advantage = frame["conflict"]
        outcome(state, frame["card"], winner, loser, advantage, events,
                frame["picked"] + [option] if "picked" in frame else option)
        return
    e = MILITARY[frame["card"].split(":", 1)[0]].effects[frame["effect"]]
    for s in frame["seats"]:
        choice = frame["answers"][str(s)]
        if "victims" in frame:
            apply_choice(state, e, frame["victims"][str(s)], choice, events)
        elif choice == "skip":
            continue
        elif e.op == "produce":
            got = eco.produce(state["seats"][s], choice, e.amount)
            events.append(base.event("produced", s, what=choice, amount=got))
        else:
            apply_outcome(state, e, s, events)
        eco.refresh(state["seats"][s])


def prepare(state: dict, seat: int, copy: str, events: list, resume: str) -> None:
    """JA l.205-215: the card goes face down on the future events; culture by its age; the top current event
    is revealed and resolved, then goes to the past events; an empty current deck is refilled."""
    p = state["seats"][seat]
    p["mil_hand"].remove(copy)
    state["future"].append(copy)
    state["future_by"].setdefault(str(seat), []).append(copy)
    age = MILITARY[copy.split(":", 1)[0]].age
    p["culture"] += CULTURE_BY_AGE[age]
    events.append(base.event("event_prepared", seat, age=age, culture=CULTURE_BY_AGE[age]))
    events.append(base.event("event_prepared_card", seat, to=[seat], card=copy))
    if not state["current"]:
        refill(state)
    top = state["current"].pop(0)
    state["past"].append(top)  # a territory bid for lies there until it is colonised
    resolve(state, top, events, resume)
    if not state["current"]:
        refill(state)


def final_events(state: dict, events: list) -> str | None:
    """JA l.115, l.587: at the end every event left in the current and future events is revealed and resolved,
    the current ones from the top, then the future ones as a refill orders them (older ages first); one at a
    time, so that a choice may ask the players. Territories are not colonised then (nobody bids: docs/tta.md)."""
    if not state["current"] and state["future"]:
        refill(state)
    if not state["current"]:
        return "over"
    top = state["current"].pop(0)
    resolve(state, top, events, "final_events")
    state["past"].append(top)
    return None if state["stack"] else "final_events"


def refill(state: dict) -> None:
    """JA l.217: the future events shuffled become the current events, the older ages on top."""
    cards = base.shuffled(state["rng"], state["future"])
    state["current"] = sorted(cards, key=lambda c: CULTURE_BY_AGE[MILITARY[c.split(":", 1)[0]].age])
    state["future"] = []
    state["future_by"] = {}

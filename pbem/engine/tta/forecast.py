"""What a seat's next production, population increase and age change would do if nothing changed: each found by
running the engine's own step on a copy of the state, so a forecast never disagrees with what then happens."""
from __future__ import annotations

from . import economy as eco
from . import pacts
from .board import consumption, happy_needed, printed_after_increase, printed_yellow
from .cards import card
from .checks import can_populate, free_increase, population_food
from .effects import discontent, uprising_ahead
from .row import end_age
from .state import copy_state
from .turn import production as run_production


def production(state: dict, seat: int) -> dict:
    """The seat's next production phase as figures: food and resources made, eaten and lost, culture and science
    gained, happy faces against the discontent, whether an uprising stops it, and the famine's shortfall."""
    p = state["seats"][seat]
    opts = state["options"]
    out = {"happy": eco.ratings(p, opts)["happy"], "happy_needed": happy_needed(printed_yellow(p)),
           "discontent": discontent(p, opts), "idle": p["idle"], "uprising": uprising_ahead(p, opts)}
    trial = copy_state(state)
    trial["turn"] = seat  # the phase works on the seat whose turn it is
    events: list = []
    run_production(trial, events)
    q = trial["seats"][seat]
    told = {}
    for ev in events:
        if ev.get("seat") == seat:
            told.setdefault(ev["kind"], []).append(ev)
    scored = (told.get("scored") or [{}])[0]
    famine = (told.get("famine") or [{}])[0]
    made = {what: sum(ev["amount"] for ev in told.get("produced", ()) if ev["what"] == what)
            for what in ("food", "resource")}
    corrupt = sum(ev["lost"] for ev in told.get("corruption", ()))
    food_net = eco.amount(q, "food") - eco.amount(p, "food")
    resources_net = eco.amount(q, "resource") - eco.amount(p, "resource")
    # The net may fall below made - eaten (- corruption) when tokens cannot make change, or a pact takes some;
    # Bill Gates's labs add resources that no event tells, which only the net shows.
    out.update({
        "food_made": made["food"], "food_eaten": 0 if out["uprising"] else consumption(printed_yellow(p)),
        "food_net": food_net, "famine": famine.get("missing", 0), "famine_culture": famine.get("culture", 0),
        "resources_made": max(made["resource"], resources_net + corrupt), "corruption": corrupt,
        "resources_net": resources_net,
        "science": scored.get("science", 0), "culture": scored.get("culture", 0),
        "culture_after": q["culture"], "science_after": q["science"],
    })
    return out


def populate(state: dict, seat: int) -> dict:
    """The next population increase: its food, the food eaten each turn after it, and whether it may be made now
    (`why`: the refusal's message key, or None)."""
    p = state["seats"][seat]
    food = population_food(p, free_increase(p))
    refusal = can_populate(p, extra=pacts.trade_extra(state, seat, "food"))  # as the increase itself asks
    return {"food": food, "eats_after": consumption(printed_after_increase(p)) if food is not None else None,
            "eats_now": consumption(printed_yellow(p)), "free": free_increase(p),
            "possible": refusal is None, "why": refusal.key if refusal is not None else None}


def age_change(state: dict, seat: int) -> dict:
    """The current age's civil deck and what the seat would lose when it runs out: the card ids leaving its hand,
    leadership, wonder under construction, military hand and pacts, and the yellow tokens boxed."""
    age = state["age"]
    out = {"age": age, "cards_left": len(state["decks"][age]), "losses": [], "military": [], "pacts": [],
           "yellow": 0}
    if age == "A" or not out["cards_left"]:  # Age A's deck leaves in round 2 without an age change (JA l.146);
        return out  # an empty deck has had its age change (Age III's, the last, leaves the age at III)
    trial = copy_state(state)
    end_age(trial, [])
    p, q = state["seats"][seat], trial["seats"][seat]
    lost = [c for c in p["hand"] if c not in q["hand"]]
    if p["leader"] and p["leader"] != q["leader"]:
        lost.append(p["leader"])
    if p["wonder"] and p["wonder"] != q["wonder"]:
        lost.append(p["wonder"])
    out["losses"] = [card(c).id for c in lost]
    out["military"] = [card_of_military(c) for c in p["mil_hand"] if c not in q["mil_hand"]]
    kept = {pk["card"] for pk in trial["pacts"]}
    out["pacts"] = [card_of_military(pk["card"]) for pk in state["pacts"]
                    if seat in (pk["a"], pk["b"]) and pk["card"] not in kept]
    out["yellow"] = p["yellow"] - q["yellow"]
    return out


def card_of_military(copy: str) -> str:
    """The military card id of a copy."""
    return copy.split(":", 1)[0]

"""One human line per event, as a viewer may see it: English, with Japanese, French and German for the common events."""
from __future__ import annotations

from typing import Mapping, Sequence

from ..base import is_one, may_see, with_counts
from .event_words import LOCAL, WHAT, WHAT_ONE
from .moves import name


def _who(seat, viewer, names: Sequence[str] | None) -> str:
    if seat is None:
        return "The game"
    if seat == viewer:
        return "You"
    if names and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat + 1}"


def _n(n, one: str, other: str) -> str:
    """An English count and its noun: "1 unit", "2 units"."""
    return f"{n} {one if is_one(n or 0, 'en') else other}"


def what_word(locale: str, what, n: int = 2) -> str:
    """A kind of thing counted (food, resource, culture, science, yellow) after a count of `n`."""
    if is_one(n, locale) and what in WHAT_ONE.get(locale, {}):
        return WHAT_ONE[locale][what]
    return WHAT.get(locale, WHAT["en"]).get(what, what or "")


# What others are told of a seat's military cards; the seat itself reads the private event beside it.
PUBLIC_TWINS = frozenset({"military_draw", "military_discard"})


def describe(ev: Mapping, viewer: int | None, locale: str = "en", names: Sequence[str] | None = None) -> str:
    """One line for event `ev`; details hidden from a viewer who may not see them."""
    k = ev.get("kind")
    who = _who(ev.get("seat"), viewer, names)
    if not may_see(ev, viewer):
        # Nothing at all: a private event either has a public twin (military_draw beside military_cards) or is
        # the seat's own business (a standing order), and "did something hidden" would tell that it exists.
        return ""
    if k in PUBLIC_TWINS and viewer is not None and viewer == ev.get("seat"):
        return ""  # the seat reads its private twin, which names the cards: one line, not two
    card = name(ev["card"]) if ev.get("card") else ""
    # Mid-sentence the reader is "you", not "You".
    on, src, by, a = (("you" if ev[x] == viewer else _who(ev[x], viewer, names)) if ev.get(x) is not None else ""
                      for x in ("on", "source", "by", "a"))
    mid = "you" if viewer is not None and ev.get("seat") == viewer else who  # the seat, mid-sentence
    amount = ev.get("amount") or 0
    lines = {
        "turn": lambda: f"{who}: turn in round {ev.get('round')}.",
        "round": lambda: f"Round {ev.get('round')} begins.",
        "row": lambda: "New cards in the row: " + (", ".join(name(c) for c in ev.get("dealt", [])) or "none") + ".",
        "took": lambda: f"{who} took {card} (slot {ev.get('slot')})"
                        + (f" for {_n(ev['ca'], 'civil action', 'civil actions')}." if ev.get("ca") is not None
                           else "."),
        "built": lambda: f"{who} built on {card} for {_n(ev.get('cost'), 'resource', 'resources')}.",
        "upgraded": lambda: f"{who} upgraded {name(ev['src'])} to {name(ev['dst'])} for "
                            f"{_n(ev.get('cost'), 'resource', 'resources')}.",
        "destroyed": lambda: f"{who} took a worker off {card}.",
        "populated": lambda: f"{who} increased the population for {ev.get('food')} food.",
        "wonder_stage": lambda: f"{who} built stage {ev.get('stages')} of {card}.",
        "wonder_done": lambda: f"{who} completed {card}"
        + (f" (+{ev['culture']} culture)." if ev.get("culture") else "."),
        "discovered": lambda: f"{who} discovered {card} for {ev.get('science')} science.",
        "revolution": lambda: f"{who} made a revolution: {card}.",
        "leader": lambda: f"{who} elected {card}.",
        "action": lambda: f"{who} played {card}.",
        "produced": lambda: f"{who} produced {amount} {what_word('en', ev.get('what'), amount)}.",
        "done": lambda: f"{who}: no political action." if ev.get("politics") else f"{who} ended the actions.",
        "ca_penalty": lambda: f"{who} will have {ev.get('n')} fewer civil actions next turn (discontent workers).",
        "chose": lambda: f"{who} answered the choice of {card}." if card else f"{who} answered a choice.",
        "uprising": lambda: f"{who}: uprising! Nothing is produced this turn.",
        "scored": lambda: f"{who} scored {ev.get('culture')} culture and {ev.get('science')} science.",
        "consumed": lambda: f"{who}: the population ate {ev.get('amount')} food.",
        "famine": lambda: f"{who}: famine, {ev.get('missing')} food short, -{ev.get('culture')} culture.",
        "corruption": lambda: f"{who} lost {_n(ev.get('lost'), 'resource', 'resources')} to corruption.",
        "age_end": lambda: f"Age {ev.get('age')} ends: Age {ev.get('obsolete')} cards become obsolete.",
        "age_lost": lambda: f"{who} lost at the age change: "
                            + ", ".join(filter(None, [", ".join(name(c) for c in ev.get("cards", [])),
                                                      _n(ev.get("hand"), "card", "cards") + " in hand"
                                                      if ev.get("hand") else "",
                                                      _n(ev.get("yellow"), "yellow token", "yellow tokens")])) + ".",
        "age_lost_hand": lambda: f"{who} lost from the hand at the age change: "
                                 f"{', '.join(name(c) for c in ev.get('cards', []))}.",
        "age_a_over": lambda: "Age A's remaining cards leave; Age I fills the row from now on.",
        "game_over": lambda: "The game is over.",
        "military_draw": lambda: f"{who} drew {_n(ev.get('count'), 'military card', 'military cards')} of Age "
                                 f"{ev.get('age')}.",
        "military_cards": lambda: f"{who} drew: " + (", ".join(name(c) for c in ev.get("cards", []))
                                                     or "nothing") + ".",
        "military_reshuffle": lambda: f"The Age {ev.get('age')} military discards are shuffled into a new deck.",
        "military_discard": lambda: f"{who} discarded a military card of Age {ev.get('age')}.",
        "military_discarded": lambda: f"{who} discarded {card}.",
        "tactic": lambda: f"{who} played the tactic {card} (strength {ev.get('strength')}).",
        "event_prepared": lambda: f"{who} prepared an Age {ev.get('age')} event (+{ev.get('culture')} culture).",
        "event_prepared_card": lambda: f"{who} put {card} on the future events.",
        "event": lambda: f"Event: {card}.",
        "event_gain": lambda: f"{who}: {amount:+d} {what_word('en', ev.get('what'), amount)}.",
        "territory_unclaimed": lambda: f"{card} is not colonised.",
        "bid": lambda: f"{who} bid {ev.get('amount')} for {card}" + (" (standing order)." if ev.get("standing")
                                                                      else "."),
        "bid_pass": lambda: f"{who} passed on {card}" + (" (cannot bid)." if ev.get("why") in CANNOT else "."),
        "colonized": lambda: f"{who} colonised {card}"
        + (f" for {ev.get('bid')}: {_n(ev.get('units'), 'unit', 'units')} sacrificed, "
           f"{_n(ev.get('bonus'), 'bonus card', 'bonus cards')}" + (f" ({ev['paid']})." if ev.get("paid") else ".")
           if ev.get("units") else " with Christopher Columbus."),
        "colony_lost": lambda: f"{who} lost the colony {card}.",
        "standing_bid": lambda: f"{who} will bid for territories up to {ev.get('limit')}."
        if ev.get("limit") is not None else f"{who} will be asked about territory bids.",
        "aggression": lambda: f"{who} played {card} against {on} (strength {ev.get('strength')}, "
                              f"{_n(ev.get('sacrificed'), 'unit', 'units')} sacrificed).",
        "defence": lambda: f"{who} defended with strength {ev.get('strength')} "
                           f"({_n(ev.get('cards'), 'bonus card', 'bonus cards')}, "
                           f"{_n(ev.get('sacrificed'), 'unit', 'units')} sacrificed).",
        "attack_won": lambda: f"{card} by {mid} succeeded against {on}: {ev['attack']} against {ev['defence']}.",
        "attack_held": lambda: f"{card} by {mid} failed against {on}: {ev['attack']} against {ev['defence']}.",
        "war_declared": lambda: f"{who} declared {card} on {on}.",
        "war_sacrifice": lambda: f"{who} {'go' if mid == 'you' else 'goes'} to war with strength "
                                 f"{ev.get('strength')} ({_n(ev.get('sacrificed'), 'unit', 'units')} sacrificed).",
        "war_won": lambda: f"{who} won {card} against {on} by {ev.get('advantage')}.",
        "war_tie": lambda: f"{card} of {mid} against {on} is a tie: nothing happens.",
        "taken": lambda: f"{who} took {amount} {what_word('en', ev.get('what'), amount)} from {src}.",
        "taken_special": lambda: f"{who} took the special technology {card} from {src}.",
        "razed": lambda: f"{who} lost {_n(ev.get('count'), 'building', 'buildings')} on {card}.",
        "assassinated": lambda: f"{who} lost the leader {card}.",
        "sabotaged": lambda: f"{who} lost the wonder under construction {card}.",
        "annexed": lambda: f"{who} annexed {card} from {src}.",
        "population_lost": lambda: f"{who} lost {ev.get('amount')} population.",
        "pact_offered": lambda: f"{who} offered {card} to {on} (side A: {a}).",
        "pact_accepted": lambda: f"{who} accepted {card} from {by}.",
        "pact_refused": lambda: f"{who} refused {card} from {by}; it goes back to their hand.",
        "pact_cancelled": lambda: f"{who} cancelled the pact {card}.",
        "pact_ended": lambda: f"{card} ends: {who} attacked the partner.",
        "traded": lambda: f"{who} paid 1 {what_word('en', ev.get('what'), 1)} in place of 1 "
                          f"{what_word('en', ev.get('instead'), 1)} ({card}).",
        "wonder_flipped": lambda: f"{who} turned the wonder {card} face down (no effect, 2 culture a turn).",
        "standing_order": lambda: f"{who} set a standing order: {ev.get('topic')} {ev.get('policy')}.",
        "standing_order_applied": lambda: (f"Your standing order: {ev.get('move')}." if mid == "you"
                                           else f"Standing order of {who}: {ev.get('move')}."),
    }
    if locale in LOCAL and k in LOCAL[locale]:
        who_l = {None: LOCAL[locale]["game"], viewer: LOCAL[locale]["you"]}.get(ev.get("seat"), who)
        if ev.get("seat") is not None and ev.get("seat") != viewer and not names:
            who_l = LOCAL[locale]["player"].format(n=ev["seat"] + 1)
        extra = with_counts({x: v for x, v in ev.items() if x not in ("seat", "card", "kind")}, locale)
        extra.update(src_name=name(ev["src"]) if ev.get("src") else "",
                     dst_name=name(ev["dst"]) if ev.get("dst") else "",
                     dealt_names=", ".join(name(c) for c in ev.get("dealt", [])) or "-",
                     cards_names=", ".join(name(c) for c in ev["cards"]) or "-" if isinstance(ev.get("cards"), list)
                     else "",
                     what_name=what_word(locale, ev.get("what"), 1 if k == "traded" else amount),
                     culture=with_counts({"c": ev.get("culture", 0)}, locale)["c"])
        for x in ("on", "source", "by", "a"):
            if ev.get(x) is not None:
                # Mid-sentence the reader is "vous", and in German "dich" (gegen, an), "dir" (von) or "du".
                extra[x + "_name"] = (LOCAL[locale]["you_" + x] if ev[x] == viewer else names[ev[x]]
                                      if names and 0 <= ev[x] < len(names)
                                      else LOCAL[locale]["player"].format(n=ev[x] + 1))
        if k == "wonder_done" and not ev.get("culture"):
            k = "wonder_done_plain"
        if k == "colonized" and ev.get("paid"):
            k = "colonized_paid"  # what was given up, named (events stored before it carry counts only)
        k = {("bid", True): "bid_standing", ("bid_pass", True): "bid_pass_cannot",
             ("colonized", True): "colonized_free", ("standing_bid", True): "standing_bid_none",
             ("done", True): "done_politics", ("chose", True): "chose_plain", ("took", True): "took_paid"}.get(
            (k, _variant(k, ev)), k)
        if viewer is not None and ev.get("seat") == viewer and k + "_you" in LOCAL[locale]:
            k += "_you"  # "Votre consigne permanente", not "Consigne permanente de Vous"
        return LOCAL[locale][k].format(who=who_l, card=card, **extra)
    make = lines.get(k)
    return make() if make else f"{who}: {k}."


CANNOT = ("no_unit", "cannot_pay")


def _variant(kind: str, ev: Mapping) -> bool:
    """Whether an event is told in the second form of its kind (standing bid, forced pass, Columbus, no limit)."""
    return {"bid": bool(ev.get("standing")), "bid_pass": ev.get("why") in CANNOT, "colonized": not ev.get("units"),
            "standing_bid": ev.get("limit") is None, "done": bool(ev.get("politics")),
            "chose": not ev.get("card"), "took": ev.get("ca") is not None}.get(kind, False)

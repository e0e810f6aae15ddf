"""The civil and military actions of the action phase (JA l.320-495): their effects, after the checks and costs of
checks.py."""
from __future__ import annotations

from .. import base
from . import conflict, orders, pacts, sacrifice
from . import economy as eco
from .board import take_yellow
from .cards import CARDS, card, kind_of
from .cards.military import MILITARY
from .checks import (build_cost, can_build, can_discover, can_hold, can_play, can_populate, can_revolt, can_tactic,
                     can_take, can_upgrade, can_wonder, free_increase, included, population_food, resources,
                     revolution_turn, rival_surcharge, take_cost, technology_cost, upgrade_cost)
from .effects import options_of, strength
from .events import answer_choice, prepare
from .messages import Msg, Refused, error, quoted
from .military_deck import military_discard
from .moves import (Accept, Aggression, Build, CancelPact, Choose, Defend, Destroy, Discard, Discover, Done, Event,
                    GrowUnit, Hold, Pact, Play, Populate, Refuse, Revolution, Sacrifice, Standing, Tactic, Take,
                    Upgrade, War, Wonder, name)
from .politics import PREPARED
from .row import take_card


def illegal(move, why: Msg) -> base.IllegalMove:
    """An IllegalMove that quotes the command, in every language of the catalog."""
    return error(base.IllegalMove, quoted(str(move), why), text=str(move))


# --- doing it ------------------------------------------------------------------


def spend_resources(state: dict, seat: int, cost: int, military: bool, events: list, explicit: tuple = ()) -> None:
    """Pay resources: military-only resources first for units, then the mines (JA l.436-440), a Trade Routes
    Agreement's food when the payment names it or the seat is 1 short."""
    p = state["seats"][seat]
    if military and p["mil_res"]:
        used = min(cost, p["mil_res"])
        p["mil_res"] -= used
        cost -= used
    _check_trade(state, seat, "resource", cost, explicit)
    if cost and not pacts.pay(state, seat, "resource", cost, explicit or None, events):
        raise Refused(Msg("pay_short"))


def _check_trade(state: dict, seat: int, what: str, cost: int, explicit: tuple) -> None:
    """A payment naming the Trade Routes Agreement ("pay trade") is refused when the pact cannot pay 1 of it."""
    why = pacts.trade_refusal(state, seat, what) if cost and pacts.TRADE_WORD in explicit else None
    if why:
        raise Refused(why)


def produce_event(seat: int, what: str, value: int) -> dict:
    """The event of producing food or resources."""
    return base.event("produced", seat, what=what, amount=value)


def spend_civil(p: dict, n: int = 1) -> None:
    """Spend civil actions; the turn's mark that one was used (a revolution must come first, JA l.388)."""
    p["ca"] -= n
    if n:
        p["ca_used"] = True


def do_take(state: dict, seat: int, move: Take, events: list) -> None:
    """Take a card from the row (JA l.332-350)."""
    p = state["seats"][seat]
    slot = move.slot - 1
    why = can_take(state, seat, slot)
    if why:
        raise Refused(why)
    cost = take_cost(p, slot, card(state["row"][slot]).id)
    spend_civil(p, cost)
    take_card(state, seat, slot, events, cost)


def do_build(state: dict, seat: int, move: Build, events: list, discount: int = 0, action_card: bool = False) -> None:
    """Build a farm, mine, urban building or unit (JA l.406-422, l.462-468)."""
    p = state["seats"][seat]
    why = can_build(state, seat, move.card, discount, action_card)
    if why:
        raise Refused(why)
    c = CARDS[move.card]
    cost = build_cost(state, seat, move.card, discount) + rival_surcharge(state, seat, c)
    spend_resources(state, seat, cost, c.kind == "unit", events, move.pay)
    if c.kind == "unit":
        p["ma"] -= 1
    elif not action_card:
        spend_civil(p)
    p["idle"] -= 1
    p["workers"][move.card] += 1
    events.append(base.event("built", seat, card=move.card, cost=cost))


def do_upgrade(state: dict, seat: int, move: Upgrade, events: list, discount: int = 0,
               action_card: bool = False) -> None:
    """Upgrade a building or unit (JA l.426-442, l.470-472)."""
    p = state["seats"][seat]
    why = can_upgrade(state, seat, move.src, move.dst, discount, action_card)
    if why:
        raise Refused(why)
    unit = CARDS[move.src].kind == "unit"
    cost = upgrade_cost(state, seat, move.src, move.dst, discount)
    spend_resources(state, seat, cost, unit, events, move.pay)
    if unit:
        p["ma"] -= 1
    elif not action_card:
        spend_civil(p)
    p["workers"][move.src] -= 1
    p["workers"][move.dst] += 1
    events.append(base.event("upgraded", seat, src=move.src, dst=move.dst, cost=cost))


def do_destroy(state: dict, seat: int, move: Destroy, events: list) -> None:
    """Destroy a building or disband a unit (JA l.444-448, l.474-476)."""
    p = state["seats"][seat]
    c = CARDS.get(move.card)
    if c is None or p["workers"].get(move.card, 0) < 1:
        raise Refused(Msg("no_building"))
    if c.kind == "unit":
        if p["ma"] < 1:
            raise Refused(Msg("no_ma"))
        p["ma"] -= 1
    else:
        if revolution_turn(p):
            raise Refused(Msg("revolution_turn"))  # JA l.388
        if p["ca"] < 1:
            raise Refused(Msg("no_ca"))
        spend_civil(p)
    p["workers"][move.card] -= 1
    p["idle"] += 1
    events.append(base.event("destroyed", seat, card=move.card))


def increase_population(state: dict, seat: int, free: bool, events: list, explicit: tuple = ()) -> int:
    """Pay the food (a Trade Routes Agreement's resource when named or 1 short) and move a yellow token to the unused
    workers; returns the food paid."""
    p = state["seats"][seat]
    cost = population_food(p, free)
    _check_trade(state, seat, "food", cost, explicit)
    if not pacts.pay(state, seat, "food", cost, explicit or None, events):
        raise Refused(Msg("pay_short_food"))
    take_yellow(p)
    p["idle"] += 1
    return cost


def do_populate(state: dict, seat: int, move: Populate, events: list) -> None:
    """Increase the population (JA l.398-404)."""
    p = state["seats"][seat]
    why = can_populate(p, extra=pacts.trade_extra(state, seat, "food"))
    if why:
        raise Refused(why)
    free = free_increase(p)
    cost = increase_population(state, seat, free, events, move.pay)
    if free:
        p["free_pop"] = True
    else:
        spend_civil(p)
    events.append(base.event("populated", seat, food=cost, free=free))


def do_grow_unit(state: dict, seat: int, move: GrowUnit, events: list) -> None:
    """Frederick Barbarossa: one civil action, 1 food and 1 resource less (docs/tta.md)."""
    p = state["seats"][seat]
    off = eco.has_flag(p, "grow_and_build_unit")
    c = CARDS.get(move.card)
    if not off:
        raise Refused(Msg("barbarossa_only"))
    if c is None or c.kind != "unit" or move.card not in p["workers"]:
        raise Refused(Msg("no_unit_tech"))
    if revolution_turn(p):
        raise Refused(Msg("revolution_turn"))  # JA l.388
    if p["ca"] < 1:
        raise Refused(Msg("no_ca"))
    food = population_food(p)
    if food is None:
        raise Refused(Msg("yellow_empty"))
    food = max(0, food - off)
    cost = max(0, build_cost(state, seat, move.card) - off)
    if eco.amount(p, "food") < food:
        raise Refused(Msg("food_cost", cost=food, have=eco.amount(p, "food")))
    have = resources(p, True) + pacts.trade_extra(state, seat, "resource")
    if have < cost:
        raise Refused(Msg("res_cost", cost=cost, have=have))
    eco.pay(p, "food", food)
    spend_resources(state, seat, cost, True, events)
    spend_civil(p)
    take_yellow(p)
    p["workers"][move.card] += 1
    events.append(base.event("populated", seat, food=food, free=False))
    events.append(base.event("built", seat, card=move.card, cost=cost))


def do_wonder(state: dict, seat: int, move: Wonder, events: list, discount: int = 0, action_card: bool = False) -> None:
    """Build wonder stages (JA l.450-456)."""
    p = state["seats"][seat]
    why = can_wonder(state, seat, move.stages, discount, action_card)
    if why:
        raise Refused(why)
    c = card(p["wonder"])
    cost = max(0, sum(c.stages[p["stages"]:p["stages"] + move.stages]) - discount)
    spend_resources(state, seat, cost, False, events, move.pay)
    if p["blue"] < move.stages:
        raise Refused(Msg("no_blue_stage"))  # JA l.454
    if not action_card:
        spend_civil(p)
    p["blue"] -= move.stages
    p["stages"] += move.stages
    events.append(base.event("wonder_stage", seat, card=c.id, stages=p["stages"], cost=cost))
    if p["stages"] == len(c.stages):
        complete_wonder(state, seat, events)


def complete_wonder(state: dict, seat: int, events: list) -> None:
    """JA l.454-456: the markers go back to the blue bank; the wonder's effects start (Age III: culture once)."""
    p = state["seats"][seat]
    copy = p["wonder"]
    p["blue"] += p["stages"]
    p["wonder"], p["stages"] = None, 0
    p["wonders"].append(copy)
    eco.refresh(p)
    gained = 0
    for e in card(copy).effects:
        if e.op != "on_complete":
            continue
        per = e.amount
        if card(copy).key == "internet":
            per = int(state["options"].get("internet_culture", 1))
        if e.stat == "per_worker":
            gained += per * sum(n for cid, n in p["workers"].items() if CARDS[cid].kind in e.of)
        elif e.of == ("technology",):
            gained += per * sum(CARDS[cid].level for cid in technology_cards(p))
        else:
            gained += per * sum(CARDS[cid].level * n for cid, n in p["workers"].items() if CARDS[cid].subtype in e.of)
    events.append(base.event("wonder_done", seat, card=card(copy).id, culture=gained))
    p["culture"] += gained


def technology_cards(p: dict) -> list[str]:
    """Card ids of every technology card in play (starting cards, government and special technologies too)."""
    return list(p["workers"]) + [kind_of(p["government"])] + [kind_of(c) for c in p["specials"].values()]


def play_technology(state: dict, seat: int, copy: str, events: list, refund: bool = True) -> None:
    """Put a technology in play and run the leaders' triggers (Leonardo, Newton, Einstein)."""
    p = state["seats"][seat]
    c = card(copy)
    p["hand"].remove(copy)
    if c.kind == "government":
        old = p["government"]
        if ":" in old:
            state["discard"].append(old)
        p["government"] = copy
    elif c.kind == "special":
        old = p["specials"].get(c.subtype)
        if old:
            state["discard"].append(old)  # JA l.378: the older one of the same kind leaves
        p["specials"][c.subtype] = copy
        # Justice System / Civil Service: the blue tokens come with the card in play (docs/tta.md); the change
        # from the card replaced, so that tokens from colonies stay apart.
        change = sum(e.amount for e in c.effects if e.op == "blue_tokens")
        if old:
            change -= sum(e.amount for e in card(old).effects if e.op == "blue_tokens")
        if change:
            p["blue_extra"] += change
            p["blue"] += change
    else:
        p["played"].append(copy)
        p["workers"][c.id] = 0
        if c.kind in ("farm", "mine"):
            p["tokens"][c.id] = 0
    eco.refresh(p)
    for _, e in eco.effects(p, "trigger"):
        if e.of != ("play_technology",):
            continue
        if e.stat == "resource":
            events.append(produce_event(seat, "resource", eco.produce(p, "resource", e.amount)))
        elif e.stat == "culture":
            p["culture"] += e.amount
        elif e.stat == "civil_actions" and refund:
            p["ca"] += e.amount


def do_discover(state: dict, seat: int, move: Discover, events: list, action_card: bool = False) -> None:
    """Discover a technology, or change government peacefully (JA l.368-392)."""
    p = state["seats"][seat]
    why = can_discover(state, seat, move.card, action_card)
    if why:
        raise Refused(why)
    cost = technology_cost(state, seat, card(move.card).id)
    p["science"] -= cost
    pacts.partners_pay_science(state, seat, events)
    if not action_card:
        spend_civil(p)
    events.append(base.event("discovered", seat, card=card(move.card).id, science=cost))
    play_technology(state, seat, move.card, events)


def do_revolution(state: dict, seat: int, move: Revolution, events: list) -> None:
    """Change government by revolution (JA l.386-388)."""
    p = state["seats"][seat]
    why = can_revolt(state, seat, move.card)
    if why:
        raise Refused(why)
    cost = technology_cost(state, seat, card(move.card).id, peaceful=False)
    p["science"] -= cost
    pacts.partners_pay_science(state, seat, events)
    events.append(base.event("revolution", seat, card=card(move.card).id, science=cost))
    play_technology(state, seat, move.card, events, refund=False)
    p["revolted"] = True


def do_play(state: dict, seat: int, move: Play, events: list) -> None:
    """Play a leader (JA l.360-366) or an action card (JA l.352-358)."""
    p = state["seats"][seat]
    why = can_play(state, seat, move)
    if why:
        raise Refused(why)
    c = card(move.card)
    if c.kind == "leader":
        if move.then is not None:
            raise Refused(Msg("leader_no_action"))
        spend_civil(p)
        p["hand"].remove(move.card)
        if p["leader"]:
            state["discard"].append(p["leader"])  # JA l.362
        p["leader"] = move.card
        eco.refresh(p)
        events.append(base.event("leader", seat, card=c.id))
        return
    play_action(state, seat, move, c, events)


def play_action(state: dict, seat: int, move: Play, c, events: list) -> None:
    """Resolve an action card's effects, with the action it includes."""
    p = state["seats"][seat]
    kind = included(c)
    then = move.then
    wanted = {"build": Build, "upgrade": Upgrade, "wonder_stage": Wonder, "discover": Discover}.get(kind)
    if wanted is not None and not isinstance(then, wanted):
        raise Refused(Msg("say_what_it_does", card=name(c.id), hint=_then_hint(kind)))
    if wanted is None and then is not None:
        raise Refused(Msg("no_included"))
    spend_civil(p)
    p["hand"].remove(move.card)
    events.append(base.event("action", seat, card=c.id))
    for e in c.effects:
        op = e.op
        if op == "gain":
            p[e.stat] += e.amount
        elif op == "produce":
            events.append(produce_event(seat, e.stat, eco.produce(p, e.stat, e.amount)))
        elif op == "build":
            target = CARDS.get(then.card)
            if target is None or target.kind not in e.of:
                raise Refused(Msg("builds_a", card=name(c.id), types=e.of))
            do_build(state, seat, then, events, e.amount, action_card=True)
        elif op == "upgrade":
            if CARDS[then.src].kind not in ("farm", "mine", "urban"):
                raise Refused(Msg("upgrades_a", card=name(c.id)))
            do_upgrade(state, seat, then, events, e.amount, action_card=True)
        elif op == "wonder_stage":
            do_wonder(state, seat, Wonder(1, then.pay), events, e.amount, action_card=True)
        elif op == "populate":
            why = can_populate(p, action_card=True, extra=pacts.trade_extra(state, seat, "food"))
            if why:
                raise Refused(why)
            cost = increase_population(state, seat, False, events)
            events.append(base.event("populated", seat, food=cost, free=False))
            events.append(produce_event(seat, "food", eco.produce(p, "food", e.amount)))
        elif op == "discover":
            if card(then.card).kind == "government":
                raise Refused(Msg("breakthrough"))
            do_discover(state, seat, then, events, action_card=True)
            p["science"] += e.amount
        elif op == "this_turn":
            if e.stat == "military_actions":
                p["ma"] += e.amount
            else:
                p["mil_res"] += e.amount
        elif op in ("per_stronger", "per_richer"):
            each = e.by_players[state["players"] - 2]
            if op == "per_stronger":
                mine = strength(state, seat)  # the rating with the pacts' strength, as events read it
                n = sum(1 for i in range(state["players"]) if i != seat and strength(state, i) > mine)
                p["mil_res"] += each * n
            else:
                n = sum(1 for i, q in enumerate(state["seats"]) if i != seat and q["culture"] > p["culture"])
                p["culture"] += each * n
    state["discard"].append(move.card)


def _then_hint(kind: str) -> str:
    return {"build": "build <type> <card>", "upgrade": "upgrade <type> <from> <to>", "wonder_stage": "wonder",
            "discover": "discover <card>"}[kind]


def do_hold(state: dict, seat: int, move: Hold, events: list) -> None:
    """Produce one token less at this turn's mine production (optional rule)."""
    why = can_hold(state, seat)
    if why:
        raise Refused(why)
    state["seats"][seat]["hold"] = True
    events.append(base.event("hold", seat))


def do_done(state: dict, seat: int, move: Done, events: list) -> None:
    """End the action phase, or pass the political action: the frame is answered and the turn goes on."""
    frame = state["stack"].pop()
    state["phase"] = frame["resume"]
    events.append(base.event("done", seat, politics=True) if frame["kind"] == "politics" else base.event("done", seat))


def do_tactic(state: dict, seat: int, move: Tactic, events: list) -> None:
    """JA l.477-479: one military action; the tactic in play before it is discarded (only the latest counts)."""
    why = can_tactic(state, seat, move.card)
    if why:
        raise Refused(why)
    p = state["seats"][seat]
    p["ma"] -= 1
    p["mil_hand"].remove(move.card)
    if p["tactic"] is not None:
        military_discard(state, p["tactic"])
    p["tactic"] = move.card
    events.append(base.event("tactic", seat, card=move.card, strength=eco.ratings(p, state["options"])["strength"]))


def do_discard(state: dict, seat: int, move: Discard, events: list) -> None:
    """JA l.314-318: one military card over the limit leaves the hand; the step ends when the hand fits."""
    p = state["seats"][seat]
    if move.card not in p["mil_hand"]:
        raise Refused(Msg("not_in_mil_hand"))
    p["mil_hand"].remove(move.card)
    military_discard(state, move.card)
    events.append(base.event("military_discard", seat, age=MILITARY[kind_of(move.card)].age))
    events.append(base.event("military_discarded", seat, to=[seat], card=move.card))
    if len(p["mil_hand"]) <= pacts.military_hand_limit(state, seat):
        state["phase"] = state["stack"].pop()["resume"]


def do_event(state: dict, seat: int, move: Event, events: list) -> None:
    """The political action "prepare an event" (JA l.205-215); the political phase ends."""
    p = state["seats"][seat]
    if move.card not in p["mil_hand"] or MILITARY[kind_of(move.card)].kind not in PREPARED:
        raise Refused(Msg("event_not_in_hand"))
    resume = state["stack"].pop()["resume"]
    state["phase"] = resume
    prepare(state, seat, move.card, events, resume)


def do_choose(state: dict, seat: int, move: Choose, events: list) -> None:
    """An answer to an event choice (every concerned seat is asked at once)."""
    frame = state["stack"][-1]
    options = options_of(frame, seat)
    if move.option not in options:
        raise Refused(Msg("answer", choices=tuple(str(Choose(o)) for o in options)))
    answer_choice(state, seat, move.option, events)


def _political(state: dict) -> str:
    """The political action is taken: the politics frame leaves; returns the phase that follows it."""
    resume = state["stack"].pop()["resume"]
    state["phase"] = resume
    return resume


def do_aggression(state: dict, seat: int, move: Aggression, events: list) -> None:
    """JA l.268-290: an aggression; the defender answers (conflict.py)."""
    why = conflict.can_attack(state, seat, move.card, move.target, "aggression", move.units)
    if why:
        raise Refused(why)
    conflict.aggression(state, seat, move.card, move.target, move.units, _political(state), events)


def do_war(state: dict, seat: int, move: War, events: list) -> None:
    """JA l.310-312: a war declaration, resolved at the declarer's next turn."""
    why = conflict.can_attack(state, seat, move.card, move.target, "war")
    if why:
        raise Refused(why)
    _political(state)
    conflict.declare_war(state, seat, move.card, move.target, events)


def do_defend(state: dict, seat: int, move: Defend, events: list) -> None:
    """The defender's answer to an aggression or a war."""
    frame = state["stack"][-1]
    why = conflict.defence_problem(state, frame, move)
    if why:
        raise Refused(why)
    state["stack"].pop()
    state["phase"] = frame["resume"]
    conflict.defend(state, frame, move, events)


def do_sacrifice(state: dict, seat: int, move: Sacrifice, events: list) -> None:
    """The war declarer's sacrifice when its war is resolved."""
    if move.units:
        why = sacrifice.problem(state["seats"][seat], dict(move.units))
        if why:
            raise Refused(why)
    state["phase"] = state["stack"].pop()["resume"]
    conflict.declarer_sacrifice(state, seat, move.units, events)


def do_pact(state: dict, seat: int, move: Pact, events: list) -> None:
    """JA l.294-298: offer a pact; the other seat answers."""
    why = pacts.can_offer(state, seat, move.card, move.target, move.a)
    if why:
        raise Refused(why)
    pacts.offer(state, seat, move.card, move.target, move.a, _political(state), events)


def do_answer(state: dict, seat: int, move, events: list) -> None:
    """Accept or refuse the pact offered."""
    frame = state["stack"].pop()
    state["phase"] = frame["resume"]
    pacts.answer(state, frame, type(move) is Accept, events)


def do_cancel_pact(state: dict, seat: int, move: CancelPact, events: list) -> None:
    """JA l.306-308: cancel the pact you played."""
    if pacts.own(state, seat) is None:
        raise Refused(Msg("no_own_pact"))
    _political(state)
    pacts.cancel(state, seat, events)


def do_standing(state: dict, seat: int, move: Standing, events: list) -> None:
    """File a standing order (any time, asked or not)."""
    why = orders.problem(state, seat, move.topic, move.policy, move.seats)
    if why:
        raise Refused(why)
    orders.file(state, seat, move.topic, move.policy, move.seats, events)


HANDLERS = {Take: do_take, Build: do_build, Upgrade: do_upgrade, Destroy: do_destroy, Populate: do_populate,
            GrowUnit: do_grow_unit, Wonder: do_wonder, Discover: do_discover, Revolution: do_revolution,
            Play: do_play, Hold: do_hold, Tactic: do_tactic, Done: do_done, Discard: do_discard,
            Event: do_event, Choose: do_choose, Aggression: do_aggression, War: do_war, Defend: do_defend,
            Sacrifice: do_sacrifice, Pact: do_pact, Accept: do_answer, Refuse: do_answer, CancelPact: do_cancel_pact,
            Standing: do_standing}
ACTION_PHASE = (Take, Build, Upgrade, Destroy, Populate, GrowUnit, Wonder, Discover, Revolution, Play, Hold, Tactic,
                Done)  # the moves of the action phase
ROUND_ONE = (Take, Done)  # JA l.559-571: in the first round only cards are taken

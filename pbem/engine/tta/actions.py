"""The civil and military actions of the action phase (JA l.320-495): checks, costs and their effects."""
from __future__ import annotations

from .. import base
from . import conflict, orders, pacts, sacrifice
from . import economy as eco
from .board import ROW_COSTS, population_cost
from .cards import CARDS, card, kind_of
from .cards.military import MILITARY
from .events import answer_choice, options_of, prepare, strength
from .messages import Msg, error, quoted
from .military_deck import military_discard
from .moves import (Accept, Aggression, Build, CancelPact, Choose, Defend, Destroy, Discard, Discover, Done, Event,
                    GrowUnit, Hold, Pact, Play, Populate, Refuse, Revolution, Sacrifice, Standing, Tactic, Take,
                    Upgrade, War, Wonder, name)
from .politics import PREPARED


class Refused(Exception):
    """An action cannot be done now; `why` (a Msg: str() is English) says why (turned into IllegalMove with the
    command quoted)."""

    def __init__(self, why: Msg):
        if not isinstance(why, Msg):
            raise TypeError(f"Refused takes a Msg of messages.py, not {why!r}")
        super().__init__(str(why))
        self.why = why


def illegal(move, why: Msg) -> base.IllegalMove:
    """An IllegalMove that quotes the command, in every language of the catalog."""
    return error(base.IllegalMove, quoted(str(move), why), text=str(move))


# --- costs ---------------------------------------------------------------------


def rival_surcharge(state: dict, seat: int, c) -> int:
    """Bill Gates: other players pay 1 more to build or upgrade labs and libraries."""
    if c.subtype not in ("lab", "library"):
        return 0
    return max([eco.discount(q, "rival_lab_library") for i, q in enumerate(state["seats"]) if i != seat] + [0])


def build_cost(state: dict, seat: int, card_id: str, extra_discount: int = 0) -> int:
    """Resources to build on `card_id`, with the construction, leader and action-card discounts (never below 0)."""
    p = state["seats"][seat]
    c = CARDS[card_id]
    cost = c.build
    if c.kind == "urban":
        cost -= eco.discount(p, "urban_build", c.level)
        if c.subtype == "theater":
            cost -= eco.discount(p, "theater_build")
    elif c.kind == "unit" and any(w["on"] == seat for w in state["wars"]):
        cost -= eco.discount(p, "unit_build_at_war")  # Churchill: while a war is declared on you
    return max(0, cost - extra_discount)


def upgrade_cost(state: dict, seat: int, src: str, dst: str, extra_discount: int = 0) -> int:
    """JA l.430, l.599-615: the difference of the two discounted build costs (then action-card discounts)."""
    diff = build_cost(state, seat, dst) - build_cost(state, seat, src)
    return max(0, diff - extra_discount) + rival_surcharge(state, seat, CARDS[dst])


def science_cost(p: dict, card_id: str, peaceful: bool = True) -> int:
    """Science to discover `card_id` (governments: peaceful or by revolution), with the leaders' discounts."""
    c = CARDS[card_id]
    cost = (c.peaceful if peaceful else c.science) if c.kind == "government" else c.science
    if c.subtype == "theater":
        cost -= eco.discount(p, "theater_science")
    if c.kind == "unit":
        cost -= eco.discount(p, "unit_science")
    return max(0, cost)


def technology_cost(state: dict, seat: int, card_id: str, peaceful: bool = True) -> int:
    """Science `seat` pays for `card_id` now: with its leaders' discounts and its pacts' (Scientific Cooperation)."""
    p = state["seats"][seat]
    return max(0, science_cost(p, card_id, peaceful) - pacts.rate(state, seat, "technology_discount"))


def take_cost(p: dict, slot: int, card_id: str) -> int:
    """JA l.334-338: the slot's civil actions; a wonder costs 1 more per wonder you completed (Michelangelo -1)."""
    cost = ROW_COSTS[slot]
    if CARDS[card_id].kind == "wonder":
        cost += max(0, len(p["wonders"]) - eco.discount(p, "wonder_take"))
    return cost


def population_food(p: dict, free: bool = False) -> int | None:
    """Food for one more worker (Moses -1; Ocean Liner Service's free increase -5), or None: bank empty."""
    cost = population_cost(p["yellow"])
    if cost is None:
        return None
    cost -= eco.discount(p, "population_food")
    if free:
        cost -= eco.has_flag(p, "free_population_increase") or 0
    return max(0, cost)


# --- checks shared by legal() and apply() ------------------------------------------


def in_play(p: dict, card_id: str) -> bool:
    """Whether technology `card_id` is in play for `p`."""
    c = CARDS[card_id]
    if c.kind == "government":
        return kind_of(p["government"]) == card_id
    if c.kind == "special":
        return any(kind_of(x) == card_id for x in p["specials"].values())
    return card_id in p["workers"]


def can_take(state: dict, seat: int, slot: int, limit: int | None = None, budget: int | None = None) -> Msg | None:
    """Why `seat` may not take the card in `slot` (0-based), or None (`budget`: civil actions' worth to spend in
    place of its civil actions, International Agreement)."""
    p = state["seats"][seat]
    if not 0 <= slot < len(state["row"]):
        return Msg("no_slot")
    copy = state["row"][slot]
    if copy is None:
        return Msg("slot_empty")
    c = card(copy)
    cost = take_cost(p, slot, c.id)
    have = p["ca"] if budget is None else budget
    if have < cost:
        return Msg("ca_cost_1", have=have) if cost == 1 else Msg("ca_cost", cost=cost, have=have)
    if c.kind == "wonder":
        if p["wonder"] is not None:
            return Msg("building_wonder")  # JA l.346
        return None
    if len(p["hand"]) >= (eco.civil_hand_limit(p) if limit is None else limit):
        return Msg("hand_full", n=len(p["hand"]))  # JA l.342
    if c.kind == "leader" and c.age in p["leader_ages"]:
        return Msg("leader_age", age=c.age)  # JA l.344
    if c.is_technology and (in_play(p, c.id) or any(kind_of(h) == c.id for h in p["hand"])):
        return Msg("have_tech", card=c.name)  # JA l.350
    return None


def urban_room(p: dict, subtype: str) -> bool:
    """JA l.418-422: buildings of one type, over all its cards, stay within the government's limit."""
    return eco.count_type(p, subtype) < eco.urban_limit(p)


def resources(p: dict, military: bool = False) -> int:
    """Resources held (with the military-only ones when paying for units)."""
    return eco.amount(p, "resource") + (p["mil_res"] if military else 0)


def can_build(state: dict, seat: int, card_id: str, discount: int = 0, action_card: bool = False,
              res: int | None = None) -> Msg | None:
    """Why `seat` may not build on `card_id` now, or None (`res`: the resources, when the caller knows them)."""
    p = state["seats"][seat]
    c = CARDS.get(card_id)
    if c is None or card_id not in p["workers"]:
        return Msg("no_tech")
    if c.kind == "unit":
        if p["ma"] < 1:
            return Msg("no_ma")
    elif not action_card and p["ca"] < 1:
        return Msg("no_ca")
    if p["idle"] < 1:
        return Msg("no_idle")  # JA l.410
    if c.kind == "urban" and not urban_room(p, c.subtype):
        return Msg("urban_limit", n=eco.urban_limit(p), subtype=c.subtype)
    cost = build_cost(state, seat, card_id, discount) + rival_surcharge(state, seat, c)
    have = (resources(p) + pacts.trade_extra(state, seat, "resource") if res is None else res) \
        + (p["mil_res"] if c.kind == "unit" else 0)
    if have < cost:
        return Msg("res_cost", cost=cost, have=have)
    return None


def can_upgrade(state: dict, seat: int, src: str, dst: str, discount: int = 0, action_card: bool = False,
                res: int | None = None) -> Msg | None:
    """Why `seat` may not upgrade from `src` to `dst` now, or None."""
    p = state["seats"][seat]
    a, b = CARDS.get(src), CARDS.get(dst)
    if a is None or b is None or src not in p["workers"] or dst not in p["workers"]:
        return Msg("need_both")
    if (a.kind, a.subtype) != (b.kind, b.subtype) or a.kind == "special":
        return Msg("upgrade_type")  # JA l.428
    if b.level <= a.level:
        return Msg("upgrade_level")
    if p["workers"][src] < 1:
        return Msg("no_building_on", card=a.name)
    if a.kind == "unit":
        if p["ma"] < 1:
            return Msg("no_ma")
    elif not action_card and p["ca"] < 1:
        return Msg("no_ca")
    cost = upgrade_cost(state, seat, src, dst, discount)
    have = (resources(p) + pacts.trade_extra(state, seat, "resource") if res is None else res) \
        + (p["mil_res"] if a.kind == "unit" else 0)
    if have < cost:
        return Msg("res_cost", cost=cost, have=have)
    return None


def can_discover(state: dict, seat: int, copy: str, action_card: bool = False) -> Msg | None:
    """Why `seat` may not discover the technology `copy` now, or None."""
    p = state["seats"][seat]
    if copy not in p["hand"]:
        return Msg("not_in_hand")
    c = card(copy)
    if not c.is_technology:
        return Msg("not_tech", card=c.name)
    if not action_card and p["ca"] < 1:
        return Msg("no_ca")
    cost = technology_cost(state, seat, c.id)
    if p["science"] < cost:
        return Msg("sci_cost", cost=cost, have=p["science"])
    return None


def can_revolt(state: dict, seat: int, copy: str) -> Msg | None:
    """Why `seat` may not make a revolution to `copy` now, or None."""
    p = state["seats"][seat]
    if copy not in p["hand"] or card(copy).kind != "government":
        return Msg("gov_not_in_hand")
    if eco.has_flag(p, "revolution_spends_military"):
        if p["ma"] < eco.military_actions_max(p) or p["ma"] < 1:
            return Msg("robespierre")
    elif p.get("ca_used", p["ca"] < eco.civil_actions_max(p)) or p["revolted"] or p["ca"] < 1:
        return Msg("revolution_first")  # JA l.388: no civil action before it this turn (a state stored before
        # "ca_used" existed reads its full count)
    cost = technology_cost(state, seat, card(copy).id, peaceful=False)
    if p["science"] < cost:
        return Msg("sci_cost", cost=cost, have=p["science"])
    return None


def free_increase(p: dict) -> bool:
    """Whether the seat's next population increase is Ocean Liner Service's free one (no civil action, less food)."""
    return bool(eco.has_flag(p, "free_population_increase")) and not p["free_pop"]


def can_populate(p: dict, action_card: bool = False, extra: int = 0) -> Msg | None:
    """Why `p` may not increase its population now, or None (`extra`: food a Trade Routes Agreement adds)."""
    free = not action_card and free_increase(p)
    if not free and not action_card and p["ca"] < 1:
        return Msg("no_ca")
    cost = population_food(p, free)
    if cost is None:
        return Msg("yellow_empty")
    if eco.amount(p, "food") + extra < cost:
        return Msg("food_cost", cost=cost, have=eco.amount(p, "food") + extra)
    return None


def can_wonder(state: dict, seat: int, stages: int, discount: int = 0, action_card: bool = False) -> Msg | None:
    """Why `seat` may not build `stages` stages of its wonder now, or None."""
    p = state["seats"][seat]
    if p["wonder"] is None:
        return Msg("no_wonder")
    if not action_card and p["ca"] < 1:
        return Msg("no_ca")
    left = card(p["wonder"]).stages[p["stages"]:]
    if stages < 1 or stages > len(left):
        return Msg("stages_left", n=len(left))
    if stages > eco.wonder_stages_per_action(p):
        return Msg("stages_per_action", n=eco.wonder_stages_per_action(p))
    cost = max(0, sum(left[:stages]) - discount)
    have = resources(p) + pacts.trade_extra(state, seat, "resource")
    if have < cost:
        return Msg("res_cost", cost=cost, have=have)
    # JA l.454: each stage takes a blue token from the bank as its marker (the payment may free some).
    after = eco.payment(p, "resource", min(cost, resources(p)))
    back = sum(p["tokens"].values()) - sum(after.values()) if after is not None else 0
    if p["blue"] + back < stages:
        return Msg("no_blue_marker")
    return None


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
    spend_civil(p, take_cost(p, slot, card(state["row"][slot]).id))
    take_card(state, seat, slot, events)


def take_card(state: dict, seat: int, slot: int, events: list) -> None:
    """The card in `slot` (0-based) goes to the seat's hand (a wonder: under construction)."""
    p = state["seats"][seat]
    copy = state["row"][slot]
    c = card(copy)
    state["row"][slot] = None
    if c.kind == "wonder":
        p["wonder"], p["stages"] = copy, 0
    else:
        p["hand"].append(copy)
        p["new"].append(copy)
        if c.kind == "leader":
            p["leader_ages"].append(c.age)
    events.append(base.event("took", seat, card=c.id, slot=slot + 1))
    if c.is_technology:
        for _, e in eco.effects(p, "trigger"):
            if e.of == ("take_technology",) and e.stat == "science":  # Aristotle
                p["science"] += e.amount


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
    p["yellow"] -= 1
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
    p["yellow"] -= 1
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


def can_play(state: dict, seat: int, move: Play) -> Msg | None:
    """Why `seat` may not play leader or action card `move.card` now, or None."""
    p = state["seats"][seat]
    if move.card not in p["hand"]:
        return Msg("not_in_hand")
    c = card(move.card)
    if c.kind not in ("leader", "action"):
        return Msg("is_tech", card=c.name)
    if p["ca"] < 1:
        return Msg("no_ca")
    if c.kind == "action" and move.card in p["new"]:
        return Msg("action_new")  # JA l.356
    return None


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


def included(c) -> str | None:
    """The action an action card includes ("build", "upgrade", ...), or None."""
    for e in c.effects:
        if e.op in ("build", "upgrade", "wonder_stage", "populate", "discover"):
            return e.op
    return None


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


def can_hold(state: dict, seat: int) -> Msg | None:
    """Why `seat` may not hold back a blue token this turn, or None."""
    if not state["options"].get("corruption_choice"):
        return Msg("no_corruption_rule")
    if state["seats"][seat]["hold"]:
        return Msg("hold_already")
    return None


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


def can_tactic(state: dict, seat: int, copy: str) -> Msg | None:
    """Why tactic `copy` cannot be played now (None: it can)."""
    p = state["seats"][seat]
    if copy not in p["mil_hand"] or MILITARY[kind_of(copy)].kind != "tactic":
        return Msg("tactic_not_in_hand")
    if p["ma"] < 1:
        return Msg("no_ma_left")
    return None


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
    if len(p["mil_hand"]) <= eco.military_hand_limit(p):
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

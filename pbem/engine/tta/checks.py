"""What the actions of the action phase cost and why a seat may not take one now (JA l.320-495): the checks that
legal() and apply() share, below actions.py, which does the actions, and events.py, whose International Agreement
takes cards from the row with the same costs and checks."""
from __future__ import annotations

from . import economy as eco
from . import pacts
from .board import ROW_COSTS, free_yellow, population_cost
from .cards import CARDS, card, kind_of
from .cards.military import MILITARY
from .messages import Msg
from .moves import Play


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
    """Food for one more worker (Moses -1; Ocean Liner Service's free increase -5), or None: bank empty. A token of
    the free section costs none (board.py)."""
    if free_yellow(p):
        return 0
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


def revolution_turn(p: dict) -> bool:
    """Whether `p` made a revolution this turn that spent its civil actions: no other civil action may follow, not
    even one that costs none (Ocean Liner Service's increase); military actions may (JA l.388). A revolution under
    Robespierre spends the military actions instead and leaves the civil ones free (docs/tta.md)."""
    return bool(p["revolted"]) and not eco.has_flag(p, "revolution_spends_military")


def can_take(state: dict, seat: int, slot: int, limit: int | None = None, budget: int | None = None) -> Msg | None:
    """Why `seat` may not take the card in `slot` (0-based), or None (`budget`: civil actions' worth to spend in
    place of its civil actions, International Agreement)."""
    p = state["seats"][seat]
    if not 0 <= slot < len(state["row"]):
        return Msg("no_slot")
    copy = state["row"][slot]
    if copy is None:
        return Msg("slot_empty")
    if budget is None and revolution_turn(p):
        return Msg("revolution_turn")
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
    elif not action_card and revolution_turn(p):
        return Msg("revolution_turn")
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
    elif not action_card and revolution_turn(p):
        return Msg("revolution_turn")
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
    if not action_card and revolution_turn(p):
        return Msg("revolution_turn")
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
    if not action_card and revolution_turn(p):
        return Msg("revolution_turn")
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
    if not action_card and revolution_turn(p):
        return Msg("revolution_turn")
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


def can_play(state: dict, seat: int, move: Play) -> Msg | None:
    """Why `seat` may not play leader or action card `move.card` now, or None."""
    p = state["seats"][seat]
    if move.card not in p["hand"]:
        return Msg("not_in_hand")
    c = card(move.card)
    if c.kind not in ("leader", "action"):
        return Msg("is_tech", card=c.name)
    if revolution_turn(p):
        return Msg("revolution_turn")
    if p["ca"] < 1:
        return Msg("no_ca")
    if c.kind == "action" and move.card in p["new"]:
        return Msg("action_new")  # JA l.356
    return None


def included(c) -> str | None:
    """The action an action card includes ("build", "upgrade", ...), or None."""
    for e in c.effects:
        if e.op in ("build", "upgrade", "wonder_stage", "populate", "discover"):
            return e.op
    return None


def can_hold(state: dict, seat: int) -> Msg | None:
    """Why `seat` may not hold back a blue token this turn, or None."""
    if not state["options"].get("corruption_choice"):
        return Msg("no_corruption_rule")
    if state["seats"][seat]["hold"]:
        return Msg("hold_already")
    return None


def can_tactic(state: dict, seat: int, copy: str) -> Msg | None:
    """Why tactic `copy` cannot be played now (None: it can)."""
    p = state["seats"][seat]
    if copy not in p["mil_hand"] or MILITARY[kind_of(copy)].kind != "tactic":
        return Msg("tactic_not_in_hand")
    if p["ma"] < 1:
        return Msg("no_ma_left")
    return None

"""Through the Ages card faces in words for the board: name, age, cost and what the card does."""
from __future__ import annotations

from flask_babel import get_locale
from flask_babel import gettext as _

from ...engine.tta.cards import AGES, card
from ...engine.tta.cards.military import MILITARY
from ...engine.tta.moves import name
from . import face_words as W
from . import military_words as M

def _locale() -> str:
    """The reader's locale for the faces (English outside a request)."""
    try:
        return W.loc(get_locale())
    except RuntimeError:
        return "en"


def _rate(loc: str, stat: str, n: int) -> str:
    """A standing rate: "+1 culture", "カルチャー+1", "+2 to each colonization"."""
    t = W.CIVIL[loc]
    if stat in ("colonization", "civil_hand", "military_hand"):
        return t[stat].format(n=n)
    if stat == "military_resources":
        return t["military_resources"].format(q=W.amount(loc, "resource", n, True))
    return W.amount(loc, stat, n, True)


def _table(loc: str, by_players) -> str:
    return W.CIVIL[loc]["by_players"].format(*by_players)


def _effect(e, loc: str = "en") -> str:
    """One effect as a phrase in the reader's language (numbers from the card; rules the engine applies)."""
    t = W.CIVIL[loc]
    op, n = e.op, e.amount
    q = W.amount(loc, e.stat, n, True) if e.stat in W.NOUNS[loc] else ""
    if op == "rate":
        return _rate(loc, e.stat, n)
    if op == "per_unit":
        # Homer: Age A infantry (Warriors) only, at most 2 units.
        if 0 <= e.level < len(AGES):
            out = t["per_unit_age"].format(q=q, types=W.types(loc, e.of), age=AGES[e.level])
        else:
            out = t["per_unit"].format(q=q, types=W.types(loc, e.of))
        return out + (t["cap"].format(cap=e.cap) if e.cap else "")
    if op in ("per_building", "per_level", "per_face"):
        return t[op].format(q=q, types=W.types(loc, e.of))
    if op == "per_pair":
        first, second = (W.TYPES[loc][w] for w in e.of)
        return t["per_pair"].format(q=q, first=first, second=second)
    if op == "per_colony":
        return t["per_colony"].format(q=q)
    if op == "discount":
        if e.stat == "urban_build":  # one line for all ages: see _effects
            return t["urban_build"].format(list=t["urban_build_item"].format(age=AGES[e.level], n=n))
        what = {"theater_build": "resource", "theater_science": "science", "unit_science": "science",
                "unit_build_at_war": "resource", "wonder_take": "civil_actions", "population_food": "food",
                "rival_lab_library": "resource"}[e.stat]
        return t[e.stat].format(a=W.amount(loc, what, n))
    if op == "stages":
        return t["stages"].format(n=n)
    if op == "blue_tokens":
        return t["blue_tokens"].format(q=W.amount(loc, "blue", n, True))
    if op == "trigger":  # of: take_technology, play_technology
        if e.stat == "civil_actions":  # Newton: a spent civil action comes back
            return t["play_technology_back"].format(a=W.amount(loc, "civil_actions", n))
        return W.join(loc, [t[w].format(q=q) for w in e.of])
    if op == "flag":
        return t[e.stat].format(n=n, q=W.amount(loc, "culture", n, True), a=W.amount(loc, {
            "free_population_increase": "food", "grow_and_build_unit": "resource"}.get(e.stat, "culture"), n),
            food=W.amount(loc, "food", n))
    if op == "on_complete":
        q = W.amount(loc, "culture", n, True)
        if e.stat == "per_worker":
            return t["on_complete_worker"].format(q=q, types=W.types(loc, e.of))
        if e.of == ("technology",):
            return t["on_complete_technology"].format(q=q)
        return t["on_complete_level"].format(q=q, types=W.types(loc, e.of))
    if op in ("gain", "produce"):
        return t[op].format(a=W.amount(loc, e.stat, n))
    if op == "build":
        return t["build_urban" if "urban" in e.of else "build_farm_mine"].format(a=W.amount(loc, "resource", n))
    if op in ("upgrade", "wonder_stage"):
        return t[op].format(a=W.amount(loc, "resource", n))
    if op == "populate":
        return t["populate"].format(a=W.amount(loc, "food", n))
    if op == "discover":
        return t["discover"].format(a=W.amount(loc, "science", n))
    if op == "this_turn":
        what = "military_actions" if e.stat == "military_actions" else "resource"
        return t["this_turn_" + e.stat].format(q=W.amount(loc, what, n, True))
    if op in ("per_stronger", "per_richer"):
        return t[op].format(table=_table(loc, e.by_players))
    raise KeyError(f"no words for the effect op {op!r}")


def _effects(c, loc: str) -> list[str]:
    """The phrases of a card's effects; the construction technologies' discounts by age make one phrase."""
    t = W.CIVIL[loc]
    urban = [e for e in c.effects if e.op == "discount" and e.stat == "urban_build"]
    out = []
    for e in c.effects:
        if e in urban:
            if e is urban[0]:
                out.append(t["urban_build"].format(list=W.comma(loc, [
                    t["urban_build_item"].format(age=AGES[u.level], n=u.amount) for u in urban])))
            continue
        out.append(_effect(e, loc))
    return out


def cost_words(c) -> str:
    """What the card costs to put in play (row costs are shown by the row)."""
    if c.kind == "government":
        return _("science %(peaceful)d (revolution %(revolution)d)", peaceful=c.peaceful or 0,
                 revolution=c.science or 0)
    parts = []
    if c.science is not None:
        parts.append(_("science %(n)d", n=c.science))
    if c.build is not None:
        parts.append(_("build %(n)d resources", n=c.build))
    if c.stages:
        parts.append(_("stages %(costs)s resources", costs="+".join(map(str, c.stages))))
    return ", ".join(parts)


def does_words(c, locale: str | None = None) -> str:
    """What the card gives, in words: yields per worker, a government's actions, then its effects."""
    loc = W.loc(locale) if locale else _locale()
    t = W.CIVIL[loc]
    parts = []
    per_worker = [(c.food, "food"), (c.resource, "resource"), (c.science_yield, "science"), (c.culture, "culture"),
                  (c.happy, "happy"), (c.strength, "strength")]
    yields = W.comma(loc, [W.amount(loc, what, n, True) for n, what in per_worker if n])
    if c.holds_workers and yields:
        parts.append(t["per_worker" if c.kind != "unit" else "per_unit_yield"].format(yields=yields))
    elif yields:
        parts.append(yields)
    if c.kind == "government":
        parts.append(t["government"].format(ca=W.amount(loc, "civil_actions", c.civil_actions),
                                            ma=W.amount(loc, "military_actions", c.military_actions),
                                            limit=c.urban_limit))
    parts += _effects(c, loc)
    return W.join(loc, parts)


def type_words(c, locale: str | None = None) -> str:
    """The face's type line: the subtype (lab, infantry, warfare) or the kind (leader, wonder)."""
    loc = W.loc(locale) if locale else _locale()
    key = c.subtype or c.kind
    return W.TYPES[loc].get(key, key.replace("_", " "))


def tta_card(copy: str | None) -> dict | None:
    """A card's face for the board: id, name, age, kind and type, cost and effect in words."""
    if not copy:
        return None
    c = card(copy)
    return {"id": c.id, "name": name(copy), "age": c.age, "kind": c.kind, "subtype": c.subtype,
            "type": type_words(c), "cost": cost_words(c), "does": does_words(c)}


def _per(loc: str, amount_words: str, per: str) -> str:
    """An amount counted per something: "+1 culture per colony", "植民地1つにつきカルチャー+1"."""
    if per not in M.PER[loc]:  # none, or counted by its own phrase (wonder_by_age, half_cost_up)
        return amount_words
    return f"{M.PER[loc][per]}{amount_words}" if loc == "ja" else f"{amount_words} {M.PER[loc][per]}"


def _outcome(o, loc: str) -> str:
    """What one military effect does, without its subject."""
    t = M.MIL[loc]
    n, stat = o.amount, o.stat
    nouns = W.NOUNS[loc]
    q = _per(loc, W.amount(loc, stat, n, True), o.per) if stat in nouns else ""
    a = _per(loc, W.amount(loc, stat, n), o.per) if stat in nouns else ""
    if o.op in ("gain", "produce"):
        if o.per == "wonder_by_age":
            return t["wonder_by_age"].format(*o.table, q=W.amount(loc, stat, o.table[0], True))
        if o.op == "produce" and o.per in ("farm_food", "mine_resource"):
            return t["produce:" + o.per]
        if o.per in ("half_cost_up", "half_cost_down"):
            return t[o.per]
        if stat in ("food_or_resource", "food_and_resource"):
            return t[stat].format(n=n)
        return q + (t["cap"].format(cap=o.cap) if o.cap else "")
    if o.op == "lose":
        return t["lose:" + stat].format(n=n, a=a)
    if o.op == "take":
        src = t.get("src:" + o.who, M.WHO[loc]["rival"])
        if stat == "food_and_resource":
            q = _per(loc, t["take:food_and_resource_q"].format(n=n), o.per)
        elif stat == "yellow_bank":
            q = _per(loc, W.amount(loc, "yellow", n), o.per)
        elif stat == "science_or_special":
            q = _per(loc, W.amount(loc, "science", n), o.per)
        else:
            q = a
        return t["take:" + stat].format(q=q, src=src)
    if o.op == "populate":
        return t["populate"].format(n=n)
    if o.op == "free_build":
        return t["free_build:" + stat]
    if o.op == "draw":
        return t["draw"].format(a=W.amount(loc, "card", n))
    if o.op == "take_cards":
        return t["take_cards"].format(a=W.amount(loc, "civil_actions", n), n=n)
    if o.op == "rank":
        table = t["rank_table"].format(*("/".join(map(str, row)) for row in o.table))
        return t["rank:" + stat].format(table=table)
    if o.op == "rate":
        if stat in ("attack_bonus", "technology_discount"):
            return t["rate:" + stat].format(n=n)
        if stat in ("yellow", "blue"):
            return t["rate:" + stat].format(q=W.amount(loc, stat, n, True))
        return q
    if o.op == "rule":
        return _per(loc, t["rule:" + stat].format(n=n, a=W.amount(loc, "science", n)), o.per) \
            if loc != "ja" or not o.per else M.PER[loc][o.per] + t["rule:" + stat].format(n=n)
    raise KeyError(f"no words for the military op {o.op!r}")


def military_does(m, locale: str | None = None) -> str:
    """What a military card does, in words: the effects by whom they touch; a tactic's army; a bonus's values."""
    loc = W.loc(locale) if locale else _locale()
    t = M.MIL[loc]
    if m.kind == "tactic":
        units = W.comma(loc, [f"{k} {W.TYPES[loc][kind]}" if loc != "ja" else f"{W.TYPES[loc][kind]}{k}"
                              for kind, k in m.requires])
        out = t["tactic"].format(units=units, q=W.amount(loc, "strength", m.strength, True))
        if m.outdated is not None:
            out += t["tactic_outdated"].format(q=W.amount(loc, "strength", m.outdated, True))
        return out
    if m.kind == "bonus":
        return t["bonus"].format(d=m.defense, c=m.colonization)
    if not m.effects:
        return t["nothing"]
    who = M.WHO[loc]
    if m.kind == "territory":
        colony = W.comma(loc, [_outcome(o, loc) for o in m.effects if o.op == "rate"])
        once = W.comma(loc, [_outcome(o, loc) for o in m.effects if o.op != "rate"])
        return W.join(loc, [t["colony"].format(what=colony), t["colonized"].format(what=once)])
    groups: list[tuple[str, list[str]]] = []  # consecutive effects on the same players read as one phrase
    for o in m.effects:
        if groups and groups[-1][0] == o.who:
            groups[-1][1].append(_outcome(o, loc))
        else:
            groups.append((o.who, [_outcome(o, loc)]))
    parts = [t["who"].format(who=who[w], what=W.comma(loc, whats)) for w, whats in groups]
    if m.kind == "aggression":
        return t["attack"].format(what=W.join(loc, parts))
    if m.kind == "war":
        parts.append(t["war_tie"])
    return W.join(loc, parts)


def military_cost(m, locale: str | None = None) -> str:
    """What an aggression or war costs to play (military actions); nothing for the other military cards."""
    loc = W.loc(locale) if locale else _locale()
    t = M.MIL[loc]
    if m.kind not in ("aggression", "war"):
        return ""
    if m.military_actions is None:
        return t["cost_leader" if m.key == "assassinate" else "cost_wonder"]
    return t["cost"].format(ma=W.amount(loc, "military_actions", m.military_actions))


def tta_military_card(copy: str | None) -> dict | None:
    """A military card's face: id, name, age, kind, type, cost and effect in words (as tta_card)."""
    if not copy:
        return None
    m = MILITARY[copy.split(":", 1)[0]]
    loc = _locale()
    return {"id": m.id, "name": name(copy), "age": m.age, "kind": m.kind, "subtype": "",
            "type": W.TYPES[loc][m.kind], "cost": military_cost(m, loc), "does": military_does(m, loc)}

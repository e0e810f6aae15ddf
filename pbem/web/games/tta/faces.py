"""Through the Ages card faces in words for the board: name, age, cost and what the card does."""
from __future__ import annotations

from flask_babel import gettext as _

from ....engine.tta.cards import AGES, CARDS, card
from ....engine.tta.moves import name

# Rated quantities as the card faces print them.
STATS = {"culture": "culture", "science": "science", "strength": "strength", "happy": "happy faces",
         "civil_actions": "civil actions", "military_actions": "military actions", "civil_hand": "civil hand limit",
         "military_hand": "military hand limit", "colonization": "colonization", "food": "food",
         "resource": "resources", "military_resources": "resources for military use"}


def _stat(stat: str) -> str:
    return STATS.get(stat, stat.replace("_", " "))


def _of(of: tuple) -> str:
    return " or ".join(w.replace("_", " ") for w in of)


def _effect(e) -> str:
    """One effect as a short phrase (numbers from the card; rules the engine applies)."""
    op, n = e.op, e.amount
    if op == "rate":
        return f"{n:+d} {_stat(e.stat)}"
    if op in ("per_unit", "per_building", "per_level", "per_face", "per_pair"):
        unit = {"per_unit": "unit", "per_building": "building", "per_level": "level of",
                "per_face": "happy face from", "per_pair": "pair of"}[op]
        # Homer: Age A infantry (Warriors) only, at most 2 units.
        scope = f" of Age {AGES[e.level]}" if op == "per_unit" and 0 <= e.level < len(AGES) else ""
        cap = f" (at most {e.cap})" if e.cap else ""
        return f"{n:+d} {_stat(e.stat)} per {unit} {_of(e.of)}{scope}{cap}"
    if op == "discount":
        level = f" (Age {AGES[e.level]})" if 0 <= e.level < len(AGES) else ""
        return f"{n} less: {e.stat.replace('_', ' ')}{level}"
    if op == "stages":
        return f"up to {n} wonder stages per civil action"
    if op == "blue_tokens":
        return f"{n} more blue tokens"
    if op == "trigger":  # of: take_technology, play_technology
        return f"{n:+d} {_stat(e.stat)} each time you " + " or ".join(
            w.replace("_", " a ", 1) for w in e.of)
    if op == "flag":
        return e.stat.replace("_", " ") + (f" ({n})" if n else "")
    if op == "on_complete":
        return f"when completed: {n} culture per {e.stat.removeprefix('per_').replace('_', ' ')} of {_of(e.of)}"
    if op in ("gain", "produce", "this_turn"):
        return f"once: {n:+d} {_stat(e.stat)}"
    if op in ("build", "upgrade", "wonder_stage"):
        what = {"build": "build a " + _of(e.of).replace("urban", "new urban building"), "upgrade": "upgrade a building",
                "wonder_stage": "build a wonder stage"}[op]
        return f"once: {what}, {n} resources less"
    if op == "populate":
        return f"once: increase the population, then {n:+d} food"
    if op == "discover":
        return f"once: discover a technology, then {n:+d} science"
    if op in ("per_stronger", "per_richer"):
        return f"once: {_stat(e.stat)} by player count {'/'.join(map(str, e.by_players))}"
    return op.replace("_", " ")


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


def does_words(c) -> str:
    """What the card gives, in words: yields per worker, a government's actions, then its effects."""
    parts = []
    per_worker = [(c.food, "food"), (c.resource, "resources"), (c.science_yield, "science"), (c.culture, "culture"),
                  (c.happy, "happy faces"), (c.strength, "strength")]
    yields = ", ".join(f"+{n} {what}" for n, what in per_worker if n)
    if c.holds_workers and yields:
        parts.append(f"{yields} per worker" if c.kind != "unit" else f"{yields} per unit")
    elif yields:
        parts.append(yields)
    if c.kind == "government":
        parts.append(f"{c.civil_actions} civil, {c.military_actions} military actions; "
                     f"{c.urban_limit} buildings of a type")
    parts += [_effect(e) for e in c.effects]
    return "; ".join(parts)


def tta_card(copy: str | None) -> dict | None:
    """A card's face for the board: id, name, age, kind and type, cost and effect in words."""
    if not copy:
        return None
    c = card(copy)
    return {"id": c.id, "name": name(copy), "age": c.age, "kind": c.kind, "subtype": c.subtype,
            "type": (c.subtype or c.kind).replace("_", " "), "cost": cost_words(c), "does": does_words(c)}


def tta_cards_of(ids) -> list[dict]:
    """Faces of several cards (ids or copies) in the order given."""
    return [tta_card(i) for i in ids if i and i.split(":", 1)[0] in CARDS]

"""Short constructors the age modules write their cards with (ids from the age and a key)."""
from __future__ import annotations

from .schema import Card, Effect


def _id(age: str, key: str) -> str:
    return f"civ/{age}/{key}"


def farm(age, key, name, *, science, build, food, copies):
    """A card or effect record (see cards/schema.py)."""
    return Card(_id(age, key), name, age, "farm", science=science, build=build, food=food, copies=copies)


def mine(age, key, name, *, science, build, resource, copies):
    """A card or effect record (see cards/schema.py)."""
    return Card(_id(age, key), name, age, "mine", science=science, build=build, resource=resource, copies=copies)


def urban(age, key, name, subtype, *, science, build, copies, science_yield=0, culture=0, happy=0, strength=0):
    """A card or effect record (see cards/schema.py)."""
    return Card(_id(age, key), name, age, "urban", subtype, science=science, build=build, copies=copies,
                science_yield=science_yield, culture=culture, happy=happy, strength=strength)


def unit(age, key, name, subtype, *, science, build, strength, copies):
    """A card or effect record (see cards/schema.py)."""
    return Card(_id(age, key), name, age, "unit", subtype, science=science, build=build, strength=strength,
                copies=copies)


def government(age, key, name, *, revolution, peaceful, ca, ma, limit, copies, effects=(), aliases=()):
    """A card or effect record (see cards/schema.py)."""
    return Card(_id(age, key), name, age, "government", science=revolution, peaceful=peaceful,
                civil_actions=ca, military_actions=ma, urban_limit=limit, copies=copies, effects=tuple(effects),
                aliases=tuple(aliases))


def special(age, key, name, subtype, *, science, copies, effects):
    """A card or effect record (see cards/schema.py)."""
    return Card(_id(age, key), name, age, "special", subtype, science=science, copies=copies, effects=tuple(effects))


def wonder(age, key, name, stages, effects):
    """A card or effect record (see cards/schema.py)."""
    return Card(_id(age, key), name, age, "wonder", stages=tuple(stages), copies=(1, 1, 1), effects=tuple(effects))


def leader(age, key, name, effects, aliases=()):
    """A card or effect record (see cards/schema.py)."""
    return Card(_id(age, key), name, age, "leader", copies=(1, 1, 1), effects=tuple(effects), aliases=tuple(aliases))


def action(age, key, name, effects, copies=(1, 1, 1)):
    """A card or effect record (see cards/schema.py)."""
    return Card(_id(age, key), name, age, "action", copies=copies, effects=tuple(effects))


def rate(stat, amount):
    """A card or effect record (see cards/schema.py)."""
    return Effect("rate", stat, amount)


def flag(stat, amount=0):
    """A card or effect record (see cards/schema.py)."""
    return Effect("flag", stat, amount)


def once(op, stat="", amount=0, of=(), by_players=()):
    """A card or effect record (see cards/schema.py)."""
    return Effect(op, stat, amount, tuple(of), by_players=tuple(by_players))


def per(op, stat, amount, of, cap=0, level=-1):
    """A card or effect record (see cards/schema.py)."""
    return Effect(op, stat, amount, tuple(of), cap=cap, level=level)


def discount(stat, amount, level=-1):
    """A card or effect record (see cards/schema.py)."""
    return Effect("discount", stat, amount, level=level)


def stages(n):
    """A card or effect record (see cards/schema.py)."""
    return Effect("stages", amount=n)


def blue_tokens(n):
    """A card or effect record (see cards/schema.py)."""
    return Effect("blue_tokens", amount=n)

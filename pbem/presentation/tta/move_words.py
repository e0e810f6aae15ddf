"""Each Through the Ages move as a button says it, in the reader's language: what it does, never the command.

The command a button sends stays beside it (its title and small print, shown with players named); these words are
what the reader reads. Card names stay as printed, in English.
"""
from __future__ import annotations

from flask_babel import get_locale, gettext as _, ngettext

from ...engine.tta import moves as M
from ...engine.tta.cards import card, kind_of
from ...engine.tta.cards.military import MILITARY
from ...engine.tta.checks import build_cost, free_increase, population_food, technology_cost, upgrade_cost
from ...engine.tta.moves import name
from .face_words import TYPES


def type_word(kind: str) -> str:
    """A card type in the reader's language ("infantry" -> 歩兵), as the card faces word it."""
    locale = str(get_locale() or "en")
    return TYPES.get(locale, TYPES["en"]).get(kind, kind)


def who(seat: int, names) -> str:
    """A seat by its player's name (else "player N" in the reader's language)."""
    if names and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return _("player %(n)d", n=seat + 1)


def units_words(units: tuple) -> str:
    """Units given up, in words: "2 Knights, Swordsmen" (card names as printed)."""
    return ", ".join(name(cid) if n == 1 else f"{n} {name(cid)}" for cid, n in units)


def cost_of(state: dict, seat: int, move) -> str:
    """What a move costs, in words ("" when it costs nothing worth saying)."""
    p = state["seats"][seat]
    if isinstance(move, M.Build):
        return ngettext("%(num)d resource", "%(num)d resources", build_cost(state, seat, move.card))
    if isinstance(move, M.Upgrade):
        return ngettext("%(num)d resource", "%(num)d resources", upgrade_cost(state, seat, move.src, move.dst))
    if isinstance(move, M.Discover):
        return _("%(n)d science, 1 civil action", n=technology_cost(state, seat, kind_of(move.card), True))
    if isinstance(move, M.Revolution):
        return _("%(n)d science and all your civil actions",
                 n=technology_cost(state, seat, kind_of(move.card), False))
    if isinstance(move, M.Populate) and not move.pay:
        free = free_increase(p)
        food = population_food(p, free)
        if food is None:
            return ""
        if free:  # Ocean Liner Service's free increase
            return ngettext("%(num)d food, no civil action", "%(num)d food, no civil action", food)
        return ngettext("%(num)d food, 1 civil action", "%(num)d food, 1 civil action", food)
    if isinstance(move, M.Wonder) and p["wonder"]:
        stages = card(p["wonder"]).stages[p["stages"]:p["stages"] + move.stages]
        return ngettext("%(num)d resource, 1 civil action", "%(num)d resources, 1 civil action", sum(stages))
    if isinstance(move, M.Play) and move.then is None and card(move.card).kind in ("leader", "action"):
        return _("1 civil action")
    if isinstance(move, M.Tactic):
        return _("1 military action")
    return ""


def _choose(option: str) -> str:
    if "/" in option:
        return _("Give up %(card)s", card=name(option))
    if option.endswith(" food"):
        k = int(option.split()[0])
        return _("Take %(food)d as food, the rest as resources", food=k)
    return {"food": _("Food"), "resource": _("Resources"), "build": _("Build it"),
            "skip": _("Skip")}.get(option, option)


def move_words(state: dict, seat: int, move, names=()) -> str:
    """What `move` does, in words, for a button: "Take Iron", "Attack Bob with Raid I", "Discard Knights"."""
    if isinstance(move, M.Take):
        return _("Take %(card)s", card=name(state["row"][move.slot - 1]))
    if isinstance(move, M.Build):
        return _("Build %(card)s", card=name(move.card))
    if isinstance(move, M.Upgrade):
        return _("Upgrade %(src)s to %(dst)s", src=name(move.src), dst=name(move.dst))
    if isinstance(move, M.Destroy):
        if card(move.card).kind == "unit":
            return _("Disband one %(card)s", card=name(move.card))
        return _("Destroy one %(card)s", card=name(move.card))
    if isinstance(move, M.Populate):
        return _("Increase population")
    if isinstance(move, M.GrowUnit):
        return _("Increase population and build %(card)s", card=name(move.card))
    if isinstance(move, M.Wonder):
        return ngettext("Build %(num)d stage of your wonder", "Build %(num)d stages of your wonder", move.stages)
    if isinstance(move, M.Discover):
        return _("Discover %(card)s", card=name(move.card))
    if isinstance(move, M.Revolution):
        return _("Revolution to %(card)s", card=name(move.card))
    if isinstance(move, M.Play):
        if move.then is not None:
            return _("Play %(card)s: %(then)s", card=name(move.card), then=move_words(state, seat, move.then, names))
        return _("Play %(card)s", card=name(move.card))
    if isinstance(move, M.Hold):
        return _("Produce one resource less this turn")
    if isinstance(move, M.Tactic):
        return _("Play the tactic %(card)s", card=name(move.card))
    if isinstance(move, M.Event):
        return _("Prepare %(card)s as a future event", card=name(move.card))
    if isinstance(move, M.Choose):
        return _choose(move.option)
    if isinstance(move, M.Discard):
        return _("Discard %(card)s", card=name(move.card))
    if isinstance(move, M.Done):
        return _("Done")
    if isinstance(move, M.Bid):
        return _("Bid %(n)d", n=move.amount)
    if isinstance(move, M.Pass):
        return _("Leave the bidding")
    if isinstance(move, M.Colonize):
        if not move.units and not move.bonus:
            return _("Colonize, paying the cheapest way")
        return _("Colonize, sacrificing %(units)s", units=units_words(move.units) or "-") + (
            " " + _("with bonus cards %(bonus)s", bonus=" ".join(
                f"+{MILITARY[kind_of(c)].colonization}" for c in move.bonus)) if move.bonus else "")
    if isinstance(move, M.FreeColony):
        return _("Colonize %(card)s at no cost", card=name(move.card))
    if isinstance(move, M.Aggression):
        out = _("Attack %(who)s with %(card)s", who=who(move.target, names), card=name(move.card))
        if move.units:
            out += " " + _("(sacrificing %(units)s)", units=units_words(move.units))
        return out
    if isinstance(move, M.War):
        return _("Declare %(card)s on %(who)s", card=name(move.card), who=who(move.target, names))
    if isinstance(move, M.Defend):
        if not move.cards and not move.units:
            return _("Do not defend")
        parts = []
        if move.cards:
            parts.append(_("defence cards %(bonus)s", bonus=" ".join(
                f"+{MILITARY[kind_of(c)].defense}" for c in move.cards)))
        if move.units:
            parts.append(_("sacrificing %(units)s", units=units_words(move.units)))
        return _("Defend: %(how)s", how=", ".join(parts))
    if isinstance(move, M.Sacrifice):
        if not move.units:
            return _("Sacrifice no unit")
        return _("Sacrifice %(units)s", units=units_words(move.units))
    if isinstance(move, M.Pact):
        side = "A" if move.a == seat else "B"
        return _("Offer %(card)s to %(who)s (you take side %(side)s)", card=name(move.card),
                 who=who(move.target, names), side=side)
    if isinstance(move, M.Accept):
        return _("Accept the pact")
    if isinstance(move, M.Refuse):
        return _("Refuse the pact")
    if isinstance(move, M.CancelPact):
        return _("Cancel your pact")
    if isinstance(move, M.StandingBid):
        if move.limit is None:
            return _("Ask me at each bid")
        return _("Bid up to %(n)d without asking me", n=move.limit)
    return _("Send this command")  # a move the page has no words for: the command is beside it


def short_words(state: dict, seat: int, move) -> str:
    """The words of a button drawn on the card it acts on ("Upgrade one to Irrigation (2 resources)"), or ""
    where the full label reads best."""
    cost = cost_of(state, seat, move)
    if isinstance(move, M.Build):
        return _("Build one (%(cost)s)", cost=cost)
    if isinstance(move, M.Upgrade):
        return _("Upgrade one to %(card)s (%(cost)s)", card=name(move.dst), cost=cost)
    if isinstance(move, M.Destroy):
        return _("Disband one") if card(move.card).kind == "unit" else _("Destroy one")
    if isinstance(move, (M.Discover, M.Revolution, M.Play)):
        words = _("Discover") if isinstance(move, M.Discover) else _("Revolution") \
            if isinstance(move, M.Revolution) else _("Play")
        return _("%(what)s (%(cost)s)", what=words, cost=cost) if cost else words
    return ""


def labelled(state: dict, seat: int, move, names=()) -> str:
    """The button's words with the cost: "Build Iron (3 resources)"."""
    words = move_words(state, seat, move, names)
    cost = cost_of(state, seat, move)
    return _("%(what)s (%(cost)s)", what=words, cost=cost) if cost else words

"""The Through the Ages move panels: take a card from the row, build and upgrade with the cost shown, the rest."""
from __future__ import annotations

from flask_babel import get_locale, gettext as _, ngettext

from ...engine.tta.checks import (build_cost, free_increase, population_food, take_cost, technology_cost,
                                    upgrade_cost)
from ...engine.tta.cards import card, kind_of
from ...engine.tta.economy import amount
from ...engine.tta.effects import uprising_ahead
from ...engine.tta.moves import Build, Discover, Done, Play, Populate, Revolution, Take, Upgrade, Wonder, name
from .face_words import TYPES
from ..panels import MAX_BUTTONS, Choice, Panel, generic_panels

KNOWN = (Take, Build, Upgrade, Discover, Revolution, Done)


def _choices_panel(title: str, choices: list[Choice], note: str = "") -> Panel:
    """Buttons for a few choices, a list for many (a list sends at once, so it asks no "Really?")."""
    return Panel("buttons" if len(choices) <= MAX_BUTTONS else "select", title, choices, note=note)


def _takes(state: dict, seat: int, moves: list[Take]) -> Panel:
    p = state["seats"][seat]
    choices = []
    for m in moves:
        copy = state["row"][m.slot - 1]
        cost = take_cost(p, m.slot - 1, card(copy).id)
        choices.append(Choice(str(m), ngettext("Take %(card)s (slot %(slot)d): %(num)d civil action",
                                               "Take %(card)s (slot %(slot)d): %(num)d civil actions", cost,
                                               card=name(copy), slot=m.slot)))
    # Always buttons, one per card (at most the 13 slots): a card is taken by clicking it.
    return Panel("buttons", _("Take a card from the row"), choices,
                 note=ngettext("You have %(num)d civil action left.", "You have %(num)d civil actions left.", p["ca"]))


def type_word(kind: str) -> str:
    """A card type in the reader's language ("infantry" -> 歩兵), as the card faces word it."""
    locale = str(get_locale() or "en")
    return TYPES.get(locale, TYPES["en"]).get(kind, kind)


def _builds(state: dict, seat: int, moves: list) -> Panel:
    choices = []
    for m in moves:
        if isinstance(m, Build):
            label = ngettext("Build %(card)s (%(type)s): %(num)d resource",
                             "Build %(card)s (%(type)s): %(num)d resources", build_cost(state, seat, m.card),
                             card=name(m.card), type=type_word(card(m.card).subtype or card(m.card).kind))
        else:
            label = ngettext("Upgrade %(src)s to %(dst)s: %(num)d resource",
                             "Upgrade %(src)s to %(dst)s: %(num)d resources", upgrade_cost(state, seat, m.src, m.dst),
                             src=name(m.src), dst=name(m.dst))
        choices.append(Choice(str(m), label, confirm=True))
    p = state["seats"][seat]
    # Two counts, each with its own plural form, in a sentence whose spacing is the translator's.
    note = _("%(resources)s %(workers)s You confirm before anything is paid.",
             resources=ngettext("You have %(num)d resource.", "You have %(num)d resources.", amount(p, "resource")),
             workers=ngettext("%(num)d unused worker.", "%(num)d unused workers.", p["idle"]))
    return _choices_panel(_("Build or upgrade"), choices, note)


def _technologies(state: dict, seat: int, moves: list) -> Panel:
    p = state["seats"][seat]
    choices = []
    for m in moves:
        peaceful = isinstance(m, Discover)
        verb = _("Discover %(card)s: %(n)d science") if peaceful else _("Revolution: %(card)s for %(n)d science")
        cost = technology_cost(state, seat, kind_of(m.card), peaceful)
        choices.append(Choice(str(m), verb % {"card": name(m.card), "n": cost}, confirm=True))
    return _choices_panel(_("Play a technology"), choices, _("You have %(n)d science.", n=p["science"]))


def _cost(state: dict, seat: int, move) -> str:
    """What a move of the "other actions" costs, in words, when the command does not say it: a population
    increase's food and civil action, a leader's or an action card's civil action."""
    p = state["seats"][seat]
    if isinstance(move, Populate) and not move.pay:
        free = free_increase(p)
        food = population_food(p, free)
        if food is None:
            return ""
        if free:
            return ngettext("%(num)d food, no civil action", "%(num)d food, no civil action", food)
        return ngettext("%(num)d food, 1 civil action", "%(num)d food, 1 civil action", food)
    if isinstance(move, Play) and move.then is None and card(move.card).kind in ("leader", "action"):
        return _("1 civil action")
    if isinstance(move, Wonder) and not move.pay and p["wonder"]:
        stages = card(p["wonder"]).stages[p["stages"]:p["stages"] + move.stages]
        return ngettext("%(num)d resource, 1 civil action", "%(num)d resources, 1 civil action", sum(stages))
    return ""


def panels(state: dict, seat: int, legal: list, locale: str) -> list:
    """The panels for `seat`'s legal TtA moves: the row first, then building, technologies, the rest, done."""
    out = []
    takes = [m for m in legal if isinstance(m, Take)]
    if takes:
        out.append(_takes(state, seat, takes))
    builds = [m for m in legal if isinstance(m, (Build, Upgrade))]
    if builds:
        out.append(_builds(state, seat, builds))
    techs = [m for m in legal if isinstance(m, (Discover, Revolution))]
    if techs:
        out.append(_technologies(state, seat, techs))
    # Leaders, action cards, population, wonders, destroying: buttons or a list, as the engine writes them.
    rest = [m for m in legal if not isinstance(m, KNOWN)]
    if rest:
        rest_panel = generic_panels(None, state, seat, rest, locale)[0]
        rest_panel.title = _("Other actions")
        for move, choice in zip(rest, rest_panel.choices):
            cost = _cost(state, seat, move)
            if cost:
                choice.label = f"{choice.label} ({cost})"
            # What pays resources asks "Really?" first, as the build buttons do.
            choice.confirm = choice.confirm or isinstance(move, Wonder) or (isinstance(move, Play) and bool(move.then))
        out.append(rest_panel)
    if any(isinstance(m, Done) for m in legal):
        if state["stack"] and state["stack"][-1]["kind"] == "politics":
            # Passing the political action: the actions come next, and it can be taken back (no "Really?").
            out.append(Panel("buttons", _("Political action"), [Choice("done", _("No political action this turn"))]))
        else:
            label = _("Done: production and the next player follow")
            if uprising_ahead(state["seats"][seat], state["options"]):
                label = _("Done, with an uprising: nothing is produced this turn; the next player follows")
            out.append(Panel("buttons", _("End your actions"), [Choice("done", label, confirm=True)]))
    return out

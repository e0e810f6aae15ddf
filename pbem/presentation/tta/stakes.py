"""What is at stake in a Through the Ages political action, in words: the card's effect, its military-action cost,
and the duel (your strength against the target's, and what the target could still add)."""
from __future__ import annotations

from flask_babel import gettext as _, ngettext

from ...engine.tta import moves as M
from ...engine.tta.cards.military import MILITARY
from ...engine.tta.conflict import cost as attack_cost
from ...engine.tta.effects import strength
from ...engine.tta.pacts import attack_bonus
from ...engine.tta.sacrifice import value as sacrifice_value
from .faces import military_does
from .move_words import who


def _card(copy: str):
    return MILITARY[copy.split(":", 1)[0]]


def duel(state: dict, seat: int, target: int, units: tuple = (), names=()) -> list[str]:
    """Your strength against the target's, and the military cards the target holds that could add to its
    defence."""
    yours = strength(state, seat) + sacrifice_value(state["seats"][seat], dict(units)) \
        + attack_bonus(state, seat, target)
    held = len(state["seats"][target]["mil_hand"])
    return [_("Your strength %(yours)d against %(who)s's %(theirs)d", yours=yours, who=who(target, names),
              theirs=strength(state, target)),
            ngettext("%(who)s holds %(num)d military card that could add to the defence",
                     "%(who)s holds %(num)d military cards that could add to the defence", held,
                     who=who(target, names))]


def politics_note(state: dict, seat: int, move, names=()) -> str:
    """The stakes of one political option beyond what its card does: an attack's military-action cost and the
    duel (parts joined by " · ", which reads in every language); a war's timing; a cancelled pact's end."""
    if isinstance(move, (M.Aggression, M.War)):
        n = attack_cost(state, move.card, move.target)
        parts = [ngettext("costs %(num)d military action", "costs %(num)d military actions", n)]
        parts += duel(state, seat, move.target, getattr(move, "units", ()), names)
        if isinstance(move, M.War):
            parts.append(_("a war is settled at the start of your next turn"))
        return " · ".join(parts)
    if isinstance(move, M.CancelPact):
        return _("Your pact ends; its effects stop at once.")
    return ""


def card_stakes(move) -> str:
    """What the card of a political option does, in words ("" for an option without a card)."""
    copy = getattr(move, "card", None)
    return military_does(_card(copy)) if copy and copy.split(":", 1)[0] in MILITARY else ""

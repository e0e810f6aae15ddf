"""The Through the Ages move panels: each button in words beside what it acts on (the row's cards, the board's
columns, the banks, the hand), the rest in panels for what is asked now: politics with its stakes, discards in one
form, the end of the actions."""
from __future__ import annotations

from flask import g
from flask_babel import gettext as _, ngettext

from ...engine.tta import moves as M
from ...engine.tta.effects import uprising_ahead
from ...engine.tta.legal_moves import pending
from ..panels import MAX_BUTTONS, Choice, Panel
from .move_words import labelled, move_words, short_words
from .stakes import card_stakes, politics_note

# Moves the board draws beside what they act on, and where.
PLACED = (M.Take, M.Build, M.Upgrade, M.Destroy, M.Populate, M.GrowUnit, M.Wonder, M.Discover, M.Revolution,
          M.Tactic)
# Moves that pay resources, science or give something up for good: they ask "Really?" first.
CONFIRMED = (M.Build, M.Upgrade, M.Destroy, M.Wonder, M.Discover, M.Revolution, M.Aggression, M.War)
POLITICS = (M.Aggression, M.War, M.Pact, M.Event, M.CancelPact, M.FreeColony)


def seat_names() -> list[str]:
    """The seats' names the page set for this request (game_page), so buttons name players as the board does."""
    return list(g.get("seat_names") or ())


def _at(move) -> str:
    """Where the board draws a move's button: the row slot, the card, the bank, the hand card."""
    if isinstance(move, M.Take):
        return f"slot:{move.slot}"
    if isinstance(move, (M.Build, M.Destroy)):
        return f"card:{move.card}"
    if isinstance(move, M.Upgrade):
        return f"card:{move.src}"
    if isinstance(move, (M.Populate, M.GrowUnit)):
        return "bank"
    if isinstance(move, M.Wonder):
        return "wonder"
    if isinstance(move, (M.Discover, M.Revolution)):
        return f"hand:{move.card}"
    if isinstance(move, M.Tactic):
        return f"mil:{move.card}"
    return ""


def _choice(state: dict, seat: int, move, names) -> Choice:
    return Choice(str(move), labelled(state, seat, move, names), confirm=isinstance(move, CONFIRMED))


def _placed(state: dict, seat: int, legal: list, names) -> Panel | None:
    choices = []
    for m in legal:
        if isinstance(m, PLACED):
            c = _choice(state, seat, m, names)
            c.at = _at(m)
            if isinstance(m, M.Take):
                c.label = move_words(state, seat, m, names)  # the card shows what taking it costs
            c.short = short_words(state, seat, m)
            choices.append(c)
        elif isinstance(m, M.Play) and m.then is None:
            c = _choice(state, seat, m, names)
            c.at = f"hand:{m.card}"
            choices.append(c)
    return Panel("placed", _("On the board"), choices) if choices else None


def _list(title: str, choices: list[Choice], note: str = "") -> Panel:
    """Buttons for a few choices, a list for many (a list sends at once, so it asks no "Really?")."""
    return Panel("buttons" if len(choices) <= MAX_BUTTONS else "select", title, choices, note=note)


def _politics(state: dict, seat: int, moves: list, names) -> list[Panel]:
    """One panel per card played as the political action: what the card does once, then a button per target
    with its cost and the duel."""
    by_card: dict[str, list] = {}
    for m in moves:
        by_card.setdefault(getattr(m, "card", "") or "", []).append(m)
    out = []
    for copy, options in by_card.items():
        choices = []
        for m in options:
            c = _choice(state, seat, m, names)
            c.note = politics_note(state, seat, m, names)
            choices.append(c)
        out.append(Panel("buttons", M.name(copy) if copy else _("Political action"), choices,
                         note=card_stakes(options[0])))
    out[0].note = _("One political action a turn, before your actions. Attacks ask “Really?” first.") \
        + (" " + out[0].note if out[0].note else "")
    return out


def _discards(state: dict, seat: int, moves: list) -> Panel:
    keep = next(((pr.data or {}).get("limit") for pr in pending(state) if pr.seat == seat and pr.kind == "discard"),
                None)
    items = [{"value": str(m), "label": move_words(state, seat, m)} for m in moves]
    note = _("Tick the cards to discard and send them together.")
    if keep is not None:
        note = ngettext("You may keep %(num)d military card.", "You may keep %(num)d military cards.", keep) \
            + " " + note
    return Panel("lines", _("Discard military cards"), [], note=note, data={"items": items})


def _play_with(state: dict, seat: int, moves: list, names) -> list[Panel]:
    """Action cards that include an action: one panel per card, its variants as buttons or a list."""
    out = []
    by_card: dict[str, list] = {}
    for m in moves:
        by_card.setdefault(m.card, []).append(m)
    for copy, variants in by_card.items():
        # The card's own discount changes the cost of the action it includes: the words name the action only.
        choices = [Choice(str(m), move_words(state, seat, m.then, names), confirm=True) for m in variants]
        out.append(_list(_("Play %(card)s", card=M.name(copy)), choices))
    return out


def _done(state: dict, seat: int, move) -> Panel:
    if state["stack"] and state["stack"][-1]["kind"] == "politics":
        # Passing the political action: the actions come next, and it can be taken back (no "Really?").
        return Panel("buttons", _("No political action"), [Choice(str(move), _("No political action this turn"))])
    label = _("Done: production and the next player follow")
    if uprising_ahead(state["seats"][seat], state["options"]):
        label = _("Done, with an uprising: nothing is produced this turn; the next player follows")
    return Panel("buttons", _("End your actions"), [Choice(str(move), label, confirm=True)])


def panels(state: dict, seat: int, legal: list, locale: str) -> list:
    """The panels for `seat`'s legal TtA moves: the ones the board draws, then what is asked now, done last."""
    names = seat_names()
    out = []
    placed = _placed(state, seat, legal, names)
    politics = [m for m in legal if isinstance(m, POLITICS)]
    if politics:
        out += _politics(state, seat, politics, names)
    discards = [m for m in legal if isinstance(m, M.Discard)]
    if discards:
        out.append(_discards(state, seat, discards))
    out += _play_with(state, seat, [m for m in legal if isinstance(m, M.Play) and m.then is not None], names)
    rest = [m for m in legal if not isinstance(m, PLACED + POLITICS + (M.Discard, M.Done, M.Play))]
    if rest:
        out.append(_list(_("Your answer") if not any(isinstance(m, M.Hold) for m in rest) else _("Other actions"),
                         [_choice(state, seat, m, names) for m in rest]))
    done = next((m for m in legal if isinstance(m, M.Done)), None)
    if done is not None:
        out.append(_done(state, seat, done))
    if placed is not None:
        out.append(placed)
    return out

"""Stone Age on the web: the drawn board's template globals, its move panels, and how its events group into phases."""
from __future__ import annotations

from typing import Mapping

from flask import Blueprint
from flask_babel import get_locale
from flask_babel import lazy_gettext as _l

from ..games import OptionWords, Presentation
from .drawing import card_face, drawing
from .forms import panels
from .villages import villages

bp = Blueprint("stone_age_board", __name__, template_folder="templates", static_folder="static",
               static_url_path="/static/games/stone-age")


def stone_age_names(game) -> list[str]:
    """The seats' names by position, from the game's seats (for a board drawn without the page's names)."""
    names: dict[int, str] = {s.position: s.display_name for s in getattr(game, "seats", ()) if s.position is not None}
    return [names.get(i, "") for i in range(max(names, default=-1) + 1)]


def stone_age_card_face(card_id: str) -> dict | None:
    """A civilization card's two halves in the reader's words."""
    return card_face(card_id, str(get_locale() or "en"))


def stone_age_phase(event: Mapping) -> str | None:
    """The phase of the round a Stone Age event belongs to (None: whatever phase is running)."""
    kind = event.get("kind")
    if kind == "placed":
        return "place"
    if kind in ("fed", "short", "starved"):
        return "feed"
    if kind == "revealed" and "slot" in event:
        return "refill"  # the card row is refilled after feeding, before the next round begins
    if kind == "game_over":
        return "end"
    if kind == "used_card":
        return None  # allowed at any time
    return "act"


def stone_age_score_changes(event: Mapping, scores: list[int]) -> list[int]:
    """The score track after a Stone Age event (only buildings, point cards, starving and the end change it)."""
    kind, seat = event.get("kind"), event.get("seat")
    if kind == "game_over":
        return list(event["scores"])
    delta = {"built": "points", "points": "n", "starved": "points"}.get(kind)
    if delta is None or seat is None:
        return scores
    scores = list(scores)
    scores[seat] += int(event.get(delta) or 0)
    return scores


YES_NO = {False: _l("No"), True: _l("Yes")}
OPTIONS = {
    "tie_break": OptionWords(
        _l("Equal final scores"),
        _l("Who wins a tie: the rulebook compares agriculture first, then the total value of tools, then the "
           "number of people; the sum adds the three up (the English rulebook and the online help)."),
        {"rulebook": _l("Agriculture, then tools, then people"), "sum": _l("Agriculture + tools + people")}),
    "expansion": OptionWords(
        _l("Expansion"),
        _l("Style is the Goal: up to 5 players, ornaments, a trading post and trade track, a 5th card space, "
           "9 new cards and 9 new buildings, with the values this server's host entered from their own copy of the "
           "game."),
        {"none": _l("None (the base game)"), "style": _l("Style is the Goal")}),
    "spielbox_buildings": OptionWords(
        _l("The 6 older bonus buildings (spielbox)"),
        _l("With the expansion only: shuffle in the 6 older bonus building tiles from spielbox; the expansion's "
           "rules call them optional."),
        YES_NO),
    "tools_on_card_dice": OptionWords(
        _l("Tools on the dice cards"),
        _l("May tools be added to the roll of 2 dice of the wood, stone and gold dice cards? The publisher's "
           "Japanese rulebook says no; the English rulebook says yes."),
        YES_NO),
    "agriculture_surplus": OptionWords(
        _l("Agriculture above the number of people"),
        _l("When agriculture gives more food than the people eat: the rulebook keeps the surplus in the stock; "
           "Brettspielwelt lets agriculture only lower what must be paid."),
        {"kept": _l("The surplus is kept"), "lost": _l("The surplus is lost")}),
}


PRESENTATION = Presentation(
    board_template="stone-age/board.html",
    panels=panels,
    event_phase=stone_age_phase,
    phase_names={"place": _l("Placing people"), "act": _l("Using the places"), "feed": _l("Feeding the people"),
                 "refill": _l("New cards for the row"), "end": _l("Game over")},
    score_changes=stone_age_score_changes,
    template_globals={"stone_age_drawing": drawing, "stone_age_villages": villages, "stone_age_names": stone_age_names,
                      "stone_age_card_face": stone_age_card_face},
    stylesheet="board.css",
    example="place 3 forest",
    options=OPTIONS,
    blueprint=bp,
)

"""Through the Ages on the web: the board's template globals, its move panels, and how its events group into phases."""
from __future__ import annotations

from typing import Mapping

from flask import Blueprint
from flask_babel import lazy_gettext as _l

from ...engine.tta.cards.military import MILITARY
from ...engine.tta.moves import name as tta_name
from ..games import OptionWords, Presentation
from .faces import tta_card, tta_military_card
from .forms import panels
from .table import tta_table

bp = Blueprint("tta_board", __name__, template_folder="templates", static_folder="static",
               static_url_path="/static/games/tta")

ACTION_EVENTS = {"took", "built", "upgraded", "destroyed", "populated", "wonder_stage", "wonder_done", "discovered",
                 "revolution", "leader", "action", "done"}
# The end of a turn: production and maintenance, then the military draw (JA l.497-545). "consumed" and the draw
# belong here, so the farms' and mines' production around them is told under this heading, not the next turn's.
PRODUCTION_EVENTS = {"uprising", "scored", "consumed", "famine", "corruption", "military_draw", "military_cards",
                     "military_reshuffle"}
# Events of any part of a turn: a one-time gain (a colony, an event, a card), a payment made with Trade Routes.
# They go with the move's events around them (web/history.py), not under a heading of their own.
ANY_PART = {"produced", "traded"}


def prompt_stakes(prompt) -> str:
    """The face of the military card a pact offer, an event's choice or a territory's bid is about ("Promise of
    Military Protection: ..."): the prompt's words name it, the face says what accepting or winning it does."""
    copy = (prompt.data or {}).get("card")
    if prompt.kind not in ("pact_answer", "event_choice", "bid", "colonize") or not copy \
            or copy.split(":", 1)[0] not in MILITARY:
        return ""
    face = tta_military_card(copy)
    return f"{face['name']}: {face['does']}"


def tta_phase(event: Mapping) -> str | None:
    """The part of a player's turn a TtA event belongs to (None: the part of the events around it)."""
    kind = event.get("kind")
    if kind in ANY_PART:
        return None
    if kind in ACTION_EVENTS:
        return "actions"
    if kind in PRODUCTION_EVENTS:
        return "production"
    if kind == "game_over":
        return "end"
    return "turn"  # a new turn, the row refilled, an age ending


OPTIONS = {
    "internet_culture": OptionWords(
        _l("Internet: culture per lab and library"),
        _l("When Internet is completed, each lab and library gives culture per level: 1 as printed on the card, "
           "or 2 as the card tables say."),
        {1: _l("1 (the card)"), 2: _l("2 (the card tables)")}),
    "st_peters_bonus": OptionWords(
        _l("St. Peter's Basilica with Michelangelo or Joan of Arc"),
        _l("St. Peter's Basilica doubles happy faces. Do Michelangelo and Joan of Arc count them doubled (the "
           "plain reading) or single?"),
        {"doubled": _l("Doubled"), "single": _l("Single")}),
    "corruption_choice": OptionWords(
        _l("Producing one resource less (optional rule)"),
        _l("An optional rule agreed before the game: at mine production a player may produce one blue token less, "
           "with the command “hold”."),
        {False: _l("No"), True: _l("Yes")}),
}


PRESENTATION = Presentation(
    board_template="tta/board.html",
    panels=panels,
    event_phase=tta_phase,
    phase_names={"turn": _l("New turn and card row"), "actions": _l("Actions"),
                 "production": _l("Production and maintenance"), "end": _l("Game over")},
    template_globals={"tta_card": tta_card, "tta_military_card": tta_military_card, "tta_table": tta_table,
                      "tta_name": tta_name},
    stylesheet="board.css",
    example="take 1",
    options=OPTIONS,
    prompt_stakes=prompt_stakes,
    summary=_l("the whole game: technologies, buildings, wonders, leaders, action cards, the "
               "card row, military cards, tactics and armies, events, territories with their bidding, aggressions, "
               "wars and pacts, with standing orders for defence, pacts and bids."),
    blueprint=bp,
)

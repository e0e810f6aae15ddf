"""Stone Age on the web: the board's template globals, its move panels, and how its events group into phases."""
from __future__ import annotations

from typing import Mapping

from flask import Blueprint
from flask_babel import lazy_gettext as _l

from ...engine.stone_age.cards import (
    BUILDINGS,
    BY_PLAYERS,
    CIV_CARDS,
    CULTURES,
    DICE_ITEMS,
    MULTIPLIERS,
    PLACES,
    RESOURCES,
    ROW_COSTS,
)
from ..games import OptionWords, Presentation
from .forms import panels

bp = Blueprint("stone_age_board", __name__, template_folder="templates", static_folder="static",
               static_url_path="/static/games/stone-age")


def stone_age_card(card_id: str | None) -> dict | None:
    """The civilization card `card_id` as {"id", "top", "bottom"}; the dice card's top also lists its items."""
    data = CIV_CARDS.get(card_id) if card_id else None
    if data is None:
        return None
    top = dict(data["top"])
    if top["kind"] == "dice_roll_items":
        top["items"] = [{"face": face, "item": item} for face, item in sorted(DICE_ITEMS.items())]
    return {"id": card_id, "top": top, "bottom": dict(data["bottom"])}


def stone_age_building(tile_id: str | None) -> dict | None:
    """The building tile `tile_id` with its cost as [{"res", "n"}] in resource order (fixed tiles)."""
    data = BUILDINGS.get(tile_id) if tile_id else None
    if data is None:
        return None
    tile = {"id": tile_id, **data}
    if data["kind"] == "fixed":
        tile["cost"] = [{"res": r, "n": data["cost"][r]} for r in RESOURCES if r in data["cost"]]
        tile["size"] = sum(data["cost"].values())
    return tile


def stone_age_places(players: int) -> dict:
    """The places of a `players`-seat board: resource places, village places, the card row costs and the limits."""
    limits = BY_PLAYERS.get(players, BY_PLAYERS[4])
    places = [{"id": pid, **info} for pid, info in PLACES.items()]
    return {
        "dice": [p for p in places if p["kind"] == "dice"],
        "village": [p for p in places if p["kind"] == "village"],
        "row_costs": list(ROW_COSTS),
        "village_places": limits["village_places"],
        "colours": limits["colours"],
    }


def stone_age_tableau(card_ids) -> dict:
    """Bought cards summed for final scoring: culture symbols in rule order, distinct count, multipliers by kind."""
    bottoms = [CIV_CARDS[c]["bottom"] for c in card_ids or () if c in CIV_CARDS]
    symbols = [b["culture"] for b in bottoms if "culture" in b]
    cultures = [{"culture": c, "n": symbols.count(c)} for c in CULTURES if c in symbols]
    multipliers = [{"multiplier": m, "n": sum(b["count"] for b in bottoms if b.get("multiplier") == m)}
                   for m in MULTIPLIERS]
    return {"cultures": cultures, "distinct": len(cultures),
            "multipliers": [m for m in multipliers if m["n"]]}


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
           "9 new cards and 9 new buildings. Some printed values of the new cards and tiles are provisional."),
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
    template_globals={"stone_age_card": stone_age_card, "stone_age_building": stone_age_building,
                      "stone_age_places": stone_age_places, "stone_age_tableau": stone_age_tableau},
    stylesheet="board.css",
    example="place 3 forest",
    options=OPTIONS,
    blueprint=bp,
)

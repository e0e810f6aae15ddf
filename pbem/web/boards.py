"""What board templates need to know about game data (Stone Age cards, tiles, places), as template globals."""
from __future__ import annotations

from flask import Flask

from ..engine.stone_age.cards import (
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

# Player colours of the box, by seat; templates always print a name and a shape beside them.
SEAT_COLOURS = ("red", "blue", "green", "yellow")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond")


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


def init_app(app: Flask) -> None:
    """Register the lookups as Jinja globals (idempotent)."""
    app.jinja_env.globals.update(
        stone_age_card=stone_age_card, stone_age_building=stone_age_building,
        stone_age_places=stone_age_places, stone_age_tableau=stone_age_tableau,
        seat_colours=SEAT_COLOURS, seat_shapes=SEAT_SHAPES,
    )

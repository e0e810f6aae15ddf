"""Small builders for TtA positions shared by the service and integration tests."""
from __future__ import annotations


def pull_military(state: dict, card_id: str, seat: int) -> str:
    """Move a copy of military card `card_id` from its draw deck to `seat`'s military hand."""
    deck = state["mil_decks"][card_id.split("/")[1]]
    copy = next(c for c in deck if c.startswith(card_id + ":"))
    deck.remove(copy)
    state["seats"][seat]["mil_hand"].append(copy)
    return copy


def set_warriors(state: dict, counts: dict[int, int]) -> None:
    """Give each seat (by position) that many Warriors, the workers taken from its yellow bank."""
    for seat, warriors in counts.items():
        p = state["seats"][seat]
        p["yellow"] -= warriors - p["workers"]["civ/A/warriors"]
        p["workers"]["civ/A/warriors"] = warriors


def at_politics_of_seat_0(game) -> None:
    """Seat 0 at its political phase with all its actions; the arranged state stored, and the position asked
    afresh: nobody has been mailed about what came before the arrangement (an app context, in the test's setup)."""
    from sqlalchemy.orm.attributes import flag_modified

    from pbem import engine
    from pbem.engine.tta import economy as eco
    from pbem.extensions import db
    from pbem.models import Outbox
    from pbem.play.moves import Waits, advance

    state = game.state
    first = state["seats"][0]
    first["ca"], first["ma"] = eco.civil_actions_max(first), eco.military_actions_max(first)
    state["stack"] = [{"kind": "politics", "seat": 0, "resume": "discard"}]
    state["turn"], state["phase"] = 0, "politics"
    game.state = state
    flag_modified(game, "state")
    db.session.execute(db.delete(Outbox))
    for seat in game.seats:
        seat.prompt_version = None
    advance(game, engine.get("tta"), Waits(game))
    db.session.commit()

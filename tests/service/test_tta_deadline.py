"""Through the Ages in the service: a defence or an event choice left unanswered is answered at the deadline by the
bot's default (docs/tta.md), an order filed by a seat that is not asked is accepted, and commands name players."""
from __future__ import annotations

from datetime import timedelta

from sqlalchemy.orm.attributes import flag_modified

from tta_positions import pull_military

from pbem import engine, play
from pbem.extensions import db
from pbem.models import Game


def _at_politics(game) -> None:
    """Round 2, seat 0 (6 Warriors, Raid I in hand) at its political phase; seat 1 has 2 Warriors and +4."""
    state = game.state
    state["round"] = 2
    for seat, n in ((0, 6), (1, 2)):
        p = state["seats"][seat]
        p["yellow"] -= n - p["workers"]["civ/A/warriors"]
        p["workers"]["civ/A/warriors"] = n
    pull_military(state, "mil/I/raid", 0)
    pull_military(state, "mil/II/bonus", 1)
    state["stack"] = [{"kind": "politics", "seat": 0, "resume": "discard"}]
    state["phase"] = "politics"
    state["seats"][0]["ma"] = 2
    flag_modified(game, "state")  # changed in place
    db.session.commit()


def test_an_unanswered_defence_gets_the_cheapest_sufficient_one_at_the_deadline(make_game):
    """The defender is asked (and mailed); at its deadline the bot answers: the cheapest sufficient defence."""
    game = make_game("tta", turn_seconds=3600)
    game.timeout_extensions, game.replace_after = 0, 5
    _at_politics(game)
    assert play.submit(game.id, 0, "aggression raid i player 2", "web", "raid-1").ok
    game = db.session.get(Game, game.id)
    bob = game.seat_at(1)
    assert bob.deadline is not None and game.seat_at(0).deadline is None
    done = play.expire_turn(game.id, 1, bob.deadline + timedelta(minutes=1))
    assert done and "defend with +4" in done
    state = db.session.get(Game, game.id).state
    assert state["seats"][1]["mil_hand"] == [] and state["seats"][1]["workers"]["civ/A/warriors"] == 2


def test_a_standing_order_from_a_seat_not_asked_is_applied(make_game):
    game = make_game("tta", turn_seconds=3600)
    outcome = play.submit(game.id, 1, "standing defence cheapest", "web", "order-1")
    assert outcome.ok and outcome.applied == ["standing defence cheapest"], outcome.to_dict()
    assert db.session.get(Game, game.id).state["orders"] == {"1": {"defence": "cheapest"}}


def test_a_command_names_the_target_by_the_seats_name(make_game):
    """The service passes the seats' names to parse: "aggression raid i <name>" attacks that seat; the move's
    text still says "player 2" (replays need no names)."""
    from pbem.presentation.words import seat_names

    game = make_game("tta", turn_seconds=3600)
    _at_politics(game)
    name = seat_names(game)[1]
    outcome = play.submit(game.id, 0, "aggression raid i Nobody", "web", "raid-unknown")
    assert not outcome.ok and f"you can name: {name} (player 2)" in str(outcome.to_dict()), outcome.to_dict()
    outcome = play.submit(game.id, 0, f"aggression raid i {name}", "web", "raid-by-name")
    assert outcome.ok and outcome.applied == ["aggression Raid I player 2"], outcome.to_dict()


def test_an_unanswered_event_choice_gets_its_default_at_the_deadline(make_game):
    """Border Conflict: the weakest (seat 1) is asked which building it loses; at its deadline the bot answers the
    default, the lowest level (docs/tta.md)."""
    game = make_game("tta", turn_seconds=3600)
    game.timeout_extensions, game.replace_after = 0, 5
    _at_politics(game)
    state = game.state
    pull_military(state, "mil/I/pestilence", 0)
    top = next(c for d in state["mil_decks"].values() for c in d if c.startswith("mil/I/border_conflict:"))
    state["mil_decks"]["I"].remove(top)
    state["current"].insert(0, top)
    flag_modified(game, "state")
    db.session.commit()
    assert play.submit(game.id, 0, "event pestilence", "web", "event-1").ok
    game = db.session.get(Game, game.id)
    assert [(p.seat, p.kind) for p in engine.get("tta").pending(game.state)] == [(1, "event_choice")]
    bob = game.seat_at(1)
    done = play.expire_turn(game.id, 1, bob.deadline + timedelta(minutes=1))
    assert done and "choose Agriculture" in done, done

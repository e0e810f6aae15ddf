"""Deadlines, reminders and the host's timeout policy, with the clock passed in."""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select

from pbem import play
from pbem.deadlines import deadline_after, deadline_after_pause, play_time, reminder_due
from pbem.extensions import db
from pbem.models import Move, Outbox


def test_weekend_pause_skips_saturday_and_sunday():
    friday_noon = datetime(2026, 11, 20, 12, 0)
    assert deadline_after(friday_noon, 24 * 3600) == datetime(2026, 11, 21, 12, 0)
    # Twelve hours of Friday are left; the other twelve run from Monday 00:00.
    assert deadline_after(friday_noon, 24 * 3600, weekend_pause=True) == datetime(2026, 11, 23, 12, 0)
    saturday = datetime(2026, 11, 21, 9, 0)
    assert deadline_after(saturday, 3600, weekend_pause=True) == datetime(2026, 11, 23, 1, 0)


def test_a_pause_keeps_the_play_time_left_whatever_weekends_it_spans():
    wednesday = datetime(2026, 11, 18, 12, 0)
    deadline = deadline_after(wednesday, 2 * 86400, weekend_pause=True)  # Friday noon
    assert play_time(wednesday, deadline, weekend_pause=True) == timedelta(days=2)
    assert play_time(datetime(2026, 11, 20, 18), datetime(2026, 11, 23, 6), weekend_pause=True) == timedelta(hours=12)
    # On vacation from Thursday noon (one day of play left) to Saturday noon: the day runs from Monday 00:00,
    # not "the deadline plus two days of hours", which would land on Sunday and expire on Monday morning.
    moved = deadline_after_pause(deadline, datetime(2026, 11, 19, 12), datetime(2026, 11, 21, 12), weekend_pause=True)
    assert moved == datetime(2026, 11, 24, 0, 0)
    # Back early (Friday 12:00 instead of Saturday noon): the day left runs from then.
    assert deadline_after_pause(moved, datetime(2026, 11, 21, 12), datetime(2026, 11, 20, 12),
                                weekend_pause=True) == datetime(2026, 11, 23, 12, 0)
    # Without the weekend pause a pause is plain hours.
    assert deadline_after_pause(wednesday, wednesday - timedelta(hours=5), wednesday + timedelta(days=3)) == \
        wednesday + timedelta(days=3, hours=5)


def test_reminders_come_24_and_4_hours_before():
    deadline = datetime(2026, 11, 25, 12, 0)
    assert not reminder_due(deadline, 0, deadline - timedelta(hours=25))
    assert reminder_due(deadline, 0, deadline - timedelta(hours=23))
    assert not reminder_due(deadline, 1, deadline - timedelta(hours=5))
    assert reminder_due(deadline, 1, deadline - timedelta(hours=3))
    assert not reminder_due(deadline, 2, deadline - timedelta(hours=1))
    assert not reminder_due(deadline, 0, deadline + timedelta(hours=1))


def kinds() -> list[str]:
    return [row.kind for row in db.session.scalars(select(Outbox).order_by(Outbox.id))]


def test_policy_extends_then_plays_the_bot_then_replaces(make_game):
    game = make_game(turn_seconds=3600)
    game.timeout_extensions, game.replace_after = 1, 2
    db.session.commit()
    ann = game.seat_at(0)
    start = ann.deadline
    assert play.expire_turn(game.id, 0, start - timedelta(minutes=1)) is None  # not due yet
    done = play.expire_turn(game.id, 0, start + timedelta(seconds=1))
    assert "extended" in done and ann.deadline == start + timedelta(seconds=3601)
    assert play.expire_turn(game.id, 0, start + timedelta(seconds=2)) is None  # a second beat finds nothing due
    done = play.expire_turn(game.id, 0, ann.deadline + timedelta(seconds=1))
    assert "the bot played take" in done
    move = db.session.scalars(select(Move).where(Move.game_id == game.id)).one()
    assert (move.seat, move.source) == (0, "timeout")
    assert game.seat_at(1).prompt_version == 1  # bob is asked next, as after any move
    assert kinds().count("notice") == 4  # each step is told to both players
    assert play.replay(game) == []


def test_after_n_bot_turns_the_bot_keeps_the_seat(make_game):
    game = make_game(turn_seconds=3600, options={"pile": 40})
    game.timeout_extensions, game.replace_after = 0, 1
    db.session.commit()
    done = play.expire_turn(game.id, 0, game.seat_at(0).deadline + timedelta(seconds=1))
    assert "takes over ann's seat for good" in done
    ann = game.seat_at(0)
    assert ann.is_bot and ann.replaced and ann.display_name == "ann (bot)"
    # From now on the bot answers at once for that seat.
    assert play.submit(game.id, 1, "take 1", "web", "k").ok
    db.session.refresh(game)
    assert game.seat_at(1).prompt_version is not None and game.version == 3


def test_reminders_go_once_per_threshold(make_game):
    game = make_game(turn_seconds=48 * 3600)
    deadline = game.seat_at(0).deadline
    assert play.send_reminders(deadline - timedelta(hours=30)) == 0
    assert play.send_reminders(deadline - timedelta(hours=20)) == 1
    assert play.send_reminders(deadline - timedelta(hours=19)) == 0
    assert play.send_reminders(deadline - timedelta(hours=3)) == 1
    assert kinds().count("reminder") == 2


def test_each_timeout_step_is_logged_in_the_game(make_game, client):
    from conftest import signin

    from pbem.models import GameNote

    game = make_game(turn_seconds=3600, options={"pile": 40})
    game.timeout_extensions, game.replace_after = 1, 1
    db.session.commit()
    play.expire_turn(game.id, 0, game.seat_at(0).deadline + timedelta(seconds=1))
    play.expire_turn(game.id, 0, game.seat_at(0).deadline + timedelta(seconds=1))
    notes = db.session.scalars(select(GameNote).where(GameNote.game_id == game.id).order_by(GameNote.id)).all()
    assert [(n.kind, n.seat) for n in notes] == [("extended", 0), ("bot_played", 0)]
    assert notes[1].data["replaced"] is True
    signin(client, "bob@example.com")
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "ann did not move in time: the deadline is extended to" in page
    assert "After 1 missed turns the bot takes over ann&#39;s seat for good" in page

"""Issue 11, point 3: a player at their seat is answered beyond the cap for strangers; when any cap holds an
answer back, the stored message says which, and the dev mailbox and the game's log show it."""
from __future__ import annotations

import html

import pytest
from sqlalchemy import select
from test_inbound import answers_to, new_mail, reply, turn_mail

from pbem.extensions import db
from pbem.mail import answers, inbound
from pbem.models import GameNote


@pytest.fixture
def small_caps(monkeypatch):
    """The hourly caps at 2 answers per address and 4 per seat (30 and 300 in production): same code, less mail."""
    monkeypatch.setattr(answers, "MAX_ANSWERS_PER_HOUR", 2)
    monkeypatch.setattr(answers, "MAX_SEAT_ANSWERS_PER_HOUR", 4)


def test_a_seated_player_is_answered_up_to_the_seat_cap_and_a_held_mail_is_recorded_and_shown(client, make_game,
                                                                                           small_caps):
    game = make_game(slug="stone-age", humans=("ann",), bots=2)
    rows = [inbound.receive(reply(turn_mail(game, 0), "status"), "raw") for _ in range(6)]
    assert len(answers_to("ann@example.com")) == 4  # beyond the cap for strangers (2), up to the seat's (4)
    assert [r.detail for r in rows[:4]] == [f"status {game.id}"] * 4
    held = rows[4]
    assert held.outcome == "done"
    assert held.detail == f"status {game.id}; not answered: held back by MAX_SEAT_ANSWERS_PER_HOUR (4 per 1 hour)"
    assert rows[5].detail == held.detail
    # Written in the game's log once an hour: a mail program answering every answer does not fill it.
    [logged] = db.session.scalars(select(GameNote).where(GameNote.game_id == game.id,
                                                         GameNote.kind == "mail_held")).all()
    assert (logged.seat, logged.data["cap"], logged.data["limit"]) == (0, "MAX_SEAT_ANSWERS_PER_HOUR", "4 per 1 hour")
    page = html.unescape(client.get(f"/games/{game.id}").get_data(as_text=True))
    assert "A mail from ann got no answer: pbem answers at most 4 per 1 hour (MAX_SEAT_ANSWERS_PER_HOUR)" in page
    mailbox = html.unescape(client.get("/dev/mailbox").get_data(as_text=True))
    assert "Received mail that got no answer" in mailbox and held.detail in mailbox


def test_a_stranger_held_back_is_recorded_with_the_cap_and_listed(client, ctx):
    first = inbound.receive(new_mail("hello", sender="zed@example.org"), "raw")
    second = inbound.receive(new_mail("hello again", sender="zed@example.org"), "raw")
    assert first.detail == "not a player's address; answered"
    assert second.detail == "not a player's address; not answered: held back by REFUSAL_EVERY (1 per 1 hour)"
    mailbox = html.unescape(client.get("/dev/mailbox").get_data(as_text=True))
    assert second.detail in mailbox and first.detail not in mailbox


def test_mail_held_by_the_limit_for_unproven_mail_names_it_but_stays_out_of_the_game_log(app, make_game,
                                                                                        monkeypatch):
    """A forged From may not write in a game's log: only the stored detail and the dev mailbox show it."""
    monkeypatch.setitem(app.config, "MAIL_UNPROVEN_LIMIT", "1 per hour")
    game = make_game()
    rows = [inbound.receive(new_mail(f"status {game.id}", sender="ann@example.com"), "raw") for _ in range(3)]
    assert rows[2].detail == f"status {game.id}; not answered: held back by MAIL_UNPROVEN_LIMIT (1 per 1 hour)"
    assert rows[2].game_id == game.id
    assert db.session.scalars(select(GameNote).where(GameNote.kind == "mail_held")).all() == []

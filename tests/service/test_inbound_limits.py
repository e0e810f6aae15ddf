"""Mail-side rate limits: table talk by mail, answers to strangers, answers to mail that proves no sender."""
from __future__ import annotations

import pytest
from sqlalchemy import func, select
from test_inbound import answers_to, new_mail, post_raw, reply, turn_mail, words

from pbem.extensions import db
from pbem.models import ChatMessage, Outbox


@pytest.fixture(autouse=True)
def _raw_hook(app, monkeypatch):
    monkeypatch.setitem(app.config, "INBOUND_SECRET", "raw-secret-0123456789")


def hook(client, raw: bytes) -> dict:
    response = post_raw(client, raw)
    assert response.status_code == 200, response.data
    return response.json


def count(model, *where) -> int:
    return db.session.scalar(select(func.count()).select_from(model).where(*where))


def test_one_mail_of_many_say_lines_sends_a_few(client, make_game):
    """Issue 10: one mail of 2,000 `say` lines sent 200 chat mails to each player."""
    game = make_game(humans=("ann", "bob", "cy"))
    lines = "\n".join(f"say spam {n}" for n in range(200))
    sent = hook(client, reply(turn_mail(game, 0), lines))
    assert sent["outcome"] == "stopped"
    assert count(ChatMessage) == 3 and count(Outbox, Outbox.kind == "chat") == 6
    [answer] = answers_to("ann@example.com")
    assert "  > say spam 3" in answer.text and "at most 3 say lines from one mail" in answer.text


def test_table_talk_by_mail_is_limited_per_hour_and_the_player_is_told(client, app, make_game, monkeypatch):
    monkeypatch.setitem(app.config, "MAIL_SAY_LIMIT", "4 per hour")
    game = make_game(humans=("ann", "bob"))
    for n in range(3):
        hook(client, reply(turn_mail(game, 0), f"say a{n}\nsay b{n}"))
    assert count(ChatMessage) == 4
    told = answers_to("ann@example.com")[-1].text
    assert "  > say a2" in told and "the limit for table talk by mail (4 per 1 hour)" in told


def test_strangers_get_a_bounded_number_of_answers_in_all(client, app, make_game, monkeypatch):
    """Each forged From gets one explanation an hour; all of them together get MAIL_STRANGER_LIMIT."""
    monkeypatch.setitem(app.config, "MAIL_STRANGER_LIMIT", "3 per hour")
    make_game()
    for n in range(6):
        assert hook(client, new_mail("take 1", sender=f"victim{n}@example.net"))["outcome"] == "unknown_sender"
    assert count(Outbox, Outbox.kind == "refusal") == 3


def test_mail_that_proves_no_sender_cannot_fill_a_players_mailbox(client, app, make_game, monkeypatch):
    monkeypatch.setitem(app.config, "MAIL_UNPROVEN_LIMIT", "2 per hour")
    game = make_game()
    for _ in range(5):
        hook(client, new_mail(f"status {game.id}", sender="ann@example.com"))
    answers = answers_to("ann@example.com")
    assert len(answers) == 3  # two answers, then one that says the limit, then nothing
    assert "further ones get no answer for now" in words(answers[-1].text)
    # Ann replying to her turn mail (its signed reply address) is always answered.
    hook(client, reply(turn_mail(game, 0), "take 1"))
    assert "Applied: take 1." in answers_to("ann@example.com")[-1].text

"""A forged From header changes no game: moves, talk, joining and starting need a signed reply address or DKIM."""
from __future__ import annotations

import pytest
from sqlalchemy import select
from test_inbound import (
    answers_to, dkim_signed, example_org_dns, moves, new_mail, post_raw, refreshed, reply, turn_mail, words,
)

from pbem import play
from pbem.extensions import db
from pbem.models import ChatMessage, Outbox, User

__all__ = ["example_org_dns"]  # a fixture, imported for the tests below


@pytest.fixture(autouse=True)
def _raw_hook(app, monkeypatch):
    monkeypatch.setitem(app.config, "INBOUND_SECRET", "raw-secret-0123456789")


def hook(client, raw: bytes) -> dict:
    response = post_raw(client, raw)
    assert response.status_code == 200, response.data
    return response.json


def lobby(make_user, host="hana"):
    """A lobby game of two seats hosted by `host`."""
    return play.create_game(make_user(host), "test-countdown", seats=2, random_seating=False)


def test_a_bare_from_with_status_n_plays_no_move(client, make_game):
    """Issue 10: `status N` picked the game, and the lines after it were played as the From address."""
    game = make_game()
    sent = hook(client, new_mail(f"status {game.id}\ntake 1", sender="ann@example.com"))
    assert sent["outcome"] == "stopped" and moves(game) == []
    [answer] = answers_to("ann@example.com")
    assert "  > take 1" in answer.text and "could not be verified" in words(answer.text)


def test_a_bare_from_says_nothing_at_the_table(client, make_game):
    game = make_game(humans=("ann", "bob", "cy"))
    hook(client, new_mail(f"status {game.id}\nsay I resign, sorry all", sender="ann@example.com"))
    assert db.session.scalars(select(ChatMessage)).all() == []
    assert db.session.scalars(select(Outbox).where(Outbox.kind == "chat")).all() == []
    assert "could not be verified" in words(answers_to("ann@example.com")[0].text)


def test_a_bare_from_does_not_join_a_game_until_the_sender_answers_our_mail(client, make_user):
    game = lobby(make_user)
    make_user("luc")
    sent = hook(client, new_mail(f"join {game.id}", sender="luc@example.com"))
    assert sent["outcome"] == "stopped" and len(refreshed(game).seats) == 1
    [answer] = answers_to("luc@example.com")
    assert f"  > join {game.id}" in answer.text and "a From line can be forged" in answer.text
    # The answer went to Luc's own address; replying to it proves the mail is his.
    assert answer.headers["Reply-To"].startswith(f"play+t{game.id}-")
    hook(client, reply(answer, f"join {game.id}"))
    assert "luc" in [s.user.name for s in refreshed(game).seats if s.user]


def test_a_bare_from_does_not_start_the_hosts_game(client, make_user):
    game = lobby(make_user)
    play.join(game.id, make_user("luc"))
    sent = hook(client, new_mail(f"start {game.id}", sender="hana@example.com"))
    assert sent["outcome"] == "stopped" and refreshed(game).status == "lobby"
    [answer] = answers_to("hana@example.com")
    hook(client, reply(answer, "start"))
    assert refreshed(game).status == "active"


def test_a_reply_address_for_one_address_proves_nothing_for_another(client, make_user):
    game = lobby(make_user)
    play.join(game.id, make_user("luc"))
    hook(client, new_mail(f"start {game.id}", sender="hana@example.com"))
    [answer] = answers_to("hana@example.com")
    # Luc forges the host's answer address as his own: the token is signed for hana's address only.
    hook(client, reply(answer, "start", sender="luc@example.com"))
    assert refreshed(game).status == "lobby"


def test_an_invited_address_is_not_seated_by_a_bare_from(client, make_user):
    game = lobby(make_user)
    play.invite(game.id, game.host, "newcomer@example.org")
    sent = hook(client, new_mail(f"join {game.id}", sender="newcomer@example.org"))
    assert sent["outcome"] == "unknown_sender"
    assert db.session.scalar(select(User).where(User.email == "newcomer@example.org")) is None
    [refusal] = answers_to("newcomer@example.org")
    assert "reply to the invitation" in refusal.text and refusal.headers["Reply-To"].startswith(f"play+t{game.id}-")
    hook(client, reply(refusal, f"join {game.id}"))
    user = db.session.scalar(select(User).where(User.email == "newcomer@example.org"))
    assert user is not None and user.id in [s.user_id for s in refreshed(game).seats]


def test_a_mail_signed_by_the_senders_domain_may_join_and_start(client, make_user, example_org_dns):
    game = lobby(make_user)
    make_user("luc")
    hook(client, dkim_signed(new_mail(f"join {game.id}", sender="luc@example.com"), example_org_dns))
    hook(client, dkim_signed(new_mail(f"start {game.id}", sender="hana@example.com"), example_org_dns))
    assert refreshed(game).status == "active"


def test_a_seat_token_of_one_game_does_not_reach_another(client, make_game):
    """`status N` switches the game the lines go to; the signed token proves the sender for its own game only."""
    first, second = make_game(), make_game(humans=(db.session.scalar(select(User).where(User.name == "ann")),
                                                   db.session.scalar(select(User).where(User.name == "bob"))))
    hook(client, reply(turn_mail(first, 0), f"status {second.id}\ntake 1"))
    assert moves(second) == [] and moves(first) == []


def test_status_answers_go_to_the_address_of_record(client, make_game):
    game = make_game()
    hook(client, new_mail(f"status {game.id}", sender="Ann <ANN@Example.COM>"))
    assert [a.to_address for a in db.session.scalars(select(Outbox).where(Outbox.kind == "answer"))] \
        == ["ann@example.com"]

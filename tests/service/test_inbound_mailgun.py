"""Mailgun's retry after a failure of ours stores the message; a token never carries another message."""
from __future__ import annotations

import secrets
import time
from contextlib import contextmanager

import pytest
from sqlalchemy import func, select
from test_inbound import MAILGUN_KEY, answers_to, mailgun_signature, moves, reply, turn_mail

from pbem.extensions import db
from pbem.models import InboundMessage


@pytest.fixture(autouse=True)
def _mailgun_key(app, monkeypatch):
    monkeypatch.setitem(app.config, "MAILGUN_SIGNING_KEY", MAILGUN_KEY)
    # As in production: an exception becomes an HTTP answer, which is what Mailgun sees.
    monkeypatch.setitem(app.config, "PROPAGATE_EXCEPTIONS", False)


@contextmanager
def inbound_inserts_fail():
    """A real database failure: PostgreSQL refuses every new inbound_messages row while this lasts."""
    with db.engine.begin() as conn:
        conn.exec_driver_sql("CREATE FUNCTION pbem_test_refuse() RETURNS trigger LANGUAGE plpgsql AS "
                             "$$ BEGIN RAISE EXCEPTION 'disk full (a test)'; END $$")
        conn.exec_driver_sql("CREATE TRIGGER pbem_test_refuse BEFORE INSERT ON inbound_messages "
                             "FOR EACH ROW EXECUTE FUNCTION pbem_test_refuse()")
    try:
        yield
    finally:
        with db.engine.begin() as conn:
            conn.exec_driver_sql("DROP TRIGGER pbem_test_refuse ON inbound_messages")
            conn.exec_driver_sql("DROP FUNCTION pbem_test_refuse()")


def mailgun_post(raw: bytes, token: str) -> dict:
    """The form Mailgun posts (the same on each of its retries): signed timestamp and token, and the message."""
    timestamp = str(int(time.time()))
    return {"timestamp": timestamp, "token": token, "signature": mailgun_signature(timestamp, token),
            "recipient": "play@pbem.test", "body-mime": raw.decode()}


def post(client, data: dict):
    return client.post("/inbound/mailgun", data=data, content_type="multipart/form-data")


@pytest.mark.parametrize("store", ["database", "redis"])
def test_a_message_whose_first_delivery_failed_is_stored_by_mailguns_retry(client, app, make_game, monkeypatch,
                                                                           store):
    """Issue 10: the token was spent before the message was stored, so every retry got 403."""
    if store == "redis":
        from conftest import REDIS_URL

        monkeypatch.setitem(app.config, "REDIS_URL", REDIS_URL)
    game = make_game()
    data = mailgun_post(reply(turn_mail(game, 0), "take 2"), secrets.token_hex(25))
    with inbound_inserts_fail():
        first = post(client, data)
    db.session.rollback()  # what the end of a request does in production (here the test's app context stays)
    assert first.status_code >= 500 and db.session.scalar(select(func.count()).select_from(InboundMessage)) == 0
    retry = post(client, data)
    assert retry.status_code == 200 and retry.json["outcome"] == "done" and moves(game) == ["take 2"]
    # Once stored, the same delivery again is a 200 that does nothing.
    again = post(client, data)
    assert again.status_code == 200 and again.json["id"] == retry.json["id"]
    assert moves(game) == ["take 2"] and len(answers_to("ann@example.com")) == 1


@pytest.mark.parametrize("store", ["database", "redis"])
def test_a_used_token_never_carries_another_message(client, app, make_game, monkeypatch, store):
    if store == "redis":
        from conftest import REDIS_URL

        monkeypatch.setitem(app.config, "REDIS_URL", REDIS_URL)
    game = make_game()
    token = secrets.token_hex(25)
    assert post(client, mailgun_post(reply(turn_mail(game, 0), "take 1"), token)).status_code == 200
    forged = mailgun_post(reply(turn_mail(game, 1), "take 3", sender="bob@example.com"), token)
    assert post(client, forged).status_code == 403 and moves(game) == ["take 1"]


def test_a_rebuilt_message_is_the_same_bytes_on_each_retry(client, make_game):
    """Without body-mime the message is rebuilt from the fields; the retry must be recognised all the same."""
    import json

    game = make_game()
    turn = turn_mail(game, 0)
    token = secrets.token_hex(25)
    data = mailgun_post(b"", token)
    del data["body-mime"]
    data.update({"body-plain": "take 2", "body-html": "<p>take 2</p>", "recipient": turn.headers["Reply-To"],
                 "message-headers": json.dumps([["From", "ann@example.com"], ["To", turn.headers["Reply-To"]],
                                                ["Message-Id", "<rebuilt@mail.example.org>"]])})
    with inbound_inserts_fail():
        assert post(client, data).status_code >= 500  # Mailgun retries any 5xx
    db.session.rollback()
    assert post(client, data).status_code == 200 and moves(game) == ["take 2"]

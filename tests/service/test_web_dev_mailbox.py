"""The dev mailbox: read what would have been sent, and reply from the browser through the real inbound path."""
from __future__ import annotations

import email
from email import policy

from sqlalchemy import select

from pbem.extensions import db
from pbem.models import InboundMessage, Move, Outbox
from pbem.web.dev import build_reply


def _turn_mail(email_address: str) -> Outbox:
    return db.session.scalars(select(Outbox).where(Outbox.to_address == email_address, Outbox.kind == "turn")
                              .order_by(Outbox.id.desc())).first()


def test_a_reply_is_a_threaded_mime_message_from_the_recipient_quoting_the_original(app, make_game):
    game = make_game(slug="stone-age", humans=("ann",), bots=2)
    row = _turn_mail("ann@example.com")
    with app.test_request_context("/"):
        raw = build_reply(row, "place 2 hunt\n")
    msg = email.message_from_bytes(raw, policy=policy.default)
    assert msg["From"] == "ann@example.com" and msg["To"] == row.headers["Reply-To"]
    assert msg["Subject"] == f"Re: {row.subject}" and msg["In-Reply-To"] == row.message_id
    assert msg["References"].split()[-1] == row.message_id and msg["Message-ID"] != row.message_id
    body = msg.get_content()
    assert body.startswith("place 2 hunt\n\nOn ") and "wrote:\n> " in body
    assert all(line.startswith(">") for line in body.split("wrote:\n", 1)[1].splitlines())
    assert game.id


def test_replying_from_the_browser_plays_the_move_through_the_inbound_path(client, make_game):
    game = make_game(slug="stone-age", humans=("ann",), bots=2)
    row = _turn_mail("ann@example.com")
    page = client.get(f"/dev/mailbox/{row.id}").get_data(as_text=True)
    assert f"Reply as ann@example.com to {row.headers['Reply-To']}" in page
    response = client.post(f"/dev/mailbox/{row.id}/reply", data={"text": "place 2 hunt"}, follow_redirects=True)
    assert response.status_code == 200 and "Your reply was delivered as mail from ann@example.com" in \
        response.get_data(as_text=True)
    db.session.expire_all()
    moves = db.session.scalars(select(Move).where(Move.game_id == game.id, Move.seat == 0)).all()
    assert [(m.text, m.source) for m in moves] == [("place 2 hunt", "email")]
    stored = db.session.scalar(select(InboundMessage))
    assert stored.source == "dev" and stored.from_address == "ann@example.com"


def test_an_empty_reply_gets_the_form_back(client, make_game):
    make_game(slug="stone-age", humans=("ann",), bots=2)
    row = _turn_mail("ann@example.com")
    response = client.post(f"/dev/mailbox/{row.id}/reply", data={"text": "  "})
    assert response.status_code == 400 and "Write the reply" in response.get_data(as_text=True)
    assert db.session.scalar(select(InboundMessage)) is None


def test_no_dev_mailbox_with_real_mail(client, app, ctx, monkeypatch):
    monkeypatch.setitem(app.config, "MAIL_URL", "smtp://mail.example.com")
    assert client.get("/dev/mailbox").status_code == 404
    assert client.post("/dev/mailbox/1/reply", data={"text": "x"}).status_code == 404

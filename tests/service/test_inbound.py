"""Playing by replying: each webhook, the seat and sender checks, service words, and answers, on real PostgreSQL."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import time
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from sqlalchemy import func, or_, select

from pbem import play, tokens
from pbem.extensions import db
from pbem.mail import backends, inbound
from pbem.models import ChatMessage, Game, InboundMessage, Move, Outbox, User

MAILGUN_KEY = "key-mailgun-test"
RAW_SECRET = "raw-secret-0123456789"
SENDGRID_SECRET = "sendgrid-secret-0123456789"
POSTMARK = ("postmark-user", "postmark-pass")


@pytest.fixture(autouse=True)
def _provider_keys(app, monkeypatch):
    monkeypatch.setitem(app.config, "MAILGUN_SIGNING_KEY", MAILGUN_KEY)
    monkeypatch.setitem(app.config, "INBOUND_SECRET", RAW_SECRET)
    monkeypatch.setitem(app.config, "SENDGRID_INBOUND_SECRET", SENDGRID_SECRET)
    monkeypatch.setitem(app.config, "POSTMARK_INBOUND_USER", POSTMARK[0])
    monkeypatch.setitem(app.config, "POSTMARK_INBOUND_PASSWORD", POSTMARK[1])


# --- building mail as a player's mail program would ----------------------------------


def turn_mail(game: Game, seat: int) -> Outbox:
    """The newest mail that asks a seat to play: a turn mail, or the answer to a reply (which doubles as one)."""
    from pbem import tokens

    token = tokens.reply_token(game.id, seat)
    return db.session.scalars(select(Outbox).where(Outbox.game_id == game.id, or_(
        (Outbox.kind == "turn") & Outbox.dedupe_key.like(f"turn:{game.id}:{seat}:%"),
        (Outbox.kind == "answer") & Outbox.message_id.like(f"<answer.{token}.%")))
                              .order_by(Outbox.id.desc())).first()


def reply(mail: Outbox, text: str, *, sender: str | None = None, message_id: str | None = None,
          headers: dict | None = None, to: str | None = None) -> bytes:
    """A reply to one of our mails: the commands above the quoted original, threaded as clients do."""
    msg = EmailMessage()
    msg["From"] = sender or mail.to_address
    msg["To"] = to or mail.headers.get("Reply-To") or "play@pbem.test"
    msg["Subject"] = "Re: " + mail.subject
    msg["Message-ID"] = message_id or make_msgid(domain="mail.example.org")
    msg["In-Reply-To"] = mail.message_id
    msg["References"] = " ".join(filter(None, [mail.headers.get("References"), mail.message_id]))
    for name, value in (headers or {}).items():
        msg[name] = value
    quoted = "\n".join("> " + line for line in mail.text.splitlines())
    msg.set_content(f"{text}\n\nOn Sat, 21 Nov 2026 at 10:00, pbem <pbem@pbem.test> wrote:\n{quoted}\n")
    return msg.as_bytes()


def new_mail(text: str, *, sender: str, to: str = "play@pbem.test", message_id: str | None = None,
             headers: dict | None = None) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = "pbem"
    msg["Message-ID"] = message_id or make_msgid(domain="mail.example.org")
    for name, value in (headers or {}).items():
        msg[name] = value
    msg.set_content(text + "\n")
    return msg.as_bytes()


def said(locale: str, message: str, **values) -> str:
    """A sentence of the answers as the player's language has it (whatever the catalogs say)."""
    from flask_babel import force_locale, gettext

    with force_locale(locale):
        return gettext(message, **values)


def answers_to(address: str) -> list[Outbox]:
    return list(db.session.scalars(select(Outbox).where(Outbox.to_address == address,
                                                        Outbox.kind.in_(("answer", "refusal")))
                                   .order_by(Outbox.id)))


def words(text: str) -> str:
    """A mail's text with its line breaks as spaces: answers are folded to 78 columns for phones."""
    return " ".join(text.split())


def moves(game: Game, source: str = "email") -> list[str]:
    return list(db.session.scalars(select(Move.text).where(Move.game_id == game.id, Move.source == source)
                                   .order_by(Move.seq)))


def move_count() -> int:
    return db.session.scalar(select(func.count()).select_from(Move))


def refreshed(game: Game) -> Game:
    db.session.expire_all()
    return db.session.get(Game, game.id)


# --- the webhooks ----------------------------------------------------------------------


def mailgun_signature(timestamp: str, token: str, key: str = MAILGUN_KEY) -> str:
    return hmac.new(key.encode(), (timestamp + token).encode(), hashlib.sha256).hexdigest()


def post_mailgun(client, raw: bytes, *, timestamp: str | None = None, token: str | None = None,
                 signature: str | None = None):
    timestamp = timestamp or str(int(time.time()))
    token = token or hashlib.sha256(raw + timestamp.encode() + str(time.monotonic()).encode()).hexdigest()[:50]
    data = {"timestamp": timestamp, "token": token,
            "signature": signature or mailgun_signature(timestamp, token),
            "recipient": "play@pbem.test", "body-mime": raw.decode("utf-8", "surrogateescape")}
    return client.post("/inbound/mailgun", data=data, content_type="multipart/form-data")


def post_postmark(client, raw: bytes, auth=POSTMARK):
    headers = {}
    if auth is not None:
        headers["Authorization"] = "Basic " + base64.b64encode(f"{auth[0]}:{auth[1]}".encode()).decode()
    return client.post("/inbound/postmark", json={"RawEmail": raw.decode("utf-8"), "MessageID": "pm-1"},
                       headers=headers)


def post_sendgrid(client, raw: bytes, secret: str = SENDGRID_SECRET):
    return client.post(f"/inbound/sendgrid/{secret}", data={"email": raw.decode("utf-8"), "to": "play@pbem.test"},
                       content_type="multipart/form-data")


def post_raw(client, raw: bytes, secret: str = RAW_SECRET):
    return client.post(f"/inbound/raw/{secret}", data=raw, content_type="message/rfc822")


WEBHOOKS = {"raw": post_raw, "mailgun": post_mailgun, "sendgrid": post_sendgrid, "postmark": post_postmark}


@pytest.mark.parametrize("provider", sorted(WEBHOOKS))
def test_each_webhook_plays_the_move_and_a_second_post_applies_nothing(client, make_game, provider):
    game = make_game()
    raw = reply(turn_mail(game, 0), "take 2")
    first = WEBHOOKS[provider](client, raw)
    assert first.status_code == 200, first.data
    again = WEBHOOKS[provider](client, raw)
    assert again.status_code == 200 and again.json["id"] == first.json["id"]
    assert moves(game) == ["take 2"]
    row = db.session.scalar(select(InboundMessage))
    assert (row.source, row.outcome, row.game_id, row.seat) == (provider, "done", game.id, 0)
    [answer] = answers_to("ann@example.com")
    assert "Applied: take 2." in answer.text and "Now waiting for bob." in answer.text
    # Threaded under the player's mail, marked automatic, and answerable with the seat address again.
    sent = backends.build_message(answer)
    player_id = inbound.decode(raw).message_id
    assert sent["In-Reply-To"] == player_id and sent["References"].endswith(player_id)
    assert sent["Auto-Submitted"] == "auto-replied" and sent["Reply-To"] == tokens.reply_address(game.id, 0)
    assert sent["Subject"] == "Re: " + turn_mail(game, 0).subject


def test_mailgun_refuses_a_bad_signature_an_old_timestamp_and_a_replayed_token(client, make_game, caplog,
                                                                                monkeypatch):
    import logging

    # Alembic's logging setup (run by the app fixture's migration) disables loggers that already exist.
    monkeypatch.setattr(logging.getLogger("pbem.mail.providers"), "disabled", False)
    game = make_game()
    raw = reply(turn_mail(game, 0), "take 1")
    assert post_mailgun(client, raw, signature="0" * 64).status_code == 403
    old = str(int(time.time()) - 600)
    assert post_mailgun(client, raw, timestamp=old).status_code == 403
    assert post_mailgun(client, raw, token="t" * 50).status_code == 200
    replayed = post_mailgun(client, reply(turn_mail(game, 0), "take 1"), token="t" * 50)
    assert replayed.status_code == 403
    refusals = [r.getMessage() for r in caplog.records if "webhook refused" in r.getMessage()]
    assert [m.split(": ")[1].split(" from ")[0] for m in refusals] == [
        "bad signature", "timestamp 600 s old", "replayed token"]
    assert moves(game) == ["take 1"]


def test_mailgun_replayed_token_is_remembered_in_redis_when_configured(client, make_game, app, monkeypatch):
    from conftest import REDIS_URL

    monkeypatch.setitem(app.config, "REDIS_URL", REDIS_URL)
    game = make_game()
    token = hashlib.sha256(str(time.time()).encode()).hexdigest()[:50]
    assert post_mailgun(client, reply(turn_mail(game, 0), "take 1"), token=token).status_code == 200
    assert post_mailgun(client, reply(turn_mail(game, 0), "take 1"), token=token).status_code == 403


def test_postmark_needs_its_basic_auth(client, make_game):
    game = make_game()
    raw = reply(turn_mail(game, 0), "take 1")
    assert post_postmark(client, raw, auth=None).status_code == 401
    assert post_postmark(client, raw, auth=("postmark-user", "wrong")).status_code == 401
    assert db.session.scalar(select(func.count()).select_from(InboundMessage)) == 0
    assert post_postmark(client, raw).status_code == 200
    assert moves(game) == ["take 1"]


def test_postmark_without_raw_email_is_rebuilt_from_its_fields(client, make_game):
    game = make_game()
    turn = turn_mail(game, 0)
    payload = {
        "FromFull": {"Email": "ann@example.com", "Name": "Ann"},
        "ToFull": [{"Email": turn.headers["Reply-To"], "Name": ""}],
        "OriginalRecipient": turn.headers["Reply-To"],
        "Subject": "Re: " + turn.subject, "MessageID": "0f1c-postmark",
        "TextBody": "take 3\n\n> quoted", "HtmlBody": "<p>take 3</p>",
        "Headers": [{"Name": "Message-ID", "Value": "<pm-fields@mail.example.org>"},
                    {"Name": "In-Reply-To", "Value": turn.message_id}],
    }
    auth = "Basic " + base64.b64encode(":".join(POSTMARK).encode()).decode()
    response = client.post("/inbound/postmark", json=payload, headers={"Authorization": auth})
    assert response.status_code == 200, response.data
    assert moves(game) == ["take 3"]
    assert db.session.scalar(select(InboundMessage.message_id)) == "<pm-fields@mail.example.org>"


def test_mailgun_parsed_fields_are_rebuilt(client, make_game):
    game = make_game()
    turn = turn_mail(game, 0)
    timestamp, token = str(int(time.time())), "f" * 50
    data = {"timestamp": timestamp, "token": token, "signature": mailgun_signature(timestamp, token),
            "recipient": turn.headers["Reply-To"], "sender": "ann@example.com", "from": "Ann <ann@example.com>",
            "subject": "Re: your turn", "body-plain": "take 2\n\nOn Sat, pbem wrote:\n> take 1",
            "message-headers": json.dumps([["From", "Ann <ann@example.com>"], ["To", turn.headers["Reply-To"]],
                                           ["Message-Id", "<mg-fields@mail.example.org>"],
                                           ["Subject", "Re: your turn"]])}
    assert client.post("/inbound/mailgun", data=data).status_code == 200
    assert moves(game) == ["take 2"]


def test_raw_and_sendgrid_refuse_a_wrong_url_secret(client, make_game):
    game = make_game()
    raw = reply(turn_mail(game, 0), "take 1")
    assert post_raw(client, raw, secret="guess").status_code == 403
    assert post_sendgrid(client, raw, secret="guess").status_code == 403
    assert move_count() == 0 and db.session.scalar(select(func.count()).select_from(InboundMessage)) == 0


def test_webhooks_need_no_csrf_token(client, app, monkeypatch, make_game):
    monkeypatch.setitem(app.config, "WTF_CSRF_ENABLED", True)
    game = make_game()
    assert post_raw(client, reply(turn_mail(game, 0), "take 1")).status_code == 200
    assert moves(game) == ["take 1"]


def test_unconfigured_webhook_does_not_exist(client, app, monkeypatch, make_game):
    monkeypatch.setitem(app.config, "INBOUND_SECRET", None)
    game = make_game()
    assert post_raw(client, reply(turn_mail(game, 0), "take 1"), secret="None").status_code == 404
    assert move_count() == 0


def test_sendgrid_raw_field_keeps_non_utf8_bytes(client, make_game):
    """SendGrid's raw `email` field is read as bytes: a Shift_JIS 8-bit body still reads."""
    game = make_game()
    turn = turn_mail(game, 0)
    head = (f"From: ann@example.com\r\nTo: {turn.headers['Reply-To']}\r\nSubject: Re\r\n"
            f"Message-ID: <sjis@mail.example.org>\r\nMIME-Version: 1.0\r\n"
            "Content-Type: text/plain; charset=Shift_JIS\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
    raw = head.encode() + "ｔａｋｅ　２\r\nよろしく\r\n".encode("shift_jis")
    boundary = "sg-boundary"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\n".encode() + raw
            + f"\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"to\"\r\n\r\nplay@pbem.test\r\n"
              f"--{boundary}--\r\n".encode())
    response = client.post(f"/inbound/sendgrid/{SENDGRID_SECRET}", data=body,
                           content_type=f"multipart/form-data; boundary={boundary}")
    assert response.status_code == 200, response.data
    assert moves(game) == ["take 2"]
    [answer] = answers_to("ann@example.com")
    assert "よろしく" not in answer.text  # a closing below the commands ends the mail quietly (issue 23)


# --- one message, one outcome -----------------------------------------------------------


def test_the_same_message_received_twice_applies_once_and_answers_once(make_game):
    game = make_game()
    raw = reply(turn_mail(game, 0), "take 1")
    first = inbound.receive(raw, "raw")
    again = inbound.receive(raw, "imap")
    assert again.id == first.id and again.outcome == "done" and again.source == "raw"
    assert moves(game) == ["take 1"] and len(answers_to("ann@example.com")) == 1


def test_a_message_stored_but_not_handled_before_a_crash_is_handled_on_the_next_delivery(make_game):
    game = make_game()
    raw = reply(turn_mail(game, 0), "take 2")
    row = InboundMessage(message_id=inbound.decode(raw).message_id, source="raw", from_address="ann@example.com",
                         raw=raw, outcome="received")
    db.session.add(row)
    db.session.commit()
    again = inbound.receive(raw, "raw")
    assert again.id == row.id and again.outcome == "done" and moves(game) == ["take 2"]


def test_the_sweep_finishes_messages_a_crashed_process_left_and_only_those(make_game):
    """No sender retry needed: stored-but-unhandled and abandoned-handling rows are played once, live ones are not."""
    from datetime import timedelta

    from pbem.clock import now

    game = make_game()
    mail = turn_mail(game, 0)
    old = now() - timedelta(minutes=10)
    left = reply(mail, "take 2")
    abandoned = reply(mail, "take 1")
    fresh = reply(mail, "take 3")
    db.session.add_all([
        InboundMessage(message_id=inbound.decode(left).message_id, source="raw", from_address="ann@example.com",
                       raw=left, outcome="received", received_at=old),
        InboundMessage(message_id=inbound.decode(abandoned).message_id, source="imap", from_address="ann@example.com",
                       raw=abandoned, outcome="handling", detail=f"since {old.isoformat()}", received_at=old),
        InboundMessage(message_id=inbound.decode(fresh).message_id, source="raw", from_address="ann@example.com",
                       raw=fresh, outcome="received"),
    ])
    db.session.commit()
    assert inbound.resume_unfinished() == 2
    outcomes = dict(db.session.execute(select(InboundMessage.raw, InboundMessage.outcome)).all())
    assert outcomes[left] == "done" and outcomes[fresh] == "received"
    assert outcomes[abandoned] == "stopped"  # seat 0 has moved; its "take 1" is now out of turn
    assert moves(game) == ["take 2"] and inbound.resume_unfinished() == 0


def test_a_message_claimed_by_a_live_handler_is_left_to_it(make_game):
    from pbem.clock import now

    game = make_game()
    raw = reply(turn_mail(game, 0), "take 2")
    db.session.add(InboundMessage(message_id=inbound.decode(raw).message_id, source="raw",
                                  from_address="ann@example.com", raw=raw, outcome="handling",
                                  detail=f"since {now().isoformat()}"))
    db.session.commit()
    row = inbound.receive(raw, "raw")
    assert row.outcome == "handling" and not inbound.is_final(row) and moves(game) == []


def test_a_fault_while_handling_is_recorded_and_the_player_told(make_user):
    """A game whose rules raise something other than a rule error (a bug): the message ends as "error"."""
    import types

    import countdown
    from pbem import engine

    broken = types.ModuleType("broken")
    broken.__dict__.update(countdown.__dict__)
    broken.SLUG = "test-broken"

    def parse(text, state, seat):
        raise RuntimeError("a bug in the rules")

    broken.parse = parse
    engine.register(broken)
    try:
        ann, bob = make_user("ann"), make_user("bob")
        game = play.create_game(ann, "test-broken", seats=2, random_seating=False)
        play.join(game.id, bob)
        play.start_game(game.id, ann)
        row = inbound.receive(reply(turn_mail(game, 0), "take 1"), "raw")
    finally:
        engine.unregister("test-broken")
    assert row.outcome == "error" and move_count() == 0
    assert "could not finish handling your mail" in answers_to("ann@example.com")[0].text


# --- who may play -------------------------------------------------------------------------


def test_the_seat_is_found_from_the_thread_when_the_reply_address_is_lost(make_game):
    game = make_game()
    turn = turn_mail(game, 0)
    inbound.receive(reply(turn, "take 3", to="pbem@pbem.test"), "raw")
    assert moves(game) == ["take 3"]


@pytest.fixture
def example_org_dns(dkim_key, monkeypatch):
    """DNS as pbem sees it: example.com publishes the test key under the selector "s1"; nothing else exists."""
    pem, record = dkim_key
    monkeypatch.setattr("pbem.mail.dkim.lookup_txt",
                        lambda name, timeout=5: record if name == b"s1._domainkey.example.com." else None)
    return pem


def dkim_signed(raw: bytes, pem: str, domain: str = "example.com", whole_body: bool = True) -> bytes:
    """`raw` as the sender's mail server would send it: DKIM-signed for `domain`."""
    import dkim

    return dkim.sign(raw, b"s1", domain.encode(), pem.encode(), length=not whole_body,
                     include_headers=[b"from", b"to", b"subject", b"message-id", b"in-reply-to", b"references"]) + raw


def thread_reply(game: Game, text: str, sender: str) -> bytes:
    """A reply that lost the signed reply address and the turn mail's Message-ID: only the game's thread is left."""
    thread = f"<game-{game.id}@pbem.test>"
    return new_mail(text, sender=sender, headers={"In-Reply-To": thread, "References": thread})


def test_a_reply_found_by_its_thread_alone_plays_only_when_the_senders_domain_signed_it(make_game, example_org_dns):
    game = make_game()
    play.submit(game.id, 0, "take 1", "web", "k1")
    # A From header is easy to forge: without the seat's token and without a signature, nothing is played.
    row = inbound.receive(thread_reply(game, "take 2", "bob@example.com"), "raw")
    assert row.outcome == "stopped" and moves(game) == []
    assert "could not be verified" in words(answers_to("bob@example.com")[-1].text)
    # Signed by another domain (the forger's own), or over part of the body only: still nothing.
    row = inbound.receive(dkim_signed(thread_reply(game, "take 2", "bob@example.com"), example_org_dns,
                                      domain="forger.test"), "raw")
    assert row.outcome == "stopped" and moves(game) == []
    row = inbound.receive(dkim_signed(thread_reply(game, "take 2", "bob@example.com"), example_org_dns,
                                      whole_body=False), "raw")
    assert row.outcome == "stopped" and moves(game) == []
    # Signed by example.com, bob's domain: it plays bob's own seat.
    row = inbound.receive(dkim_signed(thread_reply(game, "take 2", "bob@example.com"), example_org_dns), "raw")
    assert moves(game) == ["take 2"] and row.seat == 1 and row.outcome == "done"


def test_a_signed_mail_altered_on_the_way_plays_nothing(make_game, example_org_dns):
    game = make_game()
    play.submit(game.id, 0, "take 1", "web", "k1")
    raw = dkim_signed(thread_reply(game, "take 1", "bob@example.com"), example_org_dns)
    row = inbound.receive(raw.replace(b"take 1", b"take 3"), "raw")
    assert row.outcome == "stopped" and moves(game) == []


def test_a_forged_token_plays_nothing(make_game):
    game = make_game()
    forged = f"play+g{game.id}s0-aaaaaaaaaaaaaaaa@pbem.test"
    row = inbound.receive(new_mail("take 1", sender="ann@example.com", to=forged), "raw")
    assert row.outcome == "stopped" and row.game_id is None and move_count() == 0
    assert "cannot tell which game" in answers_to("ann@example.com")[0].text


def test_a_signed_address_from_another_sender_is_refused_with_an_explanation(make_game, make_user):
    game = make_game()
    turn = turn_mail(game, 0)
    row = inbound.receive(reply(turn, "take 1", sender="friend@elsewhere.org"), "raw")
    assert row.outcome == "wrong_sender" and move_count() == 0
    [answer] = answers_to("friend@elsewhere.org")
    assert "not that seat's player" in answer.text and "ann@example.com" not in answer.text
    # Bob is at the same table, but Ann's reply address is still Ann's.
    inbound.receive(reply(turn, "take 1", sender="bob@example.com"), "raw")
    assert move_count() == 0


def test_unknown_senders_get_one_explanation_an_hour(make_game):
    from datetime import timedelta

    from pbem import clock

    for n in range(3):
        row = inbound.receive(new_mail("place 3 forest", sender="stranger@example.net"), "raw")
        assert row.outcome == "unknown_sender"
    assert len(answers_to("stranger@example.net")) == 1
    clock.advance(timedelta(hours=1, minutes=1))
    try:
        inbound.receive(new_mail("hello?", sender="stranger@example.net"), "raw")
    finally:
        clock.reset()
    assert len(answers_to("stranger@example.net")) == 2
    assert move_count() == 0


# --- what is never answered ----------------------------------------------------------------


@pytest.mark.parametrize("header", [
    ("Auto-Submitted", "auto-replied"), ("X-Autoreply", "yes"), ("Precedence", "bulk"), ("Precedence", "list"),
    ("Precedence", "junk"),
])
def test_auto_replies_are_recorded_and_never_played_or_answered(make_game, header):
    game = make_game()
    row = inbound.receive(reply(turn_mail(game, 0), "take 1", headers=dict([header])), "raw")
    assert row.outcome == "auto_reply" and move_count() == 0 and answers_to("ann@example.com") == []


def test_our_own_mail_coming_back_is_a_loop(make_game):
    game = make_game()
    turn = turn_mail(game, 0)
    raw = reply(turn, "take 1", message_id="<abc@pbem.test>")
    row = inbound.receive(raw, "raw")
    assert row.outcome == "loop" and move_count() == 0 and answers_to("ann@example.com") == []


def dsn(recipient: str, status: str, original_id: str) -> bytes:
    return (
        "From: MAILER-DAEMON@mx.example.com\r\nTo: pbem@pbem.test\r\nSubject: Undelivered Mail Returned to Sender\r\n"
        f"Message-ID: <dsn-{status}-{recipient}@mx.example.com>\r\nMIME-Version: 1.0\r\n"
        "Content-Type: multipart/report; report-type=delivery-status; boundary=\"b\"\r\n\r\n"
        "--b\r\nContent-Type: text/plain\r\n\r\nThe mail could not be delivered.\r\n"
        "--b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.com\r\n\r\n"
        f"Final-Recipient: rfc822; {recipient}\r\nAction: failed\r\nStatus: {status}\r\n"
        f"Diagnostic-Code: smtp; 550 no such user\r\n\r\n"
        f"--b\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: {original_id}\r\n\r\n--b--\r\n"
    ).encode()


def test_bounces_are_recorded_hard_or_soft_and_never_answered(make_game):
    """Each report quotes the Message-ID of the mail we sent to that address (test_inbound_bounces.py: the proof)."""
    game = make_game()
    turn = turn_mail(game, 0)
    play.submit(game.id, 0, "take 1", "web", "k0")
    hard = inbound.receive(dsn("ann@example.com", "5.1.1", turn.message_id), "raw")
    soft = inbound.receive(dsn("bob@example.com", "4.2.2", turn_mail(game, 1).message_id), "raw")
    assert (hard.outcome, soft.outcome) == ("bounce", "bounce")
    assert "hard for ann@example.com" in hard.detail and "soft for bob@example.com" in soft.detail
    users = {u.email: u.email_status for u in db.session.scalars(select(User))}
    assert users["ann@example.com"] == "bounced" and users["bob@example.com"] == "ok"
    assert answers_to("ann@example.com") == answers_to("bob@example.com") == []


def test_a_spam_complaint_is_recorded_and_not_answered(make_game):
    game = make_game()
    raw = ("From: fbl@isp.example\r\nTo: pbem@pbem.test\r\nSubject: complaint\r\nMessage-ID: <arf-1@isp.example>\r\n"
           "MIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=feedback-report; boundary=\"f\"\r\n\r\n"
           "--f\r\nContent-Type: text/plain\r\n\r\nA complaint.\r\n"
           "--f\r\nContent-Type: message/feedback-report\r\n\r\nFeedback-Type: abuse\r\n"
           "Original-Rcpt-To: ann@example.com\r\n\r\n"
           f"--f\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: {turn_mail(game, 0).message_id}\r\n\r\n"
           "--f--\r\n").encode()
    row = inbound.receive(raw, "raw")
    assert row.outcome == "complaint" and game is not None
    assert db.session.scalar(select(User.email_status).where(User.email == "ann@example.com")) == "complained"
    assert answers_to("ann@example.com") == []


# --- what a reply may say ---------------------------------------------------------------------


def test_several_command_lines_apply_in_order_under_one_key(make_game):
    game = make_game(humans=("ann",), bots=1, options={"pile": 40})
    raw = reply(turn_mail(game, 0), "take 1")
    inbound.receive(raw, "raw")
    # The bot answers between the lines, so Ann may send a run of her turns in one mail.
    raw = reply(turn_mail(game, 0), "take 2\ntake 3")
    row = inbound.receive(raw, "raw")
    assert moves(game) == ["take 1", "take 2", "take 3"] and row.outcome == "done"
    [_, answer] = answers_to("ann@example.com")
    assert "Applied: take 2; take 3." in answer.text
    submissions = db.session.scalars(select(Move.submission_id).where(Move.source == "email")).all()
    assert len(set(submissions[1:])) == 1  # one key for the whole mail


def test_a_failing_line_is_quoted_with_why_and_what_is_legal(make_game):
    game = make_game()
    row = inbound.receive(reply(turn_mail(game, 0), "take 7\ntake 1"), "raw")
    assert row.outcome == "stopped" and move_count() == 0
    [answer] = answers_to("ann@example.com")
    assert "This line was not applied:\n  > take 7" in answer.text
    assert "Why:" in answer.text and "take 1\n  take 2\n  take 3" in answer.text
    assert "The lines after it were not read:\n  > take 1" in answer.text


def test_a_closing_line_after_the_moves_is_ignored_without_alarm(make_game):
    game = make_game()
    row = inbound.receive(reply(turn_mail(game, 0), "take 2\nThanks!\nAnn"), "raw")
    assert row.outcome == "done" and moves(game) == ["take 2"]
    [answer] = answers_to("ann@example.com")
    # Quietly: no "not a command" for a closing and the writer's name below the commands (issue 23).
    assert "Thanks!" not in answer.text and "Ignored" not in answer.text and "Why:" not in answer.text


def test_a_closing_line_alone_is_a_real_failure(make_game):
    game = make_game()
    row = inbound.receive(reply(turn_mail(game, 0), "Thanks!"), "raw")
    assert row.outcome == "stopped"
    # Nothing was done: the line is no command, said as such (issue 23's wording).
    text = answers_to("ann@example.com")[0].text
    assert "did not understand this line, so it stopped reading there:\n  > Thanks!" in text


def test_an_empty_reply_is_answered_with_what_is_asked(make_game):
    game = make_game()
    row = inbound.receive(reply(turn_mail(game, 0), ""), "raw")
    assert row.outcome == "no_command"
    text = answers_to("ann@example.com")[0].text
    assert "no command" in text and "It is your turn: take." in text
    # The answer is the turn mail too: the commands, the deadline and the board.
    assert "For example:\n    take 2\n    take 1" in text and "Deadline:" in text and "The board:" in text


def test_say_talks_to_the_table_and_the_moves_around_it_apply(make_game):
    game = make_game(humans=("ann", "bob", "cy"))
    row = inbound.receive(reply(turn_mail(game, 0), "say good luck all\ntake 2"), "raw")
    assert row.outcome == "done" and moves(game) == ["take 2"]
    said = db.session.scalars(select(ChatMessage.text)).all()
    assert said == ["good luck all"]
    chats = db.session.scalars(select(Outbox.to_address).where(Outbox.kind == "chat").order_by(Outbox.id)).all()
    assert chats == ["bob@example.com", "cy@example.com"]


def test_say_alone_sends_the_rest_of_the_message(make_game):
    game = make_game()
    inbound.receive(reply(turn_mail(game, 0), "say\nI will be away until Monday.\nSorry for the wait!"), "raw")
    assert db.session.scalar(select(ChatMessage.text)) == "I will be away until Monday.\nSorry for the wait!"
    assert move_count() == 0


def test_service_words_in_japanese_and_german(make_game, make_user):
    ann, bob = make_user("ann", locale="ja"), make_user("bob", locale="de")
    game = make_game(humans=(ann, bob))
    inbound.receive(reply(turn_mail(game, 0), "発言：よろしくお願いします\n状況"), "raw")
    assert db.session.scalar(select(ChatMessage.text)) == "よろしくお願いします"
    answer = answers_to("ann@example.com")[0].text
    assert said("ja", "Said to the table of game #%(id)s:", id=game.id) in answer
    assert said("ja", "It is your turn: %(asked)s.", asked="take") in answer
    bob_mail = db.session.scalar(select(Outbox).where(Outbox.kind == "chat"))
    inbound.receive(reply(bob_mail, "Hilfe"), "raw")
    assert "say <text>" in answers_to("bob@example.com")[0].text and move_count() == 0


def test_status_without_a_game_lists_the_players_games(make_game):
    game = make_game()
    inbound.receive(new_mail("status", sender="bob@example.com"), "raw")
    assert f"#{game.id} {game.title}: waiting" in answers_to("bob@example.com")[0].text


def test_a_dev_mailbox_reply_may_carry_our_domain(make_game):
    game = make_game()
    row = inbound.receive(reply(turn_mail(game, 0), "take 1", message_id="<dev-1@pbem.test>"), "dev")
    assert row.outcome == "done" and moves(game) == ["take 1"]


def test_status_help_and_undo(make_game):
    game = make_game()
    inbound.receive(reply(turn_mail(game, 0), "status"), "raw")
    inbound.receive(reply(turn_mail(game, 0), "help"), "raw")
    undo = inbound.receive(reply(turn_mail(game, 0), "undo"), "raw")
    status, help_, undo_answer = answers_to("ann@example.com")
    assert "ann (you)" in status.text and "It is your turn: take." in status.text
    assert "join 12" in help_.text and "say <text>" in help_.text
    assert undo.outcome == "stopped" and "does not allow taking a move back" in undo_answer.text
    assert move_count() == 0


def test_join_and_start_by_mail(make_game, make_user, example_org_dns):
    """By mail that proves its sender: here DKIM-signed by the sender's domain (tests/service/test_inbound_forgery.py
    shows the other proof, a reply to our mail, and that a bare From is refused)."""
    host, guest = make_user("hana"), make_user("luc", locale="fr")
    game = play.create_game(host, "test-countdown", seats=2, random_seating=False)
    joined = inbound.receive(dkim_signed(new_mail(f"rejoindre {game.id}\nMerci !", sender="luc@example.com"),
                                         example_org_dns), "raw")
    assert joined.outcome == "done"
    answer = answers_to("luc@example.com")[0].text
    assert said("fr", "You joined game #%(id)s \"%(title)s\" (%(name)s).", id=game.id, title=game.title,
                name="Countdown") in answer
    assert '"Merci !"' in answer and joined.detail.startswith(f"join {game.id}; ignored from 'Merci !'")
    started = inbound.receive(dkim_signed(new_mail(f"start {game.id}", sender="hana@example.com"),
                                          example_org_dns), "raw")
    assert started.outcome == "done" and refreshed(game).status == "active"
    assert "has started" in answers_to("hana@example.com")[0].text
    assert guest.id in [s.user_id for s in refreshed(game).seats]


def test_an_invited_address_joins_by_replying_to_the_invitation(make_game, make_user):
    host = make_user("hana")
    game = play.create_game(host, "test-countdown", seats=2, random_seating=False)
    play.invite(game.id, host, "newcomer@example.org")
    invitation = db.session.scalar(select(Outbox).where(Outbox.kind == "invite"))
    row = inbound.receive(reply(invitation, f"join {game.id}"), "raw")
    assert row.outcome == "done"
    user = db.session.scalar(select(User).where(User.email == "newcomer@example.org"))
    assert user is not None and user.id in [s.user_id for s in refreshed(game).seats]


def test_only_the_host_may_start(make_game, make_user, example_org_dns):
    host, guest = make_user("hana"), make_user("luc")
    game = play.create_game(host, "test-countdown", seats=2, random_seating=False)
    play.join(game.id, guest)
    row = inbound.receive(dkim_signed(new_mail(f"start {game.id}", sender="luc@example.com"), example_org_dns),
                          "raw")
    assert row.outcome == "stopped" and refreshed(game).status == "lobby"
    assert "only the host" in answers_to("luc@example.com")[0].text


def test_refusals_are_answered_in_the_players_language(make_game, make_user, example_org_dns):
    """The service's own refusals (not your turn, only the host) reach a Japanese player in Japanese."""
    kenji = make_user("kenji", locale="ja")
    game = make_game(humans=("ann", kenji))  # ann is asked first
    inbound.receive(dkim_signed(thread_reply(game, "take 1", "kenji@example.com"), example_org_dns), "raw")
    answer = answers_to("kenji@example.com")[0].text
    assert said("ja", "it is not your turn: waiting for %(names)s", names="ann") in answer
    assert "it is not your turn" not in answer
    lobby = play.create_game(make_user("hana"), "test-countdown", seats=2, random_seating=False)
    play.join(lobby.id, kenji)
    inbound.receive(dkim_signed(new_mail(f"start {lobby.id}", sender="kenji@example.com"), example_org_dns), "raw")
    assert said("ja", "only the host may do that") in answers_to("kenji@example.com")[-1].text


# --- Stone Age in four languages -----------------------------------------------------------

PLACE_WORDS = {"forest": ("森", "forêt", "Wald"), "river": ("川", "rivière", "Fluss"), "hunt": ("狩場", "chasse", "Jagd"),
               "clay": ("煉瓦鉱山", "glaisière", "Lehmgrube"), "quarry": ("採石場", "carrière", "Steinbruch")}
PLACING = {"ja": "{where}に{n}人", "fr": "placer {n} personnes sur la {where}", "de": "setze {n} auf {where}"}
CLOSINGS = {"ja": "よろしくお願いします", "fr": "Merci !", "de": "Viele Grüße"}


def mail_commands(game: Game, turn: Outbox) -> list[str]:
    """The legal commands a turn mail offers, as whole lines of its text."""
    from pbem import engine

    legal = {str(m) for m in engine.get(game.slug).legal(refreshed(game).state, 0)}
    return [line.strip() for line in turn.text.splitlines() if line.strip() in legal]


def translated_placement(game: Game, turn: Outbox, locale: str) -> tuple[str, str]:
    """A placement the turn mail offers, in the canonical form and as a player of `locale` would type it."""
    for command in mail_commands(game, turn):
        match = re.fullmatch(r"place (\d) (\w+)", command)
        if match and match.group(2) in PLACE_WORDS:
            words = dict(zip(("ja", "fr", "de"), PLACE_WORDS[match.group(2)]))
            return command, PLACING[locale].format(n=match.group(1), where=words[locale])
    raise AssertionError(f"no placement among the offered commands:\n{turn.text}")


@pytest.mark.parametrize("locale", ["ja", "fr", "de"])
def test_stone_age_replies_in_japanese_french_and_german(make_game, make_user, locale):
    ann = make_user("ann", locale=locale)
    game = make_game(slug="stone-age", humans=(ann,), bots=3)
    turn = turn_mail(game, 0)
    canonical, typed = translated_placement(game, turn, locale)
    row = inbound.receive(reply(turn, f"{typed}\n{CLOSINGS[locale]}"), "raw")
    assert row.outcome == "done", row.detail
    assert moves(game) == [canonical]
    answer = answers_to("ann@example.com")[0]
    # In the player's language; the commands stay canonical.
    assert said(locale, "Applied: %(moves)s.", moves=canonical) in answer.text
    assert CLOSINGS[locale] not in answer.text  # the closing ends the mail quietly (issue 23)
    # The bots placed; Ann is asked again, and her reply to the new turn mail plays on.
    turn = turn_mail(game, 0)
    second, typed = translated_placement(game, turn, locale)
    assert inbound.receive(reply(turn, typed), "raw").outcome == "done"
    assert moves(game) == [canonical, second]


def test_a_rule_error_is_explained_in_the_players_language(make_game, make_user):
    """The engine's reason, not only the service's frame, comes in Japanese; the command stays as typed."""
    ann = make_user("ann", locale="ja")
    game = make_game(slug="stone-age", humans=(ann,), bots=3)
    row = inbound.receive(reply(turn_mail(game, 0), "place 9 forest"), "raw")
    assert row.outcome == "stopped" and "you have 5 people left" in row.detail  # the stored summary is English
    answer = answers_to("ann@example.com")[0].text
    assert '"place 9 forest"' in answer and "you have" not in answer
    from pbem.engine.stone_age.messages import Msg
    assert Msg("people_left", n=5).render("ja") in answer


def test_mail_replies_play_a_stone_age_round(make_game):
    """From the first turn mail into the next round, by replying only, with commands the turn mails offer."""
    game = make_game(slug="stone-age", humans=("ann",), bots=3)
    for _ in range(40):
        turn = turn_mail(game, 0)
        offered = mail_commands(game, turn)
        assert offered, turn.text
        before = len(moves(game))
        inbound.receive(reply(turn, offered[0]), "raw")
        assert len(moves(game)) == before + 1, answers_to("ann@example.com")[-1].text
        if refreshed(game).state["round"] > 1:
            break
    assert refreshed(game).state["round"] == 2


def test_the_list_unsubscribe_mailto_stops_notices_but_not_turn_mails(make_game):
    from email.message import EmailMessage

    from pbem.mail import inbound

    game = make_game()
    ann = game.seat_at(0).user
    msg = EmailMessage()
    msg["From"] = "ann@example.com"
    msg["To"] = tokens.unsubscribe_address(ann.id)
    msg["Subject"] = "unsubscribe"
    msg["Message-ID"] = "<unsub-1@client.example>"
    msg.set_content("unsubscribe")
    row = inbound.receive(msg.as_bytes(), "raw")
    assert row.outcome == "unsubscribed"
    db.session.refresh(ann)
    assert ann.notices is False

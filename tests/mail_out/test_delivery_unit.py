"""deliver_due against a real SMTP server (aiosmtpd): one connection, retries with backoff, permanent failures, DKIM."""
from __future__ import annotations

from datetime import timedelta

import dkim as dkimpy
import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import select

from conftest import free_port
from pbem import clock
from pbem.extensions import db
from pbem.mail import delivery, outbound
from pbem.models import Outbox


@pytest.fixture
def smtp_mail(app, smtp_server):
    """The app sending through the test SMTP server."""
    app.config["MAIL_URL"] = smtp_server.url + "?timeout=10"
    yield smtp_server
    app.config["MAIL_URL"] = None


@pytest.fixture
def later():
    """Move this process's clock; put it back afterwards."""
    yield clock.advance
    clock.reset()


def deliver() -> int:
    """Run delivery; the test's copies of the rows are then read again (delivery has a session of its own)."""
    sent = delivery.deliver_due()
    db.session.expire_all()
    return sent


def queue(n: int, to: str = "p{i}@example.com") -> list[Outbox]:
    rows = [outbound._queue(f"test:{i}", "notice", to.format(i=i), f"mail {i}", f"body {i}", html=f"<p>{i}</p>")
            for i in range(n)]
    db.session.commit()  # a plain commit: no delivery is kicked, the test runs it
    return rows


def test_due_mail_goes_out_once_each_with_its_message_id(ctx, smtp_mail):
    rows = queue(5)
    assert deliver() == 5
    assert deliver() == 0
    got = sorted((rcpts[0], m["Message-ID"]) for rcpts, m in smtp_mail.handler.messages)
    assert got == sorted((row.to_address, row.message_id) for row in rows)
    for row in rows:
        assert (row.status, row.attempts, row.last_error) == ("sent", 1, None) and row.sent_at is not None


def test_a_refusing_server_delays_with_backoff_and_loses_nothing(ctx, smtp_mail, later):
    rows = queue(3)
    smtp_mail.handler.refuse = True
    assert deliver() == 0
    for row in rows:
        assert row.status == "pending" and row.attempts == 1 and "451" in row.last_error
        assert row.next_attempt_at >= clock.now() + timedelta(seconds=55)
    smtp_mail.handler.refuse = False
    assert deliver() == 0  # not due yet: the backoff holds
    later(timedelta(minutes=2))
    assert deliver() == 3
    assert [row.attempts for row in rows] == [2, 2, 2] and len(smtp_mail.handler.messages) == 3


def test_an_unreachable_server_marks_every_due_mail_and_keeps_it(app, ctx, later):
    app.config["MAIL_URL"] = f"smtp://127.0.0.1:{free_port()}?timeout=5"
    try:
        rows = queue(4)
        assert deliver() == 0
        assert all(r.status == "pending" and r.attempts == 1 and "Connection" in r.last_error for r in rows)
        later(timedelta(minutes=2))
        assert deliver() == 0
        assert [r.attempts for r in rows] == [2, 2, 2, 2]
        # The second failure waits longer (5 minutes).
        assert rows[0].next_attempt_at >= clock.now() + timedelta(minutes=4)
    finally:
        app.config["MAIL_URL"] = None


class _RefuseSome:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.startswith("gone"):
            return "550 5.1.1 no such user"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        return "250 OK"


def test_a_permanent_refusal_fails_the_mail_and_marks_the_address(app, ctx, make_user):
    gone = make_user("gone")
    controller = Controller(_RefuseSome(), hostname="127.0.0.1", port=free_port())
    controller.start()
    app.config["MAIL_URL"] = f"smtp://127.0.0.1:{controller.port}"
    try:
        row = outbound._queue("t:gone", "turn", gone.email, "s", "t", user=gone)
        ok = outbound._queue("t:ok", "turn", "fine@example.com", "s", "t")
        db.session.commit()
        assert deliver() == 1
        assert (row.status, ok.status) == ("failed", "sent") and "550" in row.last_error
        db.session.refresh(gone)
        assert gone.email_status == "bounced"
    finally:
        app.config["MAIL_URL"] = None
        controller.stop()


def test_a_resent_mail_is_the_same_message(ctx):
    [row] = queue(1)
    first, second = delivery.build_message(row), delivery.build_message(row)
    assert first["Message-ID"] == second["Message-ID"] == row.message_id
    assert first["Date"] == second["Date"]


def test_mail_is_dkim_signed_when_a_key_is_configured(app, make_game, dkim_key):
    pem, record = dkim_key
    make_game()
    row = db.session.scalars(select(Outbox).where(Outbox.kind == "turn")).first()
    asked = []

    def dns(name, timeout=5):
        asked.append(name)
        return record if name == b"mail2026._domainkey.pbem.localhost." else None

    assert b"DKIM-Signature" not in delivery.message_bytes(row)  # no key configured: not signed
    app.config.update(DKIM_PRIVATE_KEY=pem.replace("\n", "\\n"), DKIM_SELECTOR="mail2026")
    try:
        data = delivery.message_bytes(row)
    finally:
        app.config.update(DKIM_PRIVATE_KEY=None, DKIM_SELECTOR=None)
    # Signed for the domain of the From address (the test app's MAIL_FROM is pbem@pbem.localhost).
    assert data.startswith(b"DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=pbem.localhost;")
    assert dkimpy.verify(data, dnsfunc=dns) and asked == [b"mail2026._domainkey.pbem.localhost."]
    signed = data.split(b"\r\n\r\n", 1)[0].split(b" h=", 1)[1].split(b";", 1)[0].replace(b"\r\n", b"").replace(b" ", b"")
    assert {b"list-unsubscribe", b"list-unsubscribe-post", b"reply-to", b"message-id"} <= set(signed.lower().split(b":"))
    tampered = data.replace(b"Subject: [pbem", b"Subject: [PBEM", 1)
    assert not dkimpy.verify(tampered, dnsfunc=dns)


def test_the_clock_can_be_moved_for_every_process_through_redis(monkeypatch):
    from conftest import REDIS_URL

    url = REDIS_URL.rsplit("/", 1)[0] + "/13"
    before = clock.now()
    monkeypatch.setenv(clock.ENV, url)
    try:
        clock.set_shared_offset(url, timedelta(days=3))
        assert clock.now() - before >= timedelta(days=3)
        monkeypatch.setenv(clock.ENV, "3600")
        assert timedelta(minutes=59) < clock.now() - before < timedelta(days=1)
    finally:
        clock.set_shared_offset(url, timedelta(0))

"""deliver_due against a real SMTP server (aiosmtpd): one connection, retries with backoff, permanent failures, DKIM."""
from __future__ import annotations

from datetime import timedelta

import dkim as dkimpy
import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import select

from outbox_rows import pending

from conftest import free_port
from pbem import clock
from pbem.extensions import db
from pbem.mail import backends, delivery
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
    rows = [pending(f"test:{i}", "notice", to.format(i=i), f"mail {i}", f"body {i}", html=f"<p>{i}</p>")
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
        row = pending("t:gone", "turn", gone.email, "s", "t", user=gone)
        ok = pending("t:ok", "turn", "fine@example.com", "s", "t")
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
    first, second = backends.build_message(row), backends.build_message(row)
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

    assert b"DKIM-Signature" not in backends.message_bytes(row)  # no key configured: not signed
    app.config.update(DKIM_PRIVATE_KEY=pem.replace("\n", "\\n"), DKIM_SELECTOR="mail2026")
    try:
        data = backends.message_bytes(row)
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


class _Sink:
    """An aiosmtpd handler keeping each mail with its envelope: sender, recipients, MAIL options."""

    def __init__(self, refuse_rcpt: str | None = None):
        self.mails: list[dict] = []
        self.refuse_rcpt = refuse_rcpt

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.refuse_rcpt and address.startswith(self.refuse_rcpt):
            return "451 4.2.0 mailbox busy, try later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        from email import message_from_bytes, policy

        self.mails.append({"from": envelope.mail_from, "to": envelope.rcpt_tos, "options": envelope.mail_options,
                           "message": message_from_bytes(envelope.content, policy=policy.SMTPUTF8)})
        return "250 OK"


@pytest.fixture
def sink(app):
    """Start a sink (SMTPUTF8 on or off) and send through it."""
    controllers = []

    def start(smtputf8: bool, refuse_rcpt: str | None = None) -> _Sink:
        handler = _Sink(refuse_rcpt)
        controller = Controller(handler, hostname="127.0.0.1", port=free_port(), enable_SMTPUTF8=smtputf8)
        controller.start()
        controllers.append(controller)
        app.config["MAIL_URL"] = f"smtp://127.0.0.1:{controller.port}?timeout=10"
        return handler
    yield start
    app.config["MAIL_URL"] = None
    for controller in controllers:
        controller.stop()


def queue_to(addresses: list[str]) -> list[Outbox]:
    """One row per address, in this order, all due now (as rows queued before addresses were checked would be)."""
    rows = [pending(f"test:{i}", "notice", to, f"mail {i}", f"body {i}") for i, to in enumerate(addresses)]
    db.session.commit()
    return rows


GOOD = ["ann@example.com", "bob@example.com", "cid@example.com"]


def test_unusable_addresses_fail_alone_and_the_rows_behind_go_out_in_the_same_run(ctx, sink):
    """Issue 10: one address (josé@, exämple, U+202E) stalled all outgoing mail; the server offers no SMTPUTF8."""
    mailbox = sink(smtputf8=False)
    jose, rtl, idn, *good = queue_to(["josé@example.org", "bob\u202e@example.org", "bob@exämple.org", *GOOD])
    assert deliver() == 4
    assert sorted(m["to"][0] for m in mailbox.mails) == sorted(["bob@xn--exmple-cua.org", *GOOD])
    assert all(row.status == "sent" for row in (idn, *good))
    # Failed at once (sending again would fail the same way), each with its reason in words.
    assert (jose.status, jose.attempts) == ("failed", 1) and "SMTPUTF8" in jose.last_error
    assert "the mail server does not offer" in jose.last_error
    assert (rtl.status, rtl.attempts) == ("failed", 1) and "RIGHT-TO-LEFT OVERRIDE" in rtl.last_error
    assert deliver() == 0 and len(mailbox.mails) == 4


def test_an_internationalised_address_goes_out_over_smtputf8_when_the_server_offers_it(ctx, sink):
    mailbox = sink(smtputf8=True)
    jose, *good = queue_to(["josé@example.org", *GOOD])
    assert deliver() == 4
    assert jose.status == "sent" and all(row.status == "sent" for row in good)
    [mail] = [m for m in mailbox.mails if m["to"] == ["josé@example.org"]]
    assert "SMTPUTF8" in mail["options"] and mail["message"]["To"] == "josé@example.org"
    # Mail to ASCII addresses is sent as before, without SMTPUTF8.
    assert all("SMTPUTF8" not in m["options"] for m in mailbox.mails if m is not mail)


def test_the_envelope_sender_is_the_rows_signed_bounce_address(ctx, sink):
    from pbem import tokens

    mailbox = sink(smtputf8=False)
    rows = queue_to(GOOD)
    assert deliver() == 3
    by_rcpt = {m["to"][0]: m["from"] for m in mailbox.mails}
    for row in rows:
        assert by_rcpt[row.to_address] == tokens.bounce_address(row.id)
        assert tokens.find_bounce_token(by_rcpt[row.to_address]) == row.id


def test_a_mail_refused_again_and_again_is_given_up_and_shown_to_the_host(app, ctx, sink, later, make_game):
    """A 4xx for one recipient: retried with backoff, never blocking others; failed after MAX_ATTEMPTS, with the reason."""
    game = make_game()  # ann (the host) and bob; their mail goes to the outbox folder
    mailbox = sink(smtputf8=False, refuse_rcpt="bob@")
    [row] = [pending("t:busy", "notice", "bob@example.com", "s", "t", game=game)]
    queue_to(["ann@example.com", "cid@example.com"])
    assert deliver() == 2
    assert (row.status, row.attempts) == ("pending", 1) and "451" in row.last_error
    for attempt in range(2, delivery.MAX_ATTEMPTS + 1):
        later(delivery.retry_delay(attempt - 1) + timedelta(seconds=1))
        assert deliver() == 0
        assert row.attempts == attempt
    assert row.status == "failed" and "451 4.2.0 mailbox busy" in row.last_error
    later(timedelta(days=1))
    assert deliver() == 0 and row.attempts == delivery.MAX_ATTEMPTS  # given up: no more tries
    assert len(mailbox.mails) == 2
    # The host sees it on the game page; nobody else does (the address is the host's to know).
    from conftest import signin

    client = app.test_client()
    signin(client, "ann@example.com")
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Mail to bob@example.com failed" in page and "451 4.2.0 mailbox busy" in page
    other = app.test_client()
    signin(other, "bob@example.com")
    assert "Mail to bob@example.com failed" not in other.get(f"/games/{game.id}").get_data(as_text=True)


class _SlowSink(_Sink):
    """A sink during whose first DATA twenty minutes pass (the process clock moves): a run frozen that long (a paused
    machine) renews nothing, and its lease has run out when it wakes. For every mail it notes how much of its row's
    lease is left as the mail arrives."""

    def __init__(self, app):
        super().__init__()
        self.app, self.lease_left = app, []

    async def handle_DATA(self, server, session, envelope):
        from sqlalchemy import text

        if not self.mails:
            clock.advance(timedelta(minutes=20))
        with self.app.app_context(), db.engine.connect() as conn:
            lease = conn.execute(text("SELECT next_attempt_at FROM outbox WHERE to_address = :to"),
                                 {"to": envelope.rcpt_tos[0]}).scalar()
        self.lease_left.append(lease - clock.now())
        return await super().handle_DATA(server, session, envelope)


def test_a_run_whose_lease_runs_short_gives_the_rest_back_and_claims_them_anew(app, ctx, later):
    sink = _SlowSink(app)
    controller = Controller(sink, hostname="127.0.0.1", port=free_port())
    controller.start()
    app.config["MAIL_URL"] = f"smtp://127.0.0.1:{controller.port}?timeout=10"
    try:
        rows = queue_to(GOOD)
        assert deliver() == 3  # the first under the first claim, the other two under a new one
        assert [(r.status, r.attempts) for r in rows] == [("sent", 1)] * 3 and len(sink.mails) == 3
        # The first mail's lease ran out while it was sent (no other run took it, so its result was recorded);
        # no mail was sent under a lease with less than half of it left: the run gave the rest back.
        assert sink.lease_left[0] < timedelta(0)
        assert all(left >= delivery.LEASE / 2 for left in sink.lease_left[1:]), sink.lease_left
    finally:
        app.config["MAIL_URL"] = None
        controller.stop()


def test_mails_sent_are_recorded_on_a_connection_that_does_not_wait_for_the_disk(ctx, smtp_mail):
    from sqlalchemy import Engine, event

    rows = queue(20)
    commits = []

    def on_commit(conn):
        commits.append(conn)
    event.listen(Engine, "commit", on_commit)
    try:
        assert deliver() == 20
    finally:
        event.remove(Engine, "commit", on_commit)
    # Results are written by the recorder, each in autocommit as it is made, without waiting for the disk;
    # before, each was a transaction of its own that did (a third of plain smtplib's rate, bench/notify.py).
    with delivery._recorder().connect() as recorder:
        assert recorder.exec_driver_sql("SHOW synchronous_commit").scalar() == "off"
    assert len(commits) <= 2  # the claim (and the writing of turn mails, none here) still wait for the disk
    db.session.expire_all()
    assert all(row.status == "sent" and row.sent_at is not None for row in rows)
    assert len({row.sent_at for row in rows}) == 20  # each the moment its own mail went


def test_a_claim_whose_runs_all_died_is_sent_again_until_the_last_attempt_then_given_up(ctx, smtp_mail, later):
    """A row left "sending" by a run that died goes out again once its lease ran out, counted; one claimed
    MAX_ATTEMPTS times by runs that all died is given up, with the reason, and sent no more."""
    again, dead = queue(2)
    for row, attempts in ((again, 3), (dead, delivery.MAX_ATTEMPTS)):
        row.status, row.attempts, row.next_attempt_at = "sending", attempts, clock.now() - timedelta(minutes=1)
    db.session.commit()
    assert deliver() == 1
    assert (again.status, again.attempts) == ("sent", 4)
    assert (dead.status, dead.attempts) == ("failed", delivery.MAX_ATTEMPTS)
    assert dead.last_error == f"given up: sending was interrupted {delivery.MAX_ATTEMPTS} times"
    assert [m["Subject"] for _, m in smtp_mail.handler.messages] == [again.subject]
    later(timedelta(days=1))
    assert deliver() == 0 and dead.status == "failed"


def test_a_claim_whose_run_was_killed_goes_out_once_its_short_lease_ran_out(ctx, smtp_mail, later):
    """A run killed right after its claim renews nothing: the next run takes its mail once LEASE (a minute, not
    half an hour) has passed, and not before; each mail goes out once."""
    from sqlalchemy.orm import Session

    assert delivery.LEASE <= timedelta(seconds=90)
    rows = queue(3)
    with Session(db.engine, expire_on_commit=False) as killed:
        # Claimed, then the run is gone: no send, no renewal.
        claimed, _ = delivery._claim(killed, delivery.CLAIM_BATCH, clock.now() + delivery.LEASE)
    assert len(claimed) == 3
    assert deliver() == 0
    later(delivery.LEASE - timedelta(seconds=5))
    assert deliver() == 0 and all(row.status == "sending" for row in rows)
    later(timedelta(seconds=6))
    assert deliver() == 3
    assert [(row.status, row.attempts) for row in rows] == [("sent", 2)] * 3
    assert sorted(m["Message-ID"] for _, m in smtp_mail.handler.messages) == sorted(row.message_id for row in rows)


def _warnings(monkeypatch, caplog):
    """Delivery's warnings, captured (alembic's logging setup, run by the app fixture's migration, disabled its logger)."""
    import logging

    monkeypatch.setattr(logging.getLogger(delivery.__name__), "disabled", False)
    caplog.set_level(logging.WARNING, logger=delivery.__name__)
    return caplog


def _leases(app) -> dict[str, object]:
    """The lease (next_attempt_at) of each row being sent, by recipient, read on a connection of its own."""
    from sqlalchemy import text

    with app.app_context(), db.engine.connect() as conn:
        return dict(conn.execute(text("SELECT to_address, next_attempt_at FROM outbox WHERE status = 'sending'")).all())


class _DawdlingSink(_Sink):
    """A sink that holds its first DATA for `hold` seconds of real time, longer than the test's lease, and notes
    the rows' leases as that DATA begins and as it ends."""

    def __init__(self, app, hold: float):
        super().__init__()
        self.app, self.hold, self.leases = app, hold, []
        import threading

        self.holding = threading.Event()

    async def handle_DATA(self, server, session, envelope):
        import asyncio

        if not self.mails and not self.leases:
            self.leases.append(_leases(self.app))
            self.holding.set()
            await asyncio.sleep(self.hold)
            self.leases.append(_leases(self.app))
        return await super().handle_DATA(server, session, envelope)


def test_a_run_slower_than_its_lease_renews_it_and_no_other_run_takes_its_mail(app, ctx, monkeypatch, caplog):
    """One SMTP step outlasts the whole lease (here 3 s, renewed every 0.3 s): while the run lives its lease is
    pushed ahead, so the runs started meanwhile (the beat's, kicks) take none of its rows, and each mail goes
    out once, recorded by the run that sent it."""
    import threading

    monkeypatch.setattr(delivery, "LEASE", timedelta(seconds=3))
    monkeypatch.setattr(delivery, "RENEW_EVERY", 0.3)
    warnings = _warnings(monkeypatch, caplog)
    sink = _DawdlingSink(app, hold=5)
    controller = Controller(sink, hostname="127.0.0.1", port=free_port())
    controller.start()
    app.config["MAIL_URL"] = f"smtp://127.0.0.1:{controller.port}?timeout=10"
    slow = {}

    def slow_run():
        with app.app_context():
            slow["sent"] = delivery.deliver_due()

    try:
        rows = queue_to(GOOD[:2])
        runner = threading.Thread(target=slow_run)
        runner.start()
        assert sink.holding.wait(30), "the run never reached DATA"
        others = []
        while runner.is_alive():  # other runs, again and again, until the slow one is done
            others.append(delivery.deliver_due())
            runner.join(0.1)
        assert slow["sent"] == 2 and len(others) >= 10 and not any(others), others
        db.session.expire_all()
        assert [(row.status, row.attempts) for row in rows] == [("sent", 1)] * 2
        assert sorted(m["message"]["Message-ID"] for m in sink.mails) == sorted(row.message_id for row in rows)
        # Both rows' leases were renewed past the end of the lease they were claimed with.
        begun, ended = sink.leases
        assert set(begun) == set(ended) == set(GOOD[:2])
        assert all(ended[to] - begun[to] > delivery.LEASE for to in begun), sink.leases
        assert warnings.records == [], warnings.text
    finally:
        app.config["MAIL_URL"] = None
        controller.stop()


class _FreezingSink(_Sink):
    """A sink whose first DATA waits until the run has renewed its lease, then moves the clock past that lease (the
    run is frozen that long: a paused machine) and lets another run claim the rows, before it answers."""

    def __init__(self, app):
        super().__init__()
        self.app, self.claimed, self.taken = app, None, []

    async def handle_DATA(self, server, session, envelope):
        import asyncio
        import time

        from sqlalchemy.orm import Session

        if not self.mails and self.claimed is None:
            self.claimed = set(_leases(self.app).values())
            deadline = time.monotonic() + 30
            while set(_leases(self.app).values()) == self.claimed:
                assert time.monotonic() < deadline, "the lease was never renewed"
                await asyncio.sleep(0.05)
            clock.advance(delivery.LEASE + timedelta(seconds=1))
            with self.app.app_context(), Session(db.engine, expire_on_commit=False) as other:
                batch, _ = delivery._claim(other, delivery.CLAIM_BATCH, clock.now() + delivery.LEASE)
                self.taken = [(row.id, row.next_attempt_at, row.attempts) for row in batch]
        return await super().handle_DATA(server, session, envelope)


def test_a_run_frozen_past_its_renewed_lease_writes_nothing_over_the_run_that_took_its_mail(
        app, ctx, monkeypatch, later, caplog):
    """The fence holds after renewals: a run whose renewed lease ran out (frozen) and whose rows another run took
    records none of them, gives none back, renews none, and sends no more; the other run's claim stands."""
    monkeypatch.setattr(delivery, "RENEW_EVERY", 0.1)
    warnings = _warnings(monkeypatch, caplog)
    sink = _FreezingSink(app)
    controller = Controller(sink, hostname="127.0.0.1", port=free_port())
    controller.start()
    app.config["MAIL_URL"] = f"smtp://127.0.0.1:{controller.port}?timeout=10"
    try:
        rows = queue_to(GOOD[:2])
        assert deliver() == 1  # the first mail was on the wire; the second is not sent under a lease that ran out
        assert len(sink.mails) == 1 and len(sink.claimed) == 1
        assert sorted(sink.taken) == sorted((row.id, row.next_attempt_at, row.attempts) for row in rows)
        assert [(row.status, row.attempts) for row in rows] == [("sending", 2)] * 2
        assert all(row.next_attempt_at not in sink.claimed for row in rows)
        assert f"outbox row {rows[0].id}: the lease ran out before the result was recorded" in warnings.text
        # The other run dies in turn. Once its lease ran out the next run sends both: the first mail a second
        # time, with the same Message-ID (the window of a mail accepted but not recorded by a run holding it).
        later(delivery.LEASE + timedelta(seconds=1))
        assert deliver() == 2
        assert [(row.status, row.attempts) for row in rows] == [("sent", 3)] * 2
        assert sorted(m["message"]["Message-ID"] for m in sink.mails) == sorted(
            [rows[0].message_id, rows[0].message_id, rows[1].message_id])
    finally:
        app.config["MAIL_URL"] = None
        controller.stop()


def test_a_run_stops_at_a_claim_that_found_fewer_rows_than_it_asked_for(ctx, smtp_mail, monkeypatch):
    """A run with two due mails looks once for turn mails to write and claims once: each look cost as much as
    sending a mail, and most runs carry one or two. More than a claim takes go in further claims of the run."""
    from sqlalchemy import Engine, event

    monkeypatch.setattr(delivery, "CLAIM_BATCH", 2)
    looks = []

    def on_statement(conn, cursor, statement, parameters, context, executemany):
        if statement.startswith(("SELECT", "UPDATE")) and "FROM outbox" in statement and "FOR UPDATE" in statement:
            looks.append(statement)
    event.listen(Engine, "after_cursor_execute", on_statement)
    try:
        queue(1)
        assert deliver() == 1
        # The claim: one statement takes pending rows and lease-expired ones; then one look for mail to write.
        assert len(looks) == 2, looks
        assert looks[0].startswith("UPDATE outbox") and "RETURNING" in looks[0], looks
        assert looks[1].startswith("SELECT outbox") and "SKIP LOCKED" in looks[1], looks
        looks.clear()
        rows = queue(5)[1:]
        assert deliver() == 4  # two full claims of two, then one that finds none
        assert all(row.status == "sent" for row in rows)
        # One look for turn mails to write (it found none, so no more), and three claims.
        assert len(looks) == 1 + 3, looks
    finally:
        event.remove(Engine, "after_cursor_execute", on_statement)


def test_the_mail_a_run_writes_is_claimed_by_the_statements_that_store_it(ctx, smtp_mail, make_game, monkeypatch):
    """A turn mail stored unwritten is written and claimed in one UPDATE of its row: the claim before it finds
    nothing to take, and none follows (a claim had taken every mail written, a second new version of each row)."""
    from sqlalchemy import Engine, event

    from pbem import play

    monkeypatch.setattr("pbem.tasks.kick_delivery", lambda: None)  # the moves' mail waits for the run below
    game = make_game(humans=("ann", "bob"))
    assert play.submit(game.id, 0, "take 1", "web", "k").ok
    claims, writes = [], []

    def on_statement(conn, cursor, statement, parameters, context, executemany):
        if statement.startswith("UPDATE outbox"):
            (claims if "RETURNING" in statement else writes).append(cursor.rowcount)
    event.listen(Engine, "after_cursor_execute", on_statement)
    try:
        assert deliver() == 1  # bob's (ann's first turn mail was answered: dropped unwritten)
    finally:
        event.remove(Engine, "after_cursor_execute", on_statement)
    # One claim before the writing (nothing was due), none after; each row written is one UPDATE of the flush
    # (the host's "seated" and ann's first turn mail dropped, bob's written and claimed).
    assert claims == [0] and writes == [1, 1, 1], (claims, writes)
    rows = db.session.scalars(select(Outbox).order_by(Outbox.id)).all()
    assert [(r.kind, r.status, r.attempts) for r in rows] == [
        ("seated", "suppressed", 0), ("turn", "suppressed", 0), ("turn", "sent", 1)]
    assert [rcpts for rcpts, _ in smtp_mail.handler.messages] == [["bob@example.com"]]


def test_an_answer_goes_out_before_the_turn_mails_its_moves_made(ctx, smtp_mail, make_game, monkeypatch):
    """Mail already written (an answer to a reply) is claimed before the run writes what the same moves stored
    unwritten, so the player who replied reads the answer first."""
    from pbem import play

    monkeypatch.setattr("pbem.tasks.kick_delivery", lambda: None)
    game = make_game(humans=("ann", "bob"))
    assert play.submit(game.id, 0, "take 1", "web", "k").ok
    pending("answer:1", "answer", "ann@example.com", "Re: your move", "Applied: take 1")
    db.session.commit()
    assert deliver() == 2
    assert [rcpts for rcpts, _ in smtp_mail.handler.messages] == [["ann@example.com"], ["bob@example.com"]]


def test_a_kick_while_a_delivery_run_waits_in_the_queue_queues_nothing_more(make_app):
    import redis

    from conftest import REDIS_URL
    from pbem import tasks

    app = make_app(REDIS_URL=REDIS_URL, EMBEDDED_TASKS=False)
    broker = redis.Redis.from_url(REDIS_URL)
    broker.flushdb()
    try:
        with app.app_context():
            for _ in range(3):  # three moves committed while the first run waits for a worker
                tasks.kick_delivery()
            assert broker.llen("celery") == 1
            tasks.deliver_outbox()  # the run (here, in this process) ends: later mail needs a new run
            tasks.kick_delivery()
            assert broker.llen("celery") == 2
            tasks.kick_delivery(always=True)  # a worker starting sends what is due whatever is queued
            assert broker.llen("celery") == 3
    finally:
        broker.flushdb()


def test_mail_committed_while_a_run_lasts_goes_in_that_run_and_queues_no_other(make_app, smtp_server, monkeypatch):
    """The kick stays held while a run lasts: moves committed meanwhile queue no task, and the run sends their
    mail before it ends; a kick that comes after the run let go but before it looked again queues its own run."""
    import redis

    from conftest import REDIS_URL
    from pbem import tasks

    app = make_app(REDIS_URL=REDIS_URL, EMBEDDED_TASKS=False, MAIL_URL=smtp_server.url + "?timeout=10")
    broker = redis.Redis.from_url(REDIS_URL)
    broker.flushdb()
    sent, real_send = [], backends.SmtpBackend.send

    def send_and_commit_more(backend, row, to, data):
        real_send(backend, row, to, data)
        sent.append(row.dedupe_key)
        if len(sent) <= 2:  # a move commits its mail and kicks while the run sends this one
            pending(f"during:{len(sent)}", "notice", "late@example.com", "later", "body")
            db.session.commit()
            tasks.kick_delivery()
    # The real send to the real server, then a move's commit and kick while the run is still going.
    monkeypatch.setattr(backends.SmtpBackend, "send", send_and_commit_more)
    try:
        with app.app_context():
            queue(1)
            tasks.kick_delivery()
            assert broker.llen("celery") == 1
            assert tasks.deliver_outbox() == 3  # the first mail, and the two committed during the run
            assert sent == ["test:0", "during:1", "during:2"]
            assert len(smtp_server.handler.messages) == 3
            assert broker.llen("celery") == 1  # no run queued meanwhile
            assert not broker.exists(tasks.KICK_PENDING)  # let go: the next kick queues a run
            # A kick landing between the run letting go and its last look: that kick's run sends the mail.
            queue(1)

            def kicked_meanwhile() -> bool:
                tasks.kick_delivery()
                return True
            assert tasks._look_again(tasks._redis(), kicked_meanwhile) is False
            assert broker.llen("celery") == 2
    finally:
        broker.flushdb()


def test_a_run_waits_a_moment_with_the_kick_held_before_it_looks_again(make_app, smtp_server, monkeypatch):
    """Under a stream of moves a run that looked again at once carried a mail or two a look; it waits
    DELIVERY_LINGER_SECONDS first, the kick held, so the moves committed meanwhile queue no run and go in this one."""
    import redis

    from conftest import REDIS_URL
    from pbem import tasks

    app = make_app(REDIS_URL=REDIS_URL, EMBEDDED_TASKS=False, MAIL_URL=smtp_server.url + "?timeout=10")
    broker = redis.Redis.from_url(REDIS_URL)
    broker.flushdb()
    waits = []

    def linger() -> None:
        waits.append(broker.exists(tasks.KICK_PENDING))
        if len(waits) <= 2:  # two moves commit their mail while the run waits
            pending(f"meanwhile:{len(waits)}", "notice", "late@example.com", "later", "body")
            db.session.commit()
            tasks.kick_delivery()
    monkeypatch.setattr(tasks, "_linger", linger)
    try:
        with app.app_context():
            queue(1)
            tasks.kick_delivery()
            assert tasks.deliver_outbox() == 3
            assert waits == [1, 1, 1]  # a wait before each look, the kick held through it
            assert broker.llen("celery") == 1  # the first kick's run only
            assert len(smtp_server.handler.messages) == 3
    finally:
        broker.flushdb()


def test_a_connection_the_server_dropped_while_the_run_waited_is_opened_anew(ctx):
    """A run keeps its SMTP connection while it waits between looks; a server that restarted meanwhile dropped it.
    The next mail checks it first (NOOP) and goes out on a new connection instead of failing into a retry."""
    rows, port, got = queue(2), free_port(), []

    class Keep:
        async def handle_DATA(self, server, session, envelope):
            got.append(envelope.content)
            return "250 OK"
    server = Controller(Keep(), hostname="127.0.0.1", port=port)
    server.start()
    sender = backends.SmtpBackend(f"smtp://127.0.0.1:{port}?timeout=10")
    try:
        sender.send(rows[0], rows[0].to_address, backends.message_bytes(rows[0], rows[0].to_address))
        server.stop()  # the server restarts while the run waits
        server = Controller(Keep(), hostname="127.0.0.1", port=port)
        server.start()
        sender.used_at -= sender.IDLE_CHECK
        sender.send(rows[1], rows[1].to_address, backends.message_bytes(rows[1], rows[1].to_address))
    finally:
        sender.close()
        server.stop()
    assert [row.message_id.encode() in mail for row, mail in zip(rows, got)] == [True, True]

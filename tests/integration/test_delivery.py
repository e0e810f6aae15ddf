"""Turn mail end to end: a real Celery worker on Redis, PostgreSQL and an SMTP server (aiosmtpd) on loopback.

The worker runs as `celery -A worker worker` in its own process group, so that it can be
killed like a crashed machine; its clock is moved through Redis (PBEM_CLOCK_OFFSET).
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from datetime import datetime, timedelta
from email import message_from_bytes, policy
from pathlib import Path

import pytest
import redis
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP
from sqlalchemy import select, text
from sqlalchemy.exc import OperationalError

from conftest import PG_ADMIN, REDIS_URL, ROOT, _admin, free_port

pytestmark = pytest.mark.integration

REDIS_DB = REDIS_URL.rsplit("/", 1)[0] + "/14"
SECRET = "delivery-test"


class _CountingSMTP(SMTP):
    """aiosmtpd's server, counting the connections open on its handler (a Mailbox)."""

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        with self.event_handler.arrived:
            self.event_handler.connections += 1

    def connection_lost(self, error) -> None:
        # After this nothing more arrives from that client: a DATA it had not seen through is cancelled.
        super().connection_lost(error)
        with self.event_handler.arrived:
            self.event_handler.connections -= 1
            self.event_handler.arrived.notify_all()


class _Controller(Controller):
    def factory(self):
        return _CountingSMTP(self.handler, **self.SMTP_kwargs)


class Mailbox:
    """An aiosmtpd server that keeps what it accepts and, on request, stalls inside the next DATA."""

    def __init__(self, port: int):
        self.port = port
        self.messages: list = []  # (recipient, message)
        self.times: list[float] = []  # when each of them arrived (time.monotonic())
        self.delay = 0.0  # seconds each DATA takes before its answer
        self.connections = 0  # SMTP connections open now
        self.arrived = threading.Condition()
        self.stall_next = False
        self.stalled = threading.Event()
        self.cut_database_next: str | None = None  # a database name
        self.controller: Controller | None = None

    def start(self) -> None:
        self.controller = _Controller(self, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        self.controller.stop()
        self.controller = None

    async def handle_DATA(self, server, session, envelope):
        if self.stall_next:
            self.stall_next = False
            self.stalled.set()
            # Never answer: aiosmtpd cancels this when the client goes away, and the mail is not taken.
            await asyncio.sleep(3600)
        if self.cut_database_next:
            # As a PostgreSQL restart would: while the sender waits for our "250", every connection
            # to the database is cut and new ones are refused until the test lets them in again.
            name, self.cut_database_next = self.cut_database_next, None
            with _admin() as conn:
                conn.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS false')
                conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
        if self.delay:
            await asyncio.sleep(self.delay)
        with self.arrived:
            for rcpt in envelope.rcpt_tos:
                self.messages.append((rcpt, message_from_bytes(envelope.content, policy=policy.default)))
                self.times.append(time.monotonic())
            self.arrived.notify_all()
        return "250 OK"

    def to(self, address: str) -> list:
        with self.arrived:
            return [m for rcpt, m in self.messages if rcpt == address]

    def wait(self, predicate, timeout: float = 60.0, what: str = "mail") -> None:
        deadline = time.monotonic() + timeout
        with self.arrived:
            while not predicate():
                left = deadline - time.monotonic()
                assert left > 0, f"timed out waiting for {what}; got {[(r, m['Subject']) for r, m in self.messages]}"
                self.arrived.wait(min(left, 0.5))


class Worker:
    """`celery -A worker worker` against the test database, Redis db 14 and the mailbox."""

    def __init__(self, env: dict, log: Path):
        self.env, self.log, self.proc = env, log, None
        self.starts = 0

    def start(self) -> None:
        self.starts += 1
        with self.log.open("a") as out:
            out.write(f"\n--- start {self.starts} ---\n")
            out.flush()
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "worker", "worker", "--loglevel=info", "--concurrency=1",
                 "--without-gossip", "--without-mingle", "--without-heartbeat"],
                cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        self.wait_log(" ready.", self.starts)

    def kill(self) -> None:
        """SIGKILL the worker and its pool child at once, as a crash would."""
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()

    def wait_idle(self, timeout: float = 60.0) -> None:
        """Wait until every task this worker process received has finished."""
        deadline = time.monotonic() + timeout
        while True:
            log = self.log.read_text().rsplit(f"--- start {self.starts} ---", 1)[1]
            if log.count("] received") == log.count("] succeeded in") + log.count("] raised unexpected"):
                return
            assert time.monotonic() < deadline, "the worker is still busy:\n" + log[-4000:]
            time.sleep(0.1)

    def wait_log(self, needle: str, count: int, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while self.log.read_text().count(needle) < count:
            assert self.proc.poll() is None, self.log.read_text()[-4000:]
            assert time.monotonic() < deadline, f"no {needle!r} x{count} in the worker log:\n" + \
                self.log.read_text()[-4000:]
            time.sleep(0.1)


class Beat:
    """`celery -A worker beat`, as deployed: among its tasks, a delivery run every 30 s."""

    def __init__(self, env: dict, folder: Path):
        self.env, self.folder, self.log, self.proc = env, folder, folder / "beat.log", None

    def start(self) -> None:
        with self.log.open("a") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "worker", "beat", "--loglevel=info",
                 f"--schedule={self.folder / 'beat-schedule'}"],
                cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while "beat: Starting" not in self.log.read_text():
            assert self.proc.poll() is None and time.monotonic() < deadline, self.log.read_text()[-3000:]
            time.sleep(0.1)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    """A fresh migrated database, the mailbox, a running worker, and an in-process app on the same services."""
    from celery import _state
    from flask_migrate import upgrade

    from pbem import create_app, engine

    name = f"pbem_delivery_{os.getpid()}_{secrets.token_hex(3)}"
    with _admin() as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    pg_url = PG_ADMIN.rsplit("/", 1)[0] + "/" + name
    redis.Redis.from_url(REDIS_DB).flushdb()
    mailbox = Mailbox(free_port())
    mailbox.start()
    smtp_url = f"smtp://127.0.0.1:{mailbox.port}?timeout=20"
    folder = tmp_path_factory.mktemp("delivery")
    celery_before = (_state.default_app, _state.get_current_app())
    engine.get("stone-age")
    app = create_app({
        "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://" + pg_url.split("://", 1)[1],
        "REDIS_URL": REDIS_DB, "EMBEDDED_TASKS": False, "SECRET_KEY": SECRET, "MAIL_URL": smtp_url,
        "BASE_URL": "http://pbem.test", "INBOUND_DOMAIN": "pbem.test", "TESTING": True,
    })
    with app.app_context():
        upgrade()
    env = dict(os.environ)
    env.update({
        "PATH": str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", ""),
        "DATABASE_URL": pg_url, "REDIS_URL": REDIS_DB, "MAIL_URL": smtp_url, "SECRET_KEY": SECRET,
        "BASE_URL": "http://pbem.test", "INBOUND_DOMAIN": "pbem.test", "PBEM_INSTANCE": str(folder / "instance"),
        "PBEM_CLOCK_OFFSET": REDIS_DB,
    })
    worker = Worker(env, folder / "worker.log")
    worker.start()
    try:
        yield app, mailbox, worker
    finally:
        worker.stop()
        if mailbox.controller is not None:
            mailbox.stop()
        _state.set_default_app(celery_before[0])
        _state._set_current_app(celery_before[1])
        with app.app_context():
            from pbem.extensions import db

            db.engine.dispose()
        with _admin() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def svc(service):
    """The service inside an app context, with the worker's clock back at real time afterwards."""
    from pbem import clock

    app, mailbox, worker = service
    with app.app_context():
        yield app, mailbox, worker
    clock.set_shared_offset(REDIS_DB, timedelta(0))


def worker_now(moment: datetime) -> None:
    """Set the worker's clock to `moment` (naive UTC)."""
    from pbem import clock

    real = clock.now()
    clock.set_shared_offset(REDIS_DB, moment - real)


def new_user(name: str, **kw):
    from pbem.extensions import db
    from pbem.models import User

    user = User(email=f"{name}-{secrets.token_hex(3)}@example.com", name=name, **kw)
    db.session.add(user)
    db.session.commit()
    return user


def new_game(users, bots: int = 0, **kw):
    from unittest import mock

    from pbem import play

    game = play.create_game(users[0], "stone-age", seats=len(users) + bots, bots=bots, random_seating=False,
                            seed=secrets.token_hex(4), **kw)
    # The last join mails the host "everyone is seated: reply start" (issue 23, tests/test_host_seated.py). These
    # games start at once and the tests count each player's mail (turns, reminders, digests): that one is left out.
    with mock.patch("pbem.outbox.seated"):
        for user in users[1:]:
            play.join(game.id, user)
    return play.start_game(game.id, users[0])


def rows(kind: str | None = None, game=None):
    from pbem.extensions import db
    from pbem.models import Outbox

    db.session.expire_all()
    query = select(Outbox).order_by(Outbox.id)
    if kind:
        query = query.where(Outbox.kind == kind)
    if game is not None:
        query = query.where(Outbox.game_id == game.id)
    rows = list(db.session.scalars(query))
    db.session.rollback()
    return rows


def all_sent(timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while any(r.status != "sent" for r in rows()):
        assert time.monotonic() < deadline, [(r.id, r.kind, r.status, r.last_error) for r in rows()]
        time.sleep(0.2)


def assert_one_mail_per_row(mailbox: Mailbox, kinds=("turn",)) -> None:
    """Every outbox row of `kinds` arrived exactly once, at its own recipient, under its own Message-ID."""
    for row in rows():
        if row.kind in kinds:
            got = [m for m in mailbox.to(row.to_address) if m["Message-ID"] == row.message_id]
            assert len(got) == 1, (row.dedupe_key, len(got))


def examples_of(body: str) -> list[str]:
    lines = body.splitlines()
    start = next(i for i, line in enumerate(lines) if line.endswith("For example:")) + 1
    return [line.strip() for line in lines[start:] if line.startswith("    ")][:8] if start else []


def test_a_worker_killed_mid_send_and_restarted_mails_each_prompt_exactly_once(svc):
    from pbem import play
    from pbem.extensions import db

    app, mailbox, worker = svc
    mailbox.stall_next = True
    ann, bob = new_user("ann"), new_user("bob")
    games = [new_game([ann, bob], bots=1) for _ in range(3)]
    assert mailbox.stalled.wait(60), "the worker never reached DATA:\n" + worker.log.read_text()[-3000:]
    worker.kill()
    # The rows it had claimed stay "sending" (no lock held) until their lease runs out; the server
    # never answered the DATA, so nothing was delivered. Turn mails it had not written yet wait "unwritten".
    claimed = [r for r in rows() if r.status == "sending"]
    assert claimed and {r.status for r in rows()} <= {"sending", "pending", "unwritten"}, \
        [(r.id, r.status) for r in rows()]
    free = db.session.execute(text("SELECT count(*) FROM outbox WHERE id IN "
                                   "(SELECT id FROM outbox FOR UPDATE SKIP LOCKED)")).scalar()
    db.session.rollback()
    assert free == 3
    worker_now(max(r.next_attempt_at for r in claimed) + timedelta(seconds=1))  # the lease has run out
    worker.start()  # delivers what is due as it starts
    mailbox.wait(lambda: len(mailbox.to(ann.email)) >= 3, what="ann's three turn mails")
    all_sent()
    assert_one_mail_per_row(mailbox)
    assert len(mailbox.to(ann.email)) == 3 and mailbox.to(bob.email) == []
    # Ann answers each mail with its first example command, pasted back: accepted, and bob is asked once.
    for game in games:
        mail = next(m for m in mailbox.to(ann.email) if f"#{game.id} " in m["Subject"])
        body = mail.get_body(("plain",)).get_content()
        assert "http://pbem.test/play/" in body and mail.get_body(("html",)) is not None
        commands = examples_of(body)
        assert len(commands) >= 5, body
        outcome = play.submit(game.id, 0, commands[0], "email", f"reply:{game.id}")
        assert outcome.ok and outcome.applied == [commands[0]], outcome
    mailbox.wait(lambda: len(mailbox.to(bob.email)) >= 3, what="bob's turn mails")
    all_sent()
    assert_one_mail_per_row(mailbox)
    assert {r.to_address for r in rows("turn")} == {ann.email, bob.email}
    assert len(mailbox.to(bob.email)) == len(rows("turn")) - 3


def test_a_down_smtp_server_delays_mail_but_loses_none(svc):
    app, mailbox, worker = svc
    mailbox.stop()
    try:
        cid, dan = new_user("cid"), new_user("dan")
        new_game([cid, dan], bots=1)
        deadline = time.monotonic() + 60
        while not all(r.last_error for r in rows("turn") if r.to_address == cid.email):
            assert time.monotonic() < deadline, worker.log.read_text()[-3000:]
            time.sleep(0.2)
        [row] = [r for r in rows("turn") if r.to_address == cid.email]
        assert row.status == "pending" and row.attempts == 1 and "refused" in row.last_error.lower()
    finally:
        mailbox.start()
    # Back up; once the backoff has passed, the beat's next delivery run sends it.
    worker_now(row.next_attempt_at + timedelta(seconds=1))
    from pbem.tasks import deliver_outbox

    deliver_outbox.delay()
    mailbox.wait(lambda: len(mailbox.to(cid.email)) == 1, what="cid's turn mail after the outage")
    all_sent()
    [row] = [r for r in rows("turn") if r.to_address == cid.email]
    assert row.attempts == 2 and row.sent_at is not None and row.last_error is None


def test_a_database_restart_between_send_and_record_mails_once(svc):
    """Issue 10: the row lock spanned the SMTP conversation, so a PostgreSQL restart during delivery
    rolled a sent turn mail back to pending and the next run sent it again."""
    from pbem.extensions import db
    from pbem.tasks import deliver_outbox

    app, mailbox, worker = svc
    name = db.engine.url.database
    mailbox.cut_database_next = name
    hal, ida = new_user("hal"), new_user("ida")
    try:
        new_game([hal, ida], bots=1)
        mailbox.wait(lambda: mailbox.to(hal.email), what="hal's turn mail")
        assert mailbox.cut_database_next is None  # the cut came during that mail's DATA
        # The worker has met the closed database: it waits to record the result (or, as before
        # issue 10, its transaction with the row lock is gone and the mail is pending again).
        deadline = time.monotonic() + 60
        while not any(word in worker.log.read_text() for word in ("the database is away", "raised unexpected")):
            assert time.monotonic() < deadline, worker.log.read_text()[-3000:]
            time.sleep(0.1)
    finally:
        with _admin() as conn:
            conn.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS true')
    with contextlib.suppress(OperationalError):
        db.session.rollback()  # this test's own connection was cut too
    deliver_outbox.delay()  # the beat's next run
    all_sent()
    worker.wait_idle()
    assert len(mailbox.to(hal.email)) == 1
    assert_one_mail_per_row(mailbox)
    [row] = [r for r in rows("turn") if r.to_address == hal.email]
    assert row.attempts == 1


def scan(worker: Worker, at: datetime) -> None:
    """Run the beat's scan in the worker with its clock at `at`, and wait for it to finish."""
    from pbem.tasks import scan_deadlines

    worker_now(at)
    done = worker.log.read_text().count("scan: ")
    scan_deadlines.delay()
    worker.wait_log("scan: ", done + 1)


def test_a_digest_groups_three_waiting_games_into_one_mail(svc):
    app, mailbox, worker = svc
    eve = new_user("eve", digest=True, reminders=False, timezone="Europe/Berlin", locale="de")
    games = [new_game([eve, new_user(f"p{i}")], bots=1) for i in range(3)]
    first = rows("turn")
    assert not [r for r in first if r.to_address == eve.email]  # no turn mail one by one
    from zoneinfo import ZoneInfo

    tomorrow = (datetime.now(ZoneInfo("Europe/Berlin")) + timedelta(days=1)).replace(hour=6, minute=50)
    scan(worker, tomorrow.astimezone(ZoneInfo("UTC")).replace(tzinfo=None))
    assert mailbox.to(eve.email) == []  # 06:50 in Berlin: not yet
    scan(worker, (tomorrow + timedelta(minutes=20)).astimezone(ZoneInfo("UTC")).replace(tzinfo=None))
    scan(worker, (tomorrow + timedelta(hours=2)).astimezone(ZoneInfo("UTC")).replace(tzinfo=None))
    mailbox.wait(lambda: mailbox.to(eve.email), what="eve's digest")
    all_sent()
    [digest] = mailbox.to(eve.email)
    body = digest.get_body(("plain",)).get_content()
    assert digest["Subject"].startswith("[pbem] 3 ")  # "3 Partien warten auf dich": eve reads German
    for game in games:
        assert f"#{game.id} {game.title}" in body and f"play+g{game.id}s0-" in body
    assert "(Europe/Berlin)" in body and digest["List-Unsubscribe"]


def test_reminders_and_the_timeout_policy_fire_at_their_times(svc):
    from pbem.extensions import db
    from pbem.models import Game, Move

    app, mailbox, worker = svc
    fay, gus = new_user("fay", timezone="Asia/Tokyo"), new_user("gus")
    game = new_game([fay, gus], turn_seconds=48 * 3600, timeout_extensions=1, replace_after=1)
    mailbox.wait(lambda: mailbox.to(fay.email), what="fay's turn mail")
    deadline = db.session.get(Game, game.id).seat_at(0).deadline

    def subjects(user) -> list[str]:
        return [m["Subject"].split("] ", 1)[1] for m in mailbox.to(user.email)]

    scan(worker, deadline - timedelta(hours=25))
    all_sent()
    assert len(subjects(fay)) == 1  # only the turn mail
    scan(worker, deadline - timedelta(hours=23))
    mailbox.wait(lambda: len(subjects(fay)) == 2, what="the 24-hour reminder")
    # The subject stays under 78 columns (the deadline may be cut short there); the body has it whole.
    assert subjects(fay)[1].startswith("Reminder: your move is due")
    assert "(Asia/Tokyo)" in " ".join(mailbox.to(fay.email)[1].get_body(("plain",)).get_content().split())
    scan(worker, deadline - timedelta(hours=22))
    scan(worker, deadline - timedelta(hours=3))
    mailbox.wait(lambda: len(subjects(fay)) == 3, what="the 4-hour reminder")
    # The deadline passes: first the extension, told to both.
    scan(worker, deadline + timedelta(minutes=1))
    mailbox.wait(lambda: len(subjects(fay)) == 4 and len(subjects(gus)) == 1, what="the extension notices")
    assert "did not move in time" in subjects(gus)[0]
    told = " ".join(mailbox.to(gus.email)[0].get_body(("plain",)).get_content().split())  # folded to 78 columns
    assert "did not move in time: the deadline is extended" in told
    db.session.expire_all()
    extended = db.session.get(Game, game.id).seat_at(0).deadline
    # 48 hours from when the scan ran (the worker's clock runs on from where the test set it).
    assert timedelta(0) <= extended - (deadline + timedelta(minutes=1, hours=48)) < timedelta(seconds=30)
    db.session.rollback()
    # Then the bot plays for fay, and with replace_after=1 keeps her seat; gus is asked.
    scan(worker, extended + timedelta(minutes=1))
    mailbox.wait(lambda: len(subjects(gus)) >= 3, what="the bot notice and gus's turn mail")
    all_sent()
    assert any("takes over fay's seat for good" in m.get_body(("plain",)).get_content() for m in mailbox.to(fay.email))
    assert [s for s in subjects(gus) if s.startswith("Your turn")]
    db.session.expire_all()
    seat = db.session.get(Game, game.id).seat_at(0)
    assert seat.is_bot and seat.replaced
    assert db.session.scalars(select(Move.source).where(Move.game_id == game.id)).all()[0] == "timeout"
    db.session.rollback()
    assert_one_mail_per_row(mailbox, kinds=("turn", "reminder", "notice"))
    assert "Traceback" not in worker.log.read_text()


def test_mail_a_killed_worker_had_claimed_goes_out_within_two_minutes(svc, tmp_path):
    """Issue "stays up when its parts fall": a killed worker stranded the mail it had claimed for the whole
    30-minute lease. The lease is now a minute, renewed while the run lives. 150 mails, the worker SIGKILLed twice
    mid-batch and started again, the beat running as deployed: the mail each dead run held goes out within two
    minutes of its kill, none is lost, and a mail arrives twice only if the server had accepted it and its row was
    not yet recorded when the worker died (the documented window: the copy has the same Message-ID)."""
    from pbem import outbox
    from pbem.extensions import db

    app, mailbox, worker = svc
    beat = Beat(worker.env, tmp_path)
    beat.start()
    mailbox.delay = 0.02  # 20 ms a mail: the worker is killed with mail on the wire, not between runs
    try:
        tag = secrets.token_hex(3)
        for i in range(150):
            outbox.store(f"kill:{tag}:{i}", "notice", f"k{i}-{tag}@example.com", subject=f"mail {i}",
                         text=f"body {i}", status="pending")
        db.session.commit()  # kicks a delivery run

        def ours():
            return [r for r in rows() if r.dedupe_key.startswith(f"kill:{tag}:")]

        ids = {r.message_id for r in ours()}
        assert len(ids) == 150

        def arrived() -> dict[str, list[float]]:  # Message-ID: when each copy arrived
            with mailbox.arrived:
                got: dict[str, list[float]] = {}
                for (_, message), moment in zip(mailbox.messages, mailbox.times):
                    if message["Message-ID"] in ids:
                        got.setdefault(message["Message-ID"], []).append(moment)
                return got

        def mid_batch(target: int) -> bool:  # that many arrived, and the run holds mail it has yet to send
            got = arrived()
            return len(got) >= target and len({r.message_id for r in ours() if r.status == "sending"} - set(got)) >= 5

        kills = []  # (when, the mails its run held that had not arrived, those that had: accepted, not recorded)
        for _ in range(2):
            target = len(arrived()) + 25
            mailbox.wait(lambda: mid_batch(target), timeout=120, what=f"{target} of the 150 mails, mid-batch")
            worker.kill()
            killed = time.monotonic()
            # Once the server has seen the dead worker's connection close, nothing more comes from it.
            mailbox.wait(lambda: mailbox.connections == 0, timeout=30, what="the dead worker's connection to close")
            got, held = arrived(), {r.message_id for r in ours() if r.status == "sending"}
            kills.append((killed, held - set(got), held & set(got)))
            worker.start()
        mailbox.wait(lambda: len(arrived()) == 150, timeout=kills[-1][0] + 150 - time.monotonic(),
                     what="every mail")
        deadline = time.monotonic() + 30
        while any(r.status != "sent" for r in ours()):
            assert time.monotonic() < deadline, [(r.id, r.status, r.last_error) for r in ours() if r.status != "sent"]
            time.sleep(0.2)
    finally:
        mailbox.delay = 0.0
        beat.stop()
    got = arrived()
    late = [max(min(got[mid]) - killed for mid in stranded) for killed, stranded, _ in kills]
    doubled = {mid for mid, copies in got.items() if len(copies) > 1}
    in_flight = set().union(*(accepted for _, _, accepted in kills))
    print(f"\nkill -> the dead run's mail all delivered: {', '.join(f'{s:.1f} s' for s in late)}; "
          f"stranded {[len(k[1]) for k in kills]}; accepted but unrecorded at the kill {[len(k[2]) for k in kills]}; "
          f"arrived twice {len(doubled)}")
    assert set(got) == ids  # none lost
    assert all(seconds <= 120 for seconds in late), late
    # Only the documented window doubles a mail: accepted by the server, its row not recorded when the worker died.
    assert doubled <= in_flight and all(len(copies) <= 2 for copies in got.values()), (doubled, in_flight)
    assert len(in_flight) <= 6, in_flight

"""Delivery from the outbox: what is due is written, claimed and sent (backends.py), each result recorded, with
retries."""
from __future__ import annotations

import contextlib
import logging
import queue
import smtplib
import threading
import time
from datetime import datetime, timedelta
from typing import Callable

import psycopg
from sqlalchemy import Engine, bindparam, case, create_engine, func, select, update
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.orm import Session, joinedload

from ..clock import now
from ..extensions import db
from ..models import Outbox, User
from ..outbox import UNWRITTEN, withheld
from .backends import Undeliverable, backend, message_bytes, recipient
from .bounces import note_bounce
from .writing import write_unwritten

log = logging.getLogger(__name__)

RETRY_DELAYS = (60, 300, 900, 3600, 3 * 3600, 6 * 3600)  # seconds; then every 6 hours
# A mail that fails for a reason of its own this many times is given up ("failed", shown to the
# host): about 16 hours after the first try, in time for the host to act before a deadline.
MAX_ATTEMPTS = 8
CLAIM_BATCH = 50  # rows claimed in one transaction (each claim costs about as much as sending a mail)
# How long claimed rows are a run's alone without news of it, renewed every RENEW_EVERY seconds while the run lives
# (_Lease): a killed run's mail goes out after LEASE and a beat (30 s). LONGEST_SEND: ten SMTP steps at the cap.
LEASE = timedelta(seconds=60)
RENEW_EVERY = 15.0
LONGEST_SEND = timedelta(minutes=10)
RECORD_PATIENCE = 300  # seconds a run keeps trying to record a result while the database is away


def retry_delay(attempts: int) -> timedelta:
    return timedelta(seconds=RETRY_DELAYS[min(max(attempts, 1) - 1, len(RETRY_DELAYS) - 1)])


def _permanent(exc: Exception) -> bool:
    """A 5xx answer about this mail or its recipient, or a mail that cannot be sent as it is: no retry."""
    if isinstance(exc, (Undeliverable, smtplib.SMTPNotSupportedError)):
        return True
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in exc.recipients.values())
    return isinstance(exc, smtplib.SMTPDataError) and exc.smtp_code >= 500


def _reason(exc: Exception) -> str:
    """Why a mail was not sent, in words a host can act on (the server's own answer where there is one)."""
    if isinstance(exc, Undeliverable):
        text = str(exc)
    elif isinstance(exc, smtplib.SMTPRecipientsRefused):
        text = "the mail server refused the recipient: " + "; ".join(
            f"{code} {_decoded(answer)}" for code, answer in exc.recipients.values())
    elif isinstance(exc, smtplib.SMTPResponseException):
        text = f"the mail server answered {exc.smtp_code} {_decoded(exc.smtp_error)}"
    else:
        text = f"{type(exc).__name__}: {exc}"
    return text[:2000]


def _decoded(answer: bytes | str) -> str:
    return answer.decode("utf-8", "replace") if isinstance(answer, bytes) else answer


def deliver_due(limit: int = 500, again: Callable[[Callable[[], bool]], bool] | None = None) -> int:
    """Send up to `limit` due outbox rows over one connection; the count sent. `again(due)`, asked when the run
    finds nothing more, says whether to go on (the worker's run holds the kick while it lasts, and lets it go
    before it ends: tasks.deliver_outbox); `due()` says whether any mail is due now.

    Due rows are claimed CLAIM_BATCH at a time in a short transaction (status "sending", a lease
    of LEASE renewed while the run lives; SKIP LOCKED, so two runs never take one row), then each
    is sent with no transaction open and its result recorded at once in a short transaction of its own. A
    database restart during the SMTP conversation therefore neither rolls a sent mail back to
    "pending" nor stops delivery: the result is recorded once the database is back (for up to
    RECORD_PATIENCE). Whatever goes wrong with one row (a refused or unusable address, an
    encoding error, a 4xx) is recorded on that row alone and the rows behind it go out in the
    same run. Mail stored unwritten is written after each claim (writing.write_unwritten) and
    claimed as it is written, into the same batch.

    The one duplicate window: a run that dies after the server accepted a mail and before its
    result is recorded leaves the row "sending"; when the lease runs out (within LEASE) the next run
    sends it again. The copy has the same Message-ID and Date, so mail programs show one message.
    """
    sender = backend()
    sent = done = 0
    # A session of its own: the caller's objects stay as they were, and thousands of rows
    # are not expired on every commit.
    with Session(db.engine, expire_on_commit=False) as session:
        try:
            # A run goes on while its last claim or its last writing found as many rows as it asked for (turn
            # mails whose prompt was answered meanwhile are written but not sent); mail committed after that
            # kicks a run of its own (tasks.kick_delivery). Due mail is claimed first, oldest first (an answer
            # to a player's reply goes before the turn mails its moves made), then what is written is claimed
            # by the statements that store it.
            writing = more = True
            while done < limit:
                if not (more or writing):
                    if again is None or not again(lambda: any_due(session)):
                        break
                    writing = True
                want = min(CLAIM_BATCH, limit - done)
                lease = now() + LEASE  # when another run may take the batch's rows again
                batch, more = _claim(session, want, lease)
                if writing and len(batch) < want:  # mail stored unwritten
                    looked = write_unwritten(session, want - len(batch), lease=lease)
                    writing = len(looked) == want - len(batch)
                    batch += [row for row in looked if row.status == "sending"]
                if not batch:
                    continue
                outcome = _send_batch(session, sender, batch, limit)
                if outcome is None:
                    break  # the server cannot be reached: every due mail waits
                count, given_back = outcome
                sent += count
                done += len(batch)  # those given back too: a run always ends
                more = more or given_back > 0  # claimed anew, under a lease of their own
        finally:
            session.rollback()
            sender.close()
    return sent


_RECORDERS: dict[str, Engine] = {}


def _recorder() -> Engine | None:
    """An engine whose statements each commit alone and do not wait for the disk (PostgreSQL only).

    A mail sent is recorded as soon as the server accepts it, in one UPDATE fenced by the lease.
    In a transaction that waits for the disk that was three round trips and a flush per mail, and
    delivery ran at a third of plain smtplib's rate. Not waiting, a crash of PostgreSQL itself (a
    worker killed loses nothing: the commit is in PostgreSQL) may lose the last fraction of a
    second of results: those mails go out again with the same Message-ID when their lease runs
    out, the window a worker killed after the server's 250 already has (docs/mail.md). Claims,
    failures and moves keep waiting for the disk.
    """
    if db.engine.dialect.name != "postgresql":
        return None
    key = db.engine.url.render_as_string(hide_password=False)
    if key not in _RECORDERS:
        _RECORDERS[key] = create_engine(db.engine.url, isolation_level="AUTOCOMMIT", pool_size=1,
                                        connect_args={"options": "-c synchronous_commit=off"})
    return _RECORDERS[key]


def _send_batch(session: Session, sender, batch: list[Outbox], limit: int) -> tuple[int, int] | None:
    """Send the claimed rows one by one, recording each result; (the count sent, the count given back unsent
    when the lease ran short), None if the server is unreachable.

    On PostgreSQL a thread of the run's own records each mail sent while the next one is sent: the
    result is still written as soon as the server has answered, and the SMTP conversation does not
    wait for the database. Another renews the lease until every result is written.
    """
    lease = _Lease(db.engine, batch)
    try:
        recorder = _recorder()
        if recorder is None:
            return _send_each(session, sender, batch, limit, lease, None)
        results = _SentRecorder(recorder, lease)
        try:
            return _send_each(session, sender, batch, limit, lease, results.put)
        finally:
            results.close()  # every result written (or its error raised) before the run goes on
    finally:
        lease.close()


class _Lease:
    """The lease of one claimed batch, pushed LEASE ahead every RENEW_EVERY seconds by a thread of the run (its own
    connections, waiting for the disk) while a row is "sending", through the slowest SMTP step too. Every UPDATE of
    the rows is fenced by it (next_attempt_at IN `values`: the value in force, and any whose commit may have landed
    unanswered), so a row is recorded only by the run that holds it; renewals and fenced statements each hold `lock`,
    so none runs with a value just replaced. Before each send the run checks that half the lease is left, and gives
    the rest back if not (the database is away, the process was frozen). A lease that ran out (`until`) is not
    renewed: another run may have the rows. Nor is a stuck run's (no progress for LONGEST_SEND, RECORD_PATIENCE)."""

    def __init__(self, engine: Engine, batch: list[Outbox]):
        self.engine, self.ids = engine, [row.id for row in batch]
        self.until, self.values = batch[0].next_attempt_at, (batch[0].next_attempt_at,)
        self.lock, self.stopped = threading.Lock(), threading.Event()
        self.progress = time.monotonic()  # the run's last sign of progress: a send begun
        self.thread = threading.Thread(target=self._run, name="outbox-lease", daemon=True)
        self.thread.start()

    def short(self) -> bool:
        """Whether less than half the lease is left (a renewal or more failed), as a send is about to begin."""
        self.progress = time.monotonic()
        return self.until - now() < LEASE / 2

    def close(self) -> None:
        self.stopped.set()
        self.thread.join()

    def _run(self) -> None:
        wait = RENEW_EVERY
        while not self.stopped.wait(wait):
            try:
                if not self._renew():
                    return  # every row done or given back, the lease ran out, or the run is stuck
                wait = RENEW_EVERY
            except Exception as exc:  # noqa: BLE001 - tried again shortly; the run checks the lease before each send
                log.warning("could not renew a lease of outbox rows (%s)", str(exc).strip().splitlines()[0])
                wait = 2.0

    def _renew(self) -> bool:
        with self.lock:
            moment, idle = now(), time.monotonic() - self.progress
            if self.until <= moment or idle > LONGEST_SEND.total_seconds() + RECORD_PATIENCE:
                return False
            value = moment + LEASE
            self.values += (value,)  # before the commit: in force as soon as it lands, answered or not
            with self.engine.begin() as conn:
                self.ids = conn.scalars(update(Outbox).where(Outbox.id.in_(self.ids), Outbox.status == "sending",
                                                             Outbox.next_attempt_at.in_(self.values))
                                        .values(next_attempt_at=value).returning(Outbox.id)).all()
            self.values, self.until = (value,), value
            return bool(self.ids)


class _SentRecorder:
    """A thread writing the results "sent" of one claimed batch, in order, on one connection it holds for the
    batch: through a Core statement and a pool checkout per mail, recording cost twice the CPU."""

    def __init__(self, recorder: Engine, lease: _Lease):
        self.recorder, self.lease = recorder, lease
        self.queue: queue.SimpleQueue = queue.SimpleQueue()
        self.error: BaseException | None = None
        self.connection = None
        self.thread = threading.Thread(target=self._run, name="outbox-recorder", daemon=True)
        self.thread.start()

    def put(self, row_id: int) -> None:
        self.queue.put((row_id, now()))

    def close(self) -> None:
        self.queue.put(None)
        self.thread.join()
        if self.connection is not None:
            self.connection.close()
        if self.error is not None:
            raise self.error

    def _run(self) -> None:
        while (result := self.queue.get()) is not None:
            if self.error is None:  # after a failure the rest wait for their lease, as if the run had died
                try:
                    self._record(*result)
                except BaseException as exc:  # noqa: BLE001 - raised in the run's own thread by close()
                    self.error = exc

    def _record(self, row_id: int, moment) -> None:
        """Record one mail sent, waiting out a database restart."""
        deadline = time.monotonic() + RECORD_PATIENCE
        while True:
            try:
                if self.connection is None:
                    self.connection = self.recorder.raw_connection()
                with self.lease.lock:
                    recorded = self.connection.driver_connection.execute(_SENT, (moment, row_id, [*self.lease.values]))
                recorded = recorded.fetchone()
                break
            except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
                with contextlib.suppress(Exception):
                    self.connection.invalidate()
                self.connection = None
                if time.monotonic() > deadline:
                    raise  # the lease runs out and the next run takes the row again (see deliver_due)
                log.warning("outbox row %d: the database is away (%s); recording the result again shortly", row_id,
                            str(exc).strip().splitlines()[0])
                time.sleep(2)
        if recorded is None:
            log.warning("outbox row %d: the lease ran out before the result was recorded", row_id)


def _send_each(session: Session, sender, batch: list[Outbox], limit: int, lease: _Lease,
               record_sent: Callable[[int], None] | None) -> tuple[int, int] | None:
    sent = 0
    for i, row in enumerate(batch):
        if lease.short():  # renewals failed: give the rest back before another run may take them
            _release(session, [r.id for r in batch[i:]], lease)
            return sent, len(batch) - i
        try:
            sender.open()  # only once there is mail: an idle beat run opens no connection
        except Exception as exc:  # noqa: BLE001 - the server's fault, not this row's
            _postpone_all_due(session, [r.id for r in batch[i:]], lease, exc, limit)
            return None
        try:
            to = recipient(row)
            sender.send(row, to, message_bytes(row, to))
        except Exception as exc:  # noqa: BLE001 - recorded on this row; the next one goes out
            sent += _record(session, row.id, lease, exc)
        else:
            if record_sent is None:
                sent += _record(session, row.id, lease, None)
            else:
                record_sent(row.id)
                sent += 1
    return sent, 0


# The claim, built once (building it was a third of its CPU): the oldest due rows, taken and marked, each
# returned with its user's mail status. A row claimed MAX_ATTEMPTS times by runs that all died is given up.
_DUE = (select(Outbox.id).where(Outbox.status.in_(("pending", "sending")), Outbox.next_attempt_at <= bindparam("moment"))
        .order_by(Outbox.next_attempt_at).limit(bindparam("most")).with_for_update(skip_locked=True))
_GIVE_UP = (Outbox.status == "sending") & (Outbox.attempts >= MAX_ATTEMPTS)
_CLAIM = (update(Outbox).where(Outbox.id.in_(_DUE.scalar_subquery()))
          .values(status=case((_GIVE_UP, "failed"), else_="sending"),
                  attempts=case((_GIVE_UP, Outbox.attempts), else_=Outbox.attempts + 1),
                  next_attempt_at=bindparam("lease"))
          .returning(Outbox, select(User.email_status).where(User.id == Outbox.user_id).scalar_subquery()))


def _claim(session: Session, most: int, lease: datetime) -> tuple[list[Outbox], bool]:
    """Up to `most` due rows (pending ones, and claims whose lease ran out), claimed and committed; and whether
    there may be more (as many were due as asked for).

    One statement takes and marks them (SKIP LOCKED, oldest due first, under ix_outbox_due) and
    returns each with its user's mail status: a claim had been two SELECTs (one per status, with
    their users) and the ORM's UPDATE, about as much CPU as sending a mail. The rare row that must
    not go out after all (its address bounced since) is put right in the same transaction.
    """
    while True:
        rows = session.execute(_CLAIM, {"moment": now(), "most": most, "lease": lease},
                               execution_options={"populate_existing": True, "synchronize_session": False}).all()
        claimed = []
        for row, status in sorted(rows, key=lambda r: r[0].id):
            if row.status == "failed":
                row.last_error = f"given up: sending was interrupted {row.attempts} times"
            elif (why := withheld(status, row.kind)) is not None:  # it bounced or complained since
                row.status, row.attempts, row.last_error = "suppressed", row.attempts - 1, why
            else:
                claimed.append(row)
        session.commit()
        if claimed or not rows:
            return claimed, len(rows) >= most  # else every row taken was put right: look again


def _release(session: Session, row_ids: list[int], lease: _Lease) -> None:
    """Give claimed rows back unsent: pending and due at once, their claim's attempt not counted."""
    with lease.lock:
        session.execute(update(Outbox).where(Outbox.id.in_(row_ids), Outbox.status == "sending",
                                             Outbox.next_attempt_at.in_(lease.values))
                        .values(status="pending", next_attempt_at=now(), attempts=Outbox.attempts - 1))
        session.commit()


def _record(session: Session, row_id: int, lease: _Lease, failure: Exception | None) -> bool:
    """Record the outcome of sending a claimed row, waiting out a database restart; whether it was sent."""
    deadline = time.monotonic() + RECORD_PATIENCE
    while True:
        try:
            with lease.lock:
                return _record_once(session, row_id, lease, failure)
        except (OperationalError, InterfaceError) as exc:
            with contextlib.suppress(OperationalError, InterfaceError):
                session.rollback()  # on a lost connection this fails too; the session starts afresh anyway
            if time.monotonic() > deadline:
                raise  # the lease runs out and the next run takes the row again (see deliver_due)
            log.warning("outbox row %d: the database is away (%s); recording the result again shortly", row_id,
                        str(exc.orig or exc).strip().splitlines()[0])
            time.sleep(2)


def _sent(row_id: int, lease: _Lease, moment):
    # The common case in one statement, fenced by the lease like the rest.
    return (update(Outbox).where(Outbox.id == row_id, Outbox.status == "sending",
                                 Outbox.next_attempt_at.in_(lease.values))
            .values(status="sent", sent_at=moment, last_error=None))


# The recorder's statement, fenced by the lease like the rest (no row: the lease ran out); plain SQL, run on the
# driver's connection.
_SENT = ("UPDATE outbox SET status = 'sent', sent_at = %s, last_error = NULL"
         " WHERE id = %s AND status = 'sending' AND next_attempt_at = ANY(%s) RETURNING id")


def _record_once(session: Session, row_id: int, lease: _Lease, failure: Exception | None) -> bool:
    if failure is None:  # SQLite, the embedded default (one process): in the run's session
        if not session.execute(_sent(row_id, lease, now())).rowcount:
            log.warning("outbox row %d: the lease ran out before the result was recorded", row_id)
        session.commit()
        return True
    row = session.execute(select(Outbox).options(joinedload(Outbox.user)).where(Outbox.id == row_id)
                          .with_for_update(of=Outbox).execution_options(populate_existing=True)).scalar_one()
    if row.status != "sending" or row.next_attempt_at not in lease.values:
        # Our lease ran out and another run took the row: its result is the one that counts.
        session.rollback()
        log.warning("outbox row %d: the lease ran out before the result was recorded", row_id)
        return False
    row.last_error = _reason(failure)
    if _permanent(failure) or row.attempts >= MAX_ATTEMPTS:
        row.status = "failed"
        if isinstance(failure, smtplib.SMTPRecipientsRefused) and _permanent(failure) and row.user is not None:
            note_bounce(row.user, True, row.last_error)
    else:
        row.status = "pending"
        row.next_attempt_at = now() + retry_delay(row.attempts)
    log.warning("outbox row %d to %r: %s (%s)", row.id, row.to_address, row.last_error, row.status)
    session.commit()
    return False


def _postpone_all_due(session: Session, row_ids: list[int], lease: _Lease, exc: Exception, limit: int) -> None:
    """The server is unreachable: the claimed rows and every due row wait, each with an attempt counted and its backoff."""
    error = f"{type(exc).__name__}: {exc}"[:2000]
    with lease.lock:
        claimed = session.scalars(select(Outbox).where(Outbox.id.in_(row_ids), Outbox.status == "sending",
                                                       Outbox.next_attempt_at.in_(lease.values)).with_for_update()
                                  .execution_options(populate_existing=True)).all()
        rows = session.scalars(
            select(Outbox).where(Outbox.status == "pending", Outbox.next_attempt_at <= now())
            .order_by(Outbox.next_attempt_at).limit(limit).with_for_update(skip_locked=True)
            .execution_options(populate_existing=True)).all()
        for row in rows:
            row.attempts += 1
        for row in claimed:  # their attempt was counted when they were claimed
            row.status = "pending"
        for row in (*rows, *claimed):
            row.last_error = error
            row.next_attempt_at = now() + retry_delay(row.attempts)
        session.commit()
    log.warning("mail server unreachable; %d mails wait: %s", len(rows) + len(claimed), error)


def failed_mail(game_id: int) -> list[Outbox]:
    """The mail of a game that was given up, newest first: its host sees to whom, and why."""
    return list(db.session.scalars(select(Outbox).where(Outbox.game_id == game_id, Outbox.status == "failed")
                                   .order_by(Outbox.id.desc()).limit(20)))


def any_due(session: Session) -> bool:
    """Whether any mail is due to be written or sent now (one look, under the outbox's indexes)."""
    moment = now()
    return session.scalar(select(
        select(Outbox.id).where(Outbox.status.in_(("pending", "sending")), Outbox.next_attempt_at <= moment).exists()
        | select(Outbox.id).where(Outbox.status == UNWRITTEN, Outbox.next_attempt_at <= moment).exists()))


def pending_count() -> int:
    """How many mails wait to be sent (to be written, due, in backoff, or being sent)."""
    return db.session.scalar(select(func.count()).select_from(Outbox)
                             .where(Outbox.status.in_((UNWRITTEN, "pending", "sending")))) or 0

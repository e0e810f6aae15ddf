"""Celery tasks: small, safe to run twice; the work itself lives in play/ and mail/. Also the after-commit hook
that asks for delivery once a transaction stored mail (pbem/outbox.py)."""
from __future__ import annotations

import logging
import time
from datetime import datetime
from functools import lru_cache

import redis
from celery import shared_task
from celery.signals import worker_ready
from flask import Flask, current_app
from sqlalchemy import event

from . import health, outbox, play
from .extensions import db
from .mail import delivery, digests, imap, inbound, retention

log = logging.getLogger(__name__)

DELIVERY_BATCH = 500  # mails per task run; a full batch queues the next run, so other tasks get their turn


# Set while a delivery task is queued or running: that run reads every mail committed before it ends, so a kick
# meanwhile queues nothing more (a task per move was a third of the worker's time under load, and runs of one
# mail each paid a claim, a connection and their threads for it). The run lets it go before it looks a last
# time. It expires, so a task lost from the broker holds kicks back for at most KICK_PENDING_SECONDS; the beat
# delivers meanwhile.
KICK_PENDING = "pbem:delivery-queued"
KICK_PENDING_SECONDS = 60
BROKER_WARNING_EVERY = 60  # seconds between two warnings that the broker cannot be reached
_warned_at = -BROKER_WARNING_EVERY


@shared_task(name="pbem.tasks.deliver_outbox")
def deliver_outbox() -> int:
    """Send whatever mail is due, and what comes due while the run lasts; the beat runs it too, so nothing waits
    on a lost kick."""
    client = _redis()
    sent = delivery.deliver_due(DELIVERY_BATCH, again=lambda due: _look_again(client, due))
    health.beat("delivery", sent=sent)
    if sent == DELIVERY_BATCH:  # other tasks get their turn; the rest is the next run's
        if client is not None:
            client.delete(KICK_PENDING)
        kick_delivery()
    return sent


def _look_again(client, due) -> bool:
    """Whether the run goes on: it lets the kick go (a kick from now on queues a run of its own), then looks once
    more, and goes on only if mail is due and no kick came in between (that kick's run will send it)."""
    if client is None:
        return False  # embedded: each commit runs delivery itself
    _linger()  # kicks meanwhile queue nothing: what they stored is this run's
    try:
        client.delete(KICK_PENDING)
        return due() and bool(client.set(KICK_PENDING, b"1", nx=True, ex=KICK_PENDING_SECONDS))
    except redis.RedisError:
        return False  # no kick gets through either: the beat's next run sends what comes


def _linger() -> None:
    """Wait DELIVERY_LINGER_SECONDS (0 by default) before a run's last look. Under a stream of moves from scripts a
    run that looked at once found a mail or two each time; one that waits a tenth of a second carries several, and
    a turn mail whose prompt was answered meanwhile is not sent (docs/performance.md, session 25)."""
    if current_app.config["DELIVERY_LINGER_SECONDS"] > 0:
        time.sleep(current_app.config["DELIVERY_LINGER_SECONDS"])


def kick_delivery(always: bool = False) -> None:
    """Ask a worker to deliver the outbox now, unless a run is queued or running (it will send this mail too); if
    the broker is down the beat will do it later."""
    try:
        client = None if always else _redis()
        if client is not None and not client.set(KICK_PENDING, b"1", nx=True, ex=KICK_PENDING_SECONDS):
            return
        deliver_outbox.delay()
    except Exception as exc:  # noqa: BLE001 - the mail is safe in the outbox whatever the broker says
        global _warned_at
        if time.monotonic() - _warned_at > BROKER_WARNING_EVERY:  # one line a minute, not one a move
            _warned_at = time.monotonic()
            log.warning("could not reach the task broker (%s); the outbox waits for the worker's next run", exc)


def init_app(app: Flask) -> None:
    """Deliver after every commit that stored mail, never before it: the one place delivery is kicked from."""
    if app.extensions.get("pbem_delivery_hook"):
        return
    app.extensions["pbem_delivery_hook"] = True
    if not event.contains(db.session, "after_commit", _after_commit):
        event.listen(db.session, "after_commit", _after_commit)
        event.listen(db.session, "after_soft_rollback", _after_rollback)


def _after_commit(session) -> None:
    if session.info.pop(outbox.QUEUED_FLAG, False):
        kick_delivery()


def _after_rollback(session, _previous_transaction) -> None:
    session.info.pop(outbox.QUEUED_FLAG, None)  # what it stored is gone


@lru_cache(maxsize=8)
def _redis_client(url: str):
    # Short timeouts: a kick is an optimisation, never worth holding a request on a hung Redis.
    return redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)


def _redis():
    """This process's Redis client, or None without Redis (embedded: tasks run in-process, at once)."""
    url = current_app.config.get("REDIS_URL")
    return _redis_client(url) if url and not current_app.config.get("EMBEDDED_TASKS") else None


@worker_ready.connect
def _deliver_on_start(**_) -> None:
    # A worker that (re)starts sends what is due at once: mail left by a worker that died
    # mid-send does not wait for the beat, nor for a queued run that died with it.
    kick_delivery(always=True)


@shared_task(name="pbem.tasks.scan_deadlines")
def scan_deadlines(at: str | None = None) -> int:
    """Everything the clock makes due (timeouts, reminders, vacations, digests); the number of expiries.

    `at` (ISO time, UTC) replays a scan for a given moment; the beat passes nothing.
    """
    done = play.scan(datetime.fromisoformat(at) if at else None, digests=digests.queue_digests)
    health.beat("scan", **done)
    log.info("scan: %s", done)
    return done["expired"]


@shared_task(name="pbem.tasks.drop_mail_bodies")
def drop_mail_bodies() -> int:
    """Empty the bodies of mail sent more than MAIL_RETENTION_DAYS ago (beat, hourly); how many."""
    return retention.drop_sent_bodies()


# --- inbound mail ---------------------------------------------------------------


@shared_task(name="pbem.tasks.poll_imap")
def poll_imap() -> int:
    """Receive new mail from IMAP_URL (beat, every minute); the number of messages handled and flagged."""
    url = current_app.config.get("IMAP_URL")
    if not url:
        return 0
    # Two overlapping polls would do nothing twice (one row per Message-ID), but would fetch twice.
    lock = _redis_lock("pbem:lock:poll_imap", seconds=300)
    if lock is False:
        return 0
    try:
        return imap.poll(url)
    finally:
        if lock is not None:
            lock.delete("pbem:lock:poll_imap")
            lock.close()


@shared_task(name="pbem.tasks.resume_inbound")
def resume_inbound() -> int:
    """Finish received messages that a crashed process left (beat, every 5 minutes); how many."""
    return inbound.resume_unfinished()


def _redis_lock(name: str, seconds: int):
    """A Redis client holding lock `name` (None without Redis: embedded mode runs one process; False: held elsewhere)."""
    url = current_app.config.get("REDIS_URL")
    if not url:
        return None
    client = redis.Redis.from_url(url)
    if client.set(name, b"1", nx=True, ex=seconds):
        return client
    client.close()
    return False

"""Celery tasks: small, safe to run twice; the work itself lives in play.py and mail/."""
from __future__ import annotations

import logging

from celery import shared_task

from .mail import outbound

log = logging.getLogger(__name__)


@shared_task(name="pbem.tasks.deliver_outbox")
def deliver_outbox() -> int:
    """Send whatever mail is due; the beat runs it too, so nothing waits on a lost kick."""
    return outbound.deliver_due()


def kick_delivery() -> None:
    """Ask a worker to deliver the outbox now; if the broker is down the beat will do it later."""
    try:
        deliver_outbox.delay()
    except Exception:  # noqa: BLE001 - the mail is safe in the outbox whatever the broker says
        log.warning("could not reach the task broker; the outbox will be delivered by the beat", exc_info=True)


@shared_task(name="pbem.tasks.scan_deadlines")
def scan_deadlines() -> int:
    """Apply the timeout policy to every expired prompt and queue due reminders; the number of expiries."""
    from . import play
    from .clock import now

    moment = now()
    expired = 0
    for game_id, seat in play.due_seats(moment):
        if play.expire_turn(game_id, seat, moment):
            expired += 1
    play.send_reminders(moment)
    return expired

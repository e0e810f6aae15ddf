"""The service's health as an operator reads it: when delivery and the clock's scan last ran, and the oldest mail
waiting to go out. `pbem health` prints it (and exits 1 when something is late); the dev mailbox shows it.

Each background run records its end in `heartbeats`, in a short transaction of its own, so the report needs
neither Redis nor a worker to answer: it reads the database the jobs write to.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import case, func, or_, select, update
from sqlalchemy.exc import IntegrityError

from .clock import now
from .extensions import db
from .models import Heartbeat, Outbox

# The beat runs delivery every 30 s and the scan every 60 s: a job silent for much longer has stopped.
STALE = {"delivery": timedelta(minutes=5), "scan": timedelta(minutes=5)}
MAIL_LATE = timedelta(minutes=10)  # a mail due this long and not sent means delivery is stuck


def beat(name: str, **detail) -> None:
    """Record that job `name` finished a run now (its own transaction: the caller's session is left alone)."""
    moment = now()
    with db.engine.begin() as conn:
        if conn.execute(update(Heartbeat).where(Heartbeat.name == name).values(at=moment, detail=detail)).rowcount:
            return
    try:
        with db.engine.begin() as conn:
            conn.execute(Heartbeat.__table__.insert().values(name=name, at=moment, detail=detail))
    except IntegrityError:  # another process wrote the first beat meanwhile: theirs is as fresh
        pass


@dataclass
class Health:
    """What `report` found; `problems` says in words what an operator should look at (empty: healthy)."""

    at: datetime
    last_runs: dict[str, datetime | None]
    oldest_due: datetime | None  # when the oldest mail that should have gone out by now was queued
    waiting: int  # mails not yet sent (to be written, due, in backoff, being sent)
    problems: list[str] = field(default_factory=list)

    @property
    def healthy(self) -> bool:
        return not self.problems

    def lines(self) -> list[str]:
        def age(moment: datetime | None) -> str:
            if moment is None:
                return "never"
            return f"{int((self.at - moment).total_seconds())} s ago ({moment:%Y-%m-%d %H:%M:%S} UTC)"
        out = [f"{name}: last run {age(moment)}" for name, moment in self.last_runs.items()]
        out.append(f"mail waiting: {self.waiting}; oldest due: {age(self.oldest_due) if self.oldest_due else 'none'}")
        out += [f"PROBLEM: {problem}" for problem in self.problems] or ["healthy"]
        return out


def report(moment: datetime | None = None) -> Health:
    """The health of delivery and the clock at `moment` (now by default). In the embedded default nothing runs
    on a schedule (tasks run in-process when a change asks for them), so only the mail waiting is judged."""
    moment = moment or now()
    scheduled = not current_app.config.get("EMBEDDED_TASKS")
    beats = dict(db.session.execute(select(Heartbeat.name, Heartbeat.at)).all())
    # Due: written or not, not in backoff, or claimed by a run whose lease ran out. A turn mail held while its
    # player was at the table (mail/writing.py, QUIET_DELAY_SECONDS) is due from the end of its wait.
    held = (Outbox.status == "unwritten") & (Outbox.next_attempt_at > Outbox.created_at)
    due = or_(Outbox.status == "unwritten", Outbox.status.in_(("pending", "sending"))) \
        & or_(Outbox.next_attempt_at.is_(None), Outbox.next_attempt_at <= moment)
    since = case((held, Outbox.next_attempt_at), else_=Outbox.created_at)
    oldest = db.session.scalar(select(func.min(since)).where(due))
    waiting = db.session.scalar(select(func.count()).select_from(Outbox).where(
        Outbox.status.in_(("unwritten", "pending", "sending")))) or 0
    health = Health(moment, {name: beats.get(name) for name in STALE}, oldest, waiting)
    for name, limit in STALE.items() if scheduled else ():
        if beats.get(name) is None or moment - beats[name] > limit:
            health.problems.append(f"{name} has not run for over {int(limit.total_seconds() // 60)} minutes: "
                                   "is a worker (and exactly one beat) running and reaching Redis?")
    if oldest is not None and moment - oldest > MAIL_LATE:
        health.problems.append(f"mail due since {oldest:%H:%M:%S} UTC has not gone out: is the SMTP server "
                               "reachable (MAIL_URL), and is a worker running?")
    return health

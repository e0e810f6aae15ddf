"""The operator's health check: when delivery and the scan last ran, the oldest mail waiting, and `pbem health`'s
exit code for a platform's check."""
from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta

from outbox_rows import pending
from sqlalchemy import update

from conftest import ROOT
from pbem import health, tasks
from pbem.clock import now
from pbem.extensions import db
from pbem.models import Heartbeat, Outbox


def test_scheduled_jobs_that_never_ran_are_reported(ctx, monkeypatch):
    monkeypatch.setitem(ctx.config, "EMBEDDED_TASKS", False)  # as served with Redis, a worker and a beat
    found = health.report()
    assert not found.healthy and found.last_runs == {"delivery": None, "scan": None}
    assert any(line.startswith("PROBLEM: delivery has not run") for line in found.lines())


def test_a_delivery_run_and_a_scan_record_their_heartbeat(ctx, monkeypatch):
    monkeypatch.setitem(ctx.config, "EMBEDDED_TASKS", False)
    tasks.deliver_outbox()
    tasks.scan_deadlines()
    found = health.report()
    assert found.healthy, found.lines()
    assert all(now() - moment < timedelta(minutes=1) for moment in found.last_runs.values())
    assert db.session.get(Heartbeat, "delivery").detail == {"sent": 0}
    # Six minutes later without a run, both are reported as stopped.
    later = health.report(now() + timedelta(minutes=6)).problems
    assert len(later) == 2 and all("has not run for over 5 minutes" in problem for problem in later)


def test_mail_due_for_long_and_not_sent_is_reported(ctx):
    row = pending("notice:late", "notice", "amy@example.com", "Late", "stuck")
    db.session.commit()
    assert health.report().healthy  # embedded: only the mail waiting is judged, and it is fresh
    db.session.execute(update(Outbox).where(Outbox.id == row.id).values(created_at=now() - timedelta(minutes=11),
                                                                          next_attempt_at=now() - timedelta(minutes=11)))
    db.session.commit()
    found = health.report()
    assert found.waiting == 1 and found.oldest_due is not None
    assert [p for p in found.problems if "has not gone out" in p], found.lines()
    # A mail in backoff is not late: it is not due yet.
    db.session.execute(update(Outbox).where(Outbox.id == row.id).values(next_attempt_at=now() + timedelta(minutes=5)))
    db.session.commit()
    assert health.report().healthy


def test_a_turn_mail_held_while_its_player_is_at_the_table_is_late_only_from_the_end_of_its_wait(ctx):
    """Held for QUIET_DELAY_SECONDS (mail/writing.py): created long ago, due only once its wait is over."""
    row = pending("turn:held", "turn", "amy@example.com", "Your turn", "")
    row.status = "unwritten"
    db.session.commit()
    created = now() - timedelta(minutes=30)
    db.session.execute(update(Outbox).where(Outbox.id == row.id).values(created_at=created,
                                                                          next_attempt_at=now() + timedelta(minutes=1)))
    db.session.commit()
    assert health.report().healthy
    later = health.report(now() + timedelta(minutes=12))
    assert [p for p in later.problems if "has not gone out" in p], later.lines()


def test_the_command_exits_1_when_a_scheduled_job_is_late(app):
    env = {**os.environ, "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"], "SECRET_KEY": "x",
           "REDIS_URL": "redis://127.0.0.1:6379/13", "PBEM_INSTANCE": app.instance_path}
    done = subprocess.run([sys.executable, "-m", "pbem.cli", "health"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "delivery: last run never" in done.stdout and "PROBLEM: delivery has not run" in done.stdout

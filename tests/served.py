"""The app under a real gunicorn on its own PostgreSQL database, for tests that need the service as a process."""
from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from unittest import mock

from conftest import ROOT, free_port

SECRET_KEY = "served-test"  # the same in the served process and in the test, so sessions it signs are valid


def set_up(pg_url: str, instance: Path, rows):
    """Migrate the database at `pg_url` and return `rows(app)`, run in an app context on it; the app's
    connections are closed afterwards, so that only the served process holds any."""
    from celery import _state
    from flask_migrate import upgrade

    from pbem import create_app
    from pbem.extensions import db

    # create_app makes its Celery app the default one: the suite's app must stay the default, or later
    # tests' tasks would run on this app, whose database is dropped after the test.
    celery_before = (_state.default_app, _state.get_current_app())
    instance_before, os.environ["PBEM_INSTANCE"] = os.environ.get("PBEM_INSTANCE"), str(instance)
    try:
        app = create_app({"SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://" + pg_url.split("://", 1)[1],
                          "SECRET_KEY": SECRET_KEY, "MAIL_URL": None, "REDIS_URL": None, "EMBEDDED_TASKS": True})
        with app.app_context(), mock.patch("pbem.tasks.kick_delivery"):
            # What the arrangement queues is delivered by the served worker, not by this app at its commits.
            upgrade()
            try:
                return rows(app)
            finally:
                db.session.remove()
                db.engine.dispose()
    finally:
        # Both the default and the current app, as conftest's make_app does: either one left pointing
        # at this app sends later tests' tasks to a database that is gone.
        _state.set_default_app(celery_before[0])
        _state._set_current_app(celery_before[1])
        if instance_before is None:
            del os.environ["PBEM_INSTANCE"]
        else:
            os.environ["PBEM_INSTANCE"] = instance_before


def status_of(url: str, timeout: float = 10) -> int:
    """The HTTP status of a GET (0 when nothing answers)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except OSError:
        return 0


@contextlib.contextmanager
def gunicorn(pg_url: str, instance: Path, workers: int = 2, extra_env: dict | None = None):
    """Serve the app as the Procfile does (gunicorn, embedded tasks, mail to a folder); yields the base URL.

    `extra_env` adds settings (REDIS_URL and MAIL_URL there serve with a real worker and mail server).
    """
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "MAIL_URL")}
    env.update(DATABASE_URL=pg_url, SECRET_KEY=SECRET_KEY, BASE_URL=f"http://127.0.0.1:{port}",
               PBEM_INSTANCE=str(instance), RATELIMIT_API="100000 per minute", PATH=str(Path(sys.executable).parent) + os.pathsep + env["PATH"])
    env.update(extra_env or {})
    log = instance / "gunicorn.log"
    with log.open("w") as out:
        proc = subprocess.Popen(["gunicorn", "pbem:create_app()", "--bind", f"127.0.0.1:{port}",
                                 "--workers", str(workers), "--access-logfile", "-"],
                                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while status_of(base + "/api/v1/openapi.json", timeout=2) != 200:
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()[-4000:]
            time.sleep(0.2)
        yield base
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)

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

from conftest import ROOT, free_port


def migrated_app(pg_url: str, instance: Path):
    """An app object on `pg_url` (migrated), for setting up rows the served process will see."""
    from flask_migrate import upgrade

    from pbem import create_app

    os.environ["PBEM_INSTANCE"] = str(instance)
    app = create_app({"SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://" + pg_url.split("://", 1)[1],
                      "SECRET_KEY": "served-test", "MAIL_URL": None, "REDIS_URL": None})
    with app.app_context():
        upgrade()
    return app


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
def gunicorn(pg_url: str, instance: Path, workers: int = 2):
    """Serve the app as the Procfile does (gunicorn, embedded tasks, mail to a folder); yields the base URL."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "MAIL_URL")}
    env.update(DATABASE_URL=pg_url, SECRET_KEY="served-test", BASE_URL=f"http://127.0.0.1:{port}",
               PBEM_INSTANCE=str(instance), PATH=str(Path(sys.executable).parent) + os.pathsep + env["PATH"])
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

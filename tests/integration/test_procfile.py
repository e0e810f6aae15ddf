"""The Procfile's processes, started by honcho against PostgreSQL, Redis and an SMTP server: one request followed to a task."""
from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
import redis

from conftest import REDIS_URL, ROOT, free_port

pytestmark = pytest.mark.integration


def _env(pg_url: str, smtp_url: str, port: int, instance: Path) -> dict:
    env = dict(os.environ)
    env.update({
        "PATH": str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", ""),
        "DATABASE_URL": pg_url.replace("postgresql://", "postgres://"),  # Heroku's spelling must work
        "REDIS_URL": REDIS_URL,
        "MAIL_URL": smtp_url,
        "SECRET_KEY": "procfile-test",
        "BASE_URL": f"http://127.0.0.1:{port}",
        "INBOUND_DOMAIN": "pbem.test",
        "PORT": str(port),
        "WEB_CONCURRENCY": "1",
        "WORKER_CONCURRENCY": "1",
        "PBEM_INSTANCE": str(instance),
    })
    return env


def _wait_http(url: str, log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            time.sleep(0.3)
    raise AssertionError(f"{url} did not answer within {timeout}s:\n" + log.read_text()[-4000:])


def test_signin_request_is_mailed_by_the_worker(fresh_pg, smtp_server, tmp_path):
    redis.Redis.from_url(REDIS_URL).flushdb()
    port = free_port()
    env = _env(fresh_pg, smtp_server.url, port, tmp_path / "instance")
    release = subprocess.run(["honcho", "-f", str(ROOT / "Procfile"), "start", "release"], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=180)
    assert "Running upgrade" in release.stdout + release.stderr, release.stdout + release.stderr
    log = tmp_path / "honcho.log"
    with log.open("w") as out:
        procs = subprocess.Popen(["honcho", "-f", str(ROOT / "Procfile"), "start", "web", "worker"], cwd=ROOT,
                                 env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}"
        _wait_http(base + "/signin", log)
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        page = opener.open(base + "/signin").read().decode()
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        body = urllib.parse.urlencode({"email": "ada@example.com", "csrf_token": csrf}).encode()
        assert b"Check your mail" in opener.open(base + "/signin", data=body).read()
        mail = smtp_server.handler.wait_for(lambda rcpts, m: "ada@example.com" in rcpts, timeout=60)
        assert mail is not None, "the worker did not deliver the sign-in mail:\n" + log.read_text()[-4000:]
        assert f"{base}/signin/" in mail.get_content()
        assert mail["Subject"] == "Your pbem sign-in link"
        running_log = log.read_text()
    finally:
        procs.send_signal(signal.SIGTERM)  # honcho stops its processes gracefully
        try:
            procs.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(procs.pid, signal.SIGKILL)
            procs.wait()
    # Only what the processes said while serving: honcho's shutdown kills Celery's pool children abruptly.
    assert "Traceback" not in running_log, running_log[-4000:]

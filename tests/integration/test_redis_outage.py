"""Redis taken away for 20 seconds under load, with pbem run as the Procfile runs it (gunicorn, the Celery worker's
own command line, PostgreSQL, an SMTP server): no answer is a server error, no move and no table talk by mail is
lost, and the same worker process delivers the mail afterwards."""
from __future__ import annotations

import json
import os
import re
import secrets
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import psycopg
import pytest

from conftest import ROOT, free_port
from served import SECRET_KEY, gunicorn, set_up

pytestmark = pytest.mark.integration

INBOUND_SECRET = "outage-" + secrets.token_hex(8)
OUTAGE = 20.0  # seconds without Redis


class RedisServer:
    """A redis-server of the test's own, on a port of its own, that the test kills (SIGKILL) and starts again."""

    def __init__(self):
        self.port, self.proc = free_port(), None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while subprocess.run(["redis-cli", "-p", str(self.port), "ping"], capture_output=True,
                             text=True).stdout.strip() != "PONG":
            assert self.proc.poll() is None and time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.1)

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=30)


class ProcfileWorker:
    """The Procfile's `worker` line, run as a platform runs it."""

    def __init__(self, env: dict, log: Path):
        self.env, self.log = env, log
        command = next(line.split(":", 1)[1] for line in (ROOT / "Procfile").read_text().splitlines()
                       if line.startswith("worker:"))
        with log.open("w") as out:
            self.proc = subprocess.Popen(["bash", "-c", "exec " + command.strip()], cwd=ROOT, env=env, stdout=out,
                                         stderr=subprocess.STDOUT, start_new_session=True)
        self.wait_log(" ready.")

    def wait_log(self, needle: str, count: int = 1, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while self.log.read_text().count(needle) < count:
            assert self.proc.poll() is None, self.log.read_text()[-4000:]
            assert time.monotonic() < deadline, f"no {needle!r} in the worker log:\n" + self.log.read_text()[-4000:]
            time.sleep(0.2)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)


def _arrange(app) -> dict:
    """Ann and Bob with API tokens in three Stone Age games with two bots each (enough moves to outlast the test at
    the load's pace); Ann's seat reply address in the first, for table talk."""
    from pbem import play, tokens
    from pbem.extensions import db
    from pbem.models import User
    from pbem.web.tokens_page import issue_token

    ann, bob = User(email="ann@example.com", name="ann"), User(email="bob@example.com", name="bob")
    db.session.add_all([ann, bob])
    db.session.commit()
    games = []
    for n in range(3):
        game = play.create_game(ann, "stone-age", seats=4, bots=2, random_seating=False, seed=f"redis-outage-{n}")
        play.join(game.id, bob)
        games.append(play.start_game(game.id, ann).id)
    with app.test_request_context():
        return {"games": games, "tokens": [issue_token(ann, "load"), issue_token(bob, "load")],
                "ann_address": tokens.reply_address(games[0], 0)}


class Load:
    """Moves through the API for both players and table talk by mail from Ann, each answer recorded."""

    def __init__(self, base: str, arranged: dict):
        self.base, self.arranged = base, arranged
        self.statuses: list[tuple[str, int, float]] = []  # (what, HTTP status, when)
        self.applied: list[str] = []
        self.said: list[str] = []
        self.stop = threading.Event()

    def _call(self, what: str, request: urllib.request.Request) -> tuple[int, bytes]:
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                status, body = response.status, response.read()
        except urllib.error.HTTPError as exc:
            status, body = exc.code, exc.read()
        self.statuses.append((what, status, time.monotonic()))
        return status, body

    def moves(self) -> None:
        n = 0
        while not self.stop.is_set():
            for game, token in ((g, t) for g in self.arranged["games"] for t in self.arranged["tokens"]):
                auth = {"Authorization": f"Bearer {token}"}
                status, body = self._call("legal", urllib.request.Request(
                    f"{self.base}/api/v1/games/{game}/legal", headers=auth))
                legal = json.loads(body) if status == 200 else {}
                if not legal.get("commands"):
                    continue
                n += 1
                data = json.dumps({"commands": legal["commands"][0], "version": legal["version"],
                                   "key": f"load-{n}"}).encode()
                status, body = self._call("move", urllib.request.Request(
                    f"{self.base}/api/v1/games/{game}/moves", data=data, method="POST",
                    headers={**auth, "Content-Type": "application/json"}))
                if status == 200:
                    self.applied += json.loads(body)["applied"]
            time.sleep(0.2)  # a steady pace, so that the games last the whole test

    def talk(self) -> None:
        n = 0
        while not self.stop.is_set():
            n += 1
            words = f"table talk number {n}"
            msg = EmailMessage()
            msg["From"], msg["To"] = "ann <ann@example.com>", self.arranged["ann_address"]
            msg["Subject"], msg["Message-ID"] = "Re: the game", make_msgid(domain="mail.example.org")
            msg.set_content(f"say {words}\n")
            status, _ = self._call("talk", urllib.request.Request(
                f"{self.base}/inbound/raw/{INBOUND_SECRET}", data=msg.as_bytes(),
                headers={"Content-Type": "message/rfc822"}))
            if status == 200:
                self.said.append(words)
            time.sleep(0.3)


def _rows(pg_url: str, sql: str, *args) -> list[tuple]:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        return conn.execute(sql, args).fetchall()


def test_redis_down_for_20_seconds_under_load(fresh_pg, smtp_server, tmp_path):
    redis = RedisServer()
    redis.start()
    arranged = set_up(fresh_pg, tmp_path / "instance", _arrange)
    settings = {"REDIS_URL": redis.url, "RATELIMIT_STORAGE_URI": redis.url, "MAIL_URL": smtp_server.url,
                "INBOUND_DOMAIN": "pbem.test", "INBOUND_SECRET": INBOUND_SECRET, "MAIL_SAY_LIMIT": "1000 per hour"}
    env = {**os.environ, **settings, "DATABASE_URL": fresh_pg, "SECRET_KEY": SECRET_KEY,
           "BASE_URL": "http://pbem.test", "PBEM_INSTANCE": str(tmp_path / "instance"),
           "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"]}
    worker = ProcfileWorker(env, tmp_path / "worker.log")
    pid = worker.proc.pid
    try:
        with gunicorn(fresh_pg, tmp_path / "instance", extra_env=settings) as base:
            load = Load(base, arranged)
            threads = [threading.Thread(target=load.moves), threading.Thread(target=load.talk)]
            for thread in threads:
                thread.start()
            try:
                _wait(lambda: len(load.applied) >= 5 and load.said, "load before the outage")
                redis.kill()
                down = time.monotonic()
                time.sleep(OUTAGE)  # the outage itself: its length is what is tested, not a wait for a result
                redis.start()
                up = time.monotonic()
                # Load goes on until moves and talk have gone through again since Redis came back.
                _wait(lambda: any(w == "move" and s == 200 and t > up for w, s, t in load.statuses)
                      and any(w == "talk" and s == 200 and t > up for w, s, t in load.statuses), "load after")
            finally:
                load.stop.set()
                for thread in threads:
                    thread.join(timeout=120)
            during = [(w, s) for w, s, t in load.statuses if down <= t <= up]
            assert during, "no request was answered during the outage"
            errors = [(w, s) for w, s, _ in load.statuses if s >= 500]
            assert errors == [], f"{len(errors)} server errors: {errors[:10]}"
            # No move and no table talk lost: every one answered as done is stored.
            stored_moves = _rows(fresh_pg, "SELECT count(*) FROM moves WHERE source = 'api'")[0][0]
            assert stored_moves == len(load.applied)
            said = {text for (text,) in _rows(fresh_pg, "SELECT text FROM chat_messages")}
            assert set(load.said) <= said, sorted(set(load.said) - said)[:5]
            # The same worker process delivers what was queued, the outage's mail included.
            undelivered = "SELECT id, kind, status, created_at, (SELECT max(id) FROM outbox WHERE status = 'sent') FROM outbox " \
                          "WHERE status NOT IN ('sent', 'suppressed')"
            _wait(lambda: not _rows(fresh_pg, undelivered), "the outbox delivered", timeout=120,
                  detail=lambda: _rows(fresh_pg, undelivered)[:10])
            assert worker.proc.poll() is None and worker.proc.pid == pid, worker.log.read_text()[-4000:]
            assert "Unrecoverable error" not in worker.log.read_text()
    finally:
        worker.stop()
        redis.kill()


def _wait(condition, what: str, timeout: float = 90, detail=lambda: "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what} {detail()}"
        time.sleep(0.2)

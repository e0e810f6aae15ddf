"""The README's first command: `pbem serve` with no environment runs on SQLite, in-process tasks and the dev mailbox."""
from __future__ import annotations

import html
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

from conftest import ROOT, free_port

pytestmark = pytest.mark.integration


@pytest.fixture
def served(tmp_path):
    """`pbem serve` in a clean environment; yields its base URL."""
    port = free_port()
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "REDIS_URL", "MAIL_URL", "SECRET_KEY", "BASE_URL")}
    env["PBEM_INSTANCE"] = str(tmp_path / "instance")
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        proc = subprocess.Popen([str(Path(sys.executable).parent / "pbem"), "serve", "--port", str(port)],
                                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while "is running at" not in log.read_text():
        assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
        time.sleep(0.2)
    yield base, log
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=30)
    assert (tmp_path / "instance" / "pbem.sqlite3").exists()


def test_serve_prints_its_address_and_signs_in_through_the_dev_mailbox(served):
    base, log = served
    assert f"pbem is running at {base}/" in log.read_text()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    page = opener.open(base + "/signin").read().decode()
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    body = urllib.parse.urlencode({"email": "ada@example.com", "csrf_token": csrf}).encode()
    assert b"dev mailbox" in opener.open(base + "/signin", data=body).read()
    mailbox = opener.open(base + "/dev/mailbox").read().decode()
    message_path = re.search(r'href="(/dev/mailbox/\d+)">Your pbem sign-in link', mailbox).group(1)
    message = html.unescape(opener.open(base + message_path).read().decode())
    link = re.search(re.escape(base) + r"(/signin/[^\s<\"]+)", message).group(1)
    confirm = opener.open(base + link).read().decode()
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', confirm).group(1)
    dashboard = opener.open(base + link, data=urllib.parse.urlencode({"csrf_token": csrf}).encode()).read()
    assert b"Your games" in dashboard

    # Open a game of Stone Age against two bots, and find the turn mail in the dev mailbox.
    def post(path: str, **fields) -> str:
        page = opener.open(base + path).read().decode() if path.endswith("new") else form_page
        token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        return opener.open(base + path, data=urllib.parse.urlencode({**fields, "csrf_token": token}).encode()) \
            .read().decode()

    form_page = ""
    form_page = post("/games/new", slug="stone-age", seats="3", bots="2", title="Ada vs bots", turn_days="2")
    game_path = re.search(r'action="(/games/\d+)/start"', form_page).group(1)
    game_page = post(game_path + "/start")
    assert "Your move" in game_page and "place" in game_page
    mailbox = opener.open(base + "/dev/mailbox").read().decode()
    assert "Ada vs bots] Your turn" in html.unescape(mailbox)

"""The Procfile's web process (honcho, gunicorn, its access log on stdout) writes no secret of a URL: each secret
link and hook of a real game and real settings is requested, and the log shows its route masked."""
from __future__ import annotations

import base64
import http.cookiejar
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from served import SECRET_KEY, set_up

from conftest import ROOT, free_port

pytestmark = pytest.mark.integration

INBOUND_SECRET = "raw-hook-" + "Qx7wLp2Kd9Vn4Rt6"
SENDGRID_SECRET = "sendgrid-hook-" + "Bz3mHs8Jf5Gy1Wc0"
WRONG_SECRET = "raw-hook-" + "Qx7wLp2Kd9Vn4Rt7"  # a near miss is refused, and not logged either
POSTMARK_USER, POSTMARK_PASSWORD = "postmark-" + "Ue4Yk", "postmark-" + "Pw9Tq6Zr"


def _seed(app) -> dict:
    """A started game and its links, made by the functions pbem mails them with, under the served SECRET_KEY."""
    from pbem import play, tokens
    from pbem.extensions import db
    from pbem.mail import outbound
    from pbem.models import User
    from pbem.presentation.turn import seat_link
    from pbem.web.tokens_page import issue_token

    ann, bob = User(email="ann@example.com", name="ann"), User(email="bob@example.com", name="bob")
    db.session.add_all([ann, bob])
    db.session.commit()
    game = play.create_game(ann, "stone-age", seats=2, random_seating=False)
    play.join(game.id, bob)
    play.start_game(game.id, ann)
    asked = next(seat for seat in game.seats if seat.prompt_version is not None)
    cookie = app.session_interface.get_signing_serializer(app).dumps(
        {"uid": ann.id, "gen": ann.session_generation, "sid": "access-log-test-session"})
    return {"game": game.id,
            "seat": seat_link(game, asked).rsplit("/play/", 1)[1],
            "signin": tokens.signin_token("bob@example.com")[0],
            "unsubscribe": outbound.unsubscribe_link(ann).rsplit("/unsubscribe/", 1)[1],
            "api": issue_token(ann, "access log"),
            "cookie": f"{app.config['SESSION_COOKIE_NAME']}={cookie}"}


def _mime(n: int) -> bytes:
    return (f"From: zoe@example.org\r\nTo: play@pbem.test\r\nSubject: hello {n}\r\n"
            f"Message-ID: <access-log-{n}-{time.time_ns()}@example.org>\r\n\r\nhelp\r\n").encode()


def _ask(opener, url: str, data: bytes | None = None, headers: dict | None = None) -> tuple[int, str]:
    try:
        with opener.open(urllib.request.Request(url, data=data, headers=headers or {}), timeout=30) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def _up(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return answer.status == 200
    except OSError:
        return False


def _logged(log: Path) -> list[str]:
    """The access-log lines in honcho's output."""
    return [line for line in log.read_text().splitlines() if ' HTTP/1.1" ' in line]


def _wait(condition, what: str, log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} within {timeout}s:\n" + log.read_text()[-6000:]
        time.sleep(0.1)


def test_the_access_log_shows_the_routes_and_none_of_their_secrets(fresh_pg, tmp_path):
    instance = tmp_path / "instance"
    seed = set_up(fresh_pg, instance, _seed)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "MAIL_URL")}
    env.update(PATH=str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", ""),
               DATABASE_URL=fresh_pg.replace("postgresql://", "postgres://"), SECRET_KEY=SECRET_KEY, BASE_URL=base,
               PBEM_INSTANCE=str(instance), PORT=str(port), WEB_CONCURRENCY="2", INBOUND_DOMAIN="pbem.test",
               INBOUND_SECRET=INBOUND_SECRET, SENDGRID_INBOUND_SECRET=SENDGRID_SECRET,
               POSTMARK_INBOUND_USER=POSTMARK_USER, POSTMARK_INBOUND_PASSWORD=POSTMARK_PASSWORD)
    log = tmp_path / "web.log"  # honcho's output: gunicorn's access log (stdout) and its error log
    with log.open("w") as out:
        procs = subprocess.Popen(["honcho", "-f", str(ROOT / "Procfile"), "start", "web"], cwd=ROOT, env=env,
                                 stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    seat, signin, unsubscribe = seed["seat"], seed["signin"], seed["unsubscribe"]
    try:
        plain = urllib.request.build_opener()
        _wait(lambda: _up(base + "/help/commands"), "the web process answered", log)
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        asked = []  # each request's line and status as they must be logged

        def ask(method: str, path: str, logged: str, status: int, opener=plain, expect: str = "", **kw):
            got, text = _ask(opener, base + path, **kw)
            assert got == status and expect in text, (method, logged, got, text[:500])
            asked.append(f'"{method} {logged} HTTP/1.1" {status} ')
            return text

        # The seat's move form, from the link of its turn mail: the seat's own view, not a read-only one.
        page = ask("GET", f"/play/{seat}", "/play/***", 200, expect='name="link"')
        assert "earlier turn" not in page
        ask("GET", f"/play/{seat}?upto=1", "/play/***?upto=1", 200)
        ask("GET", f"/signin?next=/play/{seat}", "/signin?next=/play/***", 200)
        ask("GET", f"/games/{seed['game']}?upto=1", f"/games/{seed['game']}?upto=1", 200,
            headers={"Referer": f"{base}/play/{seat}"})
        # A real sign-in: the confirm page, then its button (which spends the link) with the form's CSRF token.
        encoded_next = urllib.parse.quote(f"/play/{seat}", safe="")
        page = ask("GET", f"/signin/{signin}?next={encoded_next}", "/signin/***?next=%2Fplay%2F***", 200,
                   opener=browser, expect="bob@example.com")
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        ask("POST", f"/signin/{signin}?next={encoded_next}", "/signin/***?next=%2Fplay%2F***", 302,
            opener=_no_redirects(browser), data=urllib.parse.urlencode({"csrf_token": csrf}).encode())
        ask("GET", f"/unsubscribe/{unsubscribe}", "/unsubscribe/***", 200)
        ask("POST", f"/unsubscribe/{unsubscribe}", "/unsubscribe/***", 200, data=b"List-Unsubscribe=One-Click",
            headers={"Content-Type": "application/x-www-form-urlencoded"})
        ask("POST", f"/inbound/raw/{INBOUND_SECRET}", "/inbound/raw/***", 200, data=_mime(1),
            headers={"Content-Type": "message/rfc822"}, expect='"outcome"')
        ask("POST", f"/inbound/raw/{WRONG_SECRET}", "/inbound/raw/***", 403, data=_mime(2),
            headers={"Content-Type": "message/rfc822"})
        ask("POST", f"/inbound/sendgrid/{SENDGRID_SECRET}/", "/inbound/sendgrid/***/", 404,
            data=urllib.parse.urlencode({"email": _mime(3)}).encode(),
            headers={"Content-Type": "application/x-www-form-urlencoded"})
        ask("POST", f"/inbound/sendgrid/{SENDGRID_SECRET}", "/inbound/sendgrid/***", 200,
            data=urllib.parse.urlencode({"email": _mime(4)}).encode(),
            headers={"Content-Type": "application/x-www-form-urlencoded"}, expect='"outcome"')
        basic = base64.b64encode(f"{POSTMARK_USER}:{POSTMARK_PASSWORD}".encode()).decode()
        ask("POST", "/inbound/postmark", "/inbound/postmark", 200, expect='"outcome"',
            data=json.dumps({"RawEmail": _mime(5).decode()}).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Basic {basic}"})
        ask("GET", "/api/v1/dashboard", "/api/v1/dashboard", 200, headers={"Authorization": f"Bearer {seed['api']}"})
        ask("GET", "/", "/", 200, headers={"Cookie": seed["cookie"]}, expect="Sign out")

        # Each line is written once its answer is sent, by either worker: wait for all of them (the probes
        # for /help/commands before them aside).
        _wait(lambda: len([line for line in _logged(log) if "/help/commands" not in line]) >= len(asked),
              "every request was logged", log)
        text = log.read_text()
    finally:
        procs.send_signal(signal.SIGTERM)  # honcho stops gunicorn gracefully
        try:
            procs.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(procs.pid, signal.SIGKILL)
            procs.wait()
    lines = _logged(log)
    assert len(lines) >= len(asked) >= 15, text[-6000:]  # a log with nothing in it would hide nothing
    for expected in asked:
        assert any(expected in line for line in lines), (expected, text[-6000:])
    secrets = [seat, signin, unsubscribe, INBOUND_SECRET, SENDGRID_SECRET, WRONG_SECRET, POSTMARK_USER,
               POSTMARK_PASSWORD, seed["api"], seed["cookie"].split("=", 1)[1]]
    # Nor the payload or signature of a signed token alone, nor the encoded form of a secret.
    secrets += [part for token in (seat, signin, unsubscribe) for part in token.split(".") if len(part) >= 10]
    secrets += [urllib.parse.quote(s, safe="") for s in secrets]
    leaked = sorted({s for s in secrets if s in text})
    assert leaked == [], text[-6000:]
    # What still says who hit what: the Referer's route, the Postmark hook's user only as being there.
    assert f'"{base}/play/***"' in text
    assert any('"POST /inbound/postmark HTTP/1.1" 200 ' in line and " - *** [" in line for line in lines), text[-6000:]
    assert "Traceback" not in text, text[-6000:]


def _no_redirects(opener):
    """An opener with the same cookies as `opener` that hands a 3xx back instead of following it."""
    class Keep(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    handlers = [h for h in opener.handlers if isinstance(h, urllib.request.HTTPCookieProcessor)]
    return urllib.request.build_opener(*handlers, Keep())

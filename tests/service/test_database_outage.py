"""While PostgreSQL refuses connections, gunicorn answers 503 with Retry-After, then recovers without a restart."""
from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import psycopg
import pytest
from served import gunicorn, set_up

from conftest import PG_ADMIN

pytestmark = pytest.mark.integration


def _seed(app) -> tuple[str, str, int]:
    """ann's API token, a session cookie signed in as her, and the id of a game she plays."""
    from pbem import play
    from pbem.extensions import db
    from pbem.models import User
    from pbem.web.tokens_page import issue_token

    ann, bob = User(email="ann@example.com", name="ann"), User(email="bob@example.com", name="bob")
    db.session.add_all([ann, bob])
    db.session.commit()
    game = play.create_game(ann, "stone-age", seats=2, random_seating=False)
    play.join(game.id, bob)
    play.start_game(game.id, ann)
    cookie = app.session_interface.get_signing_serializer(app).dumps({"uid": ann.id})
    return issue_token(ann, "outage"), f"{app.config['SESSION_COOKIE_NAME']}={cookie}", game.id


def _ask(url: str, headers: dict, body: dict | None = None):
    """(status, headers, body text) of one request; HTTP errors are answers too."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers={**headers, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers, exc.read().decode()


def _database(name: str, allow: bool) -> None:
    """Let the database take connections again, or refuse new ones and end those it has (waiting until gone)."""
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS {str(allow).lower()}')
        deadline = time.monotonic() + 30
        while not allow:
            # pg_terminate_backend only signals: a backend may answer one more query before it exits.
            left = admin.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                 "WHERE datname = %s", (name,)).fetchone()[0]
            if not left:
                break
            assert time.monotonic() < deadline, f"{left} connections to {name} would not end"
            time.sleep(0.05)


def test_a_database_outage_is_503_with_retry_after_and_passes(fresh_pg, tmp_path):
    token, cookie, game_id = set_up(fresh_pg, tmp_path, _seed)
    api, signed_in = {"Authorization": f"Bearer {token}"}, {"Cookie": cookie}
    with gunicorn(fresh_pg, tmp_path) as base:
        asks = [  # (url, headers, JSON body or None for a GET)
            (f"{base}/api/v1/games", api, None),
            (f"{base}/api/v1/games/{game_id}", api, None),
            (f"{base}/api/v1/dashboard", api, None),
            (f"{base}/api/v1/games/{game_id}/moves", api, {"commands": "nonsense", "key": "outage"}),
            (f"{base}/", signed_in, None),  # the page header names the signed-in user: it reads the database
            (f"{base}/games/{game_id}", signed_in, None),
            (f"{base}/games/{game_id}", {}, None),
        ]
        for url, headers, body in asks:
            status = _ask(url, headers, body)[0]
            assert status in (200, 422), (url, status)
        name = fresh_pg.rsplit("/", 1)[1]
        _database(name, allow=False)
        try:
            # Twice round: the first request of each worker finds its pooled connection killed,
            # the next finds no connection to be had; both are the same outage to the caller.
            for url, headers, body in asks * 2:
                status, answer_headers, text = _ask(url, headers, body)
                assert status == 503, (url, status, text[:2000])
                assert int(answer_headers["Retry-After"]) > 0, url
                if "/api/" in url:
                    assert answer_headers["Content-Type"] == "application/json" and "try again" in json.loads(text)["error"]
                else:
                    assert answer_headers["Content-Type"].startswith("text/html") and "<h1>503</h1>" in text
        finally:
            _database(name, allow=True)
        # The same processes, no restart: each request may reconnect, so all succeed again soon.
        deadline = time.monotonic() + 60
        while True:
            statuses = [_ask(url, headers, body)[0] for url, headers, body in asks]
            if all(status in (200, 422) for status in statuses):
                break
            assert time.monotonic() < deadline, statuses
            time.sleep(0.2)
        log = (tmp_path / "gunicorn.log").read_text()
        assert '" 500 ' not in log, log[-5000:]


def _mail(n: int) -> bytes:
    from email.message import EmailMessage
    from email.utils import make_msgid

    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = f"zoe{n}@example.org", "play@pbem.test", "hello"
    msg["Message-ID"] = make_msgid(domain="mail.example.org")
    msg.set_content("help\n")
    return msg.as_bytes()


def _post_mail(url: str, raw: bytes):
    request = urllib.request.Request(url, data=raw, headers={"Content-Type": "message/rfc822"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def test_a_webhook_post_on_a_dropped_connection_runs_again_and_is_stored(fresh_pg, tmp_path):
    """The first raw-webhook POST of a worker after the database dropped its connections was a 503 (an API call
    ran again on a fresh connection): a provider that tries once lost the mail."""
    set_up(fresh_pg, tmp_path, lambda app: None)
    secret = "raw-secret-0123456789"
    name = fresh_pg.rsplit("/", 1)[1]
    # One worker: the request after the cut is surely the one on a connection that was pooled before it.
    with gunicorn(fresh_pg, tmp_path, workers=1, extra_env={"INBOUND_SECRET": secret}) as base:
        hook = f"{base}/inbound/raw/{secret}"
        for n in range(3):
            assert _post_mail(hook, _mail(n))[0] == 200
            _database(name, allow=False)  # every connection ended (the database restarted, a failover)...
            _database(name, allow=True)  # ...and it takes new ones at once
            status, text = _post_mail(hook, _mail(10 + n))
            assert status == 200, text
        with psycopg.connect(fresh_pg) as conn:
            stored = conn.execute("SELECT count(*) FROM inbound_messages").fetchone()[0]
        assert stored == 6
    log = (tmp_path / "gunicorn.log").read_text()
    assert log.count("running the request again") == 3 and '" 503 ' not in log and '" 500 ' not in log, log[-5000:]

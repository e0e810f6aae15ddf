"""A mail with 900 DKIM signatures of its sender's domain, posted to the raw webhook of a real gunicorn: it is
answered within seconds and the site keeps serving (it used to hold a worker until gunicorn killed it, 30 s).

The sender's domain is under the reserved `.invalid` TLD, so the served process's DKIM lookups of it end at
the machine's resolver at once and never reach the internet.
"""
from __future__ import annotations

import json
import secrets
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from email.message import EmailMessage
from email.utils import make_msgid

import psycopg
import pytest
from hostile_mail import with_signatures
from served import gunicorn, set_up

pytestmark = pytest.mark.integration

INBOUND_SECRET = "hostile-" + secrets.token_hex(8)
DOMAIN = "players.invalid"
ANSWERED_WITHIN = 5.0


def _seed(app) -> int:
    """Two players of a started Stone Age game; its id."""
    from pbem import play
    from pbem.extensions import db
    from pbem.models import User

    ann, bob = User(email=f"ann@{DOMAIN}", name="ann"), User(email=f"bob@{DOMAIN}", name="bob")
    db.session.add_all([ann, bob])
    db.session.commit()
    game = play.create_game(ann, "stone-age", seats=2, random_seating=False)
    play.join(game.id, bob)
    play.start_game(game.id, ann)
    return game.id


def hostile(game_id: int) -> bytes:
    """Bob's address in From, the game's thread, and 900 signatures of his domain that verify against nothing."""
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = f"bob@{DOMAIN}", "play@pbem.test", "Re: your turn"
    msg["Message-ID"] = make_msgid(domain="attacker.invalid")
    msg["In-Reply-To"] = msg["References"] = f"<game-{game_id}@pbem.test>"
    msg.set_content("place 1 hunt\n")
    return with_signatures(msg.as_bytes(), DOMAIN)


def timed(request: urllib.request.Request) -> tuple[int, float, bytes]:
    """(status, seconds to the answer, body) of one request; the timeout only guards against a hang."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, time.monotonic() - started, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, time.monotonic() - started, exc.read()


def stored(db_url: str) -> int:
    with psycopg.connect(db_url, autocommit=True) as conn:
        return conn.execute("SELECT count(*) FROM inbound_messages").fetchone()[0]


def test_900_signatures_are_answered_at_once_and_the_site_keeps_serving(fresh_pg, tmp_path):
    game_id = set_up(fresh_pg, tmp_path / "instance", _seed)
    with gunicorn(fresh_pg, tmp_path / "instance",
                  extra_env={"INBOUND_SECRET": INBOUND_SECRET, "INBOUND_DOMAIN": "pbem.test"}) as base:
        posts = [urllib.request.Request(f"{base}/inbound/raw/{INBOUND_SECRET}", data=hostile(game_id),
                                        headers={"Content-Type": "message/rfc822"}) for _ in range(2)]
        assert len(posts[0].data) > 120 * 1024
        with ThreadPoolExecutor(3) as pool:
            # Two at once, as in the attack that hung both workers of the site.
            sent = [pool.submit(timed, post) for post in posts]
            deadline = time.monotonic() + 30
            while stored(fresh_pg) == 0 and not all(f.done() for f in sent):
                assert time.monotonic() < deadline, "the webhook stored nothing"
                time.sleep(0.02)
            page = pool.submit(timed, urllib.request.Request(base + "/")).result()
            answers = [f.result() for f in sent]
        for status, seconds, body in answers:
            assert status < 500 and seconds < ANSWERED_WITHIN, (status, seconds, body[:500])
            assert json.loads(body)["outcome"] == "stopped"  # unsigned, so nothing was played
        status, seconds, _ = page
        assert status == 200 and seconds < ANSWERED_WITHIN, (status, seconds)
        print(f"\nanswered in {', '.join(f'{s:.2f}' for _, s, _ in answers)} s; the page meanwhile in {seconds:.2f} s")
    with psycopg.connect(fresh_pg, autocommit=True) as conn:
        rows = conn.execute("SELECT outcome, detail FROM inbound_messages").fetchall()
        moves = conn.execute("SELECT count(*) FROM moves WHERE source = 'email'").fetchone()[0]
    assert [outcome for outcome, _ in rows] == ["stopped", "stopped"] and moves == 0, rows
    log = (tmp_path / "instance" / "gunicorn.log").read_text()
    assert "WORKER TIMEOUT" not in log and '" 500 ' not in log, log[-4000:]

"""Rate limits on the HTTP routes: a refused request gets a 429 page (JSON under /api/) with Retry-After."""
from __future__ import annotations

import secrets

import pytest
import redis
from conftest import REDIS_URL, signin
from sqlalchemy import func, select

from pbem import play
from pbem.extensions import db
from pbem.models import ChatMessage, Outbox, Seat


def _signin_mails(email: str) -> int:
    return db.session.scalar(select(func.count(Outbox.id)).where(Outbox.to_address == email,
                                                                 Outbox.kind == "signin"))


def _refused(response, *, api: bool = False) -> int:
    """The wait a 429 asks for, after checking it is one in the right form."""
    assert response.status_code == 429, response.get_data(as_text=True)[:500]
    wait = int(response.headers["Retry-After"])
    assert 0 < wait <= 24 * 3600
    if api:
        assert response.is_json and "too many requests" in response.get_json()["error"]
    else:
        assert response.mimetype == "text/html" and "<h1>429</h1>" in response.get_data(as_text=True)
    return wait


def test_signin_mails_for_one_address_are_limited(client, ctx):
    """Issue 10: 1,000 sign-in requests for one victim sent 1,000 mails."""
    answers = [client.post("/signin", data={"email": "victim@example.com"}) for _ in range(20)]
    assert [r.status_code for r in answers[:5]] == [200] * 5
    for response in answers[5:]:
        _refused(response)
    assert "Please wait" in answers[-1].get_data(as_text=True)
    assert _signin_mails("victim@example.com") == 5
    # The address's limit is the address's: another one still gets its link, whatever the spelling of the first.
    assert client.post("/signin", data={"email": " VICTIM@example.com"}).status_code == 429
    assert client.post("/signin", data={"email": "ann@example.com"}).status_code == 200
    # Asking for the page, or a mistyped address, sends nothing and is not counted against an address.
    assert client.get("/signin").status_code == 200
    assert client.post("/signin", data={"email": "no address"}).status_code == 400


def test_the_refusal_is_in_the_visitors_language(client, ctx):
    for _ in range(5):
        client.post("/signin", data={"email": "victim@example.com"})
    response = client.post("/signin", data={"email": "victim@example.com"}, headers={"Accept-Language": "de"})
    _refused(response)
    assert "Zu viele Anfragen" in response.get_data(as_text=True)


def test_signin_requests_from_one_client_are_limited(client, ctx):
    statuses = [client.post("/signin", data={"email": f"p{i}@example.com"},
                            headers={"X-Forwarded-For": f"10.0.0.{i}"}).status_code for i in range(32)]
    # Without PROXY_COUNT a forged X-Forwarded-For is no other client.
    assert statuses[:30] == [200] * 30 and statuses[30:] == [429, 429]
    assert db.session.scalar(select(func.count(Outbox.id)).where(Outbox.kind == "signin")) == 30


def test_table_talk_from_the_web_is_limited_per_hour(client, make_game, app, monkeypatch):
    game = make_game(slug="stone-age", humans=("ann",), bots=2)
    signin(client, "ann@example.com")
    monkeypatch.setitem(app.config, "RATELIMIT_SAY", "3 per hour")
    said = [client.post(f"/games/{game.id}/say", data={"text": f"hello {i}"}) for i in range(5)]
    assert [r.status_code for r in said] == [302, 302, 302, 429, 429]
    _refused(said[-1])
    assert db.session.scalar(select(func.count(ChatMessage.id))) == 3


def test_token_creation_is_limited(client, make_user, app, monkeypatch):
    make_user("ann")
    signin(client, "ann@example.com")
    monkeypatch.setitem(app.config, "RATELIMIT_TOKENS", "2 per hour")
    made = [client.post("/settings/tokens", data={"name": f"script {i}"}) for i in range(3)]
    assert [r.status_code for r in made] == [200, 200, 429]
    _refused(made[-1])
    assert client.get("/settings/tokens").status_code == 200


def _token(client, name: str = "script") -> dict:
    import re

    html = client.post("/settings/tokens", data={"name": name}).get_data(as_text=True)
    return {"Authorization": "Bearer " + re.search(r"pbem_[\w-]+", html).group(0)}


def test_invitations_by_web_and_api_share_one_limit(client, make_user, app, monkeypatch):
    host = make_user("ann")
    lobby = play.create_game(host, "stone-age", seats=4)
    signin(client, "ann@example.com")
    auth = _token(client)
    monkeypatch.setitem(app.config, "RATELIMIT_INVITES", "3 per hour")
    assert client.post(f"/games/{lobby.id}/invite", data={"email": "p1@example.com"}).status_code == 302
    assert client.post(f"/api/v1/games/{lobby.id}/invite", json={"email": "p2@example.com"},
                       headers=auth).status_code == 200
    assert client.post(f"/games/{lobby.id}/invite", data={"email": "p3@example.com"}).status_code == 302
    _refused(client.post(f"/api/v1/games/{lobby.id}/invite", json={"email": "p4@example.com"}, headers=auth),
             api=True)
    _refused(client.post(f"/games/{lobby.id}/invite", data={"email": "p5@example.com"}))
    invited = db.session.scalars(select(Seat.invited_email).where(Seat.invited_email.is_not(None))).all()
    assert sorted(invited) == ["p1@example.com", "p2@example.com", "p3@example.com"]


def test_the_api_has_a_budget_per_token(client, make_user, app, monkeypatch):
    make_user("ann")
    make_user("bob")
    signin(client, "ann@example.com")
    ann = _token(client)
    signin(client, "bob@example.com")
    bob = _token(client)
    monkeypatch.setitem(app.config, "RATELIMIT_API", "4 per minute")
    answers = [client.get("/api/v1/games", headers=ann) for _ in range(6)]
    assert [r.status_code for r in answers] == [200] * 4 + [429] * 2
    wait = _refused(answers[-1], api=True)
    assert wait <= 60 and "at most 4 per 1 minute" in answers[-1].get_json()["error"]
    assert client.get("/api/v1/games", headers=bob).status_code == 200


# --- the deployed setup: counters in Redis, shared by every process, behind a proxy --------------


@pytest.fixture
def deployed(make_app):
    """Two more apps, like two web processes: counters in Redis (db 15, a key prefix of this test's own),
    one proxy in front (PROXY_COUNT=1)."""
    prefix = f"pbem-test-{secrets.token_hex(6)}"
    apps = [make_app(RATELIMIT_STORAGE_URI=REDIS_URL, RATELIMIT_KEY_PREFIX=prefix, PROXY_COUNT=1)
            for _ in range(2)]
    store = redis.Redis.from_url(REDIS_URL)
    yield apps, store, prefix
    for key in store.scan_iter(f"*{prefix}*"):
        store.delete(key)
    store.close()


def test_processes_count_together_in_redis_behind_a_proxy(ctx, deployed):
    (one, two), store, prefix = deployed
    first, second = one.test_client(), two.test_client()
    # Heroku's router appends the address it saw; what the client wrote before it is not believed.
    victim = {"X-Forwarded-For": "6.6.6.6, 203.0.113.7"}
    statuses = [c.post("/signin", data={"email": "victim@example.com"}, headers=victim).status_code
                for c in (first, second, first, second, first, second, first)]
    assert statuses == [200] * 5 + [429, 429]
    assert _signin_mails("victim@example.com") == 5
    assert any(prefix.encode() in key for key in store.scan_iter(f"*{prefix}*"))
    # Per client: 203.0.113.7 has 5 requests counted (a refused one stops at the first limit it meets);
    # another client behind the same proxy has a budget of its own.
    for i in range(25):
        assert first.post("/signin", data={"email": f"p{i}@example.com"}, headers=victim).status_code == 200
    assert second.post("/signin", data={"email": "last@example.com"}, headers=victim).status_code == 429
    other = {"X-Forwarded-For": "203.0.113.8"}
    assert second.post("/signin", data={"email": "last@example.com"}, headers=other).status_code == 200

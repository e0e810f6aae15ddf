"""Rate limits on the HTTP routes: a refused request gets a 429 page (JSON under /api/) with Retry-After."""
from __future__ import annotations

import logging
import secrets
import unicodedata

import pytest
import redis
from conftest import REDIS_URL, signin
from sqlalchemy import func, select

from pbem import play
from pbem.extensions import db
from pbem.models import ChatMessage, Outbox, Seat
from pbem.web.tokens_page import issue_token


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


def _nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


# Each mailbox (the address its mail goes to, addresses.normalise) and spellings of it that sign-in accepts.
SPELLINGS = {
    "victim@example.com": ["victim@example.com", "victim@\uff45xample.com", "victim@ex\uff41mple.com",
                           "victim@example.\uff43om", "VICTIM@Example.COM", " victim@example.com\t"],
    "victim@xn--exmple-cua.org": ["victim@ex\u00e4mple.org", "victim@xn--exmple-cua.org",
                                  _nfd("victim@ex\u00e4mple.org"), "victim@EX\u00c4MPLE.org"],
    "jos\u00e9@example.org": ["jos\u00e9@example.org", _nfd("jos\u00e9@example.org"), "JOS\u00c9@example.org"],
}


@pytest.mark.parametrize("mailbox", sorted(SPELLINGS))
def test_one_mailbox_in_any_spelling_gets_five_signin_mails_an_hour(client, ctx, mailbox):
    """The limit was per spelling (full-width letters, punycode or Unicode, NFD or NFC): each got five
    an hour, all delivered to one mailbox. Each request from its own client, as from a botnet."""
    forms = SPELLINGS[mailbox]
    answers = [client.post("/signin", data={"email": form}, environ_base={"REMOTE_ADDR": f"10.1.{n}.{i}"})
               for n in range(4) for i, form in enumerate(forms)]
    assert [r.status_code for r in answers[:5]] == [200] * 5
    for response in answers[5:]:
        _refused(response)
    assert _signin_mails(mailbox) == 5
    assert db.session.scalar(select(func.count(Outbox.id)).where(Outbox.kind == "signin")) == 5


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


def test_refused_invitations_use_up_no_budget(client, make_user, app, monkeypatch):
    """Every POST counted, refused or not (a mistyped address, a full game, someone else's game)."""
    ann, bob = make_user("ann"), make_user("bob")
    lobby = play.create_game(ann, "stone-age", seats=4)
    spare = play.create_game(ann, "stone-age", seats=4)
    full = play.create_game(ann, "stone-age", seats=2)
    play.join(full.id, bob)
    bobs = play.create_game(bob, "stone-age", seats=4)
    signin(client, "ann@example.com")
    auth = _token(client)
    monkeypatch.setitem(app.config, "RATELIMIT_INVITES", "3 per hour")
    for n in range(4):
        assert client.post(f"/games/{lobby.id}/invite", data={"email": f"not an address {n}"}).status_code == 302
        assert client.post(f"/games/{full.id}/invite", data={"email": f"f{n}@example.com"}).status_code == 302
        assert client.post(f"/games/{bobs.id}/invite", data={"email": f"b{n}@example.com"}).status_code == 302
        assert client.post(f"/games/{lobby.id}/invite", data={"email": "ann@example.com"}).status_code == 302
        assert client.post(f"/api/v1/games/{lobby.id}/invite", json={"email": "x@localhost"},
                           headers=auth).status_code == 400
        assert client.post(f"/api/v1/games/{full.id}/invite", json={"email": f"f{n}@example.com"},
                           headers=auth).status_code == 409
        assert client.post(f"/api/v1/games/{bobs.id}/invite", json={"email": f"b{n}@example.com"},
                           headers=auth).status_code == 403
        assert client.post(f"/api/v1/games/{2**31 - 1}/invite", json={"email": f"n{n}@example.com"},
                           headers=auth).status_code == 404
    assert db.session.scalar(select(func.count(Outbox.id)).where(Outbox.kind == "invite")) == 0
    # 32 refusals later, the budget is whole, and it still holds for invitations sent.
    assert client.post(f"/games/{lobby.id}/invite", data={"email": "p1@example.com"}).status_code == 302
    assert client.post(f"/api/v1/games/{lobby.id}/invite", json={"email": "p2@example.com"},
                       headers=auth).status_code == 200
    assert client.post(f"/games/{lobby.id}/invite", data={"email": "p3@example.com"}).status_code == 302
    _refused(client.post(f"/api/v1/games/{spare.id}/invite", json={"email": "p4@example.com"}, headers=auth),
             api=True)
    _refused(client.post(f"/games/{spare.id}/invite", data={"email": "p5@example.com"}))
    invited = db.session.scalars(select(Seat.invited_email).where(Seat.invited_email.is_not(None))).all()
    assert sorted(invited) == ["p1@example.com", "p2@example.com", "p3@example.com"]


def test_bad_api_tokens_are_limited_per_client(client, make_user):
    """Each bad token had a budget of its own (the API's limit keys on the token), so bad tokens were
    never limited. They now count against the client's address; a valid token keeps its own budget."""
    good = {"Authorization": "Bearer " + issue_token(make_user("ann"), "script")}
    answers = [client.get("/api/v1/games", headers={"Authorization": f"Bearer pbem_{secrets.token_urlsafe(32)}"})
               for _ in range(100)]
    statuses = [r.status_code for r in answers]
    assert statuses[:30] == [401] * 30 and statuses[30:] == [429] * 70, statuses
    for response in answers[30:]:
        assert _refused(response, api=True) <= 60
        assert "invalid token" in response.get_json()["error"]
    # A malformed header is a failed authentication too; a valid token from the same client is served;
    # another client's bad token is a plain 401.
    _refused(client.get("/api/v1/games", headers={"Authorization": "Basic YW5uOnB3"}), api=True)
    assert client.get("/api/v1/games", headers=good).status_code == 200
    assert client.post("/api/v1/games", headers=good, json={"slug": "stone-age", "seats": 2}).status_code == 201
    other = client.get("/api/v1/games", headers={"Authorization": "Bearer pbem_nothing"},
                       environ_base={"REMOTE_ADDR": "10.2.0.1"})
    assert other.status_code == 401 and other.headers["WWW-Authenticate"] == 'Bearer realm="pbem"'


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


# --- Redis away: ordinary limits count in each process's memory, sign-in mails are refused -------------

NOWHERE = "redis://127.0.0.1:1/0"  # nothing listens there: every call to it fails, as when Redis is down
RAW_SECRET = "raw-secret-0123456789"


@pytest.fixture
def away(make_app):
    """An app whose counters are in a Redis that does not answer."""
    return make_app(RATELIMIT_STORAGE_URI=NOWHERE, INBOUND_SECRET=RAW_SECRET)


@pytest.fixture
def rate_log(caplog, monkeypatch):
    """What pbem.rate_counts logs (any `flask db upgrade` earlier in this process disabled its logger)."""
    monkeypatch.setattr(logging.getLogger("pbem.rate_counts"), "disabled", False)
    caplog.set_level(logging.INFO, logger="pbem.rate_counts")
    return caplog


def _outage_warnings(caplog, name: str) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == "pbem.rate_counts" and f"the {name} rate-limit storage" in r.getMessage()
            and "unreachable" in r.getMessage()]


def test_with_redis_away_the_api_plays_and_its_limit_counts_in_memory(away, make_game, rate_log):
    """With Redis down, every request through a limit was a 500 (172 in 20 s on the API and sign-in)."""
    game = make_game()
    ann = {"Authorization": "Bearer " + issue_token(game.host, "script")}
    client = away.test_client()
    answers = [client.get(f"/api/v1/games/{game.id}/legal", headers=ann),
               client.post(f"/api/v1/games/{game.id}/moves", headers=ann, json={"commands": "take 2"}),
               client.post(f"/api/v1/games/{game.id}/moves", headers=ann, json={"commands": "take 1"}),
               client.get("/api/v1/games", headers=ann), client.get("/api/v1/dashboard", headers=ann),
               client.post(f"/api/v1/games/{game.id}/moves", headers={"Authorization": "Bearer pbem_bad"},
                           json={"commands": "take 1"})]
    assert [r.status_code for r in answers] == [200, 200, 422, 200, 200, 401], [r.data[:300] for r in answers]
    # Still limited: counted in this process's memory.
    away.config["RATELIMIT_API"] = "8 per minute"
    statuses = [client.get("/api/v1/games", headers=ann).status_code for _ in range(10)]
    assert statuses == [200] * 8 + [429] * 2, statuses
    _refused(client.get("/api/v1/games", headers=ann), api=True)
    # Said once for the outage, not once a request.
    assert len(_outage_warnings(rate_log, "web")) == 1


def test_with_redis_away_signin_mails_are_refused_never_sent_uncounted(away, ctx):
    client = away.test_client()
    for language, words in (("en", "Please try again in a minute"), ("de", "in einer Minute")):
        response = client.post("/signin", data={"email": "victim@example.com"}, headers={"Accept-Language": language})
        page = response.get_data(as_text=True)
        assert response.status_code == 503 and response.headers["Retry-After"] == "60", page[:500]
        assert "<h1>503</h1>" in page and words in page
    assert _signin_mails("victim@example.com") == 0
    # The form is still there, and a mistyped address still gets its reason (it sends nothing).
    assert client.get("/signin").status_code == 200
    assert client.post("/signin", data={"email": "no address"}).status_code == 400


def test_with_redis_away_table_talk_by_mail_is_counted_in_memory_and_answered(away, make_game, rate_log):
    from test_inbound import answers_to, post_raw, reply, turn_mail

    from pbem.mail import throttle

    away.config["MAIL_SAY_LIMIT"] = "4 per hour"
    game = make_game(humans=("ann", "bob"))
    client = away.test_client()
    for n in range(3):
        response = post_raw(client, reply(turn_mail(game, 0), f"say a{n}\nsay b{n}"), RAW_SECRET)
        assert response.status_code == 200, response.data
    assert db.session.scalar(select(func.count(ChatMessage.id))) == 4
    told = answers_to("ann@example.com")[-1].text
    assert "  > say a2" in told and "the limit for table talk by mail (4 per 1 hour)" in told
    with away.app_context():
        assert [throttle.check("MAIL_SAY_LIMIT", "someone") for _ in range(6)] == \
            [throttle.Verdict.OK] * 4 + [throttle.Verdict.NOTICE, throttle.Verdict.SILENT]
        throttle.reset()  # no exception either
    assert len(_outage_warnings(rate_log, "mail")) == 1


def test_counts_go_back_to_redis_when_it_answers_again(ctx, monkeypatch, rate_log):
    """Counted in memory while the storage fails (said once), in Redis again once it answers (said once)."""
    from limits import parse
    from limits.strategies import FixedWindowRateLimiter

    from pbem import rate_counts

    counts = rate_counts.Counts(FixedWindowRateLimiter, REDIS_URL, "test")
    item, who = parse("3 per minute"), f"pbem-test-{secrets.token_hex(6)}"
    real_hit = counts.shared.hit

    def down(*args, **kwargs):
        raise redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    try:
        monkeypatch.setattr(counts.shared, "hit", down)
        assert [counts.hit(item, who) for _ in range(4)] == [True, True, True, False]
        assert counts.away
        monkeypatch.setattr(counts.shared, "hit", real_hit)
        assert counts.hit(item, who) is False  # not asked again before RECHECK seconds: memory still counts
        monkeypatch.setattr(rate_counts, "RECHECK", 0.0)
        counts.away_until = 0.0
        assert [counts.hit(item, who) for _ in range(4)] == [True, True, True, False]  # Redis, from zero
        assert not counts.away
        messages = [r.getMessage() for r in rate_log.records if r.name == "pbem.rate_counts"]
        assert len(messages) == 2 and "unreachable" in messages[0] and "answers again" in messages[1]
    finally:
        counts.shared.clear(item, who)


def test_a_redis_that_never_answers_holds_a_request_for_its_timeout_only(monkeypatch, rate_log):
    """A Redis that drops packets rather than refusing the connection: the first request waits REDIS_TIMEOUT,
    the next ones, until the storage is asked again, not at all."""
    import socket
    import time

    from limits import parse
    from limits.strategies import FixedWindowRateLimiter

    from pbem import rate_counts

    monkeypatch.setattr(rate_counts, "REDIS_TIMEOUT", 0.5)
    with socket.socket() as silent:  # listens, never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        counts = rate_counts.Counts(FixedWindowRateLimiter, f"redis://127.0.0.1:{silent.getsockname()[1]}/0", "test")
        item = parse("2 per minute")
        started = time.monotonic()
        assert counts.hit(item, "who") is True
        first = time.monotonic() - started
        assert [counts.hit(item, "who") for _ in range(50)] == [True] + [False] * 49
        rest = time.monotonic() - started - first
    # The first waits its timeout (not the system's minutes); the fifty after it, not even one timeout together.
    assert 0.4 < first < 5 and rest < first, (first, rest)
    assert len(_outage_warnings(rate_log, "test")) == 1

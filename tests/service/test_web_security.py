"""Every form is protected against cross-site posts, and player-written text is escaped on every page."""
from __future__ import annotations

import re

import pytest
from conftest import signin
from flask import g

from pbem import play
from pbem.extensions import db
from pbem.models import Outbox


@pytest.fixture
def csrf_on(app, monkeypatch):
    monkeypatch.setitem(app.config, "WTF_CSRF_ENABLED", True)


def _posts(game_id: int, lobby_id: int, mail_id: int) -> list[tuple[str, dict]]:
    """Every POST route of the web pages, with fields that would otherwise be accepted."""
    return [
        ("/signin", {"email": "ann@example.com"}),
        ("/signout", {}),
        ("/games/new", {"slug": "stone-age", "seats": "3"}),
        (f"/games/{lobby_id}/invite", {"email": "x@example.com"}),
        (f"/games/{lobby_id}/bot", {}),
        (f"/games/{lobby_id}/start", {}),
        (f"/games/{lobby_id}/join", {}),
        (f"/games/{lobby_id}/leave", {}),
        (f"/games/{game_id}/move", {"version": "0", "move": "place 2 hunt"}),
        (f"/games/{game_id}/say", {"text": "hello"}),
        ("/settings", {"name": "x", "locale": "en", "timezone": "UTC"}),
        ("/settings/tokens", {"name": "script"}),
        ("/settings/sign-out-everywhere", {}),
        ("/settings/tokens/1/revoke", {}),
        (f"/dev/mailbox/{mail_id}/reply", {"text": "place 2 hunt"}),
    ]


def test_every_form_without_its_token_is_refused_with_a_reason(client, make_game, make_user, csrf_on):
    game = make_game(slug="stone-age", humans=("ann",), bots=2)
    lobby = play.create_game(game.host, "stone-age", seats=3)
    signin_with_token(client, "ann@example.com")
    mail_id = db.session.scalar(db.select(Outbox.id).order_by(Outbox.id))
    version = game.version
    for path, fields in _posts(game.id, lobby.id, mail_id):
        response = client.post(path, data=fields)
        html = response.get_data(as_text=True)
        assert response.status_code == 400, path
        assert "The CSRF token is missing" in html and "reload the page and send it again" in html, path
        bad = client.post(path, data={**fields, "csrf_token": "forged"})
        assert bad.status_code == 400 and "CSRF" in bad.get_data(as_text=True), path
    db.session.expire_all()
    assert db.session.get(type(game), game.id).version == version


def page_token(client, path: str) -> str:
    """The CSRF token of the page at `path`, as a browser reads it from the form."""
    # The test holds one app context open, so `g` outlives requests: drop Flask-WTF's per-request cache.
    g.pop("csrf_token", None)
    return re.search(r'name="csrf_token" value="([^"]+)"', client.get(path).get_data(as_text=True)).group(1)


def signin_with_token(client, email: str) -> None:
    """The real sign-in with CSRF on: read each form's token as a browser would."""
    token = page_token(client, "/signin")
    client.post("/signin", data={"email": email, "csrf_token": token})
    row = db.session.scalars(db.select(Outbox).where(Outbox.to_address == email, Outbox.kind == "signin")
                             .order_by(Outbox.id.desc())).first()
    link = re.search(r"http://pbem\.test(/signin/\S+)", row.text).group(1)
    assert client.post(link, data={"csrf_token": page_token(client, link)}).status_code == 302


def test_a_form_with_its_token_goes_through(client, make_game, csrf_on):
    game = make_game(slug="stone-age", humans=("ann",), bots=2)
    signin_with_token(client, "ann@example.com")
    token = page_token(client, f"/games/{game.id}")
    response = client.post(f"/games/{game.id}/move", data={"csrf_token": token, "version": game.version,
                                                           "move": "place 2 hunt"})
    assert response.status_code == 302, response.get_data(as_text=True)


EVIL = "<script>alert(1)</script>"


def test_names_titles_and_chat_are_escaped_everywhere(client, make_game, make_user):
    evil = make_user(EVIL, email="evil@example.com")
    game = make_game(slug="stone-age", humans=(evil,), bots=2, title=f"{EVIL} title")
    play.say(game.id, evil, f"{EVIL} chat")
    lobby = play.create_game(evil, "stone-age", seats=3, title=f"{EVIL} lobby")
    play.invite(lobby.id, evil, "ann@example.com")
    make_user("ann")
    signin(client, "ann@example.com")
    pages = ["/", f"/games/{game.id}", f"/games/{lobby.id}"]
    signin(client, "evil@example.com")
    pages += ["/", f"/games/{game.id}", f"/games/{lobby.id}", "/settings", "/settings/tokens", "/dev/mailbox"]
    pages += [f"/dev/mailbox/{i}" for i in db.session.scalars(db.select(Outbox.id))]
    for path in pages:
        html = client.get(path).get_data(as_text=True)
        assert "<script>alert" not in html, path
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "&lt;script&gt;alert(1)&lt;/script&gt; chat" in html and "&lt;script&gt;alert(1)&lt;/script&gt; title" in html
    assert client.get("/?format=json").get_json()["waiting_for_me"][0]["title"] == f"{EVIL} title"


def test_errors_are_pages_with_the_reason_never_a_500(client, make_game):
    game = make_game(slug="stone-age", humans=("ann",), bots=2)
    signin(client, "ann@example.com")
    cases = [
        (client.post(f"/games/{game.id}/move", data={"version": "1e99", "move": "x"}), 400),
        (client.post(f"/games/{game.id}/move", data={"version": game.version, "compose": "what"}), 400),
        (client.post(f"/games/{game.id}/move", data={"version": game.version, "compose": "counts",
                                                     "prefix": "civ 1 pay", "item": "wood", "n_wood": "½"}), 400),
        (client.post(f"/games/{game.id}/move", data={"version": game.version, "move": "\x00"}), 400),
        (client.get(f"/games/{game.id}/move"), 405),
        (client.post("/settings", data={"name": "a\x00b", "locale": "en", "timezone": "UTC"}), 400),
        (client.post("/games/new", data={"slug": "stone-age", "seats": "9" * 400}), 400),
    ]
    for response, status in cases:
        html = response.get_data(as_text=True)
        assert response.status_code == status, html[:500]
        assert "<h1>" in html and "Back to your games" in html or "flash error" in html

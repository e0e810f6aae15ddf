"""Security headers on every answer (Talisman), and cookies that stay on this site (Secure under https)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT, signin

from pbem import play
from pbem.extensions import db
from pbem.models import Outbox


def _policy(response) -> dict[str, str]:
    return {part.split()[0]: part.partition(" ")[2] for part in
            response.headers["Content-Security-Policy"].split("; ")}


def _check_headers(response, path: str) -> None:
    policy = _policy(response)
    assert policy["default-src"] == "'self'", path
    assert "script-src" not in policy and "style-src" not in policy, path  # so no inline script or style
    assert policy["frame-ancestors"] == "'none'" and policy["object-src"] == "'none'", path
    assert policy["form-action"] == "'self'" and policy["base-uri"] == "'none'", path
    assert response.headers["X-Frame-Options"] == "DENY", path
    assert response.headers["X-Content-Type-Options"] == "nosniff", path
    assert response.headers["Referrer-Policy"] == "same-origin", path


def test_every_page_carries_the_security_headers(client, make_game):
    """Issue 10: no security headers; the one-click move buttons could be framed by any site."""
    game = make_game(slug="stone-age", humans=("ann",), bots=2)
    lobby = play.create_game(game.host, "stone-age", seats=3)
    anonymous = ["/", "/signin", f"/games/{game.id}", "/help/commands", "/nowhere", "/api/v1/openapi.json"]
    for path in anonymous:
        _check_headers(client.get(path), path)
    signin(client, "ann@example.com")
    mail = db.session.scalar(db.select(Outbox.id).order_by(Outbox.id))
    pages = ["/", f"/games/{game.id}", f"/games/{lobby.id}", "/settings", "/settings/tokens", "/dev/mailbox",
             f"/dev/mailbox/{mail}", "/api/v1/dashboard", "/static/pbem.js"]
    for path in pages:
        with client.get(path) as response:
            assert response.status_code == 200, path
            _check_headers(response, path)
            if response.mimetype == "text/html":  # pages built in Python too (the boards, the move forms)
                assert not INLINE.findall(response.get_data(as_text=True)), path
    _check_headers(client.post(f"/games/{game.id}/move", data={"version": "x"}), "a refused move")


def test_plain_http_gets_no_https_redirect_and_a_lax_cookie(client, make_user):
    make_user("ann")
    response = client.post("/signin", data={"email": "ann@example.com"})
    assert response.status_code == 200 and "Strict-Transport-Security" not in response.headers
    signin(client, "ann@example.com")
    cookie = client.get_cookie("session")
    assert cookie.http_only and cookie.same_site == "Lax" and not cookie.secure


def test_under_https_hsts_secure_cookies_and_a_redirect_from_http(make_app, make_user):
    """Issue 10: weak cookies under https."""
    secure = make_app(BASE_URL="https://pbem.test")
    make_user("ann")
    client = secure.test_client()
    page = client.get("/signin", base_url="https://pbem.test")
    assert page.status_code == 200
    assert page.headers["Strict-Transport-Security"] == "max-age=31556926"
    _check_headers(page, "/signin")
    plain = client.get("/signin", base_url="http://pbem.test")
    assert plain.status_code == 302 and plain.headers["Location"] == "https://pbem.test/signin"
    client.post("/signin", data={"email": "ann@example.com"}, base_url="https://pbem.test")
    row = db.session.scalars(db.select(Outbox).where(Outbox.kind == "signin")).first()
    link = re.search(r"https://pbem\.test(/signin/\S+)", row.text).group(1)
    response = client.post(link, base_url="https://pbem.test")
    assert response.status_code == 302
    set_cookie = response.headers["Set-Cookie"]
    assert "Secure" in set_cookie and "HttpOnly" in set_cookie and "SameSite=Lax" in set_cookie


def test_a_seats_page_is_kept_by_no_cache(client, make_game):
    """A page showing a player's hand (signed in, or by the seat link of a turn mail) could be kept by
    a shared cache or the back-forward cache of a shared computer."""
    game = make_game(humans=("ann", "bob"))
    turn = db.session.scalars(db.select(Outbox).where(Outbox.kind == "turn", Outbox.to_address == "ann@example.com")
                              ).first()
    link = re.search(r"http://pbem\.test(/play/\S+)", turn.text).group(1)
    spectator = client.get(f"/games/{game.id}")  # no seat, no hand
    assert spectator.status_code == 200 and "no-store" not in spectator.headers.get("Cache-Control", "")
    by_link = client.get(link)
    assert by_link.status_code == 200 and by_link.headers["Cache-Control"] == "no-store"
    signin(client, "ann@example.com")
    for path in (f"/games/{game.id}", f"/games/{game.id}?upto=1", link):
        page = client.get(path)
        assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store", path
    refused = client.post(f"/games/{game.id}/move", data={"version": str(game.version), "text": "take 9"})
    assert refused.status_code == 422 and refused.headers["Cache-Control"] == "no-store"


def test_the_apis_answers_are_kept_by_no_cache(client, make_user, make_game):
    """The API answers the caller's own view (a seat's hand, their games); its public schema may be cached."""
    from pbem.web.tokens_page import issue_token

    game = make_game(humans=("ann", "bob"))
    auth = {"Authorization": f"Bearer {issue_token(game.seat_at(0).user, 'test')}"}
    for path in (f"/api/v1/games/{game.id}", f"/api/v1/games/{game.id}/legal", "/api/v1/games", "/api/v1/dashboard"):
        answer = client.get(path, headers=auth)
        assert answer.headers["Cache-Control"] == "no-store", (path, answer.status_code)
    assert "no-store" not in client.get("/api/v1/openapi.json").headers.get("Cache-Control", "")


INLINE = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|<[^>]*\s(?:on[a-z]+|style)\s*=|<style|javascript:", re.I)
SOURCES = [p for p in (ROOT / "pbem" / "web").rglob("*") if p.suffix in (".html", ".js", ".svg")]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_template_or_script_needs_inline_code(path: Path):
    """The policy allows no inline script, handler or style: none may creep into a template."""
    assert not INLINE.findall(path.read_text(encoding="utf-8"))

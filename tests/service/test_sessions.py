"""A session ends on the server: a cookie copied before sign-out (or "sign out everywhere") opens nothing."""
from __future__ import annotations

from conftest import signin

from pbem.extensions import db
from pbem.models import User


def _copy(client):
    """A second browser holding a copy of `client`'s session cookie, as a thief would."""
    thief = client.application.test_client()
    thief.set_cookie("session", client.get_cookie("session").value)
    return thief


def _signed_in(client) -> bool:
    page = client.get("/settings")
    api = client.get("/api/v1/dashboard")
    assert (page.status_code == 200) == (api.status_code == 200)
    if page.status_code != 200:
        assert page.status_code == 302 and page.headers["Location"].startswith("/signin")
        assert api.status_code == 401
    return page.status_code == 200


def test_a_cookie_copied_before_signout_opens_nothing(client, make_user):
    """Issue 10: a cookie copied before sign-out still opened /settings and /api/v1/dashboard for 31 days."""
    make_user("ann")
    signin(client, "ann@example.com")
    thief = _copy(client)
    assert _signed_in(thief)
    client.post("/signout")
    assert not _signed_in(client)
    assert not _signed_in(thief)


def test_signing_out_one_browser_leaves_the_others(client, make_user):
    make_user("ann")
    phone = client.application.test_client()
    signin(phone, "ann@example.com")
    signin(client, "ann@example.com")
    client.post("/signout")
    assert _signed_in(phone) and not _signed_in(client)


def test_sign_out_everywhere_ends_every_session(client, make_user):
    ann = make_user("ann")
    phone = client.application.test_client()
    signin(phone, "ann@example.com")
    signin(client, "ann@example.com")
    thief = _copy(phone)
    settings = client.get("/settings").get_data(as_text=True)
    assert 'action="/settings/sign-out-everywhere"' in settings
    response = client.post("/settings/sign-out-everywhere", follow_redirects=True)
    assert response.status_code == 200 and "signed out on every browser" in response.get_data(as_text=True)
    assert not any(_signed_in(c) for c in (client, phone, thief))
    db.session.expire_all()
    assert db.session.get(User, ann.id).session_generation == 1
    # A new sign-in works as before; the old cookies stay dead.
    signin(phone, "ann@example.com")
    assert _signed_in(phone) and not _signed_in(thief)


def test_sign_out_everywhere_needs_a_signed_in_user(client):
    response = client.post("/settings/sign-out-everywhere")
    assert response.status_code == 302 and response.headers["Location"].startswith("/signin")

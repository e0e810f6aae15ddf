"""Passwordless sign-in by an emailed, signed, expiring, single-use link."""
from __future__ import annotations

import re

from conftest import with_bad_signature
from sqlalchemy import select

from pbem.extensions import db
from pbem.models import Outbox, User


def _link(email: str) -> str:
    row = db.session.scalars(select(Outbox).where(Outbox.to_address == email).order_by(Outbox.id.desc())).first()
    return re.search(r"http://pbem\.test(/signin/\S+)", row.text).group(1)


def test_signin_link_signs_in_once(client, ctx):
    page = client.post("/signin", data={"email": "Zoe@Example.com"})
    assert page.status_code == 200 and b"zoe@example.com" in page.data
    link = _link("zoe@example.com")
    # Opening the link (a mail scanner does) changes nothing: it only shows a button.
    assert client.get(link).status_code == 200
    assert db.session.scalar(select(User).where(User.email == "zoe@example.com")) is None
    response = client.post(link)
    assert response.status_code == 302
    user = db.session.scalar(select(User).where(User.email == "zoe@example.com"))
    assert user is not None and user.name == "zoe"
    assert b"Your games" in client.get("/").data
    other = client.application.test_client()
    again = other.post(link)
    assert again.status_code == 400 and b"already used" in again.data


def test_forged_and_expired_links_are_refused(client, ctx, app):
    client.post("/signin", data={"email": "zoe@example.com"})
    link = _link("zoe@example.com")
    assert b"not valid" in client.post(with_bad_signature(link)).data
    app.config["SIGNIN_MAX_AGE"] = -1
    try:
        response = client.post(link)
    finally:
        app.config["SIGNIN_MAX_AGE"] = 3600
    assert response.status_code == 400 and b"expired" in response.data


def test_bad_address_gets_the_form_again_with_the_reason(client, ctx):
    response = client.post("/signin", data={"email": "not an address"})
    assert response.status_code == 400 and b"Please enter an email address" in response.data


def test_next_path_is_kept_but_never_leaves_the_site(client, ctx):
    client.post("/signin?next=//evil.example/x", data={"email": "zoe@example.com"})
    response = client.post(_link("zoe@example.com"))
    assert response.headers["Location"] == "/"


def test_next_never_writes_text_into_the_signin_mail(client, ctx):
    """Issue 10: `next` was pasted unencoded into the mail body, so anyone could add words to a genuine mail."""
    words = "/games/1\n\nYour account was locked. Restore it at http://evil.example/restore within 24 hours."
    client.post("/signin", query_string={"next": words}, data={"email": "zoe@example.com"})
    text = db.session.scalar(select(Outbox.text).where(Outbox.to_address == "zoe@example.com"))
    assert "locked" not in text and "evil" not in text
    client.post("/signin", query_string={"next": "/games/5?view=log#talk"}, data={"email": "ann@example.com"})
    text = db.session.scalar(select(Outbox.text).where(Outbox.to_address == "ann@example.com"))
    link = _link("ann@example.com")
    # The path is one encoded query value: its "=" and "#" cannot end the link's own query.
    assert link.endswith("?next=/games/5?view%3Dlog%23talk") and text.count("http") == 1
    assert client.post(link).headers["Location"] == "/games/5?view=log#talk"


def test_a_long_next_never_drops_someone_elses_signin_mail(client, ctx):
    """Issue 10: the dedupe key was the link's last 40 characters, so a long `next` made every such link one."""
    long_next = "/settings/" + "x" * 60
    for email in ("ann@example.com", "bob@example.com", "ann@example.com"):
        client.post("/signin", query_string={"next": long_next}, data={"email": email})
    rows = db.session.execute(select(Outbox.to_address, Outbox.dedupe_key).where(Outbox.kind == "signin")).all()
    assert sorted(r.to_address for r in rows) == ["ann@example.com", "ann@example.com", "bob@example.com"]
    assert len({r.dedupe_key for r in rows}) == 3

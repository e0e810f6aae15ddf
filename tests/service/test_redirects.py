"""`next` sends a visitor only to a path on this site: safe_next, and the sign-in mail's link end to end."""
from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from sqlalchemy import select

from pbem.extensions import db
from pbem.models import Outbox
from pbem.web.redirects import safe_next

# What `next` holds once the query string is decoded. Browsers drop tabs and line breaks in a URL and read
# a backslash as a slash, so most of these leave the site if they reach a Location header unchanged.
HOSTILE = [
    "//evil.example/x", "///evil.example/x", "/\t/evil.example/x", "/\n/evil.example/x", "/\r\n/x",
    "/\r/evil.example", "\t//evil.example", " //evil.example", "/ /evil.example", "/\x00/evil.example",
    "/\x0b/evil.example", "/\\evil.example", "\\\\evil.example", "/\\/evil.example", "\\/evil.example",
    "https://evil.example/x", "http:evil.example", "HTTPS://evil.example", "//evil.example:443@x",
    "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>",
    "evil.example", "x/../..//evil.example",
    # Percent-encoded once more: the literal text a link would carry.
    "/%09/evil.example/x", "/%0d%0a/x", "/%0A/x", "/%2F/evil.example", "/%2f%2fevil.example",
    "%2F%2Fevil.example", "/%5Cevil.example", "/%5c%5cevil.example", "/%00x",
    # Look-alike slashes: fullwidth, division slash, fraction slash, big solidus, and their encodings.
    "/\uff0fevil.example", "\uff0f\uff0fevil.example", "/\u2215evil.example", "/\u2044evil.example",
    "/\u29f8evil.example", "/%EF%BC%8Fevil.example",
    "/" + "a" * 1000,
    "", None,
    # Dot segments and empty ones: a browser resolves "/.//evil.example" to the path "//evil.example", which
    # whatever puts it in a link next reads as another site; and their encoded forms.
    "/.//evil.example", "/./\\evil.example", "//evil.example", "/%2F%2Fevil.example", "/%2e//evil.example",
    "/.%2F/evil.example", "/./%2Fevil.example", "/a/..//evil.example", "/games/..//evil.example",
    "/a//evil.example", "/%2e%2e/%2F/evil.example", "/games/../..", "/.", "/games/.",
]
SAFE = ["/", "/games/12", "/settings", "/settings/tokens", "/games/5?view=log#talk", "/games/5/move?x=a%20b",
        "/games/", "/settings?back=/a//b", "/games/5.json"]


@pytest.mark.parametrize("raw", HOSTILE)
def test_hostile_next_is_refused(raw):
    assert safe_next(raw) is None


@pytest.mark.parametrize("raw", SAFE)
def test_paths_on_this_site_are_kept(raw):
    assert safe_next(raw) == raw


def _mail_link(email: str) -> str:
    row = db.session.scalars(select(Outbox).where(Outbox.to_address == email).order_by(Outbox.id.desc())).first()
    return re.search(r"http://pbem\.test(/signin/\S+)", row.text).group(1)


@pytest.mark.parametrize("raw", [h for h in HOSTILE if h])
def test_hostile_next_through_the_signin_mail_lands_on_the_dashboard(client, ctx, raw):
    """The attack: ask a sign-in link for the victim with a hostile `next`; the victim follows the genuine mail."""
    page = client.post("/signin?next=" + quote(raw, safe=""), data={"email": "zoe@example.com"})
    if "\x00" in raw:
        # NUL is refused at the boundary of every form and query (text_input): no mail at all.
        assert page.status_code == 400 and _no_mail("zoe@example.com")
        return
    assert page.status_code == 200
    link = _mail_link("zoe@example.com")
    assert "next=" not in link and "evil" not in link
    response = client.post(link)
    assert response.status_code == 302 and response.headers["Location"] == "/"
    assert b"Your games" in client.get("/").data


def _no_mail(address: str) -> bool:
    return db.session.scalar(select(Outbox).where(Outbox.to_address == address)) is None


def test_a_safe_next_through_the_signin_mail_is_followed(client, ctx):
    client.post("/signin?next=" + quote("/settings?x=a b", safe=""), data={"email": "zoe@example.com"})
    client.post("/signin?next=/games/12", data={"email": "ann@example.com"})
    assert client.post(_mail_link("ann@example.com")).headers["Location"] == "/games/12"
    # A space is no plain URL character: refused, not passed on.
    assert client.post(_mail_link("zoe@example.com")).headers["Location"] == "/"


def test_a_line_break_in_next_of_the_link_itself_is_a_clean_redirect(client, ctx):
    """Issue 10: `POST /signin/<token>?next=/%0d%0a/x` was a 500 after the link was already spent."""
    client.post("/signin", data={"email": "zoe@example.com"})
    link = _mail_link("zoe@example.com")
    for raw in ("/%0d%0a/x", "/%09/evil.example/x", "//evil.example", "/%5Cevil.example"):
        other = client.application.test_client()
        other.post("/signin", data={"email": "bob@example.com"})
        response = other.post(_mail_link("bob@example.com") + "?next=" + raw)
        assert response.status_code == 302 and response.headers["Location"] == "/", raw
        assert b"Your games" in other.get("/").data
    response = client.post(link + "?next=/%0d%0a/x")
    assert response.status_code == 302 and response.headers["Location"] == "/"


def test_signin_page_keeps_only_a_safe_next(client, ctx):
    html = client.get("/signin?next=/%09/evil.example").get_data(as_text=True)
    assert "evil" not in html
    html = client.get("/signin?next=/games/3").get_data(as_text=True)
    assert 'action="/signin?next=/games/3"' in html

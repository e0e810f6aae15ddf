"""Addresses where they enter (web sign-in, invitations by web, API and mail): checked, stored in one form, refused in words."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from conftest import signin
from pbem import addresses, play
from pbem.extensions import db
from pbem.models import Outbox, Seat, User

RTL = "bob\u202e@example.org"  # U+202E RIGHT-TO-LEFT OVERRIDE: shows as another address


@pytest.mark.parametrize("text, stored", [
    ("Zoe@Example.com", "zoe@example.com"),
    ("  bob@EXÄMPLE.org ", "bob@xn--exmple-cua.org"),  # IDNA domain: stored and sent as ASCII
    ("bob@xn--exmple-cua.org", "bob@xn--exmple-cua.org"),
    ("José@example.org", "josé@example.org"),  # kept: sent only over SMTPUTF8 (docs/mail.md)
])
def test_an_address_has_one_stored_form(text, stored):
    assert addresses.normalise(text) == stored
    assert addresses.normalise(stored) == stored


@pytest.mark.parametrize("text, why", [
    (RTL, "RIGHT-TO-LEFT OVERRIDE"),
    ("bob@exa\u200bmple.org", "ZERO WIDTH SPACE"),
    ("a..b@example.org", "two periods"),
    ("ann@games.test", "special-use"),
    ("ann@localhost", "should have a period"),
    ("not an address", "@-sign"),
])
def test_addresses_pbem_cannot_send_to_are_refused_with_the_reason(text, why):
    with pytest.raises(addresses.BadAddress) as refused:
        addresses.normalise(text)
    assert why in refused.value.why


@pytest.mark.parametrize("text, why", [(RTL, "RIGHT-TO-LEFT OVERRIDE"), ("ann@games.test", "special-use")])
def test_web_sign_in_with_a_bad_address_gets_the_form_again_with_the_reason(client, ctx, text, why):
    """Issue 10: `POST /signin` queued a row for any address, and one bad row stalled all mail."""
    response = client.post("/signin", data={"email": text})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "Please enter an email address" in html and why in html
    assert db.session.scalar(select(Outbox.id)) is None


def test_web_sign_in_stores_an_idna_domain_in_ascii(client, ctx):
    page = client.post("/signin", data={"email": "Bob@Exämple.org"})
    assert page.status_code == 200 and "bob@xn--exmple-cua.org" in page.get_data(as_text=True)
    assert db.session.scalars(select(Outbox.to_address)).all() == ["bob@xn--exmple-cua.org"]


def test_web_sign_in_keeps_an_internationalised_local_part(client, ctx):
    assert client.post("/signin", data={"email": "José@example.org"}).status_code == 200
    assert db.session.scalars(select(Outbox.to_address)).all() == ["josé@example.org"]


def test_web_invitations_check_the_address(client, make_user):
    ann = make_user("ann")
    game = play.create_game(ann, "test-countdown", seats=3, random_seating=False)
    signin(client, "ann@example.com")
    html = client.post(f"/games/{game.id}/invite", data={"email": RTL}, follow_redirects=True).get_data(as_text=True)
    assert "is not an address pbem can send to" in html and "RIGHT-TO-LEFT OVERRIDE" in html
    html = client.post(f"/games/{game.id}/invite", data={"email": "Dora@Exämple.org"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Invitation sent" in html
    assert db.session.scalars(select(Seat.invited_email).where(Seat.invited_email.is_not(None))).all() == \
        ["dora@xn--exmple-cua.org"]
    assert db.session.scalars(select(Outbox.to_address).where(Outbox.kind == "invite")).all() == \
        ["dora@xn--exmple-cua.org"]


def test_api_invitations_check_the_address(client, make_user):
    from test_api import assert_error, bearer

    ann = bearer(make_user("ann"))
    gid = client.post("/api/v1/games", headers=ann, json={"slug": "test-countdown", "seats": 3}).get_json()["id"]
    body = assert_error(client.post(f"/api/v1/games/{gid}/invite", headers=ann, json={"email": "ann@games.test"}),
                        400, "email")
    assert "special-use" in body["fields"]["email"][0]
    invited = client.post(f"/api/v1/games/{gid}/invite", headers=ann, json={"email": "Dora@Exämple.org"})
    assert invited.status_code == 200
    assert "dora@xn--exmple-cua.org" in [s["name"] for s in invited.get_json()["seats"]]


def test_no_user_is_made_from_mail_with_an_address_not_in_stored_form(make_user):
    """An invitation written before addresses were checked (a Unicode domain) makes no user by a mailed "join"."""
    from pbem.mail import inbound

    hana = make_user("hana")
    game = play.create_game(hana, "test-countdown", seats=2, random_seating=False)
    game.seats.append(Seat(invited_email="dora@exämple.org"))  # as play.invite stored it then
    db.session.commit()
    # An SMTPUTF8 mail: the From address in raw UTF-8.
    raw = (f"From: dora@exämple.org\r\nTo: play@pbem.test\r\nSubject: pbem\r\nMessage-ID: <j1@mail.example.org>\r\n"
           f"Content-Type: text/plain; charset=utf-8\r\n\r\njoin {game.id}\r\n").encode()
    row = inbound.receive(raw, "raw")
    assert row.outcome == "unknown_sender"
    assert db.session.scalar(select(User).where(User.email.like("dora@%"))) is None

"""Bounces and complaints count only when they prove they answer our mail; soft ones stop nothing; the player clears a mark."""
from __future__ import annotations

import pytest
from conftest import signin
from sqlalchemy import select
from test_inbound import post_raw, turn_mail

from pbem import play, tokens
from pbem.extensions import db
from pbem.models import InboundMessage, Outbox, User


@pytest.fixture(autouse=True)
def _raw_hook(app, monkeypatch):
    monkeypatch.setitem(app.config, "INBOUND_SECRET", "raw-secret-0123456789")


_n = iter(range(10**6))


def dsn(recipient: str, status: str = "5.1.1", *, to: str = "pbem@pbem.test", original_id: str | None = None) -> bytes:
    """A delivery status notification (RFC 3464) as a receiving server sends it back to `to`."""
    quoted = f"--b\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: {original_id}\r\n\r\n" if original_id else ""
    return (
        f"From: MAILER-DAEMON@mx.example.com\r\nTo: {to}\r\nSubject: Undelivered Mail Returned to Sender\r\n"
        f"Message-ID: <dsn-{next(_n)}@mx.example.com>\r\nMIME-Version: 1.0\r\n"
        "Content-Type: multipart/report; report-type=delivery-status; boundary=\"b\"\r\n\r\n"
        "--b\r\nContent-Type: text/plain\r\n\r\nThe mail could not be delivered.\r\n"
        "--b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.com\r\n\r\n"
        f"Final-Recipient: rfc822; {recipient}\r\nAction: failed\r\nStatus: {status}\r\n"
        f"Diagnostic-Code: smtp; {'550' if status.startswith('5') else '452'} {status} mailbox problem\r\n\r\n"
        f"{quoted}--b--\r\n"
    ).encode()


def arf(recipient: str, *, to: str = "fbl@pbem.test", original_id: str | None = None) -> bytes:
    """A spam complaint (RFC 5965), quoting the reported mail's headers when `original_id` is given."""
    quoted = (f"--f\r\nContent-Type: text/rfc822-headers\r\n\r\nFrom: pbem@pbem.test\r\nMessage-ID: {original_id}\r\n"
              "\r\n") if original_id else ""
    return (f"From: fbl@isp.example\r\nTo: {to}\r\nSubject: complaint\r\nMessage-ID: <arf-{next(_n)}@isp.example>\r\n"
            "MIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=feedback-report; boundary=\"f\"\r\n\r\n"
            "--f\r\nContent-Type: text/plain\r\n\r\nA complaint.\r\n"
            "--f\r\nContent-Type: message/feedback-report\r\n\r\nFeedback-Type: abuse\r\n"
            f"Original-Rcpt-To: {recipient}\r\n\r\n{quoted}--f--\r\n").encode()


def hook(client, raw: bytes) -> InboundMessage:
    response = post_raw(client, raw)
    assert response.status_code == 200, response.data
    db.session.expire_all()
    return db.session.get(InboundMessage, response.json["id"])


def status(name: str) -> str:
    db.session.expire_all()
    return db.session.scalar(select(User.email_status).where(User.name == name))


def kinds_to(address: str) -> list[str]:
    return list(db.session.scalars(select(Outbox.kind).where(Outbox.to_address == address).order_by(Outbox.id)))


def test_a_forged_bounce_from_anyone_marks_nobody_and_turn_mail_goes_on(client, make_game):
    """Issue 10: a made-up DSN naming a player stopped every mail to them, for good."""
    game = make_game()
    row = hook(client, dsn("bob@example.com"))
    assert row.outcome == "bounce_unproven" and "ignored" in row.detail
    assert status("bob") == "ok"
    assert play.submit(game.id, 0, "take 1", "web", "k").ok
    assert db.session.scalar(select(Outbox.status).where(Outbox.to_address == "bob@example.com",
                                                         Outbox.kind == "turn")) == "sent"


def test_a_forged_complaint_marks_nobody(client, make_game):
    make_game()
    row = hook(client, arf("ann@example.com"))
    assert row.outcome == "complaint_unproven" and status("ann") == "ok"


def test_a_forged_or_unused_return_path_proves_nothing(client, make_game):
    make_game()
    forged = "bounce+m1-aaaaaaaaaaaaaaaa@pbem.test"
    never_sent = Outbox(dedupe_key="x", kind="notice", to_address="ann@example.com", subject="s", text="t",
                        message_id="<never@pbem.test>", status="pending")
    db.session.add(never_sent)
    db.session.commit()
    for to in (forged, tokens.bounce_address(never_sent.id), tokens.bounce_address(10**9)):
        assert hook(client, dsn("ann@example.com", to=to)).outcome == "bounce_unproven"
    assert status("ann") == "ok"


def test_a_return_path_proves_a_bounce_only_for_the_address_that_mail_went_to(client, make_game):
    game = make_game()
    anns = turn_mail(game, 0)
    row = hook(client, dsn("bob@example.com", to=tokens.bounce_address(anns.id)))
    assert row.outcome == "bounce_unproven" and status("bob") == "ok"
    row = hook(client, dsn("ann@example.com", to=tokens.bounce_address(anns.id)))
    assert row.outcome == "bounce" and status("ann") == "bounced"
    assert f"about outbox mail {anns.id}" in row.detail


def test_a_report_quoting_the_message_id_of_a_mail_we_sent_there_counts(client, make_game):
    game = make_game()
    anns = turn_mail(game, 0)
    assert hook(client, dsn("bob@example.com", original_id=anns.message_id)).outcome == "bounce_unproven"
    assert hook(client, arf("ann@example.com", original_id=anns.message_id)).outcome == "complaint"
    assert status("ann") == "complained"
    # A complaint stops optional mail only: the next turn mail still goes.
    play.submit(game.id, 0, "take 1", "web", "k0")
    play.submit(game.id, 1, "take 1", "web", "k1")
    assert kinds_to("ann@example.com").count("turn") == 2


def test_soft_bounces_never_stop_turn_mail(client, make_game):
    """Issue 10: keep turn mail going after soft signals (three soft bounces used to stop everything)."""
    game = make_game()
    for _ in range(4):
        hook(client, dsn("ann@example.com", "4.2.2", original_id=turn_mail(game, 0).message_id))
    ann = db.session.scalar(select(User).where(User.name == "ann"))
    assert ann.email_status == "ok" and ann.soft_bounces == 4
    play.submit(game.id, 0, "take 1", "web", "k0")
    play.submit(game.id, 1, "take 1", "web", "k1")
    assert kinds_to("ann@example.com").count("turn") == 2


def proven_hard_bounce(client, game) -> None:
    hook(client, dsn("ann@example.com", to=tokens.bounce_address(turn_mail(game, 0).id)))
    assert status("ann") == "bounced"


def test_signing_in_clears_a_bounce_and_turn_mail_resumes(client, make_game):
    game = make_game()
    proven_hard_bounce(client, game)
    signin(client, "ann@example.com")  # the link reached the address: it works
    assert status("ann") == "ok"
    play.submit(game.id, 0, "take 1", "web", "k0")
    play.submit(game.id, 1, "take 1", "web", "k1")
    assert kinds_to("ann@example.com")[-1] == "turn"


def test_the_dashboard_says_what_happened_and_settings_clear_it(client, make_game):
    game = make_game()
    signin(client, "ann@example.com")
    proven_hard_bounce(client, game)
    page = client.get("/").get_data(as_text=True)
    assert "nothing but sign-in links: no turn mail" in page and "550 5.1.1 mailbox problem" in page
    assert 'action="/settings/mail-works"' in page
    assert client.post("/settings/mail-works").status_code == 302
    assert status("ann") == "ok"
    assert 'id="email-status"' not in client.get("/").get_data(as_text=True)


def test_mail_to_a_return_path_that_is_no_report_is_never_answered(client, make_game):
    game = make_game()
    raw = (f"From: postmaster-bot@mx.example.com\r\nTo: {tokens.bounce_address(turn_mail(game, 0).id)}\r\n"
           "Subject: hello\r\nMessage-ID: <odd-1@mx.example.com>\r\n\r\ntake 1\r\n").encode()
    assert hook(client, raw).outcome == "auto_reply"
    assert db.session.scalars(select(Outbox).where(Outbox.kind.in_(("answer", "refusal")))).all() == []

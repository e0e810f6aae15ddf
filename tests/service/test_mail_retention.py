"""Sent mail loses its body and extra headers after MAIL_RETENTION_DAYS; its row, Message-ID and dedupe key stay, so
nothing goes twice, and a late reply to it still plays."""
from __future__ import annotations

from datetime import timedelta
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from outbox_rows import pending

from pbem import outbox, tasks
from pbem.clock import now
from pbem.extensions import db
from pbem.mail import delivery, inbound
from pbem.models import Move, Outbox


def test_old_sent_mail_keeps_its_row_but_not_its_body_and_is_never_sent_again(app, make_game, monkeypatch):
    game = make_game()
    recent = pending("notice:recent", "notice", "amy@example.com", "Recent", "just sent")
    db.session.commit()
    delivery.deliver_due()
    # Besides these two, the host's "everyone is seated" mail of make_game's last join (issue 23) went out.
    old, recent = db.session.scalars(select(Outbox).where(Outbox.status == "sent", Outbox.kind != "seated")
                                     .order_by(Outbox.id)).all()
    kept = {"dedupe_key": old.dedupe_key, "message_id": old.message_id, "to_address": old.to_address,
            "subject": old.subject}
    assert old.kind == "turn" and old.to_address == "ann@example.com" and old.headers["Reply-To"]
    late_reply = EmailMessage()  # written now, arriving after the retention time
    late_reply["From"], late_reply["To"] = old.to_address, old.headers["Reply-To"]
    late_reply["Subject"], late_reply["Message-ID"] = "Re: " + old.subject, make_msgid(domain="mail.example.org")
    late_reply["In-Reply-To"] = old.message_id
    late_reply.set_content("take 1\n")
    # One sent mail is older than the retention time; a pending one is older still, and must keep its body.
    db.session.execute(update(Outbox).where(Outbox.id == old.id).values(created_at=now() - timedelta(days=8)))
    waiting = pending("notice:old-pending", "notice", "zed@example.com", "Old", "still to send")
    db.session.flush()
    db.session.execute(update(Outbox).where(Outbox.id == waiting.id).values(created_at=now() - timedelta(days=30)))
    db.session.commit()

    monkeypatch.setitem(app.config, "MAIL_RETENTION_DAYS", 10)
    assert tasks.drop_mail_bodies() == 0  # 8 days is within a 10-day retention
    monkeypatch.setitem(app.config, "MAIL_RETENTION_DAYS", 7)
    assert tasks.drop_mail_bodies() == 1
    assert tasks.drop_mail_bodies() == 0  # safe to run twice
    db.session.expire_all()
    assert (old.text, old.html, old.headers) == ("", None, {})
    assert {k: getattr(old, k) for k in kept} == kept and old.status == "sent"
    assert waiting.text == "still to send"
    assert recent.text == "just sent"

    # Exactly once still holds: the row keeps its dedupe key, so the same turn mail cannot be stored again.
    seat = next(s for s in game.seats if s.prompt_version is not None)
    mails = db.session.scalar(select(db.func.count()).select_from(Outbox))
    outbox.turn(game, seat)
    with pytest.raises(IntegrityError):
        db.session.commit()
    db.session.rollback()
    assert db.session.scalar(select(db.func.count()).select_from(Outbox)) == mails

    # The reply matches by its own address token: what the row no longer holds is not needed.
    assert inbound.receive(late_reply.as_bytes(), "raw").outcome == "done"
    assert db.session.scalars(select(Move.text).where(Move.game_id == game.id)).all() == ["take 1"]

"""How long sent mail keeps its body: the outbox keeps every row's dedupe key, Message-ID, recipient and subject
for good."""
from __future__ import annotations

from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import select, update

from ..clock import now
from ..extensions import db
from ..models import Outbox

# Mail that will never be sent again; a pending row keeps its body however old it is.
DONE = ("sent", "failed", "suppressed")
BATCH = 1000


def drop_sent_bodies(at: datetime | None = None) -> int:
    """Empty the text, HTML and extra headers of mail done more than MAIL_RETENTION_DAYS ago; how many rows.

    The row stays: its dedupe key is what keeps a mail from going twice (exactly once), and its
    Message-ID, recipient and subject are what a reply, a bounce or a support question is matched
    against. The extra headers (Reply-To, threading, List-Unsubscribe) only served the sending:
    a reply is matched by its own address token and In-Reply-To, never by what we stored.
    """
    cutoff = (at or now()) - timedelta(days=current_app.config["MAIL_RETENTION_DAYS"])
    dropped = 0
    while True:
        # In batches, each its own short transaction: the delivery worker's row locks wait for none of them.
        ids = select(Outbox.id).where(Outbox.status.in_(DONE), Outbox.created_at < cutoff,
                                      (Outbox.text != "") | Outbox.html.is_not(None)).limit(BATCH)
        done = db.session.execute(update(Outbox).where(Outbox.id.in_(ids.scalar_subquery()))
                                  .values(text="", html=None, headers={})).rowcount
        db.session.commit()
        dropped += done
        if done < BATCH:
            return dropped

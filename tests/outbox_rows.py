"""Mail rows a test stores itself, written and due, for tests that run delivery themselves."""
from __future__ import annotations

from pbem import outbox
from pbem.extensions import db


def pending(key: str, kind: str, to: str, subject: str, text: str, **fields):
    """One row as the mail package stores a written mail; its commit kicks no delivery (the test runs it)."""
    row = outbox.store(key, kind, to, subject=subject, text=text, status="pending", **fields)
    db.session.info.pop(outbox.QUEUED_FLAG, None)
    return row

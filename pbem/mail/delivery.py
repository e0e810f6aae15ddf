"""Delivery from the outbox: the MIME message, the backends (SMTP, the outbox folder) and retries."""
from __future__ import annotations

import logging
import smtplib
import ssl
from datetime import timedelta, timezone
from email import policy
from email.header import Header
from email.message import Message
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import format_datetime, parseaddr
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

from flask import current_app
from sqlalchemy import func, select
from sqlalchemy.orm import Session, joinedload

from ..clock import now
from ..extensions import db
from ..models import Outbox
from . import dkim
from .bounces import note_bounce
from .outbound import may_mail

log = logging.getLogger(__name__)


def _header(value: str) -> str | Header:
    return value if value.isascii() else Header(value, "utf-8")


def build_message(row: Outbox) -> Message:
    """The MIME message for an outbox row: text, and HTML when there is one, as alternatives."""
    # email.mime with the compat32 policy: three times faster than EmailMessage for the same
    # mail, which matters when thousands go out at once.
    text = MIMEText(row.text, "plain", "utf-8")
    if row.html:
        msg = MIMEMultipart("alternative")
        msg.attach(text)
        msg.attach(MIMEText(row.html, "html", "utf-8"))
    else:
        msg = text
    msg["From"] = _header(current_app.config["MAIL_FROM"])
    msg["To"] = row.to_address
    msg["Subject"] = _header(row.subject)
    msg["Message-ID"] = row.message_id
    # The queueing time, not the sending time: a re-send is the same message.
    msg["Date"] = format_datetime((row.created_at or now()).replace(tzinfo=timezone.utc))
    for name, value in (row.headers or {}).items():
        msg[name] = _header(value)
    return msg


def message_bytes(row: Outbox) -> bytes:
    """The message as sent (CRLF line ends), DKIM-signed when DKIM_PRIVATE_KEY and DKIM_SELECTOR are set."""
    data = build_message(row).as_bytes(policy=_WIRE)
    config = current_app.config
    if config.get("DKIM_PRIVATE_KEY") and config.get("DKIM_SELECTOR"):
        data = dkim.sign(data, private_key=config["DKIM_PRIVATE_KEY"], selector=config["DKIM_SELECTOR"],
                         domain=config.get("DKIM_DOMAIN") or dkim.signing_domain(config["MAIL_FROM"]))
    return data


_WIRE = policy.compat32.clone(linesep="\r\n")  # SMTP wants CRLF, and DKIM signs what is sent


def envelope_sender() -> str:
    """The envelope sender (MAIL FROM): the address of MAIL_FROM, where bounces come back."""
    return parseaddr(current_app.config["MAIL_FROM"])[1]


class FolderBackend:
    """The embedded default: each mail is written to the outbox folder, read on the dev mailbox page."""

    def __init__(self, folder: str):
        self.folder = Path(folder)

    def open(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)

    def send(self, row: Outbox, data: bytes) -> None:
        path = self.folder / f"{row.id:08d}.eml"
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(data)
        tmp.replace(path)  # readers never see half a mail

    def close(self) -> None:
        pass


class SmtpBackend:
    """SMTP from MAIL_URL: smtp://user:pass@host:port (STARTTLS when offered, ?tls=required to insist), smtps:// for TLS.

    One connection carries every mail of a delivery run; it is opened on the first send.
    """

    def __init__(self, url: str):
        parts = urlparse(url)
        self.tls_wrapped = parts.scheme == "smtps"
        self.host = parts.hostname or "localhost"
        self.port = parts.port or (465 if self.tls_wrapped else 25)
        self.user = unquote(parts.username) if parts.username else None
        self.password = unquote(parts.password) if parts.password else None
        query = parse_qs(parts.query)
        self.require_tls = query.get("tls", [""])[0] == "required"
        self.timeout = float(query.get("timeout", ["30"])[0])
        self.client: smtplib.SMTP | None = None

    def open(self) -> None:
        if self.client is not None:
            return
        context = ssl.create_default_context()
        if self.tls_wrapped:
            client = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout, context=context)
        else:
            client = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
        try:
            client.ehlo()
            if not self.tls_wrapped and (client.has_extn("starttls") or self.require_tls):
                client.starttls(context=context)
                client.ehlo()
            if self.user:
                client.login(self.user, self.password or "")
        except BaseException:
            client.close()
            raise
        self.client = client

    def send(self, row: Outbox, data: bytes) -> None:
        self.open()
        try:
            self.client.sendmail(envelope_sender(), [row.to_address], data)
        except (smtplib.SMTPRecipientsRefused, smtplib.SMTPDataError, smtplib.SMTPSenderRefused):
            raise  # the connection is still good (smtplib sent RSET)
        except BaseException:
            self.close()  # state unknown: the next mail starts a new connection
            raise

    def close(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            try:
                client.quit()
            except (OSError, smtplib.SMTPException):
                client.close()


def backend():
    url = current_app.config.get("MAIL_URL")
    if url and url.startswith(("smtp://", "smtps://")):
        return SmtpBackend(url)
    return FolderBackend(current_app.config["OUTBOX_DIR"])


RETRY_DELAYS = (60, 300, 900, 3600, 3 * 3600, 6 * 3600)  # seconds; then keep trying every 6 hours


def retry_delay(attempts: int) -> timedelta:
    return timedelta(seconds=RETRY_DELAYS[min(max(attempts, 1) - 1, len(RETRY_DELAYS) - 1)])


class ConnectFailed(Exception):
    """The mail server could not be reached: every due mail waits, none is lost."""


def _permanent(exc: Exception) -> bool:
    """A 5xx answer about this mail or its recipient: sending it again would fail the same way."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in exc.recipients.values())
    return isinstance(exc, smtplib.SMTPDataError) and exc.smtp_code >= 500


def deliver_due(limit: int = 500) -> int:
    """Send due outbox rows over one connection, each in its own transaction under a row lock; the count sent.

    Crash semantics: a row is locked (SELECT ... FOR UPDATE SKIP LOCKED) from before the SMTP
    conversation until "sent" is committed, so no two workers send it at once. A worker killed
    mid-send takes its database connection with it: PostgreSQL rolls the transaction back,
    the row is pending again at once (that attempt is not counted), and the next run sends
    it. Only a crash between the server's "250" and our commit (a millisecond) sends a mail
    twice; the copy carries the same Message-ID and Date, so mail clients and our inbound side
    see one message.
    """
    sender = backend()
    sent = 0
    # A session of its own: the caller's objects stay as they were, and thousands of rows
    # are not expired on every commit.
    with Session(db.engine, expire_on_commit=False) as session:
        try:
            for _ in range(limit):
                row = session.execute(
                    select(Outbox).options(joinedload(Outbox.user))
                    .where(Outbox.status == "pending", Outbox.next_attempt_at <= now())
                    .order_by(Outbox.next_attempt_at).limit(1).with_for_update(of=Outbox, skip_locked=True)
                ).scalar_one_or_none()
                if row is None:
                    break
                if row.user is not None and not may_mail(row.user, row.kind, chosen=False):
                    # The address bounced or complained after the mail was queued.
                    row.status = "suppressed"
                    row.last_error = ("not sent: the address bounced" if row.user.email_status == "bounced"
                                      else "not sent: the player reported our mail as spam")
                    session.commit()
                    continue
                try:
                    sender.open()  # only once there is mail: an idle beat run opens no connection
                except (OSError, smtplib.SMTPException) as exc:
                    _fail_all_due(session, exc, limit)  # this row too: this very transaction holds its lock
                    break
                row.attempts += 1
                try:
                    sender.send(row, message_bytes(row))
                except (OSError, smtplib.SMTPException) as exc:
                    row.last_error = f"{type(exc).__name__}: {exc}"[:2000]
                    if _permanent(exc):
                        row.status = "failed"
                        if isinstance(exc, smtplib.SMTPRecipientsRefused) and row.user is not None:
                            note_bounce(row.user, True, row.last_error)
                    else:
                        row.next_attempt_at = now() + retry_delay(row.attempts)
                else:
                    row.status = "sent"
                    row.sent_at = now()
                    row.last_error = None
                    sent += 1
                session.commit()
        finally:
            session.rollback()
            sender.close()
    return sent


def _fail_all_due(session: Session, exc: Exception, limit: int) -> None:
    """The server is unreachable: count an attempt and note the error on every due row, each with its backoff."""
    error = f"{type(exc).__name__}: {exc}"[:2000]
    rows = session.scalars(
        select(Outbox).where(Outbox.status == "pending", Outbox.next_attempt_at <= now())
        .order_by(Outbox.next_attempt_at).limit(limit).with_for_update(skip_locked=True)).all()
    for row in rows:
        row.attempts += 1
        row.last_error = error
        row.next_attempt_at = now() + retry_delay(row.attempts)
    session.commit()
    log.warning("mail server unreachable; %d mails wait: %s", len(rows), error)


def pending_count() -> int:
    """How many mails wait to be sent (due or in backoff)."""
    return db.session.scalar(select(func.count()).select_from(Outbox).where(Outbox.status == "pending")) or 0

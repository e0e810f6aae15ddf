"""The message as sent (MIME, CRLF, DKIM-signed when configured) and the ways it goes out: SMTP from MAIL_URL, or
the outbox folder (the embedded default). delivery.py decides what is sent when, and records what happened."""
from __future__ import annotations

import smtplib
import ssl
import time
from datetime import timezone
from email import policy
from email.header import Header
from email.message import Message
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import format_datetime
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

from flask import current_app

from .. import addresses, tokens
from ..clock import now
from ..models import Outbox
from . import dkim


def _header(value: str) -> str | Header:
    return value if value.isascii() else Header(value, "utf-8")


class Undeliverable(Exception):
    """This mail cannot be sent as it is (an address pbem cannot use, SMTPUTF8 not offered): failed, no retry."""


def recipient(row: Outbox) -> str:
    """The address `row` goes to, in its stored form (IDNA domain as ASCII); Undeliverable when it is unusable.

    Checked again here, not only where addresses enter: rows queued before that check existed
    must fail alone rather than stall the rows behind them.
    """
    try:
        return addresses.normalise(row.to_address)
    except addresses.BadAddress as exc:
        raise Undeliverable(f"{row.to_address!r} is not an address pbem can send to: {exc.why}") from exc


def _address_header(address: str) -> str:
    # RFC 6532: an SMTPUTF8 address is written as raw UTF-8 (an encoded word is not allowed in an
    # address); compat32 writes surrogate-escaped text back out as the original bytes.
    return address if address.isascii() else address.encode().decode("ascii", "surrogateescape")


def build_message(row: Outbox, to: str | None = None) -> Message:
    """The MIME message for an outbox row (`to`: its recipient() when known): text, and HTML when there is one,
    as alternatives."""
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
    msg["To"] = _address_header(to or recipient(row))
    msg["Subject"] = _header(row.subject)
    msg["Message-ID"] = row.message_id
    # The queueing time, not the sending time: a re-send is the same message.
    msg["Date"] = format_datetime((row.created_at or now()).replace(tzinfo=timezone.utc))
    for name, value in (row.headers or {}).items():
        msg[name] = _header(value)
    return msg


def message_bytes(row: Outbox, to: str | None = None) -> bytes:
    """The message as sent (CRLF line ends), DKIM-signed when DKIM_PRIVATE_KEY and DKIM_SELECTOR are set."""
    data = build_message(row, to).as_bytes(policy=_WIRE)
    config = current_app.config
    if config.get("DKIM_PRIVATE_KEY") and config.get("DKIM_SELECTOR"):
        data = dkim.sign(data, private_key=config["DKIM_PRIVATE_KEY"], selector=config["DKIM_SELECTOR"],
                         domain=config.get("DKIM_DOMAIN") or dkim.signing_domain(config["MAIL_FROM"]))
    return data


_WIRE = policy.compat32.clone(linesep="\r\n")  # SMTP wants CRLF, and DKIM signs what is sent


class FolderBackend:
    """The embedded default: each mail is written to the outbox folder, read on the dev mailbox page."""

    def __init__(self, folder: str):
        self.folder = Path(folder)

    def open(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)

    def send(self, row: Outbox, to: str, data: bytes) -> None:
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

    # A connection unused this long is asked (NOOP) before it carries mail again: a run waits between its looks
    # (DELIVERY_LINGER_SECONDS), and the server may have dropped it meanwhile; a mail sent on it would fail.
    IDLE_CHECK = 0.05  # seconds

    def __init__(self, url: str):
        parts = urlparse(url)
        self.tls_wrapped = parts.scheme == "smtps"
        self.host = parts.hostname or "localhost"
        self.port = parts.port or (465 if self.tls_wrapped else 25)
        self.user = unquote(parts.username) if parts.username else None
        self.password = unquote(parts.password) if parts.password else None
        query = parse_qs(parts.query)
        self.require_tls = query.get("tls", [""])[0] == "required"
        self.timeout = min(float(query.get("timeout", ["30"])[0]), 60)  # LONGEST_SEND counts on it
        self.client: smtplib.SMTP | None = None
        self.used_at = 0.0  # time.monotonic() of the last send

    def open(self) -> None:
        if self.client is not None and time.monotonic() - self.used_at > self.IDLE_CHECK:
            try:
                self.client.noop()
            except (OSError, smtplib.SMTPException):
                self.client.close()
                self.client = None
        if self.client is not None:
            return
        # A TLS context only where TLS is used: loading the CA store costs 50 ms of CPU, once per run.
        if self.tls_wrapped:
            client = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout, context=ssl.create_default_context())
        else:
            client = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
        try:
            client.ehlo()
            if not self.tls_wrapped and (client.has_extn("starttls") or self.require_tls):
                client.starttls(context=ssl.create_default_context())
                client.ehlo()
            if self.user:
                client.login(self.user, self.password or "")
        except BaseException:
            client.close()
            raise
        self.client = client

    def send(self, row: Outbox, to: str, data: bytes) -> None:
        """Send `data` to `to`; the envelope sender (MAIL FROM) is the row's signed bounce address (VERP)."""
        self.open()
        options = []
        if addresses.needs_smtputf8(to):
            if not self.client.has_extn("smtputf8"):
                raise Undeliverable(f"{to!r} has non-ASCII letters before the @: sending to it needs SMTPUTF8, "
                                    "which the mail server does not offer")
            options = ["SMTPUTF8", "BODY=8BITMIME"]
        try:
            self.client.sendmail(tokens.bounce_address(row.id), [to], data, mail_options=options)
        except (smtplib.SMTPRecipientsRefused, smtplib.SMTPDataError, smtplib.SMTPSenderRefused):
            raise  # the connection is still good (smtplib sent RSET)
        except BaseException:
            self.close()  # state unknown: the next mail starts a new connection
            raise
        finally:
            self.used_at = time.monotonic()

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

"""Polling a plain mailbox (IMAP_URL): fetch unseen mail, receive it, and mark it seen only once it is handled."""
from __future__ import annotations

import imaplib
import logging
import re
import ssl
from dataclasses import dataclass
from typing import Callable
from urllib.parse import parse_qs, unquote, urlparse

from ..models import InboundMessage
from . import inbound

log = logging.getLogger(__name__)

BATCH = 100  # messages per poll; the rest wait for the next one


@dataclass(frozen=True)
class Mailbox:
    """Where to poll: imaps://user:pass@host:993/INBOX, or imap://... (STARTTLS when offered; ?tls=required insists)."""

    host: str
    port: int
    user: str
    password: str
    folder: str
    tls_wrapped: bool
    require_tls: bool
    timeout: float

    @classmethod
    def from_url(cls, url: str) -> "Mailbox":
        parts = urlparse(url)
        if parts.scheme not in ("imap", "imaps"):
            raise ValueError(f"IMAP_URL must start with imap:// or imaps://, not {parts.scheme}://")
        query = parse_qs(parts.query)
        return cls(host=parts.hostname or "localhost", port=parts.port or (993 if parts.scheme == "imaps" else 143),
                   user=unquote(parts.username or ""), password=unquote(parts.password or ""),
                   folder=unquote(parts.path.lstrip("/")) or "INBOX", tls_wrapped=parts.scheme == "imaps",
                   require_tls=query.get("tls", [""])[0] == "required",
                   timeout=float(query.get("timeout", ["60"])[0]))

    def connect(self) -> imaplib.IMAP4:
        """A logged-in connection with the folder selected for reading and flagging."""
        context = ssl.create_default_context()
        if self.tls_wrapped:
            client = imaplib.IMAP4_SSL(self.host, self.port, ssl_context=context, timeout=self.timeout)
        else:
            client = imaplib.IMAP4(self.host, self.port, timeout=self.timeout)
            if "STARTTLS" in client.capabilities:
                client.starttls(ssl_context=context)
            elif self.require_tls:
                client.logout()
                raise imaplib.IMAP4.error(f"{self.host} does not offer STARTTLS and the URL asks for tls=required")
        client.login(self.user, self.password)
        _check(client.select(_quoted(self.folder)), "SELECT")
        return client


def _quoted(folder: str) -> str:
    return '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _check(response: tuple, command: str) -> list:
    status, data = response
    if status != "OK":
        raise imaplib.IMAP4.error(f"{command} failed: {data!r}")
    return data


def poll(url: str, receive: Callable[[bytes, str], InboundMessage] = inbound.receive, limit: int = BATCH) -> int:
    """Receive each unseen message and flag it \\Seen once it is handled; the number flagged.

    The flag is set only after receive() has committed its outcome, so a crash in between
    leaves the message unseen and the next poll receives it again, which does nothing twice
    (the Message-ID is stored once). A message another process is still handling stays
    unseen until it is done.
    """
    client = Mailbox.from_url(url).connect()
    done = 0
    try:
        uids = _check(client.uid("SEARCH", None, "UNSEEN"), "SEARCH")[0].split()[:limit]
        for uid in uids:
            raw = _fetch(client, uid)
            if raw is None:
                continue
            try:
                row = receive(raw, "imap")
            except Exception:  # noqa: BLE001 - leave it unseen: the next poll tries again
                log.exception("IMAP message uid %s could not be received; it stays unseen", uid.decode())
                continue
            if inbound.is_final(row):
                _check(client.uid("STORE", uid, "+FLAGS.SILENT", "(\\Seen)"), "STORE")
                done += 1
    finally:
        try:
            client.logout()
        except (imaplib.IMAP4.error, OSError):
            pass
    return done


_LITERAL = re.compile(rb"BODY\[\] \{\d+\}")


def _fetch(client: imaplib.IMAP4, uid: bytes) -> bytes | None:
    # BODY.PEEK leaves \Seen alone: only a handled message is marked.
    data = _check(client.uid("FETCH", uid, "(BODY.PEEK[])"), "FETCH")
    for item in data:
        if isinstance(item, tuple) and _LITERAL.search(item[0]):
            return item[1]
    log.warning("IMAP message uid %s came without a body; skipped", uid.decode())
    return None

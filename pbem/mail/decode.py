"""A received message's raw bytes as a small normalised description: who, threading, flags, body text."""
from __future__ import annotations

import email
import email.policy
import hashlib
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from email.message import Message
from email.utils import parsedate_to_datetime

from . import parts
from .charsets import decode_bytes
from .classify import Bounce, bounce_info, is_auto_reply, is_loop
from .headers import addresses, header_text, message_ids, raw_values
from .html_text import html_to_text

# Bytes beyond this are not parsed; the body text comes first in every client's layout,
# so a reply with a large photo attached still reads.
MAX_RAW_BYTES = 16 * 1024 * 1024
# Body text is cut to this many characters; a reply typed by a person is far shorter.
MAX_TEXT_CHARS = 64 * 1024
# Transfer-decoded bytes read per part; generous for multibyte charsets, cheap for huge parts.
_PART_BYTES = 4 * MAX_TEXT_CHARS
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_RECIPIENT_HEADERS = ("Delivered-To", "X-Original-To", "Envelope-To")


class MailError(Exception):
    """Raised only when decode is handed something that is not bytes."""


@dataclass(frozen=True)
class Received:
    """What pbem needs to know about one received message."""

    message_id: str
    from_address: str
    from_name: str
    to: tuple[str, ...]
    cc: tuple[str, ...]
    delivered_to: tuple[str, ...]
    subject: str
    in_reply_to: str | None
    references: tuple[str, ...]
    date: datetime | None
    is_auto_reply: bool
    is_loop: bool
    bounce: Bounce | None
    text: str

    @property
    def is_bounce(self) -> bool:
        """Whether the message reports a failed delivery or a complaint."""
        return self.bounce is not None


def decode(raw: bytes, own_domains: tuple[str, ...] | list[str] = ()) -> Received:
    """Return the description of a raw received message; any bytes at all give a result."""
    if isinstance(raw, (bytearray, memoryview)):
        raw = bytes(raw)
    if not isinstance(raw, bytes):
        raise MailError(f"decode() takes the raw message as bytes, not {type(raw).__name__}")
    msg = _parse(raw[:MAX_RAW_BYTES])
    sender = addresses(msg, "From") or addresses(msg, "Sender") or [("", "")]
    return Received(
        message_id=_message_id(msg, raw),
        from_address=sender[0][1],
        from_name=sender[0][0],
        to=_addresses_only(msg, "To"),
        cc=_addresses_only(msg, "Cc"),
        delivered_to=_addresses_only(msg, *_RECIPIENT_HEADERS),
        subject=header_text(msg, "Subject"),
        in_reply_to=next(iter(message_ids(" ".join(raw_values(msg, "In-Reply-To")))), None),
        references=tuple(message_ids(" ".join(raw_values(msg, "References")))),
        date=_date(header_text(msg, "Date")),
        is_auto_reply=_safely(is_auto_reply, msg, default=False),
        is_loop=_safely(lambda message: is_loop(message, own_domains), msg, default=False),
        bounce=_safely(bounce_info, msg, default=None),
        text=_safely(body_text, msg, default=""),
    )


def body_text(msg: Message) -> str:
    """Return the best plain text of a message: its text/plain body, else its HTML as text."""
    plain, html = _texts(msg, 0)
    text = plain if plain.strip() else html
    text = text.replace("\r\n", "\n").replace("\r", "\n")[:MAX_TEXT_CHARS]
    # Control characters are never typed, and PostgreSQL refuses NUL in text columns.
    return _CONTROL.sub("", text)


def _parse(raw: bytes) -> Message:
    try:
        return email.message_from_bytes(raw, policy=email.policy.default)
    except Exception:  # RecursionError on absurd nesting, or a parser bug: read the headers alone
        try:
            head = re.split(rb"\r?\n\r?\n", raw, maxsplit=1)[0]
            return email.message_from_bytes(head + b"\n\n", policy=email.policy.default)
        except Exception:
            return email.message.EmailMessage(policy=email.policy.default)


def _texts(part: Message, depth: int) -> tuple[str, str]:
    # Returns (plain text, html as text) found in this part and below, in reading order.
    content = parts.content_type(part)
    if content.startswith("multipart/"):
        if depth >= parts.MAX_DEPTH:
            return "", ""
        found = [_texts(child, depth + 1) for child in parts.children(part)]
        if content == "multipart/alternative":
            # Alternatives say the same thing: take the first plain one, else the first HTML one.
            plain = next((text for text, _ in found if text.strip()), "")
            html = next((text for _, text in found if text.strip()), "")
            return plain, html
        if content in ("multipart/signed", "multipart/encrypted", "multipart/report"):
            found = found[:1]  # the signed body, or the human-readable part of a report
        # Apple Mail splits one body around inline images into several text parts: join them.
        return _join(text for text, _ in found), _join(text for _, text in found)
    if content.startswith("message/") or parts.is_attachment(part):
        return "", ""
    if content not in ("text/plain", "text/html"):
        return "", ""
    data = parts.payload_bytes(part, _PART_BYTES)
    text = decode_bytes(data, parts.parameter(part, "Content-Type", "charset"))
    if content == "text/html":
        return "", html_to_text(text)
    if parts.parameter(part, "Content-Type", "format").lower() == "flowed":
        text = _unflow(text, parts.parameter(part, "Content-Type", "delsp").lower() == "yes")
    return text, ""


def _join(texts) -> str:
    return "\n".join(text.strip("\r\n") for text in texts if text.strip())


def _unflow(text: str, delete_space: bool) -> str:
    # RFC 3676: a line ending in a space continues on the next line (quotes keep their depth).
    lines = text.replace("\r\n", "\n").split("\n")
    joined: list[str] = []
    carry = None
    for line in lines:
        if line.startswith(" "):
            line = line[1:]  # space-stuffing
        if carry is not None:
            line = carry + line
            carry = None
        if line.endswith(" ") and line.rstrip() != "--" and not line.startswith(">"):
            carry = line[:-1] if delete_space else line
            continue
        joined.append(line)
    if carry is not None:
        joined.append(carry)
    return "\n".join(joined)


def _message_id(msg: Message, raw: bytes) -> str:
    values = raw_values(msg, "Message-ID")
    if values:
        ids = message_ids(values[0])
        if ids:
            return ids[0]
        bare = values[0].strip()
        if bare and len(bare) <= 250 and " " not in bare and "@" in bare:
            return f"<{bare.strip('<>')}>"
    # Without one, the same bytes must always get the same id so a redelivery is recognised.
    return f"<{hashlib.sha256(raw).hexdigest()[:40]}@missing-message-id.invalid>"


def _addresses_only(msg: Message, *names: str) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for _, address in addresses(msg, *names):
        seen.setdefault(address, None)
    return tuple(seen)


def _date(value: str) -> datetime | None:
    if not value:
        return None
    try:
        parsed = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if parsed is None:
        return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)  # "-0000": the zone is unknown; read it as UTC
    return parsed


def _safely(read, msg: Message, default):
    # Every reading above is written not to raise; this is the last guard for hostile input,
    # so one unreadable piece costs that piece only, not the whole message.
    try:
        return read(msg)
    except Exception:
        return default

"""Webhook adapters: check that a POST comes from the mail provider, and turn it into the raw message bytes."""
from __future__ import annotations

import email.message
import email.parser
import email.policy
import email.utils
import hashlib
import hmac
import json
import logging
import time
from email.message import EmailMessage
from urllib.parse import parse_qsl

from flask import Request, current_app
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..clock import now
from ..extensions import db
from ..models import UsedToken

log = logging.getLogger(__name__)

# Mailgun signs timestamp + token; a signature older than this is refused, and a token is
# accepted for one message only, so a captured request cannot carry another message. The same
# message again under its token (Mailgun retrying after a failure of ours) is accepted: storing
# it is idempotent, so it is stored if the first attempt failed and changes nothing if not.
MAILGUN_MAX_AGE = 300
# Providers cap a message at 25-40 MB; anything larger is not mail they would send.
MAX_POST_BYTES = 50 * 1024 * 1024
_SKIPPED_HEADERS = {"content-type", "content-transfer-encoding", "mime-version", "content-length"}


class Refused(Exception):
    """A request that is not from the provider (or malformed); `status` is the HTTP answer."""

    def __init__(self, status: int, reason: str):
        super().__init__(reason)
        self.status, self.reason = status, reason


def refuse(provider: str, request: Request, status: int, reason: str) -> Refused:
    """Log a refused webhook request and return the exception to raise."""
    log.warning("inbound %s webhook refused (%s): %s from %s", provider, status, reason, request.remote_addr)
    return Refused(status, reason)


def _secret(name: str) -> str | None:
    return current_app.config.get(name) or None


def _same(given: str | None, expected: str) -> bool:
    return hmac.compare_digest((given or "").encode(), expected.encode())


def _body(provider: str, request: Request) -> bytes:
    if (request.content_length or 0) > MAX_POST_BYTES:
        raise refuse(provider, request, 413, "too large")
    body = request.get_data(cache=True)
    if len(body) > MAX_POST_BYTES:  # a chunked body: the stream stopped one byte past the cap (web/hooks.py)
        raise refuse(provider, request, 413, "too large")
    return body


# --- the four providers ----------------------------------------------------------------


def raw_mime(request: Request, secret: str) -> bytes:
    """A POST whose body is the message itself (message/rfc822), to a URL carrying INBOUND_SECRET."""
    expected = _secret("INBOUND_SECRET")
    if expected is None:
        raise refuse("raw", request, 404, "INBOUND_SECRET is not set")
    if not _same(secret, expected):
        raise refuse("raw", request, 403, "wrong secret in the URL")
    body = _body("raw", request)
    if not body.strip():
        raise refuse("raw", request, 400, "empty body")
    return body


def mailgun(request: Request) -> bytes:
    """A Mailgun route's forward: HMAC-SHA256 of timestamp + token checked, then `body-mime` or the parsed fields."""
    key = _secret("MAILGUN_SIGNING_KEY")
    if key is None:
        raise refuse("mailgun", request, 404, "MAILGUN_SIGNING_KEY is not set")
    fields = form_fields(request.content_type or "", _body("mailgun", request))
    timestamp, token, signature = (_text(fields.get(name)) for name in ("timestamp", "token", "signature"))
    expected = hmac.new(key.encode(), (timestamp + token).encode(), hashlib.sha256).hexdigest()
    if not (timestamp and token and _same(signature, expected)):
        raise refuse("mailgun", request, 403, "bad signature")
    try:
        age = abs(time.time() - int(timestamp))
    except ValueError:
        raise refuse("mailgun", request, 403, "bad timestamp") from None
    if age > MAILGUN_MAX_AGE:
        raise refuse("mailgun", request, 403, f"timestamp {int(age)} s old")
    raw = fields.get("body-mime") or _rebuilt_mailgun(fields)
    if not _bind_token("mailgun", token, raw):
        raise refuse("mailgun", request, 403, "replayed token")
    return raw


def _rebuilt_mailgun(fields: dict[str, bytes]) -> bytes:
    """A message from Mailgun's parsed fields, when it did not send `body-mime`."""
    try:
        headers = [(str(n), str(v)) for n, v in json.loads(_text(fields.get("message-headers")) or "[]")]
    except (ValueError, TypeError):
        headers = []
    if not headers:
        headers = [(name, _text(fields.get(field))) for name, field in
                   (("From", "from"), ("To", "To"), ("Subject", "subject"), ("Message-Id", "Message-Id"),
                    ("In-Reply-To", "In-Reply-To"), ("References", "References")) if fields.get(field)]
    return rebuild(headers, _text(fields.get("body-plain")), _text(fields.get("body-html")),
                   _text(fields.get("recipient")))


def sendgrid(request: Request, secret: str) -> bytes:
    """SendGrid Inbound Parse (which does not sign): a URL carrying SENDGRID_INBOUND_SECRET; the raw `email` field."""
    expected = _secret("SENDGRID_INBOUND_SECRET")
    if expected is None:
        raise refuse("sendgrid", request, 404, "SENDGRID_INBOUND_SECRET is not set")
    if not _same(secret, expected):
        raise refuse("sendgrid", request, 403, "wrong secret in the URL")
    fields = form_fields(request.content_type or "", _body("sendgrid", request))
    if fields.get("email"):
        return fields["email"]
    # Without "POST the raw, full MIME message" SendGrid sends the header block and the texts.
    parsed = email.parser.HeaderParser(policy=email.policy.compat32).parsestr(_text(fields.get("headers")))
    headers = [(name, str(value)) for name, value in parsed.items()]
    try:
        recipient = (json.loads(_text(fields.get("envelope")) or "{}").get("to") or [None])[0]
    except (ValueError, AttributeError, TypeError):
        recipient = None
    return rebuild(headers, _text(fields.get("text")), _text(fields.get("html")), recipient)


def postmark(request: Request) -> bytes:
    """Postmark's inbound JSON, behind basic auth: `RawEmail` when sent, else a message rebuilt from the fields."""
    user, password = _secret("POSTMARK_INBOUND_USER"), _secret("POSTMARK_INBOUND_PASSWORD")
    if user is None or password is None:
        raise refuse("postmark", request, 404, "POSTMARK_INBOUND_USER/PASSWORD are not set")
    given = request.authorization
    if given is None or given.type != "basic" or not (_same(given.username, user) & _same(given.password, password)):
        raise refuse("postmark", request, 401, "wrong or missing basic auth")
    try:
        data = json.loads(_body("postmark", request))
    except ValueError:
        raise refuse("postmark", request, 400, "not JSON") from None
    if not isinstance(data, dict):
        raise refuse("postmark", request, 400, "not a JSON object")
    if isinstance(data.get("RawEmail"), str) and data["RawEmail"].strip():
        return data["RawEmail"].encode("utf-8", "replace")
    headers = [(str(h.get("Name", "")), str(h.get("Value", ""))) for h in data.get("Headers") or []
               if isinstance(h, dict)]
    names = {name.lower() for name, _ in headers}
    sender = data.get("FromFull") if isinstance(data.get("FromFull"), dict) else {}
    extra = [("From", _address(sender.get("Name"), sender.get("Email")) or str(data.get("From", ""))),
             ("To", ", ".join(_address(t.get("Name"), t.get("Email")) for t in data.get("ToFull") or []
                              if isinstance(t, dict)) or str(data.get("To", ""))),
             ("Cc", str(data.get("Cc", ""))), ("Subject", str(data.get("Subject", "")))]
    if data.get("MessageID"):
        # Postmark's own id is stable across its retries: the message is still recognised.
        extra.append(("Message-ID", f"<{data['MessageID']}@postmark.invalid>"))
    headers += [(name, value) for name, value in extra if value and name.lower() not in names]
    return rebuild(headers, str(data.get("TextBody") or ""), str(data.get("HtmlBody") or ""),
                   str(data.get("OriginalRecipient") or "") or None)


# --- helpers -------------------------------------------------------------------------


def form_fields(content_type: str, body: bytes) -> dict[str, bytes]:
    """The fields of a form POST as bytes (a raw message in a field keeps its 8-bit bytes as sent)."""
    if content_type.lower().startswith("multipart/form-data"):
        # The email parser reads multipart/form-data exactly, without decoding field values as UTF-8.
        head = b"Content-Type: " + content_type.encode("latin-1", "replace") + b"\r\n\r\n"
        msg = email.parser.BytesParser(policy=email.policy.compat32).parsebytes(head + body)
        fields: dict[str, bytes] = {}
        for part in (msg.get_payload() if msg.is_multipart() else []):
            if not isinstance(part, email.message.Message):
                continue
            name = part.get_param("name", header="content-disposition")
            if isinstance(name, tuple):
                name = email.utils.collapse_rfc2231_value(name)
            payload = part.get_payload(decode=True)
            if name and isinstance(payload, bytes) and name not in fields:
                fields[str(name)] = payload
        return fields
    if content_type.lower().startswith("application/x-www-form-urlencoded"):
        # Latin-1 maps each byte to one character and back, so percent-decoded values stay the bytes sent.
        pairs = parse_qsl(body.decode("latin-1"), keep_blank_values=True, encoding="latin-1")
        return {name.encode("latin-1").decode("utf-8", "replace"): value.encode("latin-1") for name, value in pairs}
    return {}


def _text(value: bytes | None) -> str:
    return value.decode("utf-8", "replace") if value else ""


def _address(name, address) -> str:
    if not address:
        return ""
    return email.utils.formataddr((str(name or ""), str(address)))


def rebuild(headers: list[tuple[str, str]], text: str, html: str, recipient: str | None) -> bytes:
    """A MIME message from a provider's parsed fields: its headers, the text and HTML bodies, the envelope recipient."""
    msg = EmailMessage(policy=email.policy.default)
    if recipient:
        _set(msg, "Delivered-To", recipient)
    for name, value in headers:
        if name.lower() not in _SKIPPED_HEADERS:
            _set(msg, name, value)
    if text.strip():
        msg.set_content(text)
        if html.strip():
            msg.add_alternative(html, subtype="html")
            # Not a random boundary: the same fields give the same bytes, so a provider's retry is the same message.
            msg.set_boundary("=_pbem_" + hashlib.sha256((text + "\0" + html).encode("utf-8", "replace")).hexdigest()[:32])
    elif html.strip():
        msg.set_content(html, subtype="html")
    else:
        msg.set_content("")
    try:
        return msg.as_bytes()
    except Exception:  # noqa: BLE001 - a header the generator cannot fold: keep the body, drop the headers
        log.warning("a rebuilt message could not be written with its headers; keeping the body only")
        plain = EmailMessage(policy=email.policy.default)
        plain.set_content(text or html or "")
        return plain.as_bytes()


def _set(msg: EmailMessage, name: str, value: str) -> None:
    name = "".join(c for c in name if 33 <= ord(c) <= 126 and c != ":")[:76]
    value = " ".join(str(value).split())[:4000]  # no line breaks: a value cannot start new headers
    if not name or not value:
        return
    try:
        msg[name] = value
    except Exception:  # noqa: BLE001 - a value the header registry refuses is kept unparsed
        try:
            msg[name] = value.encode("ascii", "replace").decode("ascii")
        except Exception:  # noqa: BLE001 - then the header is dropped
            pass


def _bind_token(provider: str, token: str, raw: bytes) -> bool:
    """Whether a webhook token is new (it is bound to `raw` from now on) or already bound to these same bytes.

    In Redis when configured (an atomic SET NX), else in used_tokens, whose 64-character nonce
    holds both digests.
    """
    message = hashlib.sha256(raw).hexdigest()[:31]
    redis_url = current_app.config.get("REDIS_URL")
    if redis_url:
        import redis

        key = f"pbem:webhook:{provider}:{hashlib.sha256(token.encode()).hexdigest()[:48]}"
        client = redis.Redis.from_url(redis_url)
        try:
            # Twice the signature's lifetime: after that the timestamp check refuses it anyway.
            if client.set(key, message.encode(), nx=True, ex=2 * MAILGUN_MAX_AGE):
                return True
            return client.get(key) == message.encode()
        finally:
            client.close()
    from datetime import timedelta

    prefix = f"{provider}:{hashlib.sha256(token.encode()).hexdigest()[:24]}:"
    nonce = (prefix + message)[:64]
    db.session.query(UsedToken).filter(UsedToken.nonce.like(f"{provider}:%"),
                                       UsedToken.used_at < now() - timedelta(seconds=2 * MAILGUN_MAX_AGE)
                                       ).delete(synchronize_session=False)
    bound = db.session.scalar(select(UsedToken.nonce).where(UsedToken.nonce.like(f"{prefix}%")))
    if bound is not None:
        db.session.rollback()
        return bound == nonce
    db.session.add(UsedToken(nonce=nonce))
    try:
        db.session.commit()
    except IntegrityError:  # the same message under the same token, at the same moment
        db.session.rollback()
    return True

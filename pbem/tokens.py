"""Signed links (itsdangerous) and signed mail addresses (one HMAC recipe), each scoped to one purpose."""
from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from flask import current_app
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer


class BadToken(Exception):
    """A link or address that is forged, for another purpose, or expired; the message says which."""


def _serializer(purpose: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt=f"pbem:{purpose}")


def sign(purpose: str, payload: dict) -> str:
    """A URL-safe signed token carrying `payload` for `purpose`."""
    return _serializer(purpose).dumps(payload)


def unsign(purpose: str, token: str, max_age: int | None) -> dict:
    """The payload of `token`, or BadToken saying whether it is expired or not ours."""
    try:
        return _serializer(purpose).loads(token, max_age=max_age)
    except SignatureExpired as exc:
        raise BadToken("this link has expired") from exc
    except BadSignature as exc:
        raise BadToken("this link is not valid") from exc


def signin_token(email: str) -> tuple[str, str]:
    """A sign-in token for `email` and its nonce (spent on first use)."""
    nonce = secrets.token_urlsafe(16)
    return sign("signin", {"e": email, "n": nonce}), nonce


def seat_link_token(game_id: int, seat: int, prompt: int | None) -> str:
    """The token of a move-form link for one seat and the prompt it was sent for."""
    return sign("seat", {"g": game_id, "s": seat, "p": prompt})


def read_seat_link(token: str) -> dict:
    return unsign("seat", token, current_app.config["SEAT_LINK_MAX_AGE"])


# --- signed addresses ---------------------------------------------------------
# Reply, table, confirmation, bounce and unsubscribe addresses carry their ids and a signature in
# an email local part, which some mail systems lower-case and which is limited to 64 characters:
# so a short lower-case base32 HMAC over the purpose and the ids, not base64. One recipe signs and
# finds them all.


def address_mac(purpose: str, *parts: object) -> str:
    """The signature of an address: HMAC-SHA256 of "purpose:part:..." under SECRET_KEY, 80 bits in base32."""
    key = current_app.config["SECRET_KEY"].encode()
    digest = hmac.new(key, ":".join([purpose, *map(str, parts)]).encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:10]).decode().lower()


def _signed(pattern: re.Pattern, text: str, purpose: str, *extra: str):
    """The ids (as ints) of each address in `text` that `pattern` matches (ids first, the signature last) and
    whose signature is right for `purpose`, the ids and `extra`."""
    for match in pattern.finditer(text.lower()):
        *ids, mac = match.groups()
        ids = [int(i) for i in ids]
        if hmac.compare_digest(mac, address_mac(purpose, *ids, *extra)):
            yield ids


def _domain() -> str:
    return current_app.config["INBOUND_DOMAIN"]


# --- reply addresses: a seat of a game -------------------------------------------------

@dataclass(frozen=True)
class SeatAddress:
    game_id: int
    seat: int


_REPLY_RE = re.compile(r"g(\d+)s(\d+)-([a-z2-7]{16})")


def reply_token(game_id: int, seat: int) -> str:
    """The signed seat token used in `play+<token>@domain` and in our Message-IDs."""
    return f"g{game_id}s{seat}-{address_mac('reply', game_id, seat)}"


def find_reply_token(text: str) -> SeatAddress | None:
    """The first correctly signed seat token in an address or header, if any."""
    found = next(_signed(_REPLY_RE, text, "reply"), None)
    return SeatAddress(*found) if found else None


def reply_address(game_id: int, seat: int) -> str:
    return f"play+{reply_token(game_id, seat)}@{_domain()}"


# --- table addresses -----------------------------------------------------------
# Before a game starts its seats have no position, so no seat token: an invitation, and every
# answer about a lobby game, carry instead a token signed for the game and the address mailed.
# A reply to it from that address proves the sender reads that mailbox, as a seat token does.

_TABLE_RE = re.compile(r"\+t(\d{1,18})-([a-z2-7]{16})@")


def table_address(game_id: int, email: str) -> str:
    """`play+t<game>-<mac>@domain`: the reply address of mail about a lobby game sent to `email`."""
    return f"play+t{game_id}-{address_mac('table', game_id, email.strip().lower())}@{_domain()}"


def find_table_token(text: str, email: str) -> int | None:
    """The game named by a table address in `text` signed for `email`, if any."""
    found = next(_signed(_TABLE_RE, text, "table", email.strip().lower()), None)
    return found[0] if found else None


# --- confirmation addresses ----------------------------------------------------
# A request by mail that proves nothing of its sender (a new game from a new address) is
# answered from this address: a reply to it from the same address shows that the address
# reads our mail, and names the stored request to carry out.

_CONFIRM_RE = re.compile(r"play\+n(\d+)-([a-z2-7]{16})@")


def confirm_address(message_row: int, email: str) -> str:
    """`play+n<row>-<mac>@domain`: where `email` confirms the request of received message `message_row`."""
    return f"play+n{message_row}-{address_mac('confirm', message_row, email.strip().lower())}@{_domain()}"


def find_confirm_token(text: str, email: str) -> int | None:
    """The received message whose request `email` confirms by writing to a confirmation address in `text`."""
    found = next(_signed(_CONFIRM_RE, text, "confirm", email.strip().lower()), None)
    return found[0] if found else None


# --- bounce addresses (VERP) -------------------------------------------------
# Each outgoing mail's envelope sender names its outbox row, signed: a delivery report sent
# back to it proves it answers a mail we sent, which a forged report cannot.

_BOUNCE_RE = re.compile(r"bounce\+m(\d+)-([a-z2-7]{16})@")


def bounce_address(outbox_id: int) -> str:
    """The envelope sender (Return-Path) of the outbox row `outbox_id`."""
    return f"bounce+m{outbox_id}-{address_mac('bounce', outbox_id)}@{_domain()}"


def find_bounce_token(text: str) -> int | None:
    """The outbox row id named by a correctly signed bounce address in `text`, if any."""
    found = next(_signed(_BOUNCE_RE, text, "bounce"), None)
    return found[0] if found else None


# --- unsubscribe addresses: the mailto form of List-Unsubscribe -----------------------

_UNSUBSCRIBE_RE = re.compile(r"unsubscribe\+u(\d+)-([a-z2-7]{16})@")


def unsubscribe_address(user_id: int) -> str:
    """`unsubscribe+u<id>-<mac>@INBOUND_DOMAIN` (short: local parts are limited)."""
    return f"unsubscribe+u{user_id}-{address_mac('unsubscribe', user_id)}@{_domain()}"


def find_unsubscribe_address(text: str) -> int | None:
    """The user id of a correctly signed unsubscribe address in `text` (for the inbound side), else None."""
    found = next(_signed(_UNSUBSCRIBE_RE, text, "unsubscribe"), None)
    return found[0] if found else None

"""Signed links (itsdangerous) and signed reply addresses, each scoped to one purpose."""
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


# --- reply addresses ---------------------------------------------------------
# The token lives in an email local part, which some mail systems lower-case and
# which is limited to 64 characters: so a short lower-case base32 HMAC, not base64.

@dataclass(frozen=True)
class SeatAddress:
    game_id: int
    seat: int


_REPLY_RE = re.compile(r"g(\d+)s(\d+)-([a-z2-7]{16})")


def _mac(game_id: int, seat: int) -> str:
    key = current_app.config["SECRET_KEY"].encode()
    digest = hmac.new(key, f"reply:{game_id}:{seat}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:10]).decode().lower()


def reply_token(game_id: int, seat: int) -> str:
    """The signed seat token used in `play+<token>@domain` and in our Message-IDs."""
    return f"g{game_id}s{seat}-{_mac(game_id, seat)}"


def find_reply_token(text: str) -> SeatAddress | None:
    """The first correctly signed seat token in an address or header, if any."""
    for match in _REPLY_RE.finditer(text.lower()):
        game_id, seat = int(match.group(1)), int(match.group(2))
        if hmac.compare_digest(match.group(3), _mac(game_id, seat)):
            return SeatAddress(game_id, seat)
    return None


def reply_address(game_id: int, seat: int) -> str:
    return f"play+{reply_token(game_id, seat)}@{current_app.config['INBOUND_DOMAIN']}"


# --- table addresses -----------------------------------------------------------
# Before a game starts its seats have no position, so no seat token: an invitation, and every
# answer about a lobby game, carry instead a token signed for the game and the address mailed.
# A reply to it from that address proves the sender reads that mailbox, as a seat token does.

_TABLE_RE = re.compile(r"\+t(\d{1,18})-([a-z2-7]{16})@")


def _table_mac(game_id: int, email: str) -> str:
    key = current_app.config["SECRET_KEY"].encode()
    digest = hmac.new(key, f"table:{game_id}:{email.strip().lower()}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:10]).decode().lower()


def table_address(game_id: int, email: str) -> str:
    """`play+t<game>-<mac>@domain`: the reply address of mail about a lobby game sent to `email`."""
    return f"play+t{game_id}-{_table_mac(game_id, email)}@{current_app.config['INBOUND_DOMAIN']}"


def find_table_token(text: str, email: str) -> int | None:
    """The game named by a table address in `text` signed for `email`, if any."""
    for match in _TABLE_RE.finditer(text.lower()):
        game_id = int(match.group(1))
        if hmac.compare_digest(match.group(2), _table_mac(game_id, email)):
            return game_id
    return None


# --- confirmation addresses ----------------------------------------------------
# A request by mail that proves nothing of its sender (a new game from a new address) is
# answered from this address: a reply to it from the same address shows that the address
# reads our mail, and names the stored request to carry out.

_CONFIRM_RE = re.compile(r"play\+n(\d+)-([a-z2-7]{16})@")


def _confirm_mac(message_row: int, email: str) -> str:
    key = current_app.config["SECRET_KEY"].encode()
    digest = hmac.new(key, f"confirm:{message_row}:{email.strip().lower()}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:10]).decode().lower()


def confirm_address(message_row: int, email: str) -> str:
    """`play+n<row>-<mac>@domain`: where `email` confirms the request of received message `message_row`."""
    return f"play+n{message_row}-{_confirm_mac(message_row, email)}@{current_app.config['INBOUND_DOMAIN']}"


def find_confirm_token(text: str, email: str) -> int | None:
    """The received message whose request `email` confirms by writing to a confirmation address in `text`."""
    for match in _CONFIRM_RE.finditer(text.lower()):
        row = int(match.group(1))
        if hmac.compare_digest(match.group(2), _confirm_mac(row, email)):
            return row
    return None


# --- bounce addresses (VERP) -------------------------------------------------
# Each outgoing mail's envelope sender names its outbox row, signed: a delivery report sent
# back to it proves it answers a mail we sent, which a forged report cannot.

_BOUNCE_RE = re.compile(r"bounce\+m(\d+)-([a-z2-7]{16})@")


def _bounce_mac(outbox_id: int) -> str:
    key = current_app.config["SECRET_KEY"].encode()
    digest = hmac.new(key, f"bounce:{outbox_id}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:10]).decode().lower()


def bounce_address(outbox_id: int) -> str:
    """The envelope sender (Return-Path) of the outbox row `outbox_id`."""
    return f"bounce+m{outbox_id}-{_bounce_mac(outbox_id)}@{current_app.config['INBOUND_DOMAIN']}"


def find_bounce_token(text: str) -> int | None:
    """The outbox row id named by a correctly signed bounce address in `text`, if any."""
    for match in _BOUNCE_RE.finditer(text.lower()):
        outbox_id = int(match.group(1))
        if hmac.compare_digest(match.group(2), _bounce_mac(outbox_id)):
            return outbox_id
    return None

"""Email addresses: the one check and the one stored form, used wherever an address enters and again before sending."""
from __future__ import annotations

import unicodedata

import email_validator


class BadAddress(ValueError):
    """An address pbem cannot send to; the message says why (in English, from the validator)."""

    def __init__(self, address: str, why: str):
        super().__init__(f"{address!r}: {why}")
        self.address, self.why = address, why


def normalise(text: str) -> str:
    """The form an address is stored and sent in, or BadAddress saying why it cannot be used.

    The domain becomes its ASCII (IDNA, punycode) form, so `bob@exämple.org` is stored and sent
    as `bob@xn--exmple-cua.org` and no mail server needs to know IDNA. A local part with
    non-ASCII letters (`josé@example.org`) is kept as it is: it can only be sent with SMTPUTF8
    (see `needs_smtputf8`). Bidi controls, zero-width and other invisible characters, quoted
    local parts, IP-address domains and special-use names (`.test`, `.localhost`, ...) are
    refused. Everything is lower-cased, as pbem has always matched addresses without case.
    """
    text = text.strip()
    try:
        checked = email_validator.validate_email(text, check_deliverability=False, allow_smtputf8=True)
    except email_validator.EmailNotValidError as exc:
        raise BadAddress(text, str(exc)) from exc
    local = unicodedata.normalize("NFC", checked.local_part.lower())
    return f"{local}@{checked.ascii_domain.lower()}"


def needs_smtputf8(address: str) -> bool:
    """Whether a stored address can only be sent to over SMTPUTF8 (its local part is not ASCII)."""
    return not address.isascii()


def is_stored_form(text: str) -> bool:
    """Whether `text` is a usable address already in the form `normalise` gives (for addresses that arrive by mail)."""
    try:
        return normalise(text) == text
    except BadAddress:
        return False

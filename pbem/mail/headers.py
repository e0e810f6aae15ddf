"""Header values of a parsed message as clean text, addresses and message ids, never raising."""
from __future__ import annotations

# Headers are read raw and decoded here rather than through the policy's header registry: the
# registry raises on some malformed headers and decodes Shift_JIS words without cp932's extensions.

import base64
import binascii
import quopri
import re
from itertools import islice
from email.message import Message
from email.utils import getaddresses

from .charsets import decode_bytes

# Longer header values are cut: nothing we read from a header needs more.
MAX_HEADER_CHARS = 4096
MAX_ADDRESSES = 100
# Headers past this many are not read; real mail carries a few dozen, Received lines included.
MAX_HEADERS = 1000
MAX_MESSAGE_IDS = 100

_ENCODED_WORD = re.compile(r"=\?([^?\s]{1,64})\?([bBqQ])\?([^?\s]*)\?=")
_BETWEEN_WORDS = re.compile(r"[ \t\r\n]*")
_FOLDING = re.compile(r"\r?\n(?=[ \t])")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")
_MESSAGE_ID = re.compile(r"<([^<>\s]{1,250})>")


def raw_values(msg: Message, name: str) -> list[str]:
    """Return every raw value of the named header, in order, as the parser stored it."""
    wanted = name.lower()
    try:
        items = list(islice(msg.raw_items(), MAX_HEADERS))
    except Exception:  # a message object the parser left half-built
        return []
    values = []
    for key, value in items:
        if isinstance(key, str) and key.lower() == wanted:
            values.append(value if isinstance(value, str) else str(value))
    return values


def has_header(msg: Message, name: str) -> bool:
    """Return whether the named header is present at all."""
    return bool(raw_values(msg, name))


def header_text(msg: Message, name: str) -> str:
    """Return the first value of the named header, RFC 2047 decoded, on one line, or ''."""
    values = raw_values(msg, name)
    return decode_header_value(values[0]) if values else ""


def decode_header_value(value: str) -> str:
    """Return a raw header value decoded (encoded words, raw 8-bit bytes) with control characters removed."""
    value = _FOLDING.sub("", value[:MAX_HEADER_CHARS])
    if any("\udc80" <= char <= "\udcff" for char in value):
        # Raw 8-bit bytes in a header (RFC 6532 UTF-8, or a legacy charset) arrive surrogate-escaped.
        value = decode_bytes(value.encode("utf-8", "surrogateescape"))
    value = _decode_encoded_words(value)
    return _CONTROL.sub(" ", value).strip()


def _decode_encoded_words(value: str) -> str:
    pieces: list[str] = []
    pending: list[tuple[str, bytes]] = []
    position = 0
    for match in _ENCODED_WORD.finditer(value):
        gap = value[position:match.start()]
        if pending and _BETWEEN_WORDS.fullmatch(gap):
            pass  # white space between adjacent encoded words is not part of the text
        else:
            _flush(pieces, pending)
            pieces.append(gap)
        charset, encoding, payload = match.groups()
        data = _word_bytes(encoding, payload)
        if data is None:
            _flush(pieces, pending)
            pieces.append(match.group())
        elif pending and pending[-1][0] == charset.lower():
            # Clients split multibyte characters across words; join the bytes before decoding.
            pending[-1] = (pending[-1][0], pending[-1][1] + data)
        else:
            pending.append((charset.lower(), data))
        position = match.end()
    _flush(pieces, pending)
    pieces.append(value[position:])
    return "".join(pieces)


def _flush(pieces: list[str], pending: list[tuple[str, bytes]]) -> None:
    pieces.extend(decode_bytes(data, charset) for charset, data in pending)
    pending.clear()


def _word_bytes(encoding: str, payload: str) -> bytes | None:
    try:
        if encoding in "bB":
            return base64.b64decode(payload + "=" * (-len(payload) % 4))
        return quopri.decodestring(payload.replace("_", " ").encode("ascii", "replace"), header=False)
    except (binascii.Error, ValueError):
        return None


def addresses(msg: Message, *names: str) -> list[tuple[str, str]]:
    """Return (display name, lower-cased addr-spec) pairs from the named address headers."""
    found: list[tuple[str, str]] = []
    for name in names:
        for value in raw_values(msg, name):
            for display, address in _parse_addresses(value[:MAX_HEADER_CHARS]):
                if len(found) >= MAX_ADDRESSES:
                    return found
                found.append((display, address))
    return found


def _parse_addresses(value: str) -> list[tuple[str, str]]:
    if any("\udc80" <= char <= "\udcff" for char in value):
        value = decode_bytes(value.encode("utf-8", "surrogateescape"))
    value = _CONTROL.sub(" ", value)
    try:
        pairs = getaddresses([value])
    except Exception:  # getaddresses has raised on odd input in some Python releases
        pairs = []
    parsed = []
    for display, address in pairs:
        address = address.strip().lower()
        # An encoded word holding "@" (which RFC 2047 forbids in a phrase) is not an address.
        if "@" not in address or len(address) > 320 or address.startswith("=?") or " " in address:
            continue
        parsed.append((decode_header_value(display), address))
    if not parsed:
        # A bare address the strict parser refused still says who wrote.
        parsed = [("", match.group().lower()) for match in re.finditer(r"[^\s<>\"',;:()]+@[^\s<>\"',;:()]+", value)]
    return parsed


def message_ids(value: str) -> list[str]:
    """Return the `<id>` tokens of a Message-ID, In-Reply-To or References value, brackets kept."""
    found = [f"<{match.group(1)}>" for match in _MESSAGE_ID.finditer(value[:MAX_HEADER_CHARS * 4])]
    return found[:MAX_MESSAGE_IDS]

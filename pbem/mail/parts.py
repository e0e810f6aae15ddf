"""The parts of a parsed message: content types, dispositions and payload bytes, read without raising."""
from __future__ import annotations

import re
from collections.abc import Iterator
from email.message import Message

from .headers import raw_values

# Hostile messages nest multiparts thousands deep; no real mail goes past a handful.
MAX_DEPTH = 32
MAX_PARTS = 500

_PARAMETER = re.compile(r';\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;\s]*)')


def content_type(part: Message) -> str:
    """Return the part's lower-cased `type/subtype`, `text/plain` when missing or malformed."""
    values = raw_values(part, "Content-Type")
    value = values[0].split(";", 1)[0].strip().lower() if values else ""
    if not re.fullmatch(r"[a-z0-9!#$&^_.+-]+/[a-z0-9!#$&^_.+-]+", value):
        # RFC 2045: a missing or unreadable Content-Type means plain text (in a digest, a message).
        return "text/plain"
    return value


def parameter(part: Message, header: str, name: str) -> str:
    """Return one parameter of a structured header (`charset` of Content-Type), or ''."""
    values = raw_values(part, header)
    if not values:
        return ""
    wanted = name.lower()
    for key, value in _PARAMETER.findall(values[0][:4096]):
        key = key.lower()
        if key == wanted or key == wanted + "*":
            value = value.strip('"')
            if key.endswith("*") and "'" in value:
                value = value.split("'", 1)[0]  # RFC 2231: charset'language'text -> the charset
            return value.strip()
    return ""


def is_attachment(part: Message) -> bool:
    """Return whether the part is a file rather than body text."""
    values = raw_values(part, "Content-Disposition")
    if values and values[0].strip().lower().startswith("attachment"):
        return True
    return bool(parameter(part, "Content-Disposition", "filename") or parameter(part, "Content-Type", "name"))


def children(part: Message) -> list[Message]:
    """Return the sub-parts of a multipart or message/* part, else an empty list."""
    try:
        payload = part.get_payload()
    except Exception:  # a payload the parser could not finish
        return []
    if isinstance(payload, list):
        return [child for child in payload[:MAX_PARTS] if isinstance(child, Message)]
    return []


def walk(msg: Message) -> Iterator[tuple[Message, int]]:
    """Yield (part, depth) for the message and its sub-parts, depth first, within fixed limits."""
    stack = [(msg, 0)]
    seen = 0
    while stack and seen < MAX_PARTS:
        part, depth = stack.pop()
        seen += 1
        yield part, depth
        if depth < MAX_DEPTH:
            stack.extend((child, depth + 1) for child in reversed(children(part)))


def payload_bytes(part: Message, limit: int) -> bytes:
    """Return at most limit bytes of the part's payload after transfer decoding."""
    try:
        data = part.get_payload(decode=True)
    except Exception:  # broken transfer encodings are read as nothing rather than fail the message
        return b""
    if not isinstance(data, bytes):
        return b""
    return data[:limit]

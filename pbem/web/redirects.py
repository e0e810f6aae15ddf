"""Where a `next` parameter may send a visitor: only to a path on this site."""
from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

# A path on this site in plain URL characters. Browsers drop tabs and line breaks inside a URL and read a
# backslash as a slash, so "/\t/evil.example" or "/\\evil.example" would leave the site: such characters,
# whitespace and anything non-ASCII (fullwidth or other look-alike slashes) are simply not accepted.
_PATH = re.compile(r"/(?!/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*")
# Once percent-decoded, still a path here: no second slash or backslash in front, printable ASCII only.
_DECODED = re.compile(r"/(?![/\\])[ -\[\]-~]*")
MAX_NEXT = 1000


def safe_next(raw: str | None) -> str | None:
    """`raw` if it is a path on this site (checked as sent and once percent-decoded), else None."""
    if not raw or len(raw) > MAX_NEXT or not _PATH.fullmatch(raw):
        return None
    decoded = unquote(raw)
    # Decoded too: "/%2F/evil.example" or "/%09/x" is no path a player was sent to by us.
    if not _DECODED.fullmatch(decoded) or urlsplit(raw).netloc or urlsplit(decoded).netloc:
        return None
    return raw

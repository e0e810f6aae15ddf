"""Where a `next` parameter may send a visitor: only to a path on this site."""
from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

# A path on this site in plain URL characters. Browsers drop tabs and line breaks inside a URL and read a
# backslash as a slash, so "/\t/evil.example" or "/\\evil.example" would leave the site: such characters,
# whitespace and anything non-ASCII (fullwidth or other look-alike slashes) are simply not accepted.
_PATH = re.compile(r"/(?!/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*")
MAX_NEXT = 1000


def _is_local_path(text: str) -> bool:
    if not _PATH.fullmatch(text):
        return False
    parts = urlsplit(text)
    return not parts.scheme and not parts.netloc


def safe_next(raw: str | None) -> str | None:
    """`raw` if it is a path on this site (checked as sent and once percent-decoded), else None."""
    if not raw or len(raw) > MAX_NEXT:
        return None
    # Decoded once too: "/%2F/evil.example" or "/%09/x" is no path a player was sent to by us.
    if _is_local_path(raw) and _is_local_path(unquote(raw)):
        return raw
    return None

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


def _plain_path(path: str) -> bool:
    """Whether a path has no empty segment ("//") and no dot segment ("." or ".."), but at its end ("/games/").

    Refused rather than normalised: "/.//evil.example" is a path on this site, but a browser removes its dot
    segment before it asks ("//evil.example"), and that path, put in a link or a Location by whatever reads
    it next (here or in the browser's script), is a protocol-relative URL to another site; "/a/..//evil.example"
    is the same. Normalising would mean guessing how each browser and proxy resolves them (they differ on
    backslashes and encoded dots), and no link of ours holds such a path.
    """
    *inner, last = path.split("/")[1:]
    return not any(segment in ("", ".", "..") for segment in inner) and last not in (".", "..")


def safe_next(raw: str | None) -> str | None:
    """`raw` if it is a plain path on this site (checked as sent and once percent-decoded), else None."""
    if not raw or len(raw) > MAX_NEXT or not _PATH.fullmatch(raw):
        return None
    decoded = unquote(raw)
    # Decoded too: "/%2F/evil.example" or "/%09/x" is no path a player was sent to by us.
    if not _DECODED.fullmatch(decoded) or urlsplit(raw).netloc or urlsplit(decoded).netloc:
        return None
    # The path alone (a query may hold anything plain, "?back=/a//b" included), as sent and decoded ("/%2e//x").
    path = urlsplit(raw).path
    if not _plain_path(path) or not _plain_path(unquote(path)):
        return None
    return raw

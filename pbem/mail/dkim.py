"""DKIM with dkimpy: signing outgoing mail (when DKIM_PRIVATE_KEY and DKIM_SELECTOR are configured),
and checking that an incoming mail was signed by the domain of its sender."""
from __future__ import annotations

from email.utils import parseaddr
from functools import lru_cache
from pathlib import Path

import dkim

# RFC 8058: a one-click unsubscribe is only honoured by receivers when both List-Unsubscribe
# headers are covered by a valid DKIM signature; the threading and reply headers are signed
# so that nobody can re-thread or redirect a turn mail.
SIGNED_HEADERS = (b"from", b"to", b"subject", b"date", b"message-id", b"reply-to", b"in-reply-to",
                  b"references", b"list-unsubscribe", b"list-unsubscribe-post", b"auto-submitted",
                  b"mime-version", b"content-type")


@lru_cache(maxsize=4)
def load_key(value: str) -> bytes:
    """The PEM private key from DKIM_PRIVATE_KEY: the PEM text itself (literal "\\n" allowed) or a file path."""
    text = value.strip()
    if not text.startswith("-----BEGIN"):
        text = Path(text).read_text().strip()
    if "\n" not in text and "\\n" in text:  # one-line environment variables
        text = text.replace("\\n", "\n")
    return (text + "\n").encode()


def signing_domain(mail_from: str) -> str:
    """The d= domain: the domain of the From address, so that the signature aligns for DMARC."""
    return parseaddr(mail_from)[1].rpartition("@")[2].lower()


def sign(data: bytes, *, private_key: str, selector: str, domain: str) -> bytes:
    """`data` (a whole message, CRLF line ends) with a DKIM-Signature header (relaxed/relaxed, rsa-sha256) in front."""
    present = {line.split(b":", 1)[0].strip().lower() for line in data.split(b"\r\n\r\n", 1)[0].split(b"\r\n")
               if line and not line[:1].isspace()}
    header = dkim.sign(data, selector.encode(), domain.encode(), load_key(private_key),
                       canonicalize=(b"relaxed", b"relaxed"),
                       include_headers=[h for h in SIGNED_HEADERS if h in present], linesep=b"\r\n")
    return header + data


def lookup_txt(name: bytes, timeout: int = 5) -> bytes | None:
    """The DKIM key record for `name` from DNS (tests replace this with their own records)."""
    return dkim.dnsplug.get_txt(name, timeout=timeout)


def signed_by_sender(raw: bytes, sender: str) -> bool:
    """Whether `raw` carries a valid DKIM signature of the sender's own domain (or a parent of it).

    This is what a forger of the From header cannot make. A signature covering only part of
    the body (the l= tag) does not count: text added after it would pass for the sender's.
    """
    domain = sender.rpartition("@")[2].lower().rstrip(".")
    if not domain:
        return False
    try:
        checker = dkim.DKIM(raw)
        signatures = [value for name, value in checker.headers if name.lower() == b"dkim-signature"]
        for index, value in enumerate(signatures):
            tags = dkim.util.parse_tag_value(value)
            signer = tags.get(b"d", b"").decode("ascii", "replace").lower().rstrip(".")
            aligned = domain == signer or domain.endswith("." + signer)
            if aligned and b"l" not in tags and checker.verify(idx=index, dnsfunc=lookup_txt):
                return True
    except Exception:  # noqa: BLE001 - malformed signatures, keys or DNS failures all mean "not shown"
        return False
    return False


"""DKIM with dkimpy: signing outgoing mail (when DKIM_PRIVATE_KEY and DKIM_SELECTOR are configured),
and checking that an incoming mail was signed by the domain of its sender."""
from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections import OrderedDict
from email.utils import parseaddr
from functools import lru_cache
from pathlib import Path

import dkim

log = logging.getLogger(__name__)

# Checking a mail's signatures is bounded, since each one costs a DNS lookup that the sender's
# nameserver may make slow: at most this many signatures of the sender's domain are tried, within
# this many seconds for the whole check (also each lookup's timeout). Past either bound the mail
# counts as unsigned; a real mail has one or two signatures and its check takes milliseconds.
DKIM_MAX_SIGNATURES = 3
DKIM_TIME_BUDGET = 5.0
# Verdicts of checks that looked anything up, by (message hash, sender's domain), so a message
# handled again (a resumed or re-delivered one) is not checked again in this process.
VERDICTS_KEPT = 1024
_verdicts: OrderedDict[bytes, bool] = OrderedDict()
_verdicts_lock = threading.Lock()


class _Quiet(logging.LoggerAdapter):
    """dkimpy's messages at debug level: to it a missing key is an error, to us a mail that proves nothing."""

    def log(self, level, msg, *args, **kwargs):
        super().log(logging.DEBUG, msg, *args, **kwargs)


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


def lookup_txt(name: bytes, timeout: float = 5) -> bytes | None:
    """The DKIM key record for `name` from DNS (tests replace this with their own records)."""
    return dkim.dnsplug.get_txt(name, timeout=timeout)


def signed_by_sender(raw: bytes, sender: str) -> bool:
    """Whether `raw` carries a valid DKIM signature of the sender's own domain (or a parent of it).

    This is what a forger of the From header cannot make. A signature covering only part of
    the body (the l= tag) does not count: text added after it would pass for the sender's.
    Never raises: a malformed mail, a DNS failure or a check past its bounds means "not signed".
    """
    domain = sender.rpartition("@")[2].lower().rstrip(".")
    if not domain:
        return False
    key = hashlib.sha256(raw).digest() + domain.encode("utf-8", "replace")
    with _verdicts_lock:
        if key in _verdicts:
            _verdicts.move_to_end(key)
            return _verdicts[key]
    verdict, looked_up = _check(raw, domain)
    if looked_up:
        with _verdicts_lock:
            _verdicts[key] = verdict
            while len(_verdicts) > VERDICTS_KEPT:
                _verdicts.popitem(last=False)
    return verdict


def _check(raw: bytes, domain: str) -> tuple[bool, bool]:
    """(whether a signature of `domain` verifies, whether any was looked up), within the bounds above."""
    deadline = time.monotonic() + DKIM_TIME_BUDGET
    try:
        checker = dkim.DKIM(raw, logger=_Quiet(log, {}))
    except Exception:  # noqa: BLE001 - a message dkimpy cannot read is not signed
        return False, False
    candidates = []  # indexes among the DKIM-Signature headers, top (newest) first
    signatures = [value for name, value in checker.headers if name.lower() == b"dkim-signature"]
    for index, value in enumerate(signatures):
        if _aligned(value, domain):
            candidates.append(index)
            if len(candidates) > DKIM_MAX_SIGNATURES:
                break
    for index in candidates[:DKIM_MAX_SIGNATURES]:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        checker.timeout = left  # dkimpy hands it to the lookup as its timeout
        try:
            if checker.verify(idx=index, dnsfunc=lookup_txt):
                return True, True
        except Exception:  # noqa: BLE001 - a malformed signature or key, a DNS failure: this one shows nothing
            continue
    bound = ("time" if time.monotonic() >= deadline
             else "signatures" if len(candidates) > DKIM_MAX_SIGNATURES else None)
    if bound is not None:
        log.warning("DKIM check of a mail from %r stopped at its bound of %s (%d signatures, %g s): taken as "
                    "unsigned", domain[:100], bound, DKIM_MAX_SIGNATURES, DKIM_TIME_BUDGET)
    return False, bool(candidates)


def _aligned(value: bytes, domain: str) -> bool:
    """Whether a DKIM-Signature header is of `domain` (or a parent of it) and covers the whole body."""
    try:
        tags = dkim.util.parse_tag_value(value)
    except Exception:  # noqa: BLE001 - a malformed header signs nothing
        return False
    signer = tags.get(b"d", b"").decode("ascii", "replace").lower().rstrip(".")
    return bool(signer) and (domain == signer or domain.endswith("." + signer)) and b"l" not in tags

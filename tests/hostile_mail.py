"""Mail built to make pbem's DKIM check work hard: hundreds of well-formed DKIM-Signature headers."""
from __future__ import annotations

import base64
import os


def signature_headers(domain: str, count: int = 900) -> bytes:
    """`count` DKIM-Signature headers of `domain` that pass dkimpy's field checks and verify against nothing,
    each under its own selector (a DNS lookup apiece); 900 make about 127 KiB, as in the attack."""
    lines = []
    for n in range(count):
        bh = base64.b64encode(os.urandom(32)).decode()
        b = base64.b64encode(os.urandom(12)).decode()
        lines.append(f"DKIM-Signature: v=1; a=rsa-sha256; d={domain}; s=sel{n:04d}; "
                     f"h=from:to:subject; bh={bh}; b={b}\r\n")
    return "".join(lines).encode()


def with_signatures(raw: bytes, domain: str, count: int = 900) -> bytes:
    """`raw` (a whole message) with `count` such headers in front, as a mail server adds them."""
    return signature_headers(domain, count) + raw

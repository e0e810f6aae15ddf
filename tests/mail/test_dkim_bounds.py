"""The DKIM check of a received mail is bounded: a few signatures of the sender's domain, a few seconds, once a mail.

DNS is a replaced `lookup_txt` that counts its calls; nothing here reaches a nameserver.
"""
from __future__ import annotations

import logging
from collections import OrderedDict
from email.message import EmailMessage
from email.utils import make_msgid

import dkim as dkimpy
import pytest
from hostile_mail import with_signatures

from pbem.mail import dkim

SENDER = "ann@example.org"


@pytest.fixture(autouse=True)
def _no_remembered_verdicts(monkeypatch):
    monkeypatch.setattr(dkim, "_verdicts", OrderedDict())


class Clock:
    """The check's clock, moved only by the fake nameserver: a test of the time budget never waits or races."""

    def __init__(self):
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


class Dns:
    """example.org publishes `record` under the selector "s1"; every lookup is counted, and takes `delay` seconds
    of the check's clock."""

    def __init__(self, clock: Clock, record: bytes | None = None, delay: float = 0.0):
        self.clock, self.record, self.delay = clock, record, delay
        self.names: list[bytes] = []
        self.timeouts: list[float] = []

    def __call__(self, name: bytes, timeout: float = 5) -> bytes | None:
        self.names.append(name)
        self.timeouts.append(timeout)
        self.clock.now += self.delay
        return self.record if name == b"s1._domainkey.example.org." else None


@pytest.fixture
def dns(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(dkim, "time", clock)
    # Migrating a test database (alembic's logging set-up) disables the loggers that exist then: this one's
    # warnings are part of what is tested.
    monkeypatch.setattr(logging.getLogger("pbem.mail.dkim"), "disabled", False)

    def install(record: bytes | None = None, delay: float = 0.0) -> Dns:
        fake = Dns(clock, record, delay)
        monkeypatch.setattr("pbem.mail.dkim.lookup_txt", fake)
        return fake
    return install


def mail(text: str = "take 1") -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = SENDER, "play@pbem.test", "Re: your turn"
    msg["Message-ID"] = make_msgid(domain="example.org")
    msg.set_content(text + "\n")
    return msg.as_bytes()


def signed(raw: bytes, pem: str, domain: str = "example.org") -> bytes:
    return dkimpy.sign(raw, b"s1", domain.encode(), pem.encode(), include_headers=[b"from", b"to", b"subject"]) + raw


def test_900_signatures_of_the_senders_domain_cost_at_most_the_cap(dns, caplog):
    fake = dns()
    raw = with_signatures(mail(), "example.org")
    assert len(raw) > 120 * 1024
    with caplog.at_level(logging.WARNING, logger="pbem.mail.dkim"):
        assert dkim.signed_by_sender(raw, SENDER) is False
    assert len(fake.names) == dkim.DKIM_MAX_SIGNATURES == 3
    [warning] = caplog.records
    assert "bound of signatures" in warning.getMessage() and "example.org" in warning.getMessage()


def test_a_slow_nameserver_stops_the_check_at_its_time_budget(dns, monkeypatch, caplog):
    monkeypatch.setattr(dkim, "DKIM_MAX_SIGNATURES", 1000)  # only the clock bounds it here
    monkeypatch.setattr(dkim, "DKIM_TIME_BUDGET", 0.3)
    fake = dns(delay=0.1)
    with caplog.at_level(logging.WARNING, logger="pbem.mail.dkim"):
        assert dkim.signed_by_sender(with_signatures(mail(), "example.org"), SENDER) is False
    # The budget is checked between lookups: three lookups of 0.1 s fill 0.3 s (900 would take 90 s).
    assert len(fake.names) == 3
    # Each lookup is given what is left of the budget as its timeout.
    assert fake.timeouts == pytest.approx([0.3, 0.2, 0.1])
    [warning] = caplog.records
    assert "bound of time" in warning.getMessage()


def test_a_validly_signed_mail_still_passes_with_one_lookup(dns, dkim_key):
    pem, record = dkim_key
    fake = dns(record)
    assert dkim.signed_by_sender(signed(mail(), pem), SENDER) is True
    assert fake.names == [b"s1._domainkey.example.org."]
    # A subdomain's sender is vouched for by its parent's signature, as before.
    assert dkim.signed_by_sender(signed(mail(), pem), "ann@mail.example.org") is True


def test_a_valid_signature_behind_a_few_bad_ones_passes_and_behind_too_many_does_not(dns, dkim_key):
    pem, record = dkim_key
    fake = dns(record)
    raw = signed(mail(), pem)
    assert dkim.signed_by_sender(with_signatures(raw, "example.org", count=2), SENDER) is True
    assert len(fake.names) == 3
    fake.names.clear()
    assert dkim.signed_by_sender(with_signatures(raw, "example.org", count=3), SENDER) is False
    assert len(fake.names) == 3


def test_signatures_of_other_domains_are_never_looked_up(dns, dkim_key):
    pem, record = dkim_key
    fake = dns(record)
    # Not the sender's domain nor a parent of it: a look-alike suffix, a subdomain, another domain.
    raw = mail()
    for domain in ("forger.test", "notexample.org", "mail.example.org", "org.example"):
        raw = with_signatures(raw, domain, count=300)
    assert dkim.signed_by_sender(raw, SENDER) is False
    assert fake.names == []
    # They do not use up the cap either: the sender's own signature beneath them is checked, once.
    assert dkim.signed_by_sender(with_signatures(signed(mail(), pem), "forger.test"), SENDER) is True
    assert fake.names == [b"s1._domainkey.example.org."]


def test_a_partial_body_signature_is_not_looked_up(dns, dkim_key):
    pem, record = dkim_key
    fake = dns(record)
    raw = mail()
    partial = dkimpy.sign(raw, b"s1", b"example.org", pem.encode(), length=True, include_headers=[b"from"]) + raw
    assert dkim.signed_by_sender(partial, SENDER) is False and fake.names == []


def test_a_mail_is_checked_once(dns, dkim_key):
    pem, record = dkim_key
    fake = dns(record)
    good, bad = signed(mail(), pem), with_signatures(mail(), "example.org")
    for _ in range(3):
        assert dkim.signed_by_sender(good, SENDER) is True
        assert dkim.signed_by_sender(bad, SENDER) is False
    assert len(fake.names) == 1 + dkim.DKIM_MAX_SIGNATURES
    # The verdict is the sender's domain's: the same bytes from another domain are checked for it.
    assert dkim.signed_by_sender(good, "ann@example.net") is False


def test_the_remembered_verdicts_are_bounded(dns, monkeypatch):
    monkeypatch.setattr(dkim, "VERDICTS_KEPT", 5)
    dns()
    for _ in range(12):
        dkim.signed_by_sender(with_signatures(mail(), "example.org", count=1), SENDER)
    assert len(dkim._verdicts) == 5


def test_nothing_a_mail_or_its_dns_does_escapes_the_check(monkeypatch):
    def failing(name, timeout=5):
        raise dkimpy.DnsTimeoutError("no answer")

    monkeypatch.setattr("pbem.mail.dkim.lookup_txt", failing)
    assert dkim.signed_by_sender(with_signatures(mail(), "example.org", count=2), SENDER) is False
    monkeypatch.setattr("pbem.mail.dkim.lookup_txt", lambda name, timeout=5: b"v=DKIM1; k=rsa; p=@@@")
    broken = b"DKIM-Signature: v=1; d=example.org; d=example.org\r\nDKIM-Signature: garbage\r\n" + mail()
    for raw in (broken, with_signatures(mail(), "example.org", count=2), b"", b"\xff\xfe\x00", b"DKIM-Signature:"):
        assert dkim.signed_by_sender(raw, SENDER) is False

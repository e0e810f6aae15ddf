"""Auto-replies, list mail, bounces (DSN hard and soft), complaints (ARF) and loops are told apart from replies."""
import email
import email.policy
import textwrap

import pytest

from pbem.mail.classify import bounce_info, is_auto_reply, is_loop
from pbem.mail.decode import decode

OUR_ID = "<turn-41.s3.Xk9fQ2@pbem.example>"


def _raw(headers: str, body: str = "place 3 forest\r\n") -> bytes:
    head = "\r\n".join(textwrap.dedent(headers).strip("\n").splitlines())
    return (head + "\r\n\r\n" + body).encode("utf-8")


def _msg(headers: str, body: str = "place 3 forest\r\n"):
    return email.message_from_bytes(_raw(headers, body), policy=email.policy.default)


REPLY = """
From: Player <player@example.org>
To: play+s3.Xk9fQ2@pbem.example
Subject: Re: [pbem] Stone Age #12
Message-ID: <reply-1@example.org>
In-Reply-To: <turn-41.s3.Xk9fQ2@pbem.example>
"""


def test_a_plain_reply_is_none_of_these():
    received = decode(_raw(REPLY), own_domains=("pbem.example",))
    assert not received.is_auto_reply
    assert not received.is_loop
    assert not received.is_bounce
    assert received.bounce is None


@pytest.mark.parametrize(
    "header",
    [
        "Auto-Submitted: auto-replied",
        "Auto-Submitted: auto-generated",
        "Auto-Submitted: auto-notified; owner-email=a@example.org",
        "X-Autoreply: yes",
        "X-Autorespond: Out of office",
        "X-Auto-Response-Suppress: All",
        "X-Auto-Response-Suppress: DR, OOF, AutoReply",
        "Precedence: bulk",
        "Precedence: list",
        "Precedence: junk",
        "Precedence: auto_reply",
        "List-Id: <players.lists.example.org>",
        "List-Unsubscribe: <mailto:leave@lists.example.org>",
    ],
)
def test_machine_headers_mark_an_auto_reply(header):
    assert is_auto_reply(_msg(REPLY + header))


@pytest.mark.parametrize(
    "header",
    ["Auto-Submitted: no", "Precedence: first-class", "X-Auto-Response-Suppress: DR, RN", "X-Autoreply: no"],
)
def test_harmless_values_of_those_headers_are_not_auto_replies(header):
    assert not is_auto_reply(_msg(REPLY + header))


@pytest.mark.parametrize(
    "subject",
    [
        "Automatic reply: [pbem] Stone Age #12",
        "Auto: [pbem] Stone Age #12",
        "Out of Office: [pbem] Stone Age #12",
        "Abwesenheitsnotiz: [pbem] Steinzeit #12",
        "Automatische Antwort: [pbem] Steinzeit #12",
        "Réponse automatique : [pbem] Âge de pierre #12",
        "自動応答: [pbem] 石器時代 #12",
    ],
)
def test_out_of_office_subjects_mark_an_auto_reply(subject):
    assert is_auto_reply(_msg(f"From: p@example.org\nSubject: {subject}"))


def test_a_subject_merely_mentioning_automation_is_a_reply():
    assert not is_auto_reply(_msg("From: p@example.org\nSubject: Re: [pbem] Automatic tools question"))


def _report(report_type: str, *parts: str) -> bytes:
    body = "".join(f"--rep\r\n{part}\r\n" for part in parts) + "--rep--\r\n"
    return _raw(
        f"""
        From: Mail Delivery System <MAILER-DAEMON@mx.example.org>
        To: bounces@pbem.example
        Subject: Undelivered Mail Returned to Sender
        Auto-Submitted: auto-replied
        Content-Type: multipart/report; report-type={report_type}; boundary="rep"
        """,
        body,
    )


HUMAN_PART = (
    "Content-Type: text/plain; charset=us-ascii\r\n\r\n"
    "This is the mail system. Your message could not be delivered."
)


def _status_part(*recipients: tuple[str, str, str]) -> str:
    blocks = ["Reporting-MTA: dns; mx.example.org\r\nArrival-Date: Sat, 21 Nov 2026 10:00:00 +0000"]
    for address, action, status in recipients:
        blocks.append(
            f"Final-Recipient: rfc822; {address}\r\nOriginal-Recipient: rfc822;{address}\r\n"
            f"Action: {action}\r\nStatus: {status}\r\n"
            f"Diagnostic-Code: smtp; 550 {status} <{address}>: Recipient address rejected"
        )
    return "Content-Type: message/delivery-status\r\n\r\n" + "\r\n\r\n".join(blocks) + "\r\n"


ORIGINAL_MESSAGE = (
    "Content-Type: message/rfc822\r\n\r\n"
    f"From: pbem <play@pbem.example>\r\nTo: Gone <gone@example.org>\r\nMessage-ID: {OUR_ID}\r\n"
    "Subject: [pbem] Stone Age #12\r\n\r\nIt is your turn.\r\n"
)


def test_dsn_with_5xx_status_is_a_hard_bounce_naming_our_message():
    status = _status_part(("Gone@Example.org", "failed", "5.1.1"))
    raw = _report("delivery-status", HUMAN_PART, status, ORIGINAL_MESSAGE)
    received = decode(raw)
    assert received.is_bounce
    assert received.bounce.kind == "hard"
    assert received.bounce.status == "5.1.1"
    assert received.bounce.action == "failed"
    assert received.bounce.recipient == "gone@example.org"
    assert "Recipient address rejected" in received.bounce.diagnostic
    assert received.bounce.original_message_id == OUR_ID
    assert received.text.startswith("This is the mail system.")


def test_dsn_with_4xx_status_is_a_soft_bounce_and_reads_rfc822_headers():
    headers_part = (
        "Content-Type: text/rfc822-headers\r\n\r\n"
        f"From: pbem <play@pbem.example>\r\nMessage-ID:\r\n {OUR_ID}\r\nSubject: [pbem] Stone Age #12\r\n"
    )
    raw = _report("delivery-status", HUMAN_PART, _status_part(("full@example.org", "delayed", "4.2.2")), headers_part)
    bounce = bounce_info(email.message_from_bytes(raw, policy=email.policy.default))
    assert bounce.kind == "soft"
    assert bounce.status == "4.2.2"
    assert bounce.recipient == "full@example.org"
    assert bounce.original_message_id == OUR_ID


def test_one_hard_failure_among_several_recipients_makes_it_hard():
    raw = _report(
        "delivery-status",
        HUMAN_PART,
        _status_part(("slow@example.org", "delayed", "4.4.1"), ("gone@example.org", "failed", "5.1.1")),
    )
    bounce = decode(raw).bounce
    assert (bounce.kind, bounce.recipient) == ("hard", "gone@example.org")


def test_success_notification_is_no_bounce_but_is_machine_mail():
    raw = _report("delivery-status", HUMAN_PART, _status_part(("fine@example.org", "delivered", "2.0.0")))
    received = decode(raw)
    assert received.bounce is None
    assert received.is_auto_reply


def test_arf_feedback_report_is_a_complaint():
    feedback = (
        "Content-Type: message/feedback-report\r\n\r\n"
        "Feedback-Type: abuse\r\nUser-Agent: SomeGenerator/1.0\r\nVersion: 1\r\n"
        "Original-Mail-From: <bounces@pbem.example>\r\nOriginal-Rcpt-To: <Angry@Example.org>\r\n"
        "Arrival-Date: Sat, 21 Nov 2026 10:00:00 +0000\r\n"
    )
    human = "Content-Type: text/plain\r\n\r\nThis is an abuse report."
    raw = _report("feedback-report", human, feedback, ORIGINAL_MESSAGE)
    bounce = decode(raw).bounce
    assert bounce.kind == "complaint"
    assert bounce.feedback_type == "abuse"
    assert bounce.recipient == "angry@example.org"
    assert bounce.original_message_id == OUR_ID


def test_non_standard_bounce_from_mailer_daemon_is_read_from_its_text():
    raw = _raw(
        """
        From: MAILER-DAEMON@old-mx.example.org
        Subject: failure notice
        """,
        "Hi. This is the qmail-send program.\r\n<gone@example.org>:\r\n"
        "550 5.1.1 mailbox unavailable\r\n\r\n--- Below this line is a copy of the message.\r\n\r\n"
        f"From: play@pbem.example\r\nMessage-ID: {OUR_ID}\r\n",
    )
    bounce = decode(raw).bounce
    assert (bounce.kind, bounce.status, bounce.original_message_id) == ("hard", "5.1.1", OUR_ID)


def test_bounce_subject_without_status_is_only_soft():
    raw = _raw("From: postmaster@example.org\nSubject: Delivery Status Notification (Delay)", "Still trying.\r\n")
    assert decode(raw).bounce.kind == "soft"


def test_auto_generated_mail_is_a_loop():
    assert is_loop(_msg(REPLY + "Auto-Submitted: auto-generated"))
    assert not is_loop(_msg(REPLY + "Auto-Submitted: auto-replied"))


@pytest.mark.parametrize(
    ("message_id", "looped"),
    [
        ("<turn-41@pbem.example>", True),
        ("<x@mail.PBEM.example>", True),
        ("<x@notpbem.example>", False),
        ("<x@example.org>", False),
    ],
)
def test_our_own_message_id_domain_is_a_loop(message_id, looped):
    raw = _raw(f"From: play@pbem.example\nMessage-ID: {message_id}")
    assert decode(raw, own_domains=("pbem.example",)).is_loop is looped


def test_a_single_own_domain_may_be_given_as_a_string():
    assert decode(_raw("From: play@pbem.example\nMessage-ID: <t@pbem.example>"), own_domains="pbem.example").is_loop
    assert not decode(_raw("From: a@b.e\nMessage-ID: <t@b.e>"), own_domains="pbem.example").is_loop


def test_without_own_domains_only_auto_generated_is_a_loop():
    assert not decode(_raw("From: play@pbem.example\nMessage-ID: <turn-41@pbem.example>")).is_loop

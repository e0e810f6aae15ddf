"""Hostile and malformed mail never makes decoding or reply cutting raise, and output stays bounded."""
import base64

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.mail.command_text import MAX_COMMAND_LINES, command_lines
from pbem.mail.decode import MAX_TEXT_CHARS, Received, decode
from pbem.mail.reply import extract_reply

FUZZ = settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
# NFKC can turn one character into up to 18 (U+FDFA); nothing else grows the text.
NFKC_GROWTH = 18


def _assert_bounded(received: Received) -> None:
    assert isinstance(received, Received)
    assert len(received.text) <= MAX_TEXT_CHARS
    assert len(received.subject) <= 4096
    assert "\n" not in received.subject and "\r" not in received.subject
    assert "\x00" not in received.text
    reply = extract_reply(received.text)
    assert len(reply) <= len(received.text)
    lines = command_lines(received.text)
    assert len(lines) <= MAX_COMMAND_LINES
    assert sum(len(line) for line in lines) <= NFKC_GROWTH * len(reply)


@FUZZ
@given(st.binary(max_size=4096))
def test_random_bytes_decode(raw):
    _assert_bounded(decode(raw))


HEADER_NAMES = st.sampled_from([
    "From", "To", "Cc", "Subject", "Message-ID", "In-Reply-To", "References", "Date", "Content-Type",
    "Content-Transfer-Encoding", "Content-Disposition", "Auto-Submitted", "Precedence", "List-Id",
    "X-Auto-Response-Suppress", "Delivered-To", "MIME-Version", "Sender", "X-Autoreply",
])
HEADER_VALUES = st.one_of(
    st.text(max_size=200),
    st.sampled_from([
        "=?utf-8?B?!!!?=", "=?x-bogus?Q?=FF=FE?=", "=?iso-2022-jp?B?GyRC?=", "=?shift_jis?B?gqA=?=",
        "a@b\r\nBcc: victim@example.org", "<a@b> <c@d", "\"unterminated <x@y>", "@@@,,,<<>>",
        "multipart/mixed; boundary=", "multipart/alternative; boundary=\"\"", "text/plain; charset=\"",
        "text/plain; charset=utf-7", "text/html; charset=x-sjis", "message/delivery-status",
        "multipart/report; report-type=delivery-status; boundary=b", "base64", "quoted-printable", "x-uuencode",
        "Sat, 99 Nov 99999 99:99 +9999", "(" * 200, "\\" * 50, "=?" * 100,
    ]),
)
CHARSETS = st.sampled_from(["utf-8", "iso-2022-jp", "shift_jis", "cp932", "euc-jp", "iso-8859-1", "windows-1252",
                            "x-unknown", "utf-16", "", "\"", "utf-8*en", "../../etc"])
ENCODINGS = st.sampled_from(["7bit", "8bit", "binary", "base64", "quoted-printable", "x-uuencode", "bogus"])
BODIES = st.one_of(
    st.binary(max_size=2048),
    st.text(max_size=1024).map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.sampled_from([b"=\r\n=ZZ=", b"begin 644 x\r\n#86)C\r\n`\r\nend", b"<blockquote>" * 50, b"\xff\xfe\x00"]),
)


@st.composite
def headers(draw):
    pairs = draw(st.lists(st.tuples(HEADER_NAMES, HEADER_VALUES), max_size=12))
    lines = []
    for name, value in pairs:
        # Hostile values keep their raw CR/LF: the parser must cope with injected lines.
        lines.append(f"{name}: {value}".encode("utf-8", "surrogatepass"))
    return b"\r\n".join(lines)


@st.composite
def parts(draw, depth=0):
    if depth < 4 and draw(st.booleans()):
        boundary = draw(st.sampled_from(["b", "b" * 70, "=_x", "a b", "", "--"]))
        subtype = draw(st.sampled_from(["mixed", "alternative", "related", "signed", "report"]))
        children = draw(st.lists(parts(depth + 1), max_size=3))
        body = b"".join(b"--" + boundary.encode() + b"\r\n" + child + b"\r\n" for child in children)
        if draw(st.booleans()):
            body += b"--" + boundary.encode() + b"--\r\n"
        return f'Content-Type: multipart/{subtype}; boundary="{boundary}"\r\n\r\n'.encode() + body
    content = draw(st.sampled_from(["text/plain", "text/html", "image/png", "message/rfc822",
                                    "message/delivery-status", "text/rfc822-headers", "application/octet-stream"]))
    head = (f"Content-Type: {content}; charset={draw(CHARSETS)}\r\n"
            f"Content-Transfer-Encoding: {draw(ENCODINGS)}\r\n").encode()
    if draw(st.booleans()):
        head += b"Content-Disposition: attachment; filename=\"x.bin\"\r\n"
    return head + b"\r\n" + draw(BODIES)


@FUZZ
@given(headers(), parts())
def test_malformed_mime_decodes(head, body):
    _assert_bounded(decode(head + b"\r\n" + body))


@FUZZ
@given(st.text(max_size=3000))
def test_any_text_is_cut_without_raising(text):
    reply = extract_reply(text)
    assert len(reply) <= len(text)
    lines = command_lines(text)
    assert len(lines) <= MAX_COMMAND_LINES


REPLY_LINES = st.sampled_from([
    "place 3 forest", "", "> quoted", ">", "On Sat, 21 Nov 2026 at 10:00, pbem <p@pbem.example> wrote:",
    "2026年11月21日(土) 10:00 pbem <", "p@pbem.example>:", "差出人: pbem", "送信日時: 2026年11月21日", "-- ",
    "-----Original Message-----", "From: a", "Sent: b", "Sent from my iPhone", "```", "ｐｌａｃｅ　３",
    "Le sam. 21 nov. 2026 à 10:00, Jean <j@x.fr> a écrit :", "Am 21.11.2026 um 10:00 schrieb Hans <h@x.de>:",
    "C> old", "____", "\u200b", "\u3000",
])


@FUZZ
@given(st.lists(REPLY_LINES, max_size=40))
def test_reply_shaped_text_is_cut_without_raising(lines):
    text = "\n".join(lines)
    assert len(extract_reply(text)) <= len(text)
    for line in command_lines(text):
        assert line == line.strip() and line
        assert not line.startswith(">")


def test_nested_multiparts_a_hundred_deep_decode():
    depth = 100
    body = b"".join(b"--b%d\r\nContent-Type: multipart/mixed; boundary=b%d\r\n\r\n" % (i, i + 1) for i in range(depth))
    body += b"--b%d\r\nContent-Type: text/plain\r\n\r\nplace 3 forest\r\n" % depth
    body += b"".join(b"--b%d--\r\n" % i for i in range(depth, -1, -1))
    received = decode(b"From: a@example.org\r\nContent-Type: multipart/mixed; boundary=b0\r\n\r\n" + body)
    _assert_bounded(received)
    assert received.from_address == "a@example.org"


def test_nesting_beyond_the_parser_recursion_limit_still_gives_headers():
    depth = 3000
    body = b"".join(b"--b%d\r\nContent-Type: multipart/mixed; boundary=b%d\r\n\r\n" % (i, i + 1) for i in range(depth))
    received = decode(b"From: a@example.org\r\nContent-Type: multipart/mixed; boundary=b0\r\n\r\n" + body)
    _assert_bounded(received)
    assert received.from_address == "a@example.org"


def test_several_megabyte_body_is_capped():
    raw = b"From: a@example.org\r\nContent-Type: text/plain\r\n\r\n" + b"place 3 forest\r\n" * 400_000
    received = decode(raw)
    assert len(received.text) == MAX_TEXT_CHARS
    assert len(command_lines(received.text)) == MAX_COMMAND_LINES


def test_binary_attachment_of_megabytes_is_ignored():
    blob = base64.encodebytes(bytes(range(256)) * 12_000).replace(b"\n", b"\r\n")
    raw = (b"From: a@example.org\r\nContent-Type: multipart/mixed; boundary=x\r\n\r\n"
           b"--x\r\nContent-Type: text/plain\r\n\r\nfeed\r\n"
           b"--x\r\nContent-Type: image/jpeg\r\nContent-Transfer-Encoding: base64\r\n\r\n" + blob +
           b"--x\r\nContent-Type: application/octet-stream\r\n\r\n" + bytes(range(256)) * 1000 + b"\r\n--x--\r\n")
    assert command_lines(decode(raw).text) == ["feed"]


def test_megabyte_header_and_thousands_of_headers_are_bounded():
    raw = (b"Subject: " + b"=?utf-8?B?QUFB?= " * 60_000 + b"\r\n" + b"X-Junk: 1\r\n" * 20_000 +
           b"To: " + b"a@example.org, " * 50_000 + b"\r\nReferences: " + b"<a@b> " * 50_000 + b"\r\n\r\nfeed\r\n")
    received = decode(raw)
    _assert_bounded(received)
    assert len(received.to) <= 100
    assert len(received.references) <= 100


def test_header_injection_stays_inside_its_header():
    raw = (b"From: a@example.org\r\nSubject: hi\rBcc: victim@example.org\r\n"
           b"To: =?utf-8?Q?x=0D=0ABcc=3A_v@example.org?= <play@pbem.example>\r\n\r\nfeed\r\n")
    received = decode(raw)
    assert "\r" not in received.subject and "\n" not in received.subject
    assert received.to == ("play@pbem.example",)
    assert all("\n" not in address for address in received.to)

"""Hostile and malformed mail through the whole inbound path: never an exception, no move from a refused message."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from outbox_rows import pending

from pbem import play, tokens
from pbem.extensions import db
from pbem.mail import inbound
from pbem.models import Move

# Hypothesis runs many examples inside one test, so the game fixture is made once per test on
# purpose; rows pile up between examples, which is what a real mailbox looks like too.
FUZZ = settings(max_examples=60, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])
_ids = itertools.count()

# Headers a fuzzer may add without changing who wrote the message or which seat it names.
NEUTRAL_NAMES = st.sampled_from([
    "Subject", "Date", "X-Mailer", "Received", "Return-Path", "Comments", "Keywords", "MIME-Version",
    "Content-Disposition", "Content-Transfer-Encoding", "X-Spam-Status", "Thread-Topic", "Content-Language",
])
HOSTILE_VALUES = st.one_of(
    st.text(max_size=300),
    st.sampled_from([
        "=?utf-8?B?!!!?=", "=?x-bogus?Q?=FF=FE?=", "=?iso-2022-jp?B?GyRC?=", "a@b\r\nBcc: victim@example.org",
        "\"unterminated <x@y>", "@@@,,,<<>>", "(" * 300, "\\" * 80, "=?" * 200, "\x00\x01\x02", "x" * 5000,
        "base64", "quoted-printable", "bogus",
    ]),
)
BODIES = st.one_of(
    st.binary(max_size=3000),
    st.text(max_size=2000).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.integers(0, 3_000_000).map(lambda n: b"take 1\r\n" + b"A" * n),  # huge bodies
    st.sampled_from([b"", b"\r\n\r\n", b"--\r\n", b"=\r\n" * 100, b"\xff\xfe" * 500]),
)


def _header_bytes(name: str, value: str) -> bytes:
    return f"{name}: {value}\r\n".encode("utf-8", "surrogateescape")


@st.composite
def bodies_with_attachments(draw, command: str = "take 1") -> tuple[bytes, bytes]:
    """(extra headers, body): the command, maybe in a multipart with binary attachments or broken boundaries."""
    shape = draw(st.sampled_from(["plain", "multipart", "broken", "nested", "html"]))
    junk = draw(BODIES)
    if shape == "plain":
        return b"Content-Type: text/plain; charset=utf-8\r\n", command.encode() + b"\r\n" + junk
    if shape == "html":
        return b"Content-Type: text/html\r\n", b"<p>" + command.encode() + b"</p><script>" + junk + b"</script>"
    boundary = draw(st.sampled_from(["b1", "", "\"", "x" * 200, "==="]))
    attachment = (f"--{boundary}\r\nContent-Type: application/octet-stream; name=\"a.bin\"\r\n"
                  "Content-Disposition: attachment; filename=\"a.bin\"\r\n"
                  f"Content-Transfer-Encoding: {draw(st.sampled_from(['base64', 'binary', '8bit', 'x-uuencode']))}"
                  "\r\n\r\n").encode() + junk + b"\r\n"
    text = f"--{boundary}\r\nContent-Type: text/plain\r\n\r\n{command}\r\n".encode()
    if shape == "nested":
        inner = text + attachment + f"--{boundary}--\r\n".encode()
        text = (f"--{boundary}\r\nContent-Type: multipart/mixed; boundary=\"{boundary}\"\r\n\r\n").encode() + inner
    end = b"" if shape == "broken" else f"--{boundary}--\r\n".encode()
    return f"Content-Type: multipart/mixed; boundary=\"{boundary}\"\r\n".encode(), text + attachment + end


@st.composite
def neutral_headers(draw) -> bytes:
    pairs = draw(st.lists(st.tuples(NEUTRAL_NAMES, HOSTILE_VALUES), max_size=6))
    return b"".join(_header_bytes(name, value.replace("\r", " ").replace("\n", " ")) for name, value in pairs)


@pytest.fixture
def table(make_game):
    """A Countdown game where it is Ann's turn and "take 1" would be legal."""
    game = make_game(options={"pile": 40})
    return game, tokens.reply_address(game.id, 0)


def _moves() -> int:
    return db.session.scalar(select(func.count()).select_from(Move))


def _refused(raw: bytes) -> None:
    before = _moves()
    row = inbound.receive(raw, "raw")
    assert inbound.is_final(row)
    assert row.outcome in ("wrong_sender", "unknown_sender", "stopped", "auto_reply", "loop", "bounce",
                           "complaint", "bounce_unproven", "complaint_unproven", "no_command"), (row.outcome,
                                                                                                row.detail)
    assert _moves() == before


SENDERS = st.one_of(st.sampled_from(["friend@elsewhere.org", "bob@example.com", "ANN@example.com.evil.org",
                                     "\"ann@example.com\" <mallory@evil.org>", "ann@example.com@evil.org", "",
                                     "<>", "mailer@pbem.test"]),
                    st.emails().map(str))


@FUZZ
@given(sender=SENDERS, headers=neutral_headers(), body=bodies_with_attachments())
def test_a_signed_address_from_anyone_but_the_player_plays_nothing(table, sender, headers, body):
    _game, address = table
    if sender.strip().lower() == "ann@example.com":
        return
    raw = (_header_bytes("From", sender) + _header_bytes("To", address)
           + _header_bytes("Message-ID", f"<fuzz-{next(_ids)}@mail.example.org>") + headers + body[0] + b"\r\n"
           + body[1])
    _refused(raw)


FORGED = st.one_of(
    st.text("abcdefghijklmnopqrstuvwxyz234567", min_size=16, max_size=16).map(lambda mac: ("g{game}s0-" + mac)),
    st.sampled_from(["g{game}s0-", "g{game}s0", "g{game}s99-aaaaaaaaaaaaaaaa", "g0s0-aaaaaaaaaaaaaaaa",
                     "g{game}s0-AAAAAAAAAAAAAAAA", "g{game}s0-" + "a" * 200]),
)


@FUZZ
@given(forged=FORGED, where=st.sampled_from(["To", "Cc", "Delivered-To", "In-Reply-To", "References"]),
       headers=neutral_headers(), body=bodies_with_attachments())
def test_a_forged_or_foreign_token_plays_nothing(table, forged, where, headers, body):
    game, _address = table
    token = forged.format(game=game.id)
    value = f"<turn.{token}.0@pbem.test>" if where in ("In-Reply-To", "References") else f"play+{token}@pbem.test"
    raw = (_header_bytes("From", "ann@example.com") + _header_bytes(where, value)
           + _header_bytes("Message-ID", f"<fuzz-{next(_ids)}@mail.example.org>") + headers + body[0] + b"\r\n"
           + body[1])
    _refused(raw)


# A correctly signed token for a game or seat that does not exist is refused too.
def test_a_signed_token_for_a_missing_seat_plays_nothing(table):
    game, _address = table
    for game_id, seat in ((game.id, 7), (game.id + 100, 0)):
        raw = (_header_bytes("From", "ann@example.com") + _header_bytes("To", tokens.reply_address(game_id, seat))
               + _header_bytes("Message-ID", f"<fuzz-{next(_ids)}@mail.example.org>") + b"\r\ntake 1\r\n")
        _refused(raw)


MACHINE_HEADERS = st.sampled_from([
    ("Auto-Submitted", "auto-replied"), ("Auto-Submitted", "auto-generated; x=y"), ("Auto-Submitted", "AUTO-NOTIFIED"),
    ("X-Autoreply", "yes"), ("Precedence", "bulk"), ("Precedence", "LIST"), ("Precedence", "junk"),
    ("X-Auto-Response-Suppress", "All"), ("List-Id", "<players.example.org>"), ("Message-ID", "<loop@pbem.test>"),
])


@FUZZ
@given(machine=MACHINE_HEADERS, headers=neutral_headers(), body=bodies_with_attachments())
def test_machine_mail_from_the_player_plays_nothing(table, machine, headers, body):
    _game, address = table
    message_id = b"" if machine[0] == "Message-ID" else _header_bytes(
        "Message-ID", f"<fuzz-{next(_ids)}@mail.example.org>")
    if machine[0] == "Message-ID":
        machine = ("Message-ID", f"<loop-{next(_ids)}@pbem.test>")
    raw = (_header_bytes("From", "ann@example.com") + _header_bytes("To", address) + message_id
           + _header_bytes(*machine) + headers + body[0] + b"\r\n" + body[1])
    _refused(raw)


@FUZZ
@given(status=st.sampled_from(["5.1.1", "4.2.2", "5.7.1", "", "9.9.9"]), headers=neutral_headers(),
       junk=BODIES)
def test_bounces_play_nothing(table, status, headers, junk):
    _game, address = table
    raw = (_header_bytes("From", "MAILER-DAEMON@mx.example.com") + _header_bytes("To", address)
           + _header_bytes("Message-ID", f"<fuzz-{next(_ids)}@mx.example.com>") + headers
           + b"Content-Type: multipart/report; report-type=delivery-status; boundary=\"r\"\r\n\r\n"
           + b"--r\r\nContent-Type: text/plain\r\n\r\ntake 1\r\n" + junk + b"\r\n"
           + b"--r\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx\r\n\r\n"
           + b"Final-Recipient: rfc822; ann@example.com\r\nAction: failed\r\n"
           + f"Status: {status}\r\n\r\n--r--\r\n".encode())
    _refused(raw)


@FUZZ
@given(raw=st.one_of(st.binary(max_size=5000), BODIES))
def test_any_bytes_at_all_are_stored_and_never_raise(table, raw):
    row = inbound.receive(raw, "raw")
    # "error" is what receive records when handling raised: that must not happen either.
    assert inbound.is_final(row) and row.outcome != "error", row.detail


@FUZZ
@given(headers=neutral_headers(), body=bodies_with_attachments())
def test_the_players_own_reply_in_hostile_wrapping_never_raises_and_keeps_the_log_sound(table, headers, body):
    game, address = table
    raw = (_header_bytes("From", "ann@example.com") + _header_bytes("To", address)
           + _header_bytes("Message-ID", f"<fuzz-{next(_ids)}@mail.example.org>") + headers + body[0] + b"\r\n"
           + body[1])
    row = inbound.receive(raw, "raw")
    assert inbound.is_final(row) and row.outcome != "error", row.detail
    db.session.expire_all()
    assert play.replay(db.session.get(type(game), game.id)) == []


@settings(max_examples=40, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(path=st.sampled_from(["/inbound/raw/raw-secret", "/inbound/sendgrid/sg-secret", "/inbound/mailgun",
                             "/inbound/postmark"]),
       content_type=st.sampled_from(["message/rfc822", "multipart/form-data", "multipart/form-data; boundary=x",
                                     "application/x-www-form-urlencoded", "application/json", "text/plain", ""]),
       body=st.binary(max_size=3000))
def test_webhooks_answer_garbage_without_a_server_error(table, app, client, monkeypatch, path, content_type, body):
    monkeypatch.setitem(app.config, "INBOUND_SECRET", "raw-secret")
    monkeypatch.setitem(app.config, "SENDGRID_INBOUND_SECRET", "sg-secret")
    monkeypatch.setitem(app.config, "MAILGUN_SIGNING_KEY", "mg-key")
    monkeypatch.setitem(app.config, "POSTMARK_INBOUND_USER", "u")
    monkeypatch.setitem(app.config, "POSTMARK_INBOUND_PASSWORD", "p")
    before = _moves()
    headers = {"Authorization": "Basic dTpw"} if path.endswith("postmark") else {}
    response = client.post(path, data=body, content_type=content_type, headers=headers)
    assert response.status_code in (200, 400, 401, 403, 413), response.data
    assert _moves() == before


IDENTITY_NAMES = st.sampled_from(["Message-ID", "From", "To", "Cc", "Delivered-To", "In-Reply-To", "References",
                                  "Subject", "Sender", "Content-Type", "Auto-Submitted"])
RAW_VALUES = st.one_of(
    st.binary(max_size=300).map(lambda b: b.replace(b"\r", b"").replace(b"\n", b"")),
    st.sampled_from([b"<a\x00b@x>", b"<\xff\xfe@x>", b"ann@example.com\x00", b"<game-1\x00@pbem.test>",
                     b"<turn.g1s0-\x00.0@pbem.test>", "<ünï@x>".encode(), b"<" + b"x" * 400 + b"@y>",
                     b"=?utf-8?q?=00?=", b"\"\x00\" <ann@example.com>", b"ann@example.com", b"{REPLY}",
                     b"{REPLY}\x00", b"take 1"]),
)


@FUZZ
@given(pairs=st.lists(st.tuples(IDENTITY_NAMES, RAW_VALUES), min_size=1, max_size=8), body=BODIES)
def test_hostile_identity_headers_never_raise(table, pairs, body):
    """NUL bytes, undecodable bytes and giant values in Message-ID, From, To and the thread headers."""
    _game, address = table
    raw = b"".join(name.encode() + b": " + value.replace(b"{REPLY}", address.encode()) + b"\r\n"
                   for name, value in pairs) + b"\r\n" + body
    row = inbound.receive(raw, "raw")
    assert inbound.is_final(row) and row.outcome != "error", row.detail


# --- random MIME from strangers through the raw hook, with real SMTP delivery after each ----------------------
# Whatever arrives, the hook answers without a server error, no game changes (no token, no DKIM: the
# sender proves nothing, whatever its From says), no address is marked bounced, and the outbox still
# delivers: a probe mail queued after each message reaches a real SMTP server.

ADDRESSES = st.one_of(
    st.sampled_from([
        "ann@example.com", "Ann <ANN@example.com>", "bob@example.com", "hana@example.com", "newcomer@example.org",
        "ann@exämple.com", "josé@example.com", "用户@例子.广告", "ann@xn--exmple-cua.com", "\"Änn\" <ann@example.com>",
        "=?utf-8?b?5aeU5ZOh?= <ann@example.com>", "=?x-unknown?q?=FF?= <bob@example.com>", "MAILER-DAEMON@mx.test",
        "<>", "", "ann@example.com, bob@example.com", "play@pbem.test", "bounce+m1-aaaaaaaaaaaaaaaa@pbem.test",
        "play+t1-aaaaaaaaaaaaaaaa@pbem.test", "play+g1s0-aaaaaaaaaaaaaaaa@pbem.test", "a" * 300 + "@example.com",
    ]),
    st.emails().map(str),
)
CHARSETS = st.sampled_from(["utf-8", "iso-2022-jp", "shift_jis", "euc-kr", "utf-7", "x-unknown", "", "utf-16",
                            "latin1\"; x=\"", "=?utf-8?q?x?="])
COMMANDS = st.sampled_from([
    "take 1", "status {game}\ntake 1", "say hello all", "say\nthe rest", "join {lobby}", "start {lobby}",
    "status {lobby}\nstart {lobby}", "join {game}", "help", "undo", "ｔａｋｅ　１", "",
    "Final-Recipient: rfc822; ann@example.com\nAction: failed\nStatus: 5.1.1",
    "Feedback-Type: abuse\nOriginal-Rcpt-To: ann@example.com",
    "Message-ID: <turn.g1s0-aaaaaaaaaaaaaaaa.1@pbem.test>",
])
LEAF_TYPES = st.sampled_from(["text/plain", "text/html", "message/delivery-status", "message/feedback-report",
                              "text/rfc822-headers", "message/rfc822", "application/octet-stream", "image/png",
                              "text/plain; format=flowed; delsp=yes", "bogus", ""])
MULTI_TYPES = st.sampled_from(["mixed", "alternative", "report; report-type=delivery-status",
                               "report; report-type=feedback-report", "signed", "related", "digest"])
ENCODINGS = st.sampled_from(["7bit", "8bit", "base64", "quoted-printable", "binary", "x-uuencode", "bogus", ""])


@st.composite
def leaf_part(draw, ids: dict) -> bytes:
    text = draw(COMMANDS).format(**ids)
    charset = draw(CHARSETS)
    data = text.encode(charset if charset in ("utf-8", "iso-2022-jp", "shift_jis", "utf-16") else "utf-8",
                       "replace")
    size = draw(st.sampled_from([0, 0, 0, 100, 70_000, 1_000_000]))  # now and then a huge part
    data += draw(st.binary(max_size=200)) + b"Z" * size
    kind = draw(LEAF_TYPES)
    head = f"Content-Type: {kind}; charset=\"{charset}\"\r\nContent-Transfer-Encoding: {draw(ENCODINGS)}\r\n"
    return head.encode() + b"\r\n" + data


@st.composite
def mime_tree(draw, ids: dict, depth: int = 0) -> bytes:
    if depth >= 3 or draw(st.booleans()):
        return draw(leaf_part(ids))
    boundary = f"b{depth}-{draw(st.integers(0, 9))}"
    children = [draw(mime_tree(ids, depth + 1)) for _ in range(draw(st.integers(0, 3)))]
    body = b"".join(f"--{boundary}\r\n".encode() + child + b"\r\n" for child in children)
    end = draw(st.sampled_from([f"--{boundary}--\r\n", ""]))  # sometimes never closed
    return (f"Content-Type: multipart/{draw(MULTI_TYPES)}; boundary=\"{boundary}\"\r\n\r\n".encode() + body
            + end.encode())


def deeply_nested(levels: int) -> bytes:
    """A multipart inside a multipart, `levels` deep, with a command at the bottom."""
    head = "".join(f"Content-Type: multipart/mixed; boundary=\"d{n}\"\r\n\r\n--d{n}\r\n" for n in range(levels))
    return head.encode() + b"Content-Type: text/plain\r\n\r\ntake 1\r\n"


@st.composite
def stranger_mail(draw, ids: dict) -> bytes:
    headers = []
    for name, values in (("From", ADDRESSES), ("To", ADDRESSES), ("Cc", ADDRESSES), ("Delivered-To", ADDRESSES)):
        if draw(st.integers(0, 3)):  # a header is missing a quarter of the time
            headers.append(_header_bytes(name, draw(values)))
    if draw(st.booleans()):
        headers.append(_header_bytes("Message-ID", f"<fuzz-{next(_ids)}@{draw(st.sampled_from(['x.test', 'ü.test']))}>"))
    thread = draw(st.sampled_from(["", "<game-{game}@pbem.test>", "<game-{lobby}@pbem.test>",
                                   "<turn.g{game}s0-aaaaaaaaaaaaaaaa.1@pbem.test>"])).format(**ids)
    if thread:
        headers += [_header_bytes("In-Reply-To", thread), _header_bytes("References", thread)]
    headers.append(draw(neutral_headers()))
    body = draw(st.one_of(mime_tree(ids), st.integers(30, 1000).map(deeply_nested)))
    return b"".join(headers) + body


def _state() -> dict:
    """Everything a stranger's mail must not change."""
    from pbem.models import ChatMessage, Game, Seat, User

    db.session.expire_all()
    return {
        "moves": _moves(),
        "chat": db.session.scalar(select(func.count()).select_from(ChatMessage)),
        "games": sorted(db.session.execute(select(Game.id, Game.status, Game.version)).all()),
        "seats": sorted(db.session.execute(select(Seat.game_id, Seat.user_id, Seat.invited_email)).all(),
                        key=repr),
        "users": sorted(db.session.execute(select(User.email, User.email_status)).all()),
    }


# Each test starts from empty tables with identities restarted: these are the ids `tables` makes.
IDS = {"game": 1, "lobby": 2}


@pytest.fixture
def tables(app, make_game, make_user, smtp_server, monkeypatch):
    """An active game waiting for Ann, a lobby game of Ann's with a seat for an invited address, real SMTP."""
    monkeypatch.setitem(app.config, "INBOUND_SECRET", "raw-secret")
    monkeypatch.setitem(app.config, "MAIL_URL", smtp_server.url)
    game = make_game(options={"pile": 40})
    lobby = play.create_game(game.seats[0].user, "test-countdown", seats=3, random_seating=False)
    play.invite(lobby.id, game.seats[0].user, "newcomer@example.org")
    assert {"game": game.id, "lobby": lobby.id} == IDS
    return smtp_server.handler


FORGED_REPORT = (b"From: MAILER-DAEMON@mx.test\r\nTo: pbem@pbem.test\r\nContent-Type: multipart/report; "
                 b"report-type=delivery-status; boundary=r\r\n\r\n--r\r\nContent-Type: message/delivery-status\r\n\r\n"
                 b"Reporting-MTA: dns; mx.test\r\n\r\nFinal-Recipient: rfc822; bob@example.com\r\nAction: failed\r\n"
                 b"Status: 5.1.1\r\n\r\n--r--\r\n")


@settings(max_examples=30, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large, HealthCheck.large_base_example])
@given(raw=stranger_mail(IDS))
# The holes of issue 10, tried first on every run: a bare From playing and joining, a forged bounce,
# and a stranger whose address no SMTP server takes (its answer used to stop the whole outbox).
@example(raw=b"From: ann@example.com\r\nTo: play@pbem.test\r\n\r\nstatus 1\r\ntake 1\r\nsay hi\r\n")
@example(raw=b"From: bob@example.com\r\nTo: play@pbem.test\r\n\r\njoin 2\r\n")
@example(raw=b"From: newcomer@example.org\r\nTo: play@pbem.test\r\n\r\njoin 2\r\n")
@example(raw=FORGED_REPORT)
@example(raw="From: jos\u00e9@example.com\r\nTo: play@pbem.test\r\n\r\ntake 1\r\n".encode())
def test_random_mime_from_strangers_changes_no_game_and_the_outbox_still_delivers(tables, client, raw):
    from pbem.mail import delivery

    smtp = tables
    before = _state()
    response = client.post("/inbound/raw/raw-secret", data=raw, content_type="message/rfc822")
    assert response.status_code in (200, 400), response.data
    if response.status_code == 200:
        assert response.json["outcome"] not in ("error", "received", "handling"), response.json
    assert _state() == before
    # Mail queued after it goes out as ever, through a real SMTP server.
    probe = f"probe {next(_ids)}"
    pending(probe, "notice", "probe@example.org", probe, "still delivering")
    db.session.commit()
    delivery.deliver_due()
    assert smtp.wait_for(lambda rcpts, msg: msg["Subject"] == probe) is not None

"""decode(): headers, threading, charsets, transfer encodings and body choice of received messages."""
import base64
import quopri
import textwrap
from datetime import datetime, timedelta, timezone

import pytest

from pbem.mail.decode import MAX_TEXT_CHARS, MailError, decode
from pbem.mail.html_text import html_to_text


def _raw(headers: str, body: bytes | str = b"place 3 forest\r\n") -> bytes:
    if isinstance(body, str):
        body = body.encode("utf-8")
    head = "\r\n".join(textwrap.dedent(headers).strip("\n").splitlines())
    return head.encode("utf-8") + b"\r\n\r\n" + body


def _text_message(body: bytes, charset: str, encoding: str = "8bit") -> bytes:
    return _raw(
        f"""
        From: Player <player@example.org>
        Content-Type: text/plain; charset="{charset}"
        Content-Transfer-Encoding: {encoding}
        """,
        body,
    )


def test_sender_and_recipients_are_lower_cased_addr_specs():
    received = decode(_raw(
        """
        From: "Yamada, Taro" <Taro.Yamada@Example.JP>
        To: pbem <Play+S3.Tok@PBEM.example>, other@example.org
        Cc: Watcher <WATCH@example.org>
        Delivered-To: play+s3.tok@pbem.example
        X-Original-To: play+s3.tok@pbem.example
        """
    ))
    assert received.from_address == "taro.yamada@example.jp"
    assert received.from_name == "Yamada, Taro"
    assert received.to == ("play+s3.tok@pbem.example", "other@example.org")
    assert received.cc == ("watch@example.org",)
    assert received.delivered_to == ("play+s3.tok@pbem.example",)


def test_display_names_and_subjects_are_rfc2047_decoded():
    name = base64.b64encode("山田 太郎".encode("iso2022_jp")).decode()
    received = decode(_raw(
        f"""
        From: =?ISO-2022-JP?B?{name}?= <taro@example.jp>
        Subject: =?UTF-8?Q?Re:_=5Bpbem=5D_=C3=82ge_de_pierre?= =?UTF-8?B?IOKAlCDDoCB2b3Vz?=
        """
    ))
    assert received.from_name == "山田 太郎"
    assert received.subject == "Re: [pbem] Âge de pierre — à vous"


def test_subject_split_inside_a_multibyte_character_is_joined_before_decoding():
    data = "あなたの番".encode("utf-8")
    first, second = base64.b64encode(data[:4]).decode(), base64.b64encode(data[4:]).decode()
    received = decode(_raw(f"Subject: =?utf-8?B?{first}?=\r\n =?utf-8?B?{second}?="))
    assert received.subject == "あなたの番"


def test_shift_jis_subject_is_read_as_cp932():
    word = base64.b64encode("① 石器時代～".encode("cp932")).decode()
    assert decode(_raw(f"Subject: =?Shift_JIS?B?{word}?=")).subject == "① 石器時代～"


def test_unknown_charset_in_subject_falls_back_to_utf8():
    word = base64.b64encode("Grüße".encode("utf-8")).decode()
    assert decode(_raw(f"Subject: =?x-unheard-of?B?{word}?=")).subject == "Grüße"


def test_raw_utf8_header_bytes_are_read():
    raw = "Subject: Re: 石器時代 #12\r\nFrom: 太郎 <taro@example.jp>\r\n\r\nfeed\r\n".encode("utf-8")
    received = decode(raw)
    assert received.subject == "Re: 石器時代 #12"
    assert received.from_name == "太郎"


def test_line_breaks_hidden_in_an_encoded_subject_do_not_survive():
    received = decode(_raw("Subject: =?utf-8?Q?hello=0D=0ABcc:_victim@example.org?="))
    assert "\n" not in received.subject and "\r" not in received.subject
    assert received.subject == "hello Bcc: victim@example.org"


def test_folded_subject_is_unfolded():
    assert decode(_raw("Subject: Re: [pbem] Stone Age\r\n game 12")).subject == "Re: [pbem] Stone Age game 12"


def test_threading_headers_keep_their_message_ids():
    received = decode(_raw(
        """
        Message-ID: <reply-1@mail.example.org>
        In-Reply-To: <turn-41.s3.Xk9f@pbem.example> (from pbem)
        References: <game-12@pbem.example>
         <turn-41.s3.Xk9f@pbem.example>
        """
    ))
    assert received.message_id == "<reply-1@mail.example.org>"
    assert received.in_reply_to == "<turn-41.s3.Xk9f@pbem.example>"
    assert received.references == ("<game-12@pbem.example>", "<turn-41.s3.Xk9f@pbem.example>")


def test_missing_message_id_gets_a_stable_one_from_the_bytes():
    raw = _raw("From: player@example.org")
    first, again = decode(raw).message_id, decode(raw).message_id
    other = decode(raw + b"feed\r\n").message_id
    assert first == again
    assert first != other
    assert first.startswith("<") and first.endswith("@missing-message-id.invalid>")


def test_message_id_without_brackets_is_bracketed():
    assert decode(_raw("Message-ID: abc.123@example.org")).message_id == "<abc.123@example.org>"


def test_date_is_timezone_aware():
    received = decode(_raw("Date: Sat, 21 Nov 2026 10:00:00 +0900"))
    assert received.date == datetime(2026, 11, 21, 1, 0, tzinfo=timezone.utc)
    assert received.date.utcoffset() == timedelta(hours=9)


@pytest.mark.parametrize("value", ["yesterday", "Sat, 99 Nov 2026 99:99:99 +9999", "Mon, 1 Jan 99999999 00:00 +0000"])
def test_unreadable_date_is_none(value):
    assert decode(_raw(f"Date: {value}")).date is None


def test_decode_takes_bytes_only():
    with pytest.raises(MailError):
        decode("From: a@example.org\n\nfeed")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("charset", "codec"),
    [("shift_jis", "cp932"), ("Shift-JIS", "cp932"), ("x-sjis", "cp932"), ("cp932", "cp932"), ("euc-jp", "euc_jp")],
)
def test_japanese_bodies_decode_with_windows_extensions(charset, codec):
    text = "配置 3 森 ① ～\r\n" if codec == "cp932" else "配置 3 森\r\n"
    received = decode(_text_message(text.encode(codec), charset))
    assert received.text == text.replace("\r\n", "\n")


def test_iso_2022_jp_body_decodes():
    received = decode(_text_message("配置　３　森\r\n".encode("iso2022_jp"), "ISO-2022-JP", "7bit"))
    assert received.text == "配置　３　森\n"


def test_iso_2022_jp_body_with_cp932_characters_decodes():
    # ① is NEC row 13; Outlook puts it in ISO-2022-JP as ESC $ B 0x2D 0x21.
    body = b"\x1b$B$\"\x1b(B 3 \x1b$B-!\x1b(B\r\n"
    assert decode(_text_message(body, "iso-2022-jp", "7bit")).text == "あ 3 ①\n"


def test_declared_iso_8859_1_reads_as_windows_1252():
    body = b"\x93place 3 for\xeat\x94 \x80\r\n"
    assert decode(_text_message(body, "iso-8859-1")).text == "“place 3 forêt” €\n"


@pytest.mark.parametrize(
    ("charset", "body", "text"),
    [
        ("x-unknown-thing", "Grüße\r\n".encode("utf-8"), "Grüße\n"),
        ("x-unknown-thing", "Grüße\r\n".encode("cp1252"), "Grüße\n"),
        ("", "forêt\r\n".encode("utf-8"), "forêt\n"),
        ("utf-8", b"for\xeat \xff\r\n", "for\ufffdt \ufffd\n"),
        ("us-ascii", "forêt\r\n".encode("utf-8"), "forêt\n"),
    ],
)
def test_unknown_or_wrong_charsets_fall_back(charset, body, text):
    assert decode(_text_message(body, charset)).text == text


def test_quoted_printable_body_is_decoded():
    body = quopri.encodestring(("placer 3 forêt " + "x" * 90 + "\r\nnourrir\r\n").encode("utf-8"))
    received = decode(_text_message(body, "utf-8", "quoted-printable"))
    assert received.text == "placer 3 forêt " + "x" * 90 + "\nnourrir\n"


def test_base64_body_is_decoded():
    body = base64.encodebytes("ernähren\r\n".encode("utf-8"))
    assert decode(_text_message(body, "utf-8", "base64")).text == "ernähren\n"


def test_broken_base64_body_does_not_raise():
    received = decode(_text_message(b"cGxhY2Ug!!!MyBmb3Jlc3Q*", "utf-8", "base64"))
    assert isinstance(received.text, str)


def test_format_flowed_lines_are_joined():
    received = decode(_raw(
        "Content-Type: text/plain; charset=utf-8; format=flowed",
        b"place 1 hut \r\nwith tools\r\n> quoted \r\n-- \r\nsig\r\n",
    ))
    assert received.text == "place 1 hut with tools\n> quoted \n-- \nsig\n"


def test_control_characters_and_nul_are_removed_from_text():
    assert decode(_text_message(b"place\x00 3\x07 forest\tnow\r\n", "utf-8")).text == "place 3 forest\tnow\n"


def test_text_is_capped():
    received = decode(_text_message(b"place 3 forest\r\n" * 100_000, "utf-8"))
    assert len(received.text) == MAX_TEXT_CHARS


MULTIPART = """
From: player@example.org
Content-Type: multipart/{subtype}; boundary="b1"
"""


def _multipart(subtype: str, *parts: str) -> bytes:
    body = "".join(f"--b1\r\n{part}\r\n" for part in parts) + "--b1--\r\n"
    return _raw(MULTIPART.format(subtype=subtype), body)


def test_plain_alternative_is_preferred_over_html():
    raw = _multipart(
        "alternative",
        "Content-Type: text/html; charset=utf-8\r\n\r\n<div>from html</div>",
        "Content-Type: text/plain; charset=utf-8\r\n\r\nfrom plain",
    )
    assert decode(raw).text == "from plain"


def test_html_only_body_becomes_text_with_quotes_marked():
    html = (
        "<html><head><style>div{color:red}</style><script>var x = '<b>';</script></head><body>"
        "<div>place 3 forest</div><div>feed<br></div><p>tools&nbsp;auto</p>"
        "<blockquote><div>It is your turn.</div><blockquote>older</blockquote></blockquote>"
        "</body></html>"
    )
    raw = _raw("Content-Type: text/html; charset=utf-8", html)
    assert decode(raw).text == "place 3 forest\nfeed\ntools\xa0auto\n> It is your turn.\n> > older"


def test_html_line_breaks_and_rules_keep_their_lines():
    assert html_to_text("a<br>b<br><br>c<hr>d") == "a\nb\n\nc\n" + "_" * 32 + "\nd"


def test_html_pre_keeps_its_spacing():
    assert html_to_text("<pre>place  3\n  forest</pre>") == "place  3\n  forest"


def test_inline_text_parts_around_an_image_are_joined():
    raw = _multipart(
        "mixed",
        "Content-Type: text/plain; charset=utf-8\r\n\r\nplace 3 forest",
        "Content-Type: image/png\r\nContent-Disposition: inline; filename=board.png\r\n"
        "Content-Transfer-Encoding: base64\r\n\r\niVBORw0KGgo=",
        "Content-Type: text/plain; charset=utf-8\r\n\r\nfeed",
    )
    assert decode(raw).text == "place 3 forest\nfeed"


def test_attached_text_files_and_forwarded_messages_are_not_the_body():
    raw = _multipart(
        "mixed",
        "Content-Type: text/plain; charset=utf-8\r\n\r\nplace 3 forest",
        "Content-Type: text/plain; name=notes.txt\r\nContent-Disposition: attachment; filename=notes.txt\r\n\r\nsecret",
        "Content-Type: message/rfc822\r\n\r\nSubject: old\r\n\r\nold body",
        "Content-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n\r\nAAECAwQF/w==",
    )
    assert decode(raw).text == "place 3 forest"


def test_multipart_signed_body_is_the_signed_part():
    raw = _multipart(
        "signed",
        "Content-Type: text/plain; charset=utf-8\r\n\r\nfeed",
        "Content-Type: application/pgp-signature\r\n\r\n-----BEGIN PGP SIGNATURE-----",
    )
    assert decode(raw).text == "feed"


def test_message_without_content_type_is_plain_text():
    assert decode(b"From: a@example.org\r\n\r\nplace 3 forest\r\n").text == "place 3 forest\n"

"""Turn bytes in a declared (or wrongly declared, or undeclared) charset into text, never raising."""
from __future__ import annotations

import codecs
import re

# Labels mail clients use, mapped to the codec that decodes what they actually send.
_ALIASES = {
    # Japanese Windows clients label cp932 text (NEC/IBM extensions such as ①, ㈱) as Shift_JIS.
    "shift_jis": "cp932",
    "shift-jis": "cp932",
    "sjis": "cp932",
    "s-jis": "cp932",
    "x-sjis": "cp932",
    "x-shift-jis": "cp932",
    "ms_kanji": "cp932",
    "csshiftjis": "cp932",
    "windows-31j": "cp932",
    "cp932": "cp932",
    "ms932": "cp932",
    "euc-jp": "euc_jp",
    "x-euc-jp": "euc_jp",
    "cseucpkdfmtjapanese": "euc_jp",
    "iso-2022-jp": "iso2022_jp",
    "csiso2022jp": "iso2022_jp",
    "iso-2022-jp-2": "iso2022_jp_2",
    "iso-2022-jp-3": "iso2022_jp_3",
    # Browsers read a declared ISO-8859-1 as Windows-1252, and so do the clients that mislabel it.
    "iso-8859-1": "cp1252",
    "iso8859-1": "cp1252",
    "iso_8859-1": "cp1252",
    "latin1": "cp1252",
    "latin-1": "cp1252",
    "l1": "cp1252",
    "windows-1252": "cp1252",
    "cp1252": "cp1252",
    "x-cp1252": "cp1252",
    "utf8": "utf-8",
    "utf-8": "utf-8",
    "x-unknown": None,
    "unknown-8bit": None,
}
_ASCII_LABELS = {"us-ascii", "ascii", "ansi_x3.4-1968", "iso646-us", "us", "7bit", "8bit"}
_ISO2022JP = re.compile(rb"\x1b\$[@B]")


def codec_for(charset: str | None) -> str | None:
    """Return the Python codec to decode a declared charset with, or None when unknown."""
    if not charset:
        return None
    label = charset.strip().strip("\"'").lower()
    label = label.split("*", 1)[0]  # RFC 2231 language suffix: utf-8*en
    if label in _ALIASES:
        return _ALIASES[label]
    if label in _ASCII_LABELS:
        return None
    try:
        return codecs.lookup(label).name
    except (LookupError, ValueError):
        return None


def decode_bytes(data: bytes, charset: str | None = None) -> str:
    """Return the text in data, decoded as its declared charset when that works, else guessed."""
    codec = codec_for(charset)
    if codec is None and _ISO2022JP.search(data):
        codec = "iso2022_jp"
    if codec is not None:
        text = _strict(data, codec)
        if text is not None:
            return text
        if codec.startswith("iso2022_jp"):
            return _jis_as_cp932(data)
        if codec != "utf-8":
            text = _strict(data, "utf-8")
            if text is not None:
                return text
        return _lenient(data, codec)
    text = _strict(data, "utf-8")
    if text is not None:
        return text
    return _lenient(data, "cp1252")


def _strict(data: bytes, codec: str) -> str | None:
    try:
        text = data.decode(codec)
    except (UnicodeDecodeError, LookupError, ValueError):
        return None
    return text.removeprefix("\ufeff")


def _lenient(data: bytes, codec: str) -> str:
    try:
        return data.decode(codec, errors="replace").removeprefix("\ufeff")
    except (LookupError, ValueError):
        return data.decode("cp1252", errors="replace")


def _jis_as_cp932(data: bytes) -> str:
    # Outlook and Windows mailers put cp932-only characters (①, ㈱, NEC row 13) into
    # ISO-2022-JP. Python's codec refuses them, so re-encode the JIS pairs as Shift_JIS
    # and decode that as cp932, the way Japanese clients read such mail.
    out = bytearray()
    mode = "ascii"
    index, size = 0, len(data)
    while index < size:
        byte = data[index]
        if byte == 0x1B and index + 2 < size:
            sequence = data[index + 1:index + 3]
            if sequence in (b"$B", b"$@"):
                mode, index = "jis", index + 3
                continue
            if sequence in (b"(B", b"(J"):
                mode, index = "ascii", index + 3
                continue
            if sequence == b"(I":
                mode, index = "kana", index + 3
                continue
        if mode == "jis" and 0x21 <= byte <= 0x7E and index + 1 < size and 0x21 <= data[index + 1] <= 0x7E:
            out += _jis_pair_to_sjis(byte, data[index + 1])
            index += 2
            continue
        if mode == "kana" and 0x21 <= byte <= 0x5F:
            out.append(byte + 0x80)
        else:
            out.append(byte)
        index += 1
    return bytes(out).decode("cp932", errors="replace")


def _jis_pair_to_sjis(first: int, second: int) -> bytes:
    lead = (first + 1) // 2 + (0x70 if first <= 0x5E else 0xB0)
    if first % 2:
        trail = second + (0x1F if second <= 0x5F else 0x20)
    else:
        trail = second + 0x7E
    return bytes((lead, trail))

"""Patterns marking where quoted history, forwarded headers and signatures start, per language."""
from __future__ import annotations

# Every pattern here is matched against one line (or a few joined lines) already NFKC-normalised,
# so full-width forms such as `＞` or `：` arrive as their ASCII equivalents.

import re

from mailparser_reply.constants import MAIL_LANGUAGES

# Languages handed to mail-parser-reply; it knows their "On ... wrote:" and Outlook header forms.
LIBRARY_LANGUAGES = ("en", "de", "fr", "es", "it", "ja", "nl", "pl", "sv", "da", "cs", "zh", "ko")

# A quote prefix: `>` (after NFKC also the full-width `＞`), or a Supercite-style `C>` / `JD>`.
QUOTE_PREFIX = re.compile(r"^[ \t]*(?:[A-Za-z]{1,3})?>")
QUOTE_MARKERS = re.compile(r"^(?:[ \t]*(?:[A-Za-z]{1,3})?>)+[ \t]?")

CODE_FENCE = re.compile(r"^\s*```")

# A line made only of rule characters ends what the writer wrote: `--`, `____`, `****`, `━━━━`.
# Gmail appends a lone U+1427 as a tracking mark. A single `-` is a list bullet, so two at least.
DELIMITER = re.compile(r"^\s*(?:[-_=*#~+•·─━═]{2,}|[\u1427\u2014\u2013])\s*$")

_SEPARATOR_PHRASES = "|".join(
    [
        r"original message",
        r"forwarded message",
        r"ursprüngliche nachricht",
        r"weitergeleitete nachricht",
        r"originalnachricht",
        r"message d'origine",
        r"message d’origine",
        r"message original",
        r"message transféré",
        r"mensaje original",
        r"mensaje reenviado",
        r"mensagem original",
        r"messaggio originale",
        r"messaggio inoltrato",
        r"oorspronkelijk bericht",
        r"doorgestuurd bericht",
        r"ursprungligt meddelande",
        r"opprinnelig melding",
        r"oprindelig meddelelse",
        r"wiadomość oryginalna",
        r"исходное сообщение",
        r"пересылаемое сообщение",
        r"元のメッセージ",
        r"転送メッセージ",
        r"原始邮件",
        r"原始郵件",
    ]
)
# `-----Original Message-----`, `*-------- Original Message --------*`, `-----元のメッセージ-----`.
SEPARATOR = re.compile(
    rf"^[\s*_]*-{{2,}}\s*(?:{_SEPARATOR_PHRASES})\s*-{{2,}}[\s*_]*$", re.IGNORECASE
)
# Apple Mail and others introduce a forward with a sentence instead of dashes.
FORWARD_INTRO = re.compile(
    r"^(?:begin forwarded message|anfang der weitergeleiteten nachricht"
    r"|début du message (?:réexpédié|transféré)|inicio del mensaje reenviado"
    r"|転送されたメッセージ)\s*:$",
    re.IGNORECASE,
)

# Field names of the header blocks Outlook-like clients write above the quoted message.
_SENDER_FIELDS = [
    "from", "von", "de", "da", "van", "od", "från", "fra", "от", "від",
    "差出人", "送信者", "发件人", "寄件者", "보낸 사람",
]
_OTHER_FIELDS = [
    "sent", "date", "to", "cc", "subject", "reply-to",
    "gesendet", "datum", "an", "betreff",
    "envoyé", "à", "a", "objet", "sujet",
    "enviado", "enviada", "para", "asunto", "fecha", "assunto",
    "inviato", "data", "oggetto", "risposta",
    "verzonden", "aan", "onderwerp",
    "wysłano", "do", "temat", "dw",
    "skickat", "till", "ämne", "kopia", "sendt", "til", "emne", "dato",
    "отправлено", "кому", "тема", "дата", "копия",
    "送信日時", "宛先", "件名", "日付",
    "发送时间", "收件人", "主题", "抄送", "日期",
]


def _field_pattern(names: list[str]) -> re.Pattern[str]:
    alternatives = "|".join(sorted((re.escape(name) for name in names), key=len, reverse=True))
    # `From:`, `*From:*`, `*From*:`, French `De :`.
    return re.compile(
        rf"^\*{{0,2}}(?:{alternatives})(?:\*{{0,2}}\s?:|\s?:\*{{0,2}})", re.IGNORECASE
    )


SENDER_FIELD = _field_pattern(_SENDER_FIELDS)
ANY_FIELD = _field_pattern(_SENDER_FIELDS + _OTHER_FIELDS)

# The first line of an attribution: "On <date>", "Le <date>", "Am <date>", a date, a weekday.
STRONG_START = re.compile(
    r"^[-*\s]*(?:"
    r"(?:on|am|le|el|em|il|op|den|dnia|w dniu|dne|at|в|у|在)\s+\S.*\d"
    r"|\d"
    r"|[^\W\d_]{2,}\.?,\s*\d"
    r")",
    re.IGNORECASE,
)
# A sender shown with an address, as in "Some One <one@example.org> wrote:".
ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
WEAK_START = re.compile(r"<[^<>\s]*@|[\w.+-]+@[\w-]+\.\w")

_WROTE_LATIN = "|".join(
    [
        r"wrote", r"writes", r"schrieb", r"schreef", r"geschreven", r"escribió", r"escribio",
        r"escreveu", r"skrev", r"kirjoitti", r"napsal", r"napisał", r"napisala", r"nadesłał",
        r"написал", r"написала", r"пише", r"писал", r"ha scritto", r"a écrit", r"a ecrit",
        r"yazdı",
    ]
)
_WROTE_CJK = r"写道|寫道|のメール|書きました|님이 작성"
# What may follow the verb before the colon: "(a)", German "am <date> um <time> Uhr",
# or the sender where the verb comes first ("skrev Name <address>").
_WROTE_TAIL = (
    r"(?:\s*\([aа]\))?"
    r"(?:\s+am\s.{1,60}?|\s+[^:]{0,80}?<[^<>]*@[^<>]*>)?"
    r"\s*:\s*$"
)
WROTE = re.compile(
    rf"(?:\b(?:{_WROTE_LATIN})|{_WROTE_CJK}){_WROTE_TAIL}"
    r"|\bwrote\s*-{2,}\s*$",  # Zoho: "---- On <date> <sender> wrote ----"
    re.IGNORECASE,
)
# Gmail in some locales drops the verb: "2016-10-24 15:36 GMT+02:00 Name <address>:".
DATED_SENDER = re.compile(r"^\d{4}\s?[-/.年]\s?\d{1,2}\s?[-/.月]\s?\d{1,2}")
DATED_SENDER_TAIL = re.compile(r"\bGMT\b|[:>]\s*$")

_SENT_FROM_OWN = [
    r"sent (?:from|via|with|using) \S",
    r"get (?:\[)?outlook for",
    r"envoyé (?:depuis|de|à partir de|avec) (?:mon|ma|l'|my)",
    r"von meine[mr] .{1,60} gesendet",
    r"gesendet (?:von|mit) (?:meinem|meiner|my)\b",
    r"diese nachricht wurde von meinem .{1,80} gesendet",
    r"verzonden (?:met|vanaf|van)\b",
    r"verstuurd (?:met|vanaf|van)\b",
    r"sendt fra\b",
    r"skickat från\b",
    r"enviado (?:desde|de|do|com) (?:mi|meu|o meu)\b",
    r"inviato da\b",
    r"wysłano z\b",
    r"отправлено (?:с|из)\b",
    r"надіслано з\b",
    r"从我的.{1,40}发送",
    r".{1,40}から送信(?:しました)?$",
    r"<<sent by .{1,40}>>$",
    r"\(sent from .{1,40}\)$",
]


def _library_sent_from() -> list[str]:
    # mail-parser-reply keeps a "sent from my phone" phrase per language; reuse its list.
    phrases = []
    for language in LIBRARY_LANGUAGES:
        phrase = MAIL_LANGUAGES.get(language, {}).get("sent_from")
        if phrase:
            phrases.append(f"(?:{phrase})")
    return phrases


SENT_FROM = re.compile(
    "^(?:" + "|".join(_SENT_FROM_OWN + _library_sent_from()) + ")", re.IGNORECASE
)
# "Sent from my iPhone, please excuse typos" is short; "Sent from my desk, is much easier than
# my phone." is a sentence the writer typed.
SENT_FROM_MAX_LENGTH = 120
SENT_FROM_MAX_WORDS = 8

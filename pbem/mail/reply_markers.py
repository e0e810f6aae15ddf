"""Patterns marking where quoted history, forwarded headers and signatures start, built from reply_patterns."""
from __future__ import annotations

# Every pattern here is matched against one line (or a few joined lines) already NFKC-normalised,
# so full-width forms such as `＞` or `：` arrive as their ASCII equivalents. The words of each
# language are data in reply_patterns; this module only says where in a line they may stand.

import re
import unicodedata

from mailparser_reply.constants import MAIL_LANGUAGES

from .reply_patterns import LANGUAGES

# Languages handed to mail-parser-reply; it knows their "On ... wrote:" and Outlook header forms.
LIBRARY_LANGUAGES = ("en", "de", "fr", "es", "it", "ja", "nl", "pl", "sv", "da", "cs", "zh", "ko")

# A quote prefix: `>` (after NFKC also the full-width `＞`), or a Supercite-style `C>` / `JD>`.
QUOTE_MARKERS = re.compile(r"^(?:[ \t]*(?:[A-Za-z]{1,3})?>)+[ \t]?")

CODE_FENCE = re.compile(r"^\s*```")

# A line made only of rule characters ends what the writer wrote: `--`, `____`, `****`, `━━━━`.
# Gmail appends a lone U+1427 as a tracking mark. A single `-` is a list bullet, so two at least.
DELIMITER = re.compile(r"^\s*(?:[-_=*#~+•·─━═]{2,}|[\u1427\u2014\u2013])\s*$")

_ALL = tuple(LANGUAGES.values())


def _nfkc(fragments) -> set[str]:
    # The lines are NFKC-normalised, so the words must be too (Thai "ำ" becomes two characters).
    return {unicodedata.normalize("NFKC", fragment) for fragment in fragments}


# Scripts written without spaces between words: a verb there follows a name or a digit directly.
_UNSPACED = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _alternatives(fragments) -> str:
    # Longest first, so "ezt írta" is tried before "írta".
    return "|".join(sorted(_nfkc(fragments), key=len, reverse=True))


def _words(fragments) -> str:
    # In spaced scripts a verb must not be the tail of a longer word ("rewrote").
    fragments = _nfkc(fragments)
    spaced = [fragment for fragment in fragments if fragment[0].isalpha() and not _UNSPACED.match(fragment)]
    unspaced = [fragment for fragment in fragments if fragment not in spaced]
    parts = [rf"(?<![^\W\d_])(?:{_alternatives(spaced)})"] if spaced else []
    if unspaced:
        parts.append(rf"(?:{_alternatives(unspaced)})")
    return "|".join(parts)


def _field_pattern(names) -> re.Pattern[str]:
    alternatives = "|".join(sorted((re.escape(name) for name in _nfkc(names)), key=len, reverse=True))
    # `From:`, `*From:*`, `*From*:`, French `De :`.
    return re.compile(rf"^\*{{0,2}}(?:{alternatives})(?:\*{{0,2}}\s?:|\s?:\*{{0,2}})", re.IGNORECASE)


_WROTE_VERBS = _words(verb for language in _ALL for verb in language.wrote)
_BEFORE_SENDER = _words(word for language in _ALL for word in language.wrote_before_sender)

# `-----Original Message-----`, `*-------- Original Message --------*`, `-----元のメッセージ-----`.
SEPARATOR = re.compile(
    rf"^[\s*_]*-{{2,}}\s*(?:{_alternatives(p for language in _ALL for p in language.separators)})"
    r"\s*-{2,}[\s*_]*$",
    re.IGNORECASE,
)
# Zoho and phones: `---- John Smith wrote ----`, `---- On <date> <sender> wrote ---`.
DASHED_ATTRIBUTION = re.compile(
    rf"^[\s*_]*-{{2,}}\s*\S.{{0,160}}?(?:{_WROTE_VERBS})\s*:?\s*-{{2,}}[\s*_]*$", re.IGNORECASE
)
# A short phrase between dashes: the separator of a client or language we do not know, taken as
# one only when a header block follows it.
DASHED_PHRASE = re.compile(r"^[\s*_]*-{2,}\s*[^\s-][^-]{0,40}?\s*-{2,}[\s*_]*$")
# Apple Mail and others introduce a forward with a sentence instead of dashes.
FORWARD_INTRO = re.compile(
    rf"^(?:{_alternatives(p for language in _ALL for p in language.forward_intros)})\s*:$", re.IGNORECASE
)

# Field names of the header blocks Outlook-like clients write above the quoted message.
SENDER_FIELD = _field_pattern(name for language in _ALL for name in language.sender_fields)
ANY_FIELD = _field_pattern(name for language in _ALL for name in language.sender_fields + language.fields)
# A `Name: value` line of one to three words, as a header block in an unknown language has.
SOME_FIELD = re.compile(r"^\*{0,2}[^\W\d_][^\W\d_'.-]{0,20}(?: [^\W\d_][^\W\d_'.-]{0,20}){0,2}\*{0,2} ?:\s*\S")

# The first line of an attribution: "On <date>", "Le <date>", "Am <date>", a date, a weekday
# ("ср, 30 апр.", "ke 30. huhtik.").
STRONG_START = re.compile(
    r"^[-*\s]*(?:"
    rf"(?:{_alternatives(re.escape(w) for language in _ALL for w in language.starts)})\s+\S.*\d"
    r"|\d"
    r"|[^\W\d_]{2,}\.?,\s*\d"
    r"|[^\W\d_]{1,4}\.?,?\s+\d{1,2}\.\s"
    r")",
    re.IGNORECASE,
)
# Where an attribution may start in the middle of a line the writer typed on: "reply On Wed, …", and
# Yahoo's dashed form glued to the text before it: "reply--- On Tue, 3/1/11, <sender> wrote:".
INLINE_START = re.compile(
    r"(?:\s*-{2,}\s*|\s+)"
    rf"(?=(?:{_alternatives(re.escape(w) for language in _ALL for w in language.starts)})\s+\S)", re.IGNORECASE
)
# A name signed below the reply, as phones put it above "Sent from my iPhone": "Bob", "Hans Müller",
# "山田 太郎"; one to four words of letters, no digits.
NAME_LINE = re.compile(r"^(?![a-z])[^\W\d_][^\W\d_.'’-]*\.?(?:[ .'’-]{1,2}[^\W\d_][^\W\d_.'’-]*\.?){0,3}$")
# Two or more words, each capitalised (or in a script without case): a full name even with no blank
# line between it and the commands.
FULL_NAME = re.compile(r"^(?:[^\W\d_a-z][^\W\d_]*\.?)(?:[ '’-][^\W\d_a-z][^\W\d_]*\.?){1,3}$")
# "-Bob", "~ Ann", "— Hans Müller": a name signed after a dash on the last line.
DASH_NAME = re.compile(r"^[-~–—]\s?[^\W\d_a-z][^\W\d_]*(?: [^\W\d_a-z][^\W\d_]*)?$")
# A sender shown with an address, as in "Some One <one@example.org> wrote:".
ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
WEAK_START = re.compile(r"<[^<>\s]*@|[\w.+-]+@[\w-]+\.\w")

# What may follow the verb before the colon: "(a)", Hungarian "(időpont: <date>)", German "am
# <date> um <time> Uhr", the sender where the verb comes first ("skrev Name <address>", Polish
# "napisana przez Name <address> w dniu <date>"), or a date and time ("kirjoitti 30.4.2025 klo 15.19").
_WROTE_TAIL = (
    r"(?:\s*\([^()]{0,80}\))?"
    r"(?:\s+am\s.{1,60}?"
    r"|\s+[^:]{0,80}?<[^<>]*@[^<>]*>\)?[^<>@]{0,60}?"
    r"|\s+\d{1,4}[./-]\s?\d{1,2}[./-]\s?\d{2,4}\.?(?:\s+[^\W\d_]{1,6}\.?)?\s+\d{1,2}[.:]\d{2}"
    r")?"
    r"\s*:\s*$"
)
WROTE = re.compile(rf"(?:{_WROTE_VERBS}){_WROTE_TAIL}", re.IGNORECASE)
# Verbs that are also everyday words ("On turn 3 I said:"): an attribution with them must name an
# address or a time as well (Apple Mail: "On 11-Apr-2011, at 6:54 PM, <sender> sent:").
WEAK_WROTE = re.compile(rf"(?<![^\W\d_])(?:sent|said|a envoyé){_WROTE_TAIL}", re.IGNORECASE)
# "…, kl. 15:19 skrev John Doe:", "… كتب John Doe:": the verb, then the sender (an address optional).
WROTE_BEFORE_SENDER = re.compile(
    rf"(?:{_BEFORE_SENDER})\s+[^:<>@]{{1,60}}?(?:<\s?[^<>\s]+@[^<>\s]+\s?>)?\s*:\s*$", re.IGNORECASE
)
# "On <date>, <sender> wrote" with no colon: an attribution only when a quote follows.
WROTE_BARE = re.compile(rf"(?:{_WROTE_VERBS})(?:\s*\([^()]{{0,80}}\))?\s*$", re.IGNORECASE)
# Gmail in some locales drops the verb: "2016-10-24 15:36 GMT+02:00 Name <address>:".
DATED_SENDER = re.compile(r"^\d{4}\s?[-/.年]\s?\d{1,2}\s?[-/.月]\s?\d{1,2}")
DATED_SENDER_TAIL = re.compile(r"\bGMT\b|[:>]\s*$")
# …and Gmail in Russian: "ср, 30 апр. 2025 г. в 15:19, Name <address>:".
# Gmail wraps long ones inside the brackets ("<" / "address>:"), which joining leaves as "< address>:".
SENDER_AT_END = re.compile(r"<\s?[^<>\s]+@[^<>\s]+\s?>\)?\s*:$")
TIME = re.compile(r"(?<!\d)\d{1,2}[:.]\d{2}(?!\d)")


def _library_sent_from() -> list[str]:
    # mail-parser-reply keeps a "sent from my phone" phrase per language; reuse its list.
    phrases = []
    for language in LIBRARY_LANGUAGES:
        phrase = MAIL_LANGUAGES.get(language, {}).get("sent_from")
        if phrase:
            phrases.append(f"(?:{phrase})")
    return phrases


_SENT_FROM = [fragment for language in _ALL for fragment in language.sent_from]
# Whole-line forms (`iPhoneから送信`, GMX's "Diese Nachricht wurde von meinem … gesendet.").
SENT_FROM_LINE = re.compile("^(?:" + "|".join(f for f in _SENT_FROM if f.endswith("$")) + ")", re.IGNORECASE)
SENT_FROM = re.compile(
    "^(?:" + "|".join([f for f in _SENT_FROM if not f.endswith("$")] + _library_sent_from()) + ")", re.IGNORECASE
)
# "Sent from my iPhone, please excuse typos" is short; "Sent from my desk, is much easier than
# my phone." is a sentence the writer typed.
SENT_FROM_MAX_LENGTH = 120
SENT_FROM_MAX_WORDS = 8

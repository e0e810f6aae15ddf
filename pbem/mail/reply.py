"""Cut a received reply down to what its writer typed: no quoted history, no signature."""
from __future__ import annotations

# mail-parser-reply finds the attribution and header lines it knows ("On ... wrote:", Outlook
# `From:`/`Sent:` blocks in a dozen languages); reply_markers adds the forms it misses, built from
# the words of 33 languages in reply_patterns (attributions, header blocks, separators, phone
# signatures). For clients and languages in neither, a few shapes stand in: a line ending in a
# colon that names an address or a time with a deeper quote below it, a block of three `Name:
# value` lines with an address, a dashed phrase above a header. The cut itself is made here, line
# by line, because the library's own cut keeps the whole first fragment (quotes and all), strips
# closings such as "Best regards" that the writer meant to send, and loses indentation.

import re
import unicodedata
from bisect import bisect_right

from mailparser_reply.parser import EmailMessage

from . import reply_markers as markers

# Replies longer than this are cut before parsing; nobody types 64 KiB of moves.
MAX_TEXT_CHARS = 64 * 1024
# Attributions and header lines are short; longer lines are never tested against them, which
# also keeps the library's backtracking patterns cheap on hostile input.
_PROBE_LINE_CHARS = 300
_LIBRARY_LINES = 100
_LIBRARY_LINE_CHARS = 120
# Clients wrap an attribution over up to five lines (one of them blank, in Gmail's worst case).
_HEADER_JOIN_LINES = 5
_HEADER_MAX_CHARS = 400

# Zero-width characters, and the bidi marks Gmail wraps around Arabic, Hebrew and Persian headers.
_ZERO_WIDTH = dict.fromkeys(
    map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e"
            "\u2066\u2067\u2068\u2069")
)

EMPTY, TEXT, QUOTE, HEADER, QUOTED_HEADER, DELIMITER, SIGNATURE, CODE = "etqhQdsc"

_LIBRARY_HEADERS = EmailMessage(text="", languages=list(markers.LIBRARY_LANGUAGES)).HEADER_REGEX


def extract_reply(text: str, names: frozenset[str] = frozenset()) -> str:
    """Return the part of a reply body its writer typed, without quoted history or signature.

    `names`: the writer's own names (signer_names), so that a name signed above a phone's signature goes with
    it; without them no line that might be a command is taken for a name.
    """
    lines = _split_typed_attributions(split_lines(text[:MAX_TEXT_CHARS]))
    kinds = classify_lines(lines)
    kept = _drop_signed_name(lines, kinds, _kept_lines(kinds), names)
    return "\n".join(lines[index].rstrip() for index in kept).strip("\n")


def split_lines(text: str) -> list[str]:
    """Return the lines of a text whatever its line endings."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def classify_lines(lines: list[str]) -> list[str]:
    """Return one kind letter per line: empty, text, quote, header, quoted header, delimiter, signature, code."""
    probes = [_probe(line) for line in lines]
    depths, contents = zip(*(_depth_and_content(probe) for probe in probes)) if probes else ((), ())
    kinds = [EMPTY if not content else QUOTE if depth else TEXT for depth, content in zip(depths, contents)]
    _mark_code(contents, depths, kinds)
    for index, kind in enumerate(kinds):
        if kind != TEXT:
            continue
        content = contents[index]
        if markers.DELIMITER.match(content):
            kinds[index] = DELIMITER
        elif _is_sent_from(content):
            kinds[index] = SIGNATURE
    for first, last in _header_spans(probes, depths, contents, kinds):
        header = HEADER if depths[first] == 0 else QUOTED_HEADER
        for index in range(first, last + 1):
            if kinds[index] != CODE:
                kinds[index] = header
    return kinds


def _is_sent_from(content: str) -> bool:
    if len(content) > markers.SENT_FROM_MAX_LENGTH:
        return False
    if markers.SENT_FROM_LINE.match(content):
        return True
    return len(content.split()) <= markers.SENT_FROM_MAX_WORDS and bool(markers.SENT_FROM.match(content))


def _probe(line: str) -> str:
    # Compatibility forms (full-width `＞`, `：`, digits) are what Japanese clients send.
    line = unicodedata.normalize("NFKC", line[:_PROBE_LINE_CHARS]).translate(_ZERO_WIDTH)
    return line.rstrip()


def _depth_and_content(probe: str) -> tuple[int, str]:
    match = markers.QUOTE_MARKERS.match(probe)
    if not match:
        return 0, probe.strip()
    return match.group().count(">"), probe[match.end():].strip()


def _mark_code(contents, depths, kinds) -> None:
    # Lines inside a closed ``` fence are the writer's, whatever they look like.
    fence_start = None
    for index, content in enumerate(contents):
        if depths[index] or not markers.CODE_FENCE.match(content):
            continue
        if fence_start is None:
            fence_start = index
            continue
        for inside in range(fence_start, index + 1):
            kinds[inside] = CODE
        fence_start = None


def _split_typed_attributions(lines: list[str]) -> list[str]:
    # "reply On Wed, Apr 4, 2012 at 3:59 PM, bob <bob@example.com> wrote:": the writer's text and
    # the attribution on one line, as some HTML-to-text conversions leave them. Split them.
    result = []
    for line in lines:
        probe = _probe(line)
        if probe == line.rstrip() and markers.WROTE.search(probe) and not markers.QUOTE_MARKERS.match(probe):
            for match in markers.INLINE_START.finditer(probe):
                rest = probe[match.end():]
                if match.start() and rest[0].isupper() and _is_attribution(rest):
                    result += [line[: match.start()], line[match.end():]]
                    break
            else:
                result.append(line)
        else:
            result.append(line)
    return result


def _header_spans(probes, depths, contents, kinds) -> list[tuple[int, int]]:
    spans = _library_spans(probes, depths, contents)
    spans += _field_block_spans(contents, depths, kinds)
    spans += _unknown_field_block_spans(contents, depths, kinds)
    spans += _attribution_spans(probes, depths, contents, kinds)
    for index, content in enumerate(contents):
        if kinds[index] != CODE and (
            markers.SEPARATOR.match(content)
            or markers.FORWARD_INTRO.match(content)
            or markers.DASHED_ATTRIBUTION.match(content)
        ):
            spans.append((index, index))
    starts = {first for first, _ in spans}
    for index, content in enumerate(contents):
        # "------------------ Original ------------------" above a header block belongs to it.
        if kinds[index] != CODE and index not in starts and markers.DASHED_PHRASE.match(content):
            following = _next_content(contents, index)
            if following is not None and following in starts:
                spans.append((index, index))
    return spans


def _next_content(contents, index) -> int | None:
    # The next non-empty line, with at most one blank line before it.
    for following in (index + 1, index + 2):
        if following < len(contents) and contents[following]:
            return following
    return None


def _library_spans(probes, depths, contents) -> list[tuple[int, int]]:
    # The library's patterns backtrack badly on long hostile lines and crawl over long blank
    # stretches, so it reads a cheap copy: only lines that could be a header (a colon, a
    # separator), each cut short, a limited number of them, gaps between them shown as one
    # blank line.
    shown: list[str] = []
    origin: list[int | None] = []
    for index, probe in enumerate(probes):
        if ":" not in probe and "riginal" not in probe:
            continue
        if origin and origin[-1] != index - 1:
            shown.append("")
            origin.append(None)
        shown.append(probe.strip()[:_LIBRARY_LINE_CHARS])
        origin.append(index)
        if len(shown) >= _LIBRARY_LINES:
            break
    text = "\n".join(shown)
    starts = [0]
    for line in shown:
        starts.append(starts[-1] + len(line) + 1)
    spans = []
    for match in _LIBRARY_HEADERS.finditer(text):
        begin = match.start()
        while begin < match.end() and text[begin] == "\n":
            begin += 1
        if begin >= match.end():
            continue
        first = origin[bisect_right(starts, begin) - 1]
        lines = [origin[row] for row in range(bisect_right(starts, begin) - 1, bisect_right(starts, match.end() - 1))]
        lines = [line for line in lines if line is not None]
        if first is None or not lines:
            continue
        last = lines[-1]
        # The library lets an Outlook block swallow one more line of any kind; keep fields only.
        while last > first and not markers.ANY_FIELD.match(contents[last]):
            last -= 1
        spans.append((first, last))
    return spans


def _field_block_spans(contents, depths, kinds) -> list[tuple[int, int]]:
    # Outlook-style blocks: two or more `Field: value` lines, one naming the sender,
    # continuation lines allowed between them, ending at the last field line.
    spans = []
    index, count = 0, len(contents)
    while index < count:
        if kinds[index] == CODE or not markers.ANY_FIELD.match(contents[index]):
            index += 1
            continue
        depth = depths[index]
        last, fields, sender = index, 1, bool(markers.SENDER_FIELD.match(contents[index]))
        probe = index + 1
        while probe < count and probe - index < 15 and contents[probe] and depths[probe] == depth:
            if markers.ANY_FIELD.match(contents[probe]):
                last, fields = probe, fields + 1
                sender = sender or bool(markers.SENDER_FIELD.match(contents[probe]))
            elif probe - last > 1:
                break
            probe += 1
        if fields >= 2 and sender:
            spans.append((index, last))
            index = last + 1
        else:
            index += 1
    return spans


def _unknown_field_block_spans(contents, depths, kinds) -> list[tuple[int, int]]:
    # A header block in a language we do not know: three or more `Name: value` lines in a row,
    # one of them with an address and one with a time (the date line).
    spans = []
    index, count = 0, len(contents)
    while index < count:
        last = index
        while last < count and kinds[last] != CODE and depths[last] == depths[index] and \
                markers.SOME_FIELD.match(contents[last]):
            last += 1
        block = contents[index:last]
        if len(block) >= 3 and any(markers.ADDRESS.search(line) for line in block) and \
                any(markers.TIME.search(line) for line in block):
            spans.append((index, last - 1))
        index = max(last, index + 1)
    return spans


def _attribution_spans(probes, depths, contents, kinds) -> list[tuple[int, int]]:
    # "On <date>, <sender> wrote:" and its relatives, often wrapped over several lines.
    spans = []
    index, count = 0, len(contents)
    while index < count:
        last = None
        if kinds[index] in (TEXT, QUOTE) and _may_start_attribution(contents[index]):
            last = _attribution_end(probes, depths, contents, index)
        if last is None and kinds[index] in (TEXT, QUOTE) and _introduces_quote(depths, contents, index):
            last = index
        if last is None:
            index += 1
            continue
        # A line the player typed ("invite ann@example.org") may join up with the attribution
        # below it: the span starts at the latest line that is an attribution on its own.
        first = next((k for k in range(last, index, -1) if kinds[k] in (TEXT, QUOTE)
                      and _may_start_attribution(contents[k]) and markers.STRONG_START.match(contents[k])
                      and _attribution_end(probes, depths, contents, k) == last), index)
        spans.append((first, last))
        index = last + 1
    return spans


def _may_start_attribution(content: str) -> bool:
    return bool(
        markers.STRONG_START.match(content) or markers.WEAK_START.search(content) or markers.WROTE.search(content)
    )


def _attribution_end(probes, depths, contents, first) -> int | None:
    depth, blanks = depths[first], 0
    parts: list[str] = []
    for index in range(first, min(first + _HEADER_JOIN_LINES, len(contents))):
        if not contents[index]:
            blanks += 1
            if blanks > 1:
                return None
            continue
        if depth == 0:
            # Unquoted attributions wrapped by the client can carry a stray `>` ("<addr\n>:").
            parts.append(probes[index].strip())
        elif depths[index] == depth:
            parts.append(contents[index])
        else:
            return None
        joined = " ".join(parts)
        if len(joined) > _HEADER_MAX_CHARS:
            return None
        if _is_attribution(joined):
            return _absorb_address_line(contents, joined, index)
    return None


def _introduces_quote(depths, contents, index) -> bool:
    # A line of a client or language we do not know: it ends in a colon (or "wrote" without one),
    # names an address or a time, and a deeper quote follows it.
    content = contents[index]
    if len(content) > _PROBE_LINE_CHARS // 2:
        return False
    following = _next_content(contents, index)
    if following is None or depths[following] <= depths[index]:
        return False
    if content.endswith(":"):
        return bool(markers.ADDRESS.search(content) or (
            markers.TIME.search(content) and markers.STRONG_START.match(content)))
    return bool(markers.WROTE_BARE.search(content) and markers.STRONG_START.match(content))


def _is_attribution(joined: str) -> bool:
    wrote = markers.WROTE.search(joined)
    if wrote:
        weak = markers.WEAK_WROTE.search(joined)
        if weak and weak.start() == wrote.start():
            return bool(markers.ADDRESS.search(joined) or markers.TIME.search(joined))
        return bool(re.search(r"\d|@", joined))
    if markers.WROTE_BEFORE_SENDER.search(joined):
        return bool(markers.TIME.search(joined))
    if markers.SENDER_AT_END.search(joined) and markers.TIME.search(joined) and markers.STRONG_START.match(joined):
        return True
    if markers.DATED_SENDER.match(joined):
        return bool(markers.DATED_SENDER_TAIL.search(joined) and (
            "GMT" in joined or markers.ADDRESS.search(joined)))
    return False


def _absorb_address_line(contents, joined, last) -> int:
    # Gmail wraps "... GMT+02:00 Name <" / "address>:"; the second half belongs to the header.
    following = last + 1
    if joined.endswith(":") or following >= len(contents):
        return last
    tail = contents[following]
    if tail.endswith(":") and len(tail) <= 80 and ("@" in tail or ">" in tail):
        return following
    return last


def _kept_lines(kinds: list[str]) -> list[int]:
    count = len(kinds)
    index = _skip_leading_history(kinds)
    dropped: set[int] = set()
    cut = count
    position = index
    while position < count:
        kind = kinds[position]
        if kind in (DELIMITER, SIGNATURE):
            cut = position
            break
        if kind == HEADER:
            end = _run_end(kinds, position, (HEADER,))
            after = _run_end(kinds, end, (EMPTY,))
            if after < count and kinds[after] in (QUOTE, QUOTED_HEADER):
                after = _run_end(kinds, after, (QUOTE, QUOTED_HEADER, EMPTY))
                if after < count and kinds[after] in (TEXT, CODE):
                    # The writer answered inline below the quote: keep the quote, drop the attribution.
                    dropped.update(range(position, end))
                    position = after
                    continue
            cut = position
            break
        position += 1
    kept = [line for line in range(index, cut) if line not in dropped]
    if any(kinds[line] in (TEXT, CODE) for line in kept):
        # Quoted history at the end answers nothing; a message of quotes alone is kept as is.
        while kept and kinds[kept[-1]] in (QUOTE, QUOTED_HEADER, EMPTY):
            kept.pop()
    return kept


def signer_names(display_name: str, address: str) -> frozenset[str]:
    """The ways a writer signs: their display name, each of its words, their address's local part (casefolded)."""
    words = [word for word in re.split(r"[\s,]+", display_name.strip().strip('"')) if word]
    local = re.split(r"[._+-]", address.partition("@")[0])
    return frozenset(n.casefold() for n in (" ".join(words), *words, address.partition("@")[0], *local) if n)


def _drop_signed_name(lines: list[str], kinds: list[str], kept: list[int], names: frozenset[str]) -> list[int]:
    # The writer's name belongs to the signature it stands on: above a phone's "Sent from my iPhone"
    # ("Bob" / "Sent from my iPhone", "Ann" / "via mobile"). Only the writer's own name is taken so: a capitalised
    # command ("Done", "終了") in the same place looks just like one. Closings ("Thanks,") and names above quoted
    # history stay: they are text the writer typed.
    def signed(index: int) -> bool:
        return " ".join(_probe(lines[index]).strip().rstrip(".").split()).casefold() in names

    text = [index for index in kept if kinds[index] in (TEXT, CODE)]
    if len(text) < 2 or kinds[text[-1]] != TEXT:
        return kept
    last = text[-1]
    contents = {index: _probe(lines[index]).strip() for index in text[-3:]}
    following = next((index for index in range(last + 1, len(kinds)) if kinds[index] != EMPTY), None)
    if following is not None and kinds[following] == SIGNATURE:
        # The last paragraph, one or two name lines with a blank line above them; or a full name
        # right below the commands.
        paragraph = [last]
        if text[-2] == last - 1 and len(text) >= 3 and markers.NAME_LINE.match(contents[text[-2]]):
            paragraph.insert(0, text[-2])
        before = text[-len(paragraph) - 1]
        if before < paragraph[0] - 1 and all(markers.NAME_LINE.match(contents[index]) and signed(index)
                                             for index in paragraph):
            return [index for index in kept if index < paragraph[0]]
        if markers.FULL_NAME.match(contents[last]) and signed(last):
            return [index for index in kept if index < last]
    return kept


def _skip_leading_history(kinds: list[str]) -> int:
    # A message that opens with an attribution or forward header carries its own text below it.
    index = 0
    while True:
        first = _run_end(kinds, index, (EMPTY,))
        if first >= len(kinds):
            return first
        if kinds[first] in (HEADER, QUOTED_HEADER):
            after = _run_end(kinds, first, (HEADER, QUOTED_HEADER))
            index = _run_end(kinds, after, (EMPTY, QUOTE, QUOTED_HEADER))
            continue
        if kinds[first] == DELIMITER:
            index = first + 1
            continue
        return index


def _run_end(kinds: list[str], start: int, run: tuple[str, ...]) -> int:
    index = start
    while index < len(kinds) and kinds[index] in run:
        index += 1
    return index

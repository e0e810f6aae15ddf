"""Plain text from an HTML mail body, keeping its lines and marking blockquotes as `> ` quotes."""
from __future__ import annotations

import re
from html.parser import HTMLParser

# HTML beyond this is not read: a reply typed by a person is far smaller.
MAX_HTML_CHARS = 512 * 1024
MAX_TEXT_CHARS = 64 * 1024

_BLOCK_TAGS = frozenset(
    "address article aside center dd div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6"
    " header li main nav ol p pre section table tbody thead tfoot tr ul".split()
)
_HIDDEN_TAGS = frozenset("head script style template title noscript".split())
_CELL_TAGS = frozenset(("td", "th"))
_SPACES = re.compile(r"[ \t\n\r\f\v]+")
# Outlook's reply separator is an <hr>; as a rule line it stops the reply cutter like in plain text.
_RULE = "________________________________"


def html_to_text(html: str) -> str:
    """Return the text of an HTML body, one line per line break or block, quotes prefixed with `> `."""
    reader = _TextReader()
    try:
        reader.feed(html[:MAX_HTML_CHARS])
        reader.close()
    except Exception:  # html.parser is lenient, but what it read so far is still worth keeping
        pass
    return reader.text()


class _TextReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.current: list[str] = []
        self.current_depth = 0
        self.depth = 0
        self.hidden = 0
        self.preformatted = 0
        self.size = 0

    def handle_starttag(self, tag, attrs):
        if tag in _HIDDEN_TAGS:
            self.hidden += 1
        elif tag == "br":
            self._end_line(keep_empty=True)
        elif tag == "hr":
            self._end_line()
            self._append(_RULE, self.depth)
        elif tag == "blockquote":
            self._end_line()
            self.depth += 1
        elif tag in _BLOCK_TAGS:
            self._end_line()
            if tag == "pre":
                self.preformatted += 1
        elif tag in _CELL_TAGS and self.current:
            self.current.append(" ")

    def handle_startendtag(self, tag, attrs):
        # A self-closed <style/> or <script/> hides nothing.
        if tag not in _HIDDEN_TAGS:
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag in _HIDDEN_TAGS:
            self.hidden = max(0, self.hidden - 1)
        elif tag == "blockquote":
            self._end_line()
            self.depth = max(0, self.depth - 1)
        elif tag in _BLOCK_TAGS:
            self._end_line()
            if tag == "pre":
                self.preformatted = max(0, self.preformatted - 1)

    def handle_data(self, data):
        if self.hidden or self.size > MAX_TEXT_CHARS:
            return
        if self.preformatted:
            pieces = data.split("\n")
            for piece in pieces[:-1]:
                self._add(piece)
                self._end_line(keep_empty=True)
            self._add(pieces[-1])
            return
        self._add(_SPACES.sub(" ", data))

    def _add(self, data: str) -> None:
        if not data:
            return
        if not self.current:
            self.current_depth = self.depth
        self.current.append(data)

    def _end_line(self, keep_empty: bool = False) -> None:
        line = "".join(self.current)
        self.current = []
        if not self.preformatted:
            line = line.strip(" ")
        if line.strip() or keep_empty:
            depth = self.current_depth if line.strip() else self.depth
            self._append(line, depth)

    def _append(self, line: str, depth: int) -> None:
        if self.size > MAX_TEXT_CHARS:
            return
        line = ("> " * depth + line).rstrip()
        self.lines.append(line)
        self.size += len(line) + 1

    def text(self) -> str:
        self._end_line()
        return "\n".join(self.lines)[:MAX_TEXT_CHARS].strip("\n")

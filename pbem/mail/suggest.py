"""Did you mean …?: the commands a seat could send now that are nearest a line the game did not understand, and
whether such a line is a command gone wrong or a closing ("Thanks!") that only looks like text."""
from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass

from .. import engine

MAX_SUGGESTIONS = 3
CUTOFF = 0.6  # below this, a legal command is not offered: nothing at all beats a wild guess
CLOSE = 0.1  # offered only within this of the nearest, so an exact hit stands alone
NEAR = 0.75  # a line this close to a legal command is that command mistyped, wherever it stands
MAX_TEXTS = 500  # legal commands compared (Stone Age's payments can make thousands)
MAX_TOKENS = 12  # words of a line read: a paragraph of prose is no mistyped command
_WORD_CUTOFF = 0.75  # a misspelt word ("buidl", "Irigation") read as the command word it is closest to
_PUNCTUATION = re.compile(r"[.,!?;:'\"“”‘’`´()\[\]{}「」『』、。！？：；（）]+")
_DIGITS = re.compile(r"(\d+)")


@dataclass
class Reading:
    """What a line the game refused is nearest to: legal commands (canonical, best first), and whether it is
    close enough to one to be that command mistyped rather than prose."""

    suggestions: list[str]
    near: bool


def _tokens(text: str) -> list[str]:
    """The words of a line, case and width folded; a word in another script is cut at its digits ("森に3人")."""
    text = _PUNCTUATION.sub(" ", unicodedata.normalize("NFKC", text).casefold())
    out = []
    for word in text.split():
        out += [word] if word.isascii() else [part for part in _DIGITS.split(word) if part]
    return out


def _likeness(typed: str, word: str) -> float:
    """How alike two words are; two letters swapped ("hnut", "buidl") count as nearly the same word."""
    ratio = difflib.SequenceMatcher(None, typed, word).ratio()
    return max(ratio, 0.9) if sorted(typed) == sorted(word) else ratio


class Suggester:
    """Reads refused lines against what one seat could send in one state (the game's own parser is the
    dictionary: a word the player typed means a command's word when swapping it in parses to the same move)."""

    def __init__(self, rules, state, seat: int, offered=()):
        self.rules, self.state, self.seat = rules, state, seat
        self.offered = [t for t in offered if isinstance(t, str) and "<" not in t and not t.startswith("(")]
        self.texts: list[str] | None = None  # read when a line is first read: most refusals need none
        self.parsed: dict[str, tuple | None] = {}
        self.meaning: dict[str, str | None] = {}

    def _prepare(self) -> None:
        texts = list(self.offered)
        try:
            texts += [str(move) for move in self.rules.legal(self.state, self.seat)]
        except engine.CommandError:
            pass
        self.texts = list(dict.fromkeys(texts))[:MAX_TEXTS]
        self.words = [_tokens(text) for text in self.texts]
        self.verbs = {words[0] for words in self.words if words}
        # One command per word it uses (where the word stands in it): the swaps are tried there.
        self.samples: dict[str, tuple[int, int]] = {}
        for i, words in enumerate(self.words):
            for at, word in enumerate(words):
                if not word.isdigit():
                    self.samples.setdefault(word, (i, at))
        # A command of each verb with words after the verb: where a word the game skips is tried.
        self.firsts = list({words[0]: i for i, words in reversed(list(enumerate(self.words))) if len(words) > 1}
                           .values())

    def read(self, line: str) -> Reading:
        """The nearest legal commands to `line` (at most MAX_SUGGESTIONS) and whether it is near one."""
        if self.texts is None:
            self._prepare()
        typed = _tokens(line)[:MAX_TOKENS + 1]
        if not typed or len(typed) > MAX_TOKENS or not self.texts:
            return Reading([], False)
        meant = [self._mean(word) for word in typed]
        # Words the game ignores ("sur", "personnes") are dropped, and so are short ones it does not know ("la").
        read = [word for word in meant if word and (len(word) >= 3 or word in self.samples or not word.isascii()
                                                    or word.isdigit())]
        if not read:
            return Reading([], False)
        # A word after the verb that is no command word must look like a word of the command offered: "hnut" is
        # no "forest", however alike "place 1 hnut" and "place 1 forest" are.
        unknown = [word for word in read[1:] if word.isascii() and not word.isdigit() and word not in self.samples]
        scored = sorted(((self._score(read, words), i) for i, words in enumerate(self.words)
                         if all(max((_likeness(word, w) for w in words), default=0.0) >= 0.5 for word in unknown)),
                        key=lambda e: (-e[0], e[1]))
        best = scored[0][0] if scored else 0.0
        suggestions = [self.texts[i] for score, i in scored[:MAX_SUGGESTIONS]
                       if score >= CUTOFF and score >= best - CLOSE]
        # A first (or, in Japanese order, last) word that is a verb of the game, as typed or misspelt; or
        # nothing but words of the game's commands ("2 forrest").
        verb = meant[0] in self.verbs or meant[-1] in self.verbs
        known = all(word in self.samples or word.isdigit() for word in read) and not all(map(str.isdigit, read))
        return Reading(suggestions, best >= NEAR or verb or known)

    def _mean(self, word: str) -> str | None:
        """The command word `word` stands for: itself, a close spelling, or a word the parser takes in its place;
        "" for a word the parser ignores; `word` itself when none of these (so it still counts, unmatched)."""
        if word in self.samples or word.isdigit():
            return word
        if word not in self.meaning:
            self.meaning[word] = self._look_up(word)
        found = self.meaning[word]
        return word if found is None else found

    def _look_up(self, word: str) -> str | None:
        if word.isascii() and len(word) < 3:
            return None  # "a", "p", "of": too short to say which word they would be
        if word.isascii() and len(word) >= 4:
            close = max(((_likeness(word, known), known) for known in self.samples), default=(0.0, ""))
            if close[0] >= _WORD_CUTOFF:
                return close[1]
        for known, (i, at) in self.samples.items():
            words = self.words[i]
            if not self._optional(known) and self._same(" ".join(words[:at] + [word] + words[at + 1:]), self.texts[i]):
                return known  # "建設" where "build" stands, "chasse" where "hunt" does
        # A word the game skips ("personnes", "sur") in some command: left out of the comparison. Any such word
        # would also stand where a word a command may leave out stands (Stone Age's "place"), so those are not
        # looked up above.
        for i in self.firsts:
            words = self.words[i]
            if self._same(" ".join(words[:1] + [word] + words[1:]), self.texts[i]):
                return ""
        return None

    def _optional(self, known: str) -> bool:
        """Whether the command `known` was found in reads the same without it."""
        i, at = self.samples[known]
        words = self.words[i]
        return len(words) > 1 and self._same(" ".join(words[:at] + words[at + 1:]), self.texts[i])

    def _same(self, text: str, canonical: str) -> bool:
        moves = self._parse(text)
        return moves is not None and moves == self._parse(canonical)

    def _parse(self, text: str) -> tuple | None:
        if text not in self.parsed:
            try:
                self.parsed[text] = tuple(str(move) for move in self.rules.parse(text, self.state, self.seat))
            except engine.CommandError:
                self.parsed[text] = None
        return self.parsed[text]

    @staticmethod
    def _score(read: list[str], words: list[str]) -> float:
        # In order, and regardless of order: a Japanese line puts the verb last ("農場 Irrigation 建設").
        return max(difflib.SequenceMatcher(None, " ".join(read), " ".join(words)).ratio(),
                   difflib.SequenceMatcher(None, " ".join(sorted(read)), " ".join(sorted(words))).ratio())

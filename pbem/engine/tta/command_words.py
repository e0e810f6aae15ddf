"""The words of a command as every parser reads them: the text normalised (full width, case, accents), filler words
dropped, and a card's forgiving name resolved to its id (exact, a unique prefix, a close spelling); below
commands.py and military_commands.py, which share them."""
from __future__ import annotations

import difflib
import re
import unicodedata

from .. import base
from .cards import CARDS
from .cards.military import MILITARY
from .messages import Msg, error, quoted
from .moves import name
from .vocabulary import FILLER, VERB_OF


def normalise(text: str) -> str:
    """Full-width to ASCII, lower case, accents dropped from Latin letters, apostrophes and dots dropped."""
    text = unicodedata.normalize("NFKC", text).casefold()
    out = []
    for ch in text:
        if ord(ch) < 0x2B0 and not ch.isascii():
            ch = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
        out.append(ch)
    text = "".join(out)
    text = re.sub(r"[.'’`´&!?()\[\]{}\"「」『』、。:]+", " ", text)
    text = text.replace("-", " ").replace(">", " > ")
    return " ".join(text.split())


def _squash(text: str) -> str:
    return text.replace(" ", "")


# Every card's names (the canonical one and the printings' aliases), normalised.
_NAMES: dict[str, list[str]] = {}
for _c in CARDS.values():
    _NAMES[_c.id] = [_squash(normalise(n)) for n in (name(_c.id), _c.name) + _c.aliases]
for _m in MILITARY.values():
    _NAMES[_m.id] = [_squash(normalise(n)) for n in (name(_m.id), _m.name)]


def resolve(words: str, candidates: list[str], what: Msg, text: str, fuzzy: bool = True) -> str:
    """The card id among `candidates` (card ids) that `words` names: exact, unique prefix, then a close spelling
    (`what`: what the refusals say was looked for, Msg("w_hand")).

    Several cards sharing the name (e.g. an action card of two ages) -> Ambiguous with the candidates.
    """
    key = _squash(normalise(words))
    if not key:
        raise error(base.NotACommand, quoted(text, Msg("say_which", what=what)), text=text)
    cands = list(dict.fromkeys(candidates))
    exact = [c for c in cands if key in _NAMES[c]]
    if not exact:
        exact = [c for c in cands if any(n.startswith(key) for n in _NAMES[c])]
    if not exact and fuzzy:
        scored = []
        for c in cands:
            best = max(difflib.SequenceMatcher(None, key, n).ratio() for n in _NAMES[c])
            if best >= 0.75:
                scored.append((best, c))
        if scored:
            top = max(s for s, _ in scored)
            exact = [c for s, c in scored if s == top]
    if len(exact) == 1:
        return exact[0]
    if not exact:
        known = tuple(sorted({name(c) for c in cands}))
        raise error(base.IllegalMove, quoted(text, Msg("no_such", what=what, words=words, cards=known)), text=text)
    raise error(base.Ambiguous, quoted(text, Msg("could_be", words=words, cards_or=tuple(name(c) for c in exact))),
                candidates=[name(c) for c in exact], text=text)


def _p(state, seat):
    return state["seats"][seat]


def _drop(words: list[str]) -> list[str]:
    return [w for w in words if w not in FILLER]


# "done anyway": ending the actions though production will find an uprising (JA l.499-507, docs/tta.md), after the
# verb or before it (Japanese order), in every language: "done anyway", "終了 それでも", "それでも終了",
# "fin quand même", "fertig trotzdem". Normalised words (no accents).
ANYWAY = ("anyway", "anyways", "regardless", "それでも", "構わず", "かまわず", "強行", "quand meme", "malgre tout",
          "tout de meme", "trotzdem", "dennoch")


def says_anyway(words: list[str]) -> bool:
    """Whether the words after a "done" say "anyway"."""
    return " ".join(words) in ANYWAY


def split_anyway(word: str) -> list[str] | None:
    """A "done" and its "anyway" written as one word, as Japanese is ("それでも終了", "終了それでも"): [verb, anyway];
    None for any other word."""
    for anyway in ANYWAY:
        for verb in (word[len(anyway):] if word.startswith(anyway) else None,
                     word[:-len(anyway)] if word.endswith(anyway) else None):
            if verb and VERB_OF.get(verb) == "done":
                return [verb, anyway]
    return None

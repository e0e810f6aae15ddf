"""The Stone Age command grammar: text in four languages -> moves, with errors that list what is legal."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import fields

from .. import base
from .already_done import done_at
from .board import is_style, row_spaces
from .cards import BUILDINGS, DICE_ITEMS, PLACE_INFO, PLACES, RESOURCES
from .messages import Hint, Msg, error, quoted
from .moves import Build, Civ, Feed, Pick, Place, Split, Starve, UseCard, Work, resources_sorted
from .ornaments import counts, holdings, shortfall
from .payments import cost_msg
from .rules import legal
from .state import free_tools, once_values, place_kind, where
from .style_cards import NECKLACE_VALUE, ORNAMENT
from .vocabulary import (
    CJK_WORDS,
    FILLER,
    LEXICON,
    NUMBERS,
    PHRASES_BY_FIRST,
    PLACE_OF_TOKEN,
    RESOURCE_OF_TOKEN,
    RESOURCE_TOKENS,
)

MAX_TEXT = 10_000  # longer texts are not commands (and would only cost time)
ITEM_FACE = {item: face for face, item in DICE_ITEMS.items()}
ITEM_FACE.update({"field": 6, "toolmaker": 5, "tools": 5})
_BASE_PLACES = tuple(PLACES)  # hunt ... field: the places of the base game, for "say where"

# Lines and ";" separate commands; the full-width "；" too (split before normalising, to quote what was typed).
_RAW_SEPARATORS = re.compile(r"[;；\n\r\u2028\u2029]+")
_PUNCT = re.compile(r"[,.:!?()\[\]{}<>\"'`´’‘“”«»/\\|+=_*&^%$#@~、。・「」『』【】〜…]+")
_DIGIT_SPLIT = re.compile(r"(\d+)")


def normalise(text: str) -> str:
    """Full-width to ASCII (NFKC), lower case, accents dropped from Latin letters only (kana keep theirs)."""
    text = unicodedata.normalize("NFKC", text).casefold()
    if text.isascii():
        return text
    out = []
    for ch in text:
        if ord(ch) < 0x2B0 and not ch.isascii():
            ch = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
        out.append(ch)
    return "".join(out)


def _segment_cjk(word: str) -> list:
    """Split a run without spaces (Japanese) into known words by longest match; unknown characters stay."""
    out: list = []
    i = 0
    while i < len(word):
        if word[i].isdigit():
            j = i
            while j < len(word) and word[j].isdigit():
                j += 1
            out.append(word[i:j])
            i = j
            continue
        for w in CJK_WORDS:
            if word.startswith(w, i):
                out.append(w)
                i += len(w)
                break
        else:
            j = i + 1
            while j < len(word) and not word[j].isascii() and not any(word.startswith(w, j) for w in CJK_WORDS):
                j += 1
            out.append(word[i:j])
            i = j
    return out


class Word(str):
    """A canonical token that remembers the word the player typed, so refusals quote their words."""

    def __new__(cls, token: str, said: str):
        word = super().__new__(cls, token)
        word.said = said
        return word


def said(token) -> str:
    """The player's own word for a token (numbers as digits)."""
    return getattr(token, "said", str(token))


# German written without umlauts: "Gebaeude", "ueberspringen", "waehle" mean "Gebäude", ...
_UMLAUT_SPELLINGS = (("ae", "a"), ("oe", "o"), ("ue", "u"))


def _token(word: str):
    """A canonical token, an int, None (filler) or ("?", word) when unknown."""
    if word.isdigit():
        return int(word) if word.isdecimal() and len(word) <= 6 else ("?", word)
    if word in LEXICON:
        return Word(LEXICON[word], word)
    if word in NUMBERS:
        return NUMBERS[word]
    if word in FILLER:
        return None
    m = re.fullmatch(r"x?(\d{1,6})x?", word)  # "x2", "2x" as in "wood x2"
    if m:
        return int(m.group(1))
    for suffix in ("s", "es", "e", "en", "n"):  # plurals: woods, pierres, Steine, Werkzeugen
        if word.endswith(suffix) and word[: -len(suffix)] in LEXICON:
            return Word(LEXICON[word[: -len(suffix)]], word)
    plain = word
    for written, umlaut in _UMLAUT_SPELLINGS:
        plain = plain.replace(written, umlaut)
    if plain != word:
        found = _token(plain)
        if not isinstance(found, tuple):
            return Word(found, word) if isinstance(found, str) else found
    return ("?", word)


def tokenize(line: str) -> list:
    """Canonical tokens of one command line."""
    line = _PUNCT.sub(" ", line.replace("×", " x "))
    words: list[str] = []
    for raw in line.split():
        for part in _DIGIT_SPLIT.split(raw) if raw.isascii() else [raw]:
            if not part:
                continue
            words.extend(_segment_cjk(part) if not part.isascii() else [part])
    i, tokens = 0, []
    while i < len(words):
        for phrase in PHRASES_BY_FIRST.get(words[i], ()):
            if tuple(words[i:i + len(phrase)]) == phrase:
                tokens.append(Word(LEXICON[" ".join(phrase)], " ".join(phrase)))
                i += len(phrase)
                break
        else:
            tok = _token(words[i])
            if tok is not None:
                tokens.append(tok)
            i += 1
    return tokens


# --- the grammar ----------------------------------------------------------------

class _Bad(Exception):
    """A line that is not a command: carries the reason, a Msg."""

    def __init__(self, msg: Msg):
        super().__init__(msg)
        self.msg = msg


def _ints(tokens: list) -> list[int]:
    return [t for t in tokens if isinstance(t, int)]


def _resources(tokens: list, allow_food: bool = True) -> tuple:
    """A list of resources: "wood wood brick", "wood 2 brick 1" or "2 wood 1 brick" (expansion: ornaments,
    a necklace counting 3)."""
    items = [RESOURCE_OF_TOKEN.get(t, t) if isinstance(t, str) else t for t in tokens]
    for t in items:
        if isinstance(t, str) and (t not in RESOURCE_TOKENS or (t == "food" and not allow_food)):
            raise _Bad(Msg("not_resource", word=t))
        if isinstance(t, int) and not 1 <= t <= 50:
            raise _Bad(Msg("not_count", n=t))
    out: list[str] = []
    if items and isinstance(items[0], int):  # counts before: "2 wood 1 brick"
        n = None
        for t in items:
            if isinstance(t, int):
                if n is not None:
                    raise _Bad(Msg("two_numbers"))
                n = t
            else:
                out.extend([t] * (n or 1))
                n = None
        if n is not None:
            raise _Bad(Msg("number_first"))
    else:  # counts after: "wood 2 brick", or none: "wood wood brick"
        last = None
        for t in items:
            if isinstance(t, int):
                if last is None:
                    raise _Bad(Msg("two_numbers"))
                out.extend([last] * (t - 1))
                last = None
            else:
                out.append(t)
                last = t
    out = [x for t in out for x in ((ORNAMENT,) * NECKLACE_VALUE if t == "necklace" else (t,))]
    return resources_sorted(out)


def _tool_spec(tokens: list) -> tuple[str, tuple, tuple]:
    """The words after "tools": auto | none | tile values and "card N"."""
    if tokens in (["auto"], ["none"]):
        return tokens[0], (), ()
    if not tokens:
        raise _Bad(Msg("tools_say"))
    tiles, cards = [], []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t == "card" and i + 1 < len(tokens) and isinstance(tokens[i + 1], int):
            cards.append(tokens[i + 1])
            i += 2
        elif isinstance(t, int):
            tiles.append(t)
            i += 1
        else:
            raise _Bad(Msg("tools_by_value"))
    if len(tiles) > 3 or len(cards) > 3:
        raise _Bad(Msg("tools_max"))
    return "set", tuple(sorted(tiles, reverse=True)), tuple(sorted(cards, reverse=True))


def _target(tokens: list) -> tuple[str | None, list]:
    """The place named first in `tokens` (with its number for civ/building), and the rest."""
    for i, t in enumerate(tokens):
        if t in ("civ", "building"):
            if "nth" in tokens and tokens.index("nth") > 0 and isinstance(tokens[tokens.index("nth") - 1], int):
                j = tokens.index("nth") - 1
            elif i + 1 < len(tokens) and isinstance(tokens[i + 1], int):
                j = i + 1
            else:
                # "place 1 civ" or "place 3 building": the number may be people or the space, so ask.
                raise _Bad(Msg("which_civ" if t == "civ" else "which_building"))
            return f"{t}{tokens[j]}", [x for k, x in enumerate(tokens) if k not in (i, j) and x != "nth"]
        if isinstance(t, str) and t in PLACE_INFO:
            return t, [x for x in tokens[:i] + tokens[i + 1:] if x != "nth"]
    for i, t in enumerate(tokens):
        if t in PLACE_OF_TOKEN:
            return PLACE_OF_TOKEN[t], tokens[:i] + tokens[i + 1:]
    return None, tokens


def _take_ornaments(tokens: list) -> tuple[int | None, list]:
    """Expansion, hunting: "ornaments 2" (or "2 ornaments") taken out of `tokens`."""
    if ORNAMENT not in tokens:
        return None, tokens
    i = tokens.index(ORNAMENT)
    if i + 1 < len(tokens) and isinstance(tokens[i + 1], int):
        j = i + 1
    elif i > 0 and isinstance(tokens[i - 1], int) and len(_ints(tokens)) > 1:
        j = i - 1
    else:
        raise _Bad(Msg("ornaments_how_many"))
    return tokens[j], [t for k, t in enumerate(tokens) if k not in (i, j)]


def _place(tokens: list, state: dict, seat: int) -> Place:
    orn, tokens = _take_ornaments(tokens)
    pid, rest = _target(tokens)
    if pid is None:
        if is_style(state):
            raise _Bad(Msg("say_where_style", places=_BASE_PLACES, places2=("tradingpost", "woodyard"),
                           place="goldyard"))
        raise _Bad(Msg("say_where", places=_BASE_PLACES))
    tools = None
    if "tools" in rest or "auto" in rest or "none" in rest:
        spec = [t for t in rest if t in ("auto", "none")]
        rest = [t for t in rest if t not in ("tools", "auto", "none")]
        if len(spec) != 1:
            raise _Bad(Msg("tools_when_placing"))
        tools = spec[0]
    nums = _ints(rest)
    if len(nums) != len(rest):
        raise _Bad(_unknown(rest))
    if len(nums) > 1:
        raise _Bad(Msg("one_number"))
    if nums:
        return Place(nums[0], pid, tools, orn)
    if place_kind(pid) in ("civ", "building") or place_kind(pid) == "village":
        return Place(PLACE_INFO.get(pid, {}).get("exactly", 1), pid, tools, orn)
    p = state["seats"][seat]
    left = max(1, p["people"] - p["placed"])
    raise error(base.Ambiguous, Msg("how_many_on", place=pid),
                candidates=[str(Place(n, pid, tools, orn)) for n in range(1, left + 1)])


def _pay_or_skip(tokens: list) -> tuple:
    """"pay wood brick" -> (resources, give, get, extra); "skip" -> None; no payment -> ("ask", ...).

    Expansion: "... trade ornament 2 for stone" adds a trade (get None when not said), "extra" the
    extra card of space 5.
    """
    rest = [t for t in tokens if t != "pay"]
    if rest == ["skip"]:
        return None, (), (), False
    extra = "extra" in rest
    rest = [t for t in rest if t != "extra"]
    give, get = (), None
    if "trade" in rest:
        i = rest.index("trade")
        rest, trade = rest[:i], rest[i + 1:]
        if "for" in trade:
            j = trade.index("for")
            give, get = _resources(trade[:j]), _resources(trade[j + 1:])
        else:
            give = _resources(trade)
        if not give:
            raise _Bad(Msg("trade_what"))
    elif "for" in rest:
        raise _Bad(Msg("for_is_trade"))
    return (_resources(rest) if rest else "ask"), give, get, extra


def _received(state: dict, seat: int, pay: tuple, give: tuple) -> tuple:
    """What a trade brings when the command did not say: what the payment lacks after giving."""
    p = state["seats"][seat]
    if "ornaments" not in p:
        return ()
    avail = holdings(p)
    for x in give:
        avail[x] = avail.get(x, 0) - 1
    short = shortfall(counts(pay), avail)
    return resources_sorted(x for x, n in short.items() for _ in range(n))


def _civ(pid: str, rest: list, state: dict, seat: int):
    slot = int(pid[3:])
    pay, give, get, extra = _pay_or_skip(rest)
    if pay is None:
        return Civ(slot, None)
    spaces = row_spaces(state)
    space = spaces[slot - 1] if 0 < slot <= len(spaces) else {"n": 1, "item": "resource"}
    if pay == "ask":
        if space["item"] == ORNAMENT:
            pay = (ORNAMENT,) * (space["n"] + (3 if extra else 0))  # one price: "civ 5" pays it
        else:
            cost = space["n"]
            raise error(base.Ambiguous, Msg("pay_or_skip_card", place=f"civ{slot}"),
                        candidates=[f"civ {slot} pay <{cost} of wood/brick/stone/gold>",
                                             str(Civ(slot, ("wood",) * cost)), str(Civ(slot, None))])
    if extra and space["item"] == ORNAMENT and pay == (ORNAMENT,) * space["n"]:
        pay += (ORNAMENT,) * 3  # "civ 5 pay necklace extra": the card's price, and 3 more for the extra card
    if give and get is None:
        get = _received(state, seat, pay, give)
    return Civ(slot, pay, give, get or (), extra)


def _build(pid: str, rest: list, state: dict, seat: int):
    k = int(pid[8:])
    pay, give, get, extra = _pay_or_skip(rest)
    if extra:
        raise _Bad(Msg("extra_space5"))
    if pay is None:
        return Build(k, None)
    if pay == "ask":
        stacks = state["stacks"]
        tile = stacks[k - 1][0] if 0 < k <= len(stacks) and stacks[k - 1] else None
        if tile and BUILDINGS[tile]["kind"] == "fixed":
            # One way to pay: "build 2" means that way.
            pay = tuple(r for r in RESOURCES for _ in range(BUILDINGS[tile]["cost"].get(r, 0)))
        else:
            cost = cost_msg(tile) if tile else Msg("cost_unknown")
            raise error(base.Ambiguous, Msg("pay_or_skip_building", place=f"building{k}", cost=cost),
                        candidates=[f"build {k} pay <{cost}>", str(Build(k, None))])
    if give and get is None:
        get = _received(state, seat, pay, give)
    return Build(k, pay, give, get or ())


def _split(tokens: list, state: dict, seat: int) -> Split:
    """Expansion: "ornaments 2", "2 ornaments", "food 3" or "food 3 ornaments 2" shares a hunt."""
    rest = [t for t in tokens if t != "hunt"]
    orn = food = None
    i = 0
    while i < len(rest):
        t = rest[i]
        if t in (ORNAMENT, "food") and i + 1 < len(rest) and isinstance(rest[i + 1], int):
            n, i = rest[i + 1], i + 2
        elif isinstance(t, int) and i + 1 < len(rest) and rest[i + 1] in (ORNAMENT, "food"):
            n, t, i = t, rest[i + 1], i + 2
        else:
            raise _Bad(Msg("share_hunt"))
        if t == ORNAMENT:
            orn = n
        else:
            food = n
    ask = state["ask"]
    units = ask["units"] if ask and ask["kind"] == "split" else None
    if food is not None:
        if units is None:
            raise _Bad(Msg("ornaments_take"))
        if orn is not None and orn + food != units:
            raise _Bad(Msg("hunt_adds_up", units=units))
        orn = units - food
    if orn is None:
        raise _Bad(Msg("share_hunt"))
    return Split(orn)


def _is_split(tokens: list, state: dict, seat: int) -> bool:
    """Whether the line shares a hunt: only ornament/food counts (and "hunt" while the question is open)."""
    words = [t for t in tokens if not isinstance(t, int)]
    ask = state["ask"]
    asked = bool(ask and ask["kind"] == "split" and ask["seat"] == seat)
    allowed = {ORNAMENT, "food", "hunt"} if asked else {ORNAMENT}
    return bool(words) and set(words) <= allowed and (asked or ORNAMENT in words)


def _unknown(tokens: list) -> Msg:
    """'I do not know what "x y" means here' about the words (or else the numbers) of `tokens`."""
    bad = [t[1] if isinstance(t, tuple) else said(t) for t in tokens if not isinstance(t, int)]
    return Msg("unknown_words", words=" ".join(bad)) if bad else Msg("unknown_numbers")


def as_typed(words: list[str], typed: str) -> str:
    """The stretch of the line as the player typed it, from the first of `words` to the last: a refusal quotes the
    player's own words, never the words left once a place was read out of the middle ("pay wood brick" stays
    whole, not "pay brick"); the whole line when they are not found in it."""
    line = " ".join(typed.split())
    low = line.casefold()
    start = low.find(words[0].casefold()) if words else -1
    end = low.rfind(words[-1].casefold()) if words else -1
    if start < 0 or end < start:
        return line
    return line[start:end + len(words[-1])]


def parse_tokens(tokens: list, state: dict, seat: int):
    """One move from the tokens of one line."""
    unknown = [t for t in tokens if isinstance(t, tuple)]
    if unknown:
        raise _Bad(Msg("not_understood", word=unknown[0][1]))
    head = tokens[0]
    rest = tokens[1:]
    if "place" in tokens:
        return _place([("civ" if t == "card" else t) for t in tokens if t != "place"], state, seat)
    if head == "starve":
        if rest:
            raise _Bad(Msg("starve_alone"))
        return Starve()
    if "feed" in tokens:
        rest = [t for t in tokens if t not in ("feed", "with")]
        return Feed(_resources(rest) if rest else None)
    picking = state["ask"] and state["ask"]["kind"] == "pick"
    if head == "pick" or ((head in ITEM_FACE or head == ORNAMENT) and picking):
        args = rest if head == "pick" else tokens
        faces = ITEM_FACE
        if picking and "items" in state["ask"]:  # expansion: this card's own table
            faces = {item: face for face, item in enumerate(state["ask"]["items"], start=1)}
            faces.update({k: v for k, v in ITEM_FACE.items() if k in ("field", "toolmaker", "tools")})
        if len(args) == 1 and isinstance(args[0], int) and 1 <= args[0] <= 6:
            return Pick(args[0])
        if len(args) == 1 and args[0] in faces:
            return Pick(faces[args[0]])
        if len(args) == 1 and RESOURCE_OF_TOKEN.get(args[0]) in faces:
            return Pick(faces[RESOURCE_OF_TOKEN[args[0]]])  # "pick river": the gold die
        if len(args) == 2 and isinstance(args[0], int) and faces.get(args[1]) == args[0]:
            return Pick(args[0])  # "pick 3 stone", as the examples show it: "pick 3 (stone)"
        raise _Bad(Msg("pick_face"))
    if "use" in tokens:
        rest = [t for t in tokens if t not in ("use", "card")]
        res = _resources(rest)
        if len(res) != 2:
            raise _Bad(Msg("use_card_two"))
        return UseCard(res)
    # While people are placed the verb may be left out ("3 forest"); a line that pays or skips is a card's or a
    # building's resolution, written for the round before: apply answers it with what happened there.
    if state["phase"] == "place" and head != "tools" and not _RESOLVING & {t for t in tokens if isinstance(t, str)}:
        return _place([("civ" if t == "card" else t) for t in tokens], state, seat)
    if _is_split(tokens, state, seat):
        return _split(tokens, state, seat)
    orn = None
    if not {"civ", "card", "building", "pay", "trade", "extra", "skip"} & {t for t in tokens if isinstance(t, str)}:
        orn, tokens = _take_ornaments(tokens)  # "hunt ornaments 2": apply says where ornaments may come from
    split = next((i for i, t in enumerate(tokens) if t in ("tools", "auto", "none")), None)
    spec = None
    if split is not None:
        spec = _tool_spec(tokens[split + 1:] if tokens[split] == "tools" else tokens[split:])
        tokens = tokens[:split]
    if not tokens:  # a bare "tools 2 1" answers the roll that is waiting
        ask = state["ask"]
        target = ask["target"] if ask and ask["kind"] == "tools" and ask["seat"] == seat else None
        return Work(target, *spec, orn=orn)
    pid, rest = _target([("civ" if t == "card" else t) for t in tokens])
    if pid is None:
        raise _Bad(Msg("not_stone_age"))
    kind = place_kind(pid)
    if kind == "village":
        if done_at(state, seat, pid) is not None:
            return Work(pid)  # resolved at the start of the player's actions: apply says what it gave
        raise _Bad(Msg("village_no_command", pid=pid))
    if spec is not None:
        if rest or kind == "building":
            raise _Bad(_unknown(rest) if rest else Msg("unknown_tools_building"))
        return Work(pid, *spec, orn=orn)
    if kind == "civ":
        return _civ(pid, rest, state, seat)
    if kind == "building":
        return _build(pid, rest, state, seat)
    if rest:
        raise _Bad(_unknown(rest))
    return Work(pid, orn=orn)


def _plain(move, typed: str):
    """The move with every Word back to a plain str (the state holds plain JSON), remembering what was typed."""
    def plain(value):
        if isinstance(value, str):
            return str(value)
        if isinstance(value, tuple):
            return tuple(plain(v) for v in value)
        return value
    values = {f.name: plain(getattr(move, f.name)) for f in fields(move) if f.name != "said"}
    return type(move)(**values, said=typed)


_RESOLVING = frozenset({"pay", "skip", "trade", "extra"})


def parse(text: str, state: dict, seat: int) -> list:
    """Moves from a text of one or more commands (lines or ";"); raises a CommandError on the first bad one."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise error(base.NotACommand, Msg("too_long"), text=str(text)[:80])
    moves = []
    for typed in _RAW_SEPARATORS.split(text):
        line = normalise(typed)
        tokens = tokenize(line)
        if not tokens:
            continue
        shown = typed.strip()  # refusals quote the player's own words, as typed
        try:
            moves.append(_plain(parse_tokens(tokens, state, seat), shown))
        except _Bad as bad:
            if bad.msg.key == "unknown_words":
                bad.msg.params["words"] = as_typed(bad.msg.params["words"].split(), shown)
            raise error(base.NotACommand, quoted(shown, bad.msg), text=shown,
                        legal=hints(legal(state, seat), state, seat)) from None
        except base.Ambiguous as amb:
            # The question keeps its own words in every language (amb.in_locale).
            raise error(base.Ambiguous, quoted(shown, amb.in_locale), candidates=amb.candidates,
                        text=shown) from None
    if not moves:
        raise error(base.NotACommand, Msg("no_command"), text=text[:80], legal=hints(legal(state, seat), state, seat))
    return moves


def _pick_text(move: Pick, state: dict | None) -> str:
    """"pick 3 (stone)": the die face and what it gives (an expansion card has its own table)."""
    ask = state.get("ask") if state else None
    items = ask["items"] if ask and "items" in ask else [DICE_ITEMS[f] for f in sorted(DICE_ITEMS)]
    return f"{move} ({items[move.face - 1]})" if 0 < move.face <= len(items) else str(move)


def hints(moves: list, state: dict | None = None, seat: int | None = None) -> list[str]:
    """What is legal, complete but short: payments and tool sets become a template plus a few examples.

    Given the state and seat, "tools auto/none" is not offered to a player who has no tools to use.
    """
    no_tools = state is not None and seat is not None and not (
        free_tools(state["seats"][seat]) or once_values(state["seats"][seat]))
    out: list[str] = []
    groups: dict[str, list[str]] = {}
    ahead = False
    for m in moves:
        text = str(m)
        if isinstance(m, Place):
            if m.tools:
                ahead = True  # "tools auto/none" variants are described once at the end
            elif m.n > 1 and isinstance(out[-1] if out else None, str) and out[-1].endswith(f" {where(m.pid)}"):
                out[-1] = f"place <1-{m.n}> {where(m.pid)}"  # one line per place: "place <1-5> hunt"
            else:
                out.append(text)
            continue
        if isinstance(m, Pick):
            out.append(_pick_text(m, state))
            continue
        if isinstance(m, Work) and m.mode in ("auto", "none") and no_tools:
            continue
        if isinstance(m, (Civ, Build)) and m.pay is not None:
            key, template = text.split(" pay ")[0], text.split(" pay ")[0] + " pay <resources>"
        elif isinstance(m, Feed) and m.pay is not None:
            key, template = "feed", "feed with <resource> <count> ..."
        elif isinstance(m, Work) and m.mode == "set":
            key = f"{m.target} tools"
            template = f"{str(Work(m.target, 'auto')).replace('auto', '<tile values> [card <value>]')}"
        elif isinstance(m, UseCard):
            key, template = "use", "use card <resource> <resource>"
        else:
            out.append(text)
            continue
        if key not in groups:
            groups[key] = []
            out.append(template)
        if len(groups[key]) < 3:
            groups[key].append(text)
            out.append(text)
    if ahead:
        out.append(Hint(Msg("tools_ahead")))
    return out

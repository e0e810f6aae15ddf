"""The TtA command grammar: text in four languages -> moves; forgiving card names; errors that say what is legal."""
from __future__ import annotations

import difflib
import re
import unicodedata

from .. import base
from . import rules
from .cards import CARDS, card
from .cards.military import KINDS, MILITARY
from .events import options_of
from .messages import Msg, error, quoted
from .moves import (Accept, Aggression, Bid, Build, CancelPact, Choose, Colonize, Defend, Destroy, Discard, Discover,
                    Done, Event, FreeColony, GrowUnit, Hold, Pact, Pass, Play, Populate, Refuse, Revolution, Sacrifice,
                    Standing, StandingBid, Tactic, Take, Upgrade, War, Wonder, name, type_word)
from .pacts import TRADE_WORD, symmetric
from .vocabulary import (AND, AS, FILLER, NONE, OPTION_OF, PACT_WORDS, PAY, PLAYER, POLICY_OF, SACRIFICE, TO, TOPIC_OF,
                         TRADE, TYPE_OF, VERB_OF, VERBS, WITH)

MAX_TEXT = 10_000
_SEPARATORS = re.compile(r"[;\n\r]+")
_WORD = re.compile(r"[^\s]+")


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


def parse(text: str, state: dict, seat: int, names=None) -> list:
    """Moves from command text (several commands separated by new lines or ";"); `names`: the seats' names, which
    commands may use instead of "player N" (the contract's optional argument, docs/architecture.md)."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise error(base.NotACommand, Msg("not_a_text"))
    out = []
    for part in _SEPARATORS.split(text):
        if part.strip():
            out.append(parse_one(part.strip(), state, seat, names or ()))
    if not out:
        raise error(base.NotACommand, Msg("no_command"), legal=hints(state, seat))
    return out


def hints(state: dict, seat: int, takes: int = 13) -> list[str]:
    """A short list of legal commands: the cards the row lets the seat take (all of them by default: the row has at
    most 13, and taking is what a player asks most), then the first of each other kind, and "done"."""
    out, seen, took = [], set(), 0
    for m in rules.legal(state, seat):
        text = str(m)
        verb = text.split(" ", 1)[0]
        if verb == "take":
            took += 1
            if took <= takes:
                out.append(text)
        elif verb not in seen:
            seen.add(verb)
            out.append(text)
    return out


_PLAYER_N = re.compile(r"\bplayer (\d+)\b")


def shown_command(text: str, state: dict, seat: int, names) -> str:
    """`text`, a command `seat` may send, as a player reads it: each "player N" as that seat's name where the text
    with the name parses back to the same moves; "player N" stays for a name that would not (ambiguous, a number,
    a keyword such as "as"), and a text that is no command here (a template) is returned as it is."""
    if not names or "player " not in text:
        return text
    try:
        moves = parse(text, state, seat)
    except base.CommandError:
        return text
    shown = text
    for m in reversed(list(_PLAYER_N.finditer(text))):  # from the end: the earlier spans stay where they are
        target = int(m.group(1)) - 1
        if 0 <= target < len(names) and names[target].strip():
            trial = shown[:m.start()] + names[target].strip() + shown[m.end():]
            if _parses_to(trial, state, seat, names, moves):
                shown = trial
    return shown


def _parses_to(text: str, state: dict, seat: int, names, moves: list) -> bool:
    try:
        return parse(text, state, seat, names) == moves
    except base.CommandError:
        return False


def _split_pay(words: list[str]) -> tuple[list[str], list[str] | None]:
    for i, w in enumerate(words):
        if w in PAY:
            return words[:i], words[i + 1:]
    return words, None


def parse_one(text: str, state: dict, seat: int, names=()):
    """One command -> one move."""
    words = normalise(text).split()
    if not words:
        raise error(base.NotACommand, Msg("not_a_command", text=text), text=text)
    verb = VERB_OF.get(words[0])
    rest = words[1:]
    if verb is None and len(words) > 1 and words[-1] in VERB_OF:  # Japanese order: "4 取る"
        verb, rest = VERB_OF[words[-1]], words[:-1]
    if verb is None and words[0].isdigit() and len(words) == 1:
        verb, rest = "take", words
    if verb is None:
        raise error(base.NotACommand, Msg("not_a_command_hints", text=text,
                                          commands=", ".join(hints(state, seat, takes=3)[:8])),
                    text=text, legal=hints(state, seat))
    return VERB_PARSERS[verb](rest, text, state, seat, names)


def _p(state, seat):
    return state["seats"][seat]


def _pay(words: list[str] | None, state: dict, seat: int, text: str) -> tuple:
    """"pay Iron, Iron>Bronze": tokens removed, or moved down to make change (JA l.436-440); "trade" among them: the
    Trade Routes Agreement pays 1 of it."""
    if words is None:
        return ()
    p = _p(state, seat)
    cands = list(p["tokens"])
    joined = " ".join(words)
    moves = []
    for item in re.split(r"\s*,\s*|\s+and\s+", joined.replace(" , ", ",")):
        if not item.strip():
            continue
        if item.strip() in TRADE:
            moves.append(TRADE_WORD)
        elif ">" in item:
            a, b = item.split(">", 1)
            moves.append((resolve(a, cands, Msg("w_farm_mine"), text), resolve(b, cands, Msg("w_farm_mine"), text)))
        else:
            moves.append(resolve(item, cands, Msg("w_farm_mine"), text))
    if not moves:
        raise error(base.NotACommand, quoted(text, Msg("say_tokens")), text=text)
    return tuple(moves)


def _drop(words: list[str]) -> list[str]:
    return [w for w in words if w not in FILLER]


def _type_filter(words: list[str]) -> tuple[str | None, list[str]]:
    if words and words[0] in TYPE_OF:
        return TYPE_OF[words[0]], words[1:]
    return None, words


def _in_play(state, seat, type_: str | None) -> list[str]:
    return [cid for cid in _p(state, seat)["workers"] if type_ is None or type_word(cid) == type_]


def parse_take(words, text, state, seat, names=()):
    """The arguments of "take" -> its move."""
    words = _drop(words)
    if len(words) == 1 and words[0].isdigit():
        return Take(int(words[0]))
    row = state["row"]
    cands = [card(c).id for c in row if c is not None]
    cid = resolve(" ".join(words), cands, Msg("w_row"), text)
    p = _p(state, seat)
    slots = [i for i, c in enumerate(row) if c is not None and card(c).id == cid]
    # The same card in two slots: the cheaper (left) one, unless only the other may be taken.
    ok = [i for i in slots if rules.can_take(state, seat, i) is None] or slots
    del p
    return Take(ok[0] + 1)


def parse_build(words, text, state, seat, names=()):
    """The arguments of "build" -> its move ("build wonder" is the wonder's next stage, as "wonder" says)."""
    if words and words[0] in VERBS["wonder"] and words[0] != "w":
        return parse_wonder(words[1:], text, state, seat, names)
    words, pay = _split_pay(_drop(words))
    type_, words = _type_filter(words)
    cid = resolve(" ".join(words), _in_play(state, seat, type_), Msg("w_in_play"), text)
    return Build(cid, _pay(pay, state, seat, text))


def parse_upgrade(words, text, state, seat, names=()):
    """The arguments of "upgrade" -> its move."""
    words, pay = _split_pay(_drop(words))
    type_, words = _type_filter(words)
    cands = _in_play(state, seat, type_)
    p = _p(state, seat)
    pay_moves = _pay(pay, state, seat, text)
    for i, w in enumerate(words):
        if w in TO and 0 < i < len(words) - 1:
            src = resolve(" ".join(words[:i]), cands, Msg("w_in_play"), text)
            dst = resolve(" ".join(words[i + 1:]), cands, Msg("w_in_play"), text)
            return Upgrade(src, dst, pay_moves)
    for i in range(1, len(words)):
        try:
            src = resolve(" ".join(words[:i]), cands, Msg("w_in_play"), text)
            dst = resolve(" ".join(words[i:]), cands, Msg("w_in_play"), text)
        except base.CommandError:
            continue
        if src != dst:
            return Upgrade(src, dst, pay_moves)
    dst = resolve(" ".join(words), cands, Msg("w_in_play"), text)
    d = CARDS[dst]
    # "upgrade Iron": from the lowest level of that type with a building.
    lower = sorted((CARDS[c].level, c) for c in p["workers"] if p["workers"][c] and CARDS[c].kind == d.kind
                   and CARDS[c].subtype == d.subtype and CARDS[c].level < d.level)
    if not lower:
        raise error(base.IllegalMove, quoted(text, Msg("nothing_to_upgrade", card=d.name)), text=text)
    return Upgrade(lower[0][1], dst, pay_moves)


def parse_destroy(words, text, state, seat, names=()):
    """The arguments of "destroy" -> its move."""
    type_, words = _type_filter(_drop(words))
    p = _p(state, seat)
    cands = [c for c in _in_play(state, seat, type_) if p["workers"][c]]
    if not words and type_ and cands:
        # "destroy temple": the lowest level of that type with a building.
        return Destroy(min(cands, key=lambda c: CARDS[c].level))
    return Destroy(resolve(" ".join(words), cands, Msg("w_building"), text))


def parse_populate(words, text, state, seat, names=()):
    """The arguments of "populate" -> its move."""
    words, pay = _split_pay(_drop(words))
    if words and TYPE_OF.get(words[0]) == "unit":
        return GrowUnit(resolve(" ".join(words[1:]), _in_play(state, seat, "unit"), Msg("w_unit_tech"), text))
    if words:
        raise error(base.NotACommand, quoted(text, Msg("populate_no_card")), text=text)
    return Populate(_pay(pay, state, seat, text))


def parse_wonder(words, text, state, seat, names=()):
    """The arguments of "wonder" -> its move."""
    words, pay = _split_pay(_drop(words))
    n = 1
    if words and words[0].isdigit():
        n, words = int(words[0]), words[1:]
    return Wonder(n, _pay(pay, state, seat, text))


def _hand_copy(state, seat, cid) -> str:
    return next(c for c in _p(state, seat)["hand"] if card(c).id == cid)


def _hand(state, seat, pred) -> list[str]:
    return [card(c).id for c in _p(state, seat)["hand"] if pred(card(c))]


def parse_discover(words, text, state, seat, names=()):
    """The arguments of "discover" -> its move."""
    cid = resolve(" ".join(_drop(words)), _hand(state, seat, lambda c: c.is_technology), Msg("w_tech_hand"),
                  text)
    return Discover(_hand_copy(state, seat, cid))


def parse_revolution(words, text, state, seat, names=()):
    """The arguments of "revolution" -> its move."""
    cid = resolve(" ".join(_drop(words)), _hand(state, seat, lambda c: c.kind == "government"),
                  Msg("w_gov_hand"), text)
    return Revolution(_hand_copy(state, seat, cid))


EXAMPLES = {"build": "build farm Irrigation", "upgrade": "upgrade mine Bronze Iron", "discover": "discover Iron"}
INCLUDED_VERB = {"build": "build", "upgrade": "upgrade", "wonder_stage": "wonder", "discover": "discover"}


def parse_play(words, text, state, seat, names=()):
    """The arguments of "play" -> its move."""
    from .actions import included
    words = _drop(words)
    cands = _hand(state, seat, lambda c: True)
    # The longest run of words that names a card in hand; the rest is the action the card includes.
    # Exact names and prefixes first; a close spelling only for the whole text.
    for i in range(len(words), 0, -1):
        try:
            cid = resolve(" ".join(words[:i]), cands, Msg("w_hand"), text, fuzzy=False)
        except base.Ambiguous:
            raise
        except base.CommandError:
            continue
        rest = words[i:]
        c = CARDS[cid]
        copy = _hand_copy(state, seat, cid)
        if c.is_technology:
            return Discover(copy)
        kind = included(c)
        if kind is None or c.kind == "leader":
            if rest:
                continue
            return Play(copy)
        verb = INCLUDED_VERB.get(kind)
        if verb is None:
            if rest:
                continue
            return Play(copy)
        if rest and VERB_OF.get(rest[0]) == verb:
            rest = rest[1:]
        if verb == "wonder":
            return Play(copy, parse_wonder(rest, text, state, seat))
        if not rest:
            example = EXAMPLES[verb]
            raise error(base.IllegalMove, quoted(text, Msg("say_what_card_does", card=name(cid), example=example)),
                        text=text)
        return Play(copy, VERB_PARSERS[verb](rest, text, state, seat, names))
    return Play(_hand_copy(state, seat, resolve(" ".join(words), cands, Msg("w_hand"), text)))


def _mil_hand(state, seat, kinds) -> list[str]:
    return [c.split(":", 1)[0] for c in _p(state, seat)["mil_hand"] if MILITARY[c.split(":", 1)[0]].kind in kinds]


def _mil_copy(state, seat, cid) -> str:
    return next(c for c in _p(state, seat)["mil_hand"] if c.split(":", 1)[0] == cid)


def parse_tactic(words, text, state, seat, names=()):
    """The arguments of "tactic" -> its move."""
    cid = resolve(" ".join(_drop(words)), sorted(set(_mil_hand(state, seat, ("tactic",)))),
                  Msg("w_tactic"), text)
    return Tactic(_mil_copy(state, seat, cid))


def parse_event(words, text, state, seat, names=()):
    """The arguments of "event" -> its move."""
    cid = resolve(" ".join(_drop(words)), sorted(set(_mil_hand(state, seat, ("event", "territory")))),
                  Msg("w_event"), text)
    return Event(_mil_copy(state, seat, cid))


def parse_choose(words, text, state, seat, names=()):
    """The arguments of "choose" -> its move ("choose food", "選ぶ 資源", "wahle bauen"; "choose 2 food" for a mix,
    "choose Iron" for the card a loss takes, among the options the seat is asked for)."""
    rest = _drop(words)
    frame = state["stack"][-1] if state["stack"] else None
    offered = options_of(frame, seat) if frame and frame["kind"] == "event_choice" and seat in frame["seats"] else []
    options = [OPTION_OF[w] for w in rest if w in OPTION_OF]
    cards: dict = {}
    for o in offered:
        if "/" in o:  # colonies are copies: a card's name chooses the first copy offered
            cards.setdefault(o.split(":", 1)[0], o)
    if cards and not any(o in offered for o in options) and not any(o.endswith(" food") for o in offered):
        options = []  # not a word offered: a word inside a card's name ("Fast Food Chains", "Military Build-Up")
    numbers = [int(w) for w in rest if w.isdigit()]
    if len(options) == 1 and len(numbers) == 1 and options[0] in ("food", "resource"):
        total = max((int(o.split()[0]) for o in offered if o.endswith(" food")), default=numbers[0])
        return Choose(f"{numbers[0] if options[0] == 'food' else total - numbers[0]} food")
    if len(options) == 1 and not numbers:
        return Choose(options[0])
    if cards and rest:
        return Choose(cards[resolve(" ".join(rest), list(cards), Msg("w_choice"), text)])
    say = ", ".join(str(Choose(o)) for o in offered) or "choose food, resource, build or skip"
    raise error(base.NotACommand, quoted(text, Msg("say_one_of", commands=say)), text=text)


def parse_discard(words, text, state, seat, names=()):
    """The arguments of "discard" -> its move."""
    cid = resolve(" ".join(_drop(words)), sorted(set(_mil_hand(state, seat, KINDS))), Msg("w_mil_hand"),
                  text)
    return Discard(_mil_copy(state, seat, cid))


def parse_done(words, text, state, seat, names=()):
    """The arguments of "done" -> its move ("pass" when a bid is asked of the seat)."""
    if _drop(words):
        raise error(base.NotACommand, quoted(text, Msg("done_alone")), text=text)
    if state["stack"] and state["stack"][-1]["kind"] == "bid" and state["stack"][-1]["seat"] == seat:
        return Pass()
    return Done()


def _number(words: list[str], text: str, say: Msg) -> int:
    if len(words) != 1 or not words[0].isdigit():
        raise error(base.NotACommand, quoted(text, say), text=text)
    return int(words[0])


def parse_bid(words, text, state, seat, names=()):
    """The arguments of "bid" -> its move ("bid 5", "入札 5", "5 入札")."""
    return Bid(_number(_drop(words), text, Msg("say_bid")))


def parse_colonize(words, text, state, seat, names=()):
    """"colonize" (the cheapest payment), "colonize sacrifice Knights 2 Warriors with +2 +1" (the units and the
    bonus cards by their colonization value), or Columbus's "colonize Fertile Territory" from the hand."""
    words = [w for w in (x.strip(",") for x in _drop(words)) if w]
    if words and words[0] not in SACRIFICE and words[0] not in WITH and not words[0].startswith("+"):
        cid = resolve(" ".join(words), sorted(set(_mil_hand(state, seat, ("territory",)))),
                      Msg("w_territory"), text)
        return FreeColony(_mil_copy(state, seat, cid))
    units: dict[str, int] = {}
    bonus: list[str] = []
    part = None
    p = _p(state, seat)
    cands = [cid for cid, n in p["workers"].items() if n and CARDS[cid].kind == "unit"]
    hand = [c for c in p["mil_hand"] if MILITARY[c.split(":", 1)[0]].kind == "bonus"]
    i = 0
    while i < len(words):
        w = words[i]
        if w in SACRIFICE or w in WITH:
            part, i = ("units" if w in SACRIFICE else "bonus"), i + 1
        elif part == "bonus" or w.startswith("+"):
            value = w.lstrip("+")
            copy = next((c for c in hand if value.isdigit()
                         and MILITARY[c.split(":", 1)[0]].colonization == int(value)), None)
            if copy is None:
                held = tuple(sorted({f"+{MILITARY[c.split(':', 1)[0]].colonization}" for c in hand}))
                raise error(base.IllegalMove, quoted(text, Msg("no_colonization_bonus", word=w, bonuses=held)),
                            text=text)
            hand.remove(copy)
            bonus.append(copy)
            i += 1
        elif part == "units":
            count = 1
            if w.isdigit():
                count, i = int(w), i + 1
            j = _unit_name_end(words, i, cands, text)
            cid = resolve(" ".join(words[i:j]), cands, Msg("w_unit"), text)
            units[cid] = units.get(cid, 0) + count
            i = j
        else:
            raise error(base.NotACommand, quoted(text, Msg("colonize_say")), text=text)
    if not units and not bonus and part is not None:
        raise error(base.NotACommand, quoted(text, Msg("colonize_units")), text=text)
    return Colonize(tuple(sorted(units.items())), tuple(bonus))


def _unit_name_end(words: list[str], i: int, cands: list[str], text: str) -> int:
    """Where the unit name starting at words[i] ends: the longest run naming a unit exactly or by a prefix, up to
    the next keyword or number; the whole run when none does (resolve then says what is wrong)."""
    stop = i
    while stop < len(words) and not words[stop].isdigit() and words[stop] not in SACRIFICE + WITH:
        stop += 1
    for j in range(stop, i, -1):
        try:
            resolve(" ".join(words[i:j]), cands, Msg("w_unit"), text, fuzzy=False)
            return j
        except base.CommandError:
            continue
    return max(stop, i + 1)


def parse_hold(words, text, state, seat, names=()):
    """The arguments of "hold" -> its move."""
    if _drop(words):
        raise error(base.NotACommand, quoted(text, Msg("hold_alone")), text=text)
    return Hold()


_COUNT = re.compile(r"x?(\d+)x?")
_SEAT = re.compile(r"^(?:player|p|プレイヤー|joueur|spieler)?(\d+)$")


def _seat(words: list[str], state: dict, seat: int, text: str, names=()) -> tuple[int, list[str]]:
    """The seat named at the end of `words` ("player 2", "p2", "2", "プレイヤー2", or a seat's name: "Bob", "Bob
    Smith", a unique first word of a name) and the words before it."""
    named = [normalise(n).split() for n in names]
    hits = [s for s, n in enumerate(named) if n and words[-len(n):] == n]
    longest = max((len(named[s]) for s in hits), default=0)
    hits = [s for s in hits if len(named[s]) == longest]  # "Ann Lee" rather than "Lee" in "... Ann Lee"
    if words:
        m = _SEAT.match(words[-1])
        # A bare number ending a longer name ("Bot 2") is that name; "player 2" and "p2" are always numbers.
        spelled = not words[-1].isdigit() or (len(words) > 1 and words[-2] in PLAYER)
        if m and (spelled or longest < 2):
            rest = words[:-1]
            if rest and rest[-1] in PLAYER:
                rest = rest[:-1]
            return int(m.group(1)) - 1, rest
    if not hits and words:
        hits = [s for s, n in enumerate(named) if n and n[0] == words[-1]]
        cut = 1
    else:
        cut = longest
    others = [s for s in range(state["players"]) if s != seat]
    if len(hits) > 1:
        several = Msg("names_several", word=words[-1], named=tuple((names[s], s + 1) for s in hits))
        raise error(base.Ambiguous, quoted(text, several), text=text, candidates=[f"player {s + 1}" for s in hits])
    if hits:
        return hits[0], words[:-cut]
    known = tuple((names[s] if s < len(names) else None, s + 1) for s in others)
    raise error(base.NotACommand, quoted(text, Msg("say_whom", n=others[0] + 1, named=known)), text=text)


def _split_at(words: list[str], keys) -> tuple[list[str], list[str] | None]:
    for i, w in enumerate(words):
        if w in keys:
            return words[:i], words[i + 1:]
    return words, None


def _units(words: list[str] | None, state: dict, seat: int, text: str) -> tuple:
    """"sacrifice 2 Knights, Swordsmen" -> ((unit id, count), ...) sorted by id."""
    if words is None or [w for w in words if w not in NONE] == []:
        return ()
    cands = [c for c, n in _p(state, seat)["workers"].items() if n and CARDS[c].kind == "unit"]
    counts: dict = {}
    joined = " ".join(w for w in words if w not in FILLER)
    for item in re.split(r"\s*,\s*|\s+(?:" + "|".join(AND) + r")\s+", joined):
        parts, n = [], 1
        for w in item.split():
            m = _COUNT.fullmatch(w)
            if m:
                n = int(m.group(1))
            else:
                parts.append(w)
        if not parts:
            continue
        cid = resolve(" ".join(parts), cands, Msg("w_unit"), text)
        counts[cid] = counts.get(cid, 0) + n
    return tuple(sorted(counts.items()))


def _attack(words, text, state, seat, kind, names):
    words, sac = _split_at(_drop(words), SACRIFICE)
    if not words:
        cards = sorted({name(c) for c in _mil_hand(state, seat, (kind,))})
        say = (Msg("attack_say", mil=kind, verb=kind, card=cards[0], cards=tuple(cards)) if cards
               else Msg("attack_say_none", mil=kind, verb=kind))
        raise error(base.NotACommand, quoted(text, say), text=text)
    target, words = _seat(words, state, seat, text, names)
    cid = resolve(" ".join(words), sorted(set(_mil_hand(state, seat, (kind,)))), Msg("w_mil", mil=kind),
                  text)
    return _mil_copy(state, seat, cid), target, _units(sac, state, seat, text)


def parse_aggression(words, text, state, seat, names=()):
    """"aggression Raid player 2 sacrifice Knights" -> its move."""
    copy, target, units = _attack(words, text, state, seat, "aggression", names)
    return Aggression(copy, target, units)


def parse_war(words, text, state, seat, names=()):
    """"war Holy War player 2" -> its move."""
    copy, target, units = _attack(words, text, state, seat, "war", names)
    if units:
        raise error(base.NotACommand, quoted(text, Msg("war_sacrifices_later")), text=text)
    return War(copy, target)


def parse_pact(words, text, state, seat, names=()):
    """"pact Acceptance of Supremacy player 2 as B" (player 2 takes side B) -> its move."""
    words, side = _split_at(_drop(words), AS)
    target, words = _seat(words, state, seat, text, names)
    cid = resolve(" ".join(words), sorted(set(_mil_hand(state, seat, ("pact",)))), Msg("w_mil", mil="pact"),
                  text)
    copy = _mil_copy(state, seat, cid)
    if symmetric(copy):
        a = seat  # both sides get the same: a side said is ignored (the move's text has none, so replays agree)
    elif side in (["a"], ["b"]):
        a = target if side == ["a"] else seat
    else:
        raise error(base.NotACommand, quoted(text, Msg("say_as", player=target + 1)), text=text)
    return Pact(copy, target, a)


def parse_defend(words, text, state, seat, names=()):
    """"defend with +4 +2 sacrifice Knights", "defend none" -> its move."""
    words, sac = _split_at([w for w in _drop(words) if w not in WITH], SACRIFICE)
    if [w for w in words if w not in NONE] == [] and sac is None:
        return Defend()
    hand = [c for c in _p(state, seat)["mil_hand"] if MILITARY[c.split(":", 1)[0]].kind == "bonus"]
    cards = []
    for w in words:
        m = re.fullmatch(r"\+?(\d+)", w)
        if not m:
            raise error(base.NotACommand, quoted(text, Msg("defend_say")), text=text)
        match = [c for c in hand if MILITARY[c.split(":", 1)[0]].defense == int(m.group(1)) and c not in cards]
        if not match:
            have = tuple(f"+{MILITARY[c.split(':', 1)[0]].defense}" for c in hand)
            raise error(base.IllegalMove, quoted(text, Msg("no_defence_card", value=m.group(1), bonuses=have)),
                        text=text)
        cards.append(match[0])
    return Defend(tuple(cards), _units(sac, state, seat, text))


def parse_sacrifice(words, text, state, seat, names=()):
    """"sacrifice 2 Knights", "sacrifice none" (the declarer of a war being resolved) -> its move."""
    return Sacrifice(_units(_drop(words), state, seat, text))


def parse_accept(words, text, state, seat, names=()):
    return Accept()


def parse_refuse(words, text, state, seat, names=()):
    return Refuse()


def parse_cancel(words, text, state, seat, names=()):
    """"cancel pact" -> its move."""
    if [w for w in _drop(words) if w not in PACT_WORDS]:
        raise error(base.NotACommand, quoted(text, Msg("cancel_say")), text=text)
    return CancelPact()


def parse_standing(words, text, state, seat, names=()):
    """"standing bid 5|0|none" (territories: bid up to 5, always pass, ask me), "standing defence
    never|cheapest|ask", "standing pacts refuse|ask|accept [player 2 ...]", "standing choices default|ask" -> its
    move."""
    words = _drop(words)
    if words and VERB_OF.get(words[0]) == "bid":
        rest = words[1:]
        if len(rest) == 1 and rest[0] in NONE:
            return StandingBid(None)
        return StandingBid(_number(rest, text, Msg("say_standing_bid")))
    topic = TOPIC_OF.get(words[0]) if words else None
    policy = POLICY_OF.get(words[1]) if len(words) > 1 else None
    if topic is None or policy is None:
        raise error(base.NotACommand, quoted(text, Msg("standing_say")), text=text)
    seats, rest = [], words[2:]
    while rest:
        s, rest = _seat(rest, state, seat, text, names)
        seats.insert(0, s)
    return Standing(topic, policy, tuple(sorted(set(seats))))


VERB_PARSERS = {"take": parse_take, "build": parse_build, "upgrade": parse_upgrade, "destroy": parse_destroy,
                "populate": parse_populate, "wonder": parse_wonder, "discover": parse_discover,
                "revolution": parse_revolution, "play": parse_play, "hold": parse_hold, "tactic": parse_tactic,
                "event": parse_event, "bid": parse_bid, "colonize": parse_colonize, "choose": parse_choose,
                "discard": parse_discard, "done": parse_done, "aggression": parse_aggression, "war": parse_war,
                "pact": parse_pact, "defend": parse_defend, "sacrifice": parse_sacrifice, "accept": parse_accept,
                "refuse": parse_refuse, "cancel": parse_cancel, "standing": parse_standing}

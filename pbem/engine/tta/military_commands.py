"""The arguments of the military and political commands -> their moves: tactics, events, territories (bids and
payments), event choices, military discards, aggressions, wars, pacts, defences, sacrifices, pact answers and
standing orders; below commands.py, whose table of verbs holds them."""
from __future__ import annotations

import re

from .. import base
from .cards import CARDS
from .cards.military import KINDS, MILITARY
from .command_words import _drop, _p, normalise, resolve
from .effects import options_of
from .messages import Msg, error, quoted
from .moves import (Accept, Aggression, Bid, CancelPact, Choose, Colonize, Defend, Discard, Event, FreeColony, Pact,
                    Refuse, Sacrifice, Standing, StandingBid, Tactic, War, name)
from .pacts import military_hand_limit, symmetric
from .vocabulary import (AND, AS, FILLER, NONE, OPTION_OF, PACT_WORDS, PLAYER, POLICY_OF, SACRIFICE, TOPIC_OF, VERB_OF,
                         WITH)


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


_LIST = re.compile(r"\s*[,、，]\s*")


def parse_discard(words, text, state, seat, names=()):
    """The arguments of "discard" -> its moves: one card, or several named in a list ("discard Raid I, Rats"),
    each a copy of its own (two "Raid I" are two copies)."""
    hand = list(_p(state, seat)["mil_hand"])
    moves = []
    # Split the text as written: normalising drops "、".
    named = [" ".join(w for w in _drop(normalise(part).split()) if VERB_OF.get(w) != "discard")
             for part in _LIST.split(text)]
    for said in named if len(named) > 1 else [" ".join(_drop(words))]:
        cid = resolve(said, sorted({c.split(":", 1)[0] for c in hand if MILITARY[c.split(":", 1)[0]].kind in KINDS}),
                      Msg("w_mil_hand"), text)
        copy = next(c for c in hand if c.split(":", 1)[0] == cid)
        hand.remove(copy)
        moves.append(Discard(copy))
    # Named ahead, a discard may name more than it comes to (the political action played a card from the hand):
    # the first named go, as many as are asked.
    frame = state["stack"][-1] if state.get("stack") else None
    if frame is not None and frame["kind"] == "discard" and frame.get("seat") == seat:
        p = _p(state, seat)
        moves = moves[:max(1, len(p["mil_hand"]) - military_hand_limit(state, seat))]
    return moves[0] if len(moves) == 1 else moves


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

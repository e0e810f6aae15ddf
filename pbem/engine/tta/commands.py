"""The TtA command grammar: text in four languages -> moves; forgiving card names; errors that say what is legal."""
from __future__ import annotations

import re

from .. import base
from .bot import least_useful
from .cards import CARDS, card
from .checks import can_take, included
from .command_words import _drop, _p, normalise, resolve, says_anyway, split_anyway
from .effects import discontent
from .legal_moves import legal, needs_anyway
from .messages import Msg, error, quoted
from .military_commands import (parse_accept, parse_aggression, parse_bid, parse_cancel, parse_choose,
                                parse_colonize, parse_defend, parse_discard, parse_event, parse_pact, parse_refuse,
                                parse_sacrifice, parse_standing, parse_tactic, parse_war)
from .moves import (Build, Destroy, Discover, Done, GrowUnit, Hold, Pass, Play, Populate, Revolution, Take, Upgrade,
                    Wonder, name, type_word)
from .pacts import TRADE_WORD, military_hand_limit
from .vocabulary import PAY, TO, TRADE, TYPE_OF, VERB_OF, VERBS

MAX_TEXT = 10_000
_SEPARATORS = re.compile(r"[;\n\r]+")
_WORD = re.compile(r"[^\s]+")


def parse(text: str, state: dict, seat: int, names=None) -> list:
    """Moves from command text (several commands separated by new lines or ";"); `names`: the seats' names, which
    commands may use instead of "player N" (the contract's optional argument, docs/architecture.md).

    With `names` the text is a player's words (the service passes them with every line a player sends: mail, form,
    text box, API), and a plain "done" that would bring an uprising is refused (refuse_uprising). Without them it
    is a stored text (replays, undo, the history), read as it was accepted when it was played.
    """
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise error(base.NotACommand, Msg("not_a_text"))
    out = []
    for part in _SEPARATORS.split(text):
        if part.strip():
            move = parse_one(part.strip(), state, seat, names or ())
            if names is not None and move == Done():
                refuse_uprising(state, seat, part.strip())
            out.extend(move if isinstance(move, list) else [move])  # "discard Raid I, Rats": one move a card
    if not out:
        raise error(base.NotACommand, Msg("no_command"), legal=hints(state, seat))
    return _passing_politics(state, seat, out[0]) + out


# The moves of the action phase ("done" also ends the political action, so it is not one of them here).
_ACTION_MOVES = (Take, Build, Upgrade, Destroy, Populate, GrowUnit, Wonder, Discover, Revolution, Play, Hold)


def _passing_politics(state: dict, seat: int, first) -> list:
    """[Done()] when `seat` is asked for its political action and `first` is an action: an action sent then means
    none (JA l.126-128: the political action may be skipped), so "take 3" alone starts the action phase."""
    frame = state["stack"][-1] if state.get("stack") else None
    if frame is None or frame["kind"] != "politics" or frame.get("seat") != seat or type(first) not in _ACTION_MOVES:
        return []
    return [Done()]


def _whole_discard(state: dict, seat: int) -> list[str]:
    """When `seat` is asked to discard: the whole discard in one line (the cards the bot would give up, the least
    useful first), then every card it may name, so that one reply answers it."""
    frame = state["stack"][-1] if state.get("stack") else None
    if frame is None or frame["kind"] != "discard" or frame.get("seat") != seat:
        return []
    p = state["seats"][seat]
    n = len(p["mil_hand"]) - military_hand_limit(state, seat)
    if n <= 0:
        return []
    return [f"discard {', '.join(name(c) for c in least_useful(p, n))}",
            f"discard <{n} of: {', '.join(name(c) for c in p['mil_hand'])}>"]


def hints(state: dict, seat: int, takes: int = 13) -> list[str]:
    """A short list of legal commands: the cards the row lets the seat take (all of them by default: the row has at
    most 13, and taking is what a player asks most), then the first of each other kind, and "done"."""
    out, took = _whole_discard(state, seat), 0
    seen = {"discard"} if out else set()  # the whole discard stands for the single ones
    for m in legal(state, seat):
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
    if verb is None and len(words) == 1 and split_anyway(words[0]):  # "それでも終了"
        verb, rest = "done", split_anyway(words[0])[1:]
    if verb is None:
        raise error(base.NotACommand, Msg("not_a_command_hints", text=text,
                                          commands=", ".join(hints(state, seat, takes=3)[:8])),
                    text=text, legal=hints(state, seat))
    return VERB_PARSERS[verb](rest, text, state, seat, names)


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
    ok = [i for i in slots if can_take(state, seat, i) is None] or slots
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


def parse_done(words, text, state, seat, names=()):
    """The arguments of "done" -> its move ("pass" when a bid is asked of the seat); "done anyway" ends the actions
    though production will find an uprising."""
    anyway = bool(words) and says_anyway(words)
    if _drop(words) and not anyway:
        raise error(base.NotACommand, quoted(text, Msg("done_alone")), text=text)
    if state["stack"] and state["stack"][-1]["kind"] == "bid" and state["stack"][-1]["seat"] == seat:
        return Pass()
    return Done(anyway)


def refuse_uprising(state: dict, seat: int, text: str) -> None:
    """Refuse a player's plain "done" (`text`) that ends the actions with an uprising at production: more discontent
    workers than unused ones, and nothing produced or scored (JA l.499-507). The refusal says how many, how to
    avoid it, and that "done anyway" ends the turn regardless (docs/tta.md)."""
    if not needs_anyway(state, seat):
        return
    p = state["seats"][seat]
    d, idle = discontent(p, state["options"]), p["idle"]
    raise error(base.IllegalMove, quoted(text, Msg("uprising_ahead", d=d, idle=idle, short=d - idle)), text=text,
                legal=hints(state, seat))


def parse_hold(words, text, state, seat, names=()):
    """The arguments of "hold" -> its move."""
    if _drop(words):
        raise error(base.NotACommand, quoted(text, Msg("hold_alone")), text=text)
    return Hold()


VERB_PARSERS = {"take": parse_take, "build": parse_build, "upgrade": parse_upgrade, "destroy": parse_destroy,
                "populate": parse_populate, "wonder": parse_wonder, "discover": parse_discover,
                "revolution": parse_revolution, "play": parse_play, "hold": parse_hold, "tactic": parse_tactic,
                "event": parse_event, "bid": parse_bid, "colonize": parse_colonize, "choose": parse_choose,
                "discard": parse_discard, "done": parse_done, "aggression": parse_aggression, "war": parse_war,
                "pact": parse_pact, "defend": parse_defend, "sacrifice": parse_sacrifice, "accept": parse_accept,
                "refuse": parse_refuse, "cancel": parse_cancel, "standing": parse_standing}

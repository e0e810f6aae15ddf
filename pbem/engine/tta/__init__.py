"""Through the Ages: A Story of Civilization (original edition, full game): the civil engine behind the pbem contract.

Part 1: every civil rule and civil card. Part 2 (issue 13): the military cards, events, aggressions, wars, pacts
and standing orders; territories are not colonised yet (docs/tta.md).
"""
from __future__ import annotations

import sys
from typing import Any, Mapping

from .. import base
from . import legal_moves, rules
from .bot import bot_move as _bot_move
from .commands import hints, parse as _parse, shown_command as _shown_command
from .messages import Msg, error
from .moves import name as card_name  # noqa: F401 - the optional contract (pbem/engine/base.py)
from .state import copy_state, new_state
from .text import describe as _describe

SLUG = "tta"
NAME = "Through the Ages"
PLAYERS = (2, 3, 4)
OPTIONS = (
    base.Option("internet_culture", 1, (1, 2),
                "Internet: culture per level of each lab and library when completed: 1 (the card face) or 2 "
                "(the card tables)."),
    base.Option("st_peters_bonus", "doubled", ("doubled", "single"),
                "With St. Peter's Basilica, do Michelangelo and Joan of Arc read the doubled happy faces? "
                "'doubled' (the plain reading) or 'single'."),
    base.Option("corruption_choice", False, (False, True),
                "JA l.539-541, an optional rule agreed before the game: a player may produce one blue token less "
                "at the mine production (command \"hold\")."),
)
TEST_OPTION_SETS = ({},)
# Verbs shown last among example commands (optional contract): they give something up, and "done" ends the turn
# (last of all, so that the examples pasted in order do not end the turn after their first line).
EXAMPLES_LAST = ("destroy", "disband", "cancel", "done")


def setup(players: int, options: Mapping[str, Any] | None, seed: int | str) -> dict:
    """A new game for `players` seats; seat 0 is the start player."""
    options = base.check_options(sys.modules[__name__], options)
    if players not in PLAYERS:
        raise error(base.CommandError, Msg("players_range", n=players))
    return rules.start(new_state(players, options, seed))


def pending(state: dict) -> list[base.Prompt]:
    """Who must act now and on what; empty when the game is over."""
    return legal_moves.pending(state)


def legal(state: dict, seat: int) -> list:
    """Every legal move of `seat` now."""
    return legal_moves.legal(state, seat)


def legal_texts(state: dict, seat: int) -> list[str]:
    """A short list of commands for the turn email."""
    return hints(state, seat)


PARSE_NAMES = True  # parse takes the seats' names (the optional contract, pbem/engine/base.py)


def shown_command(text: str, state: dict, seat: int, names) -> str:
    """A command `seat` may send as a player reads it (optional contract): players by name where the name parses
    back to the same move, else "player N"."""
    return _shown_command(text, state, seat, names)


def parse(text: str, state: dict, seat: int, names=None) -> list:
    """Moves from command text (several separated by new lines or ";"); `names` (the seats' names) may name a
    player instead of "player N"."""
    return _parse(text, state, seat, names)


def apply(state: dict, seat: int, move) -> tuple[dict, list[dict]]:
    """Apply `move` by `seat` to a copy of `state`; returns (new_state, events)."""
    return rules.apply(state, seat, move)


def view(state: dict, seat: int | None) -> dict:
    """What `seat` (None: a spectator) may see."""
    return rules.view(state, seat)


def result(state: dict) -> base.Result | None:
    """The final result once the game is over, else None."""
    return rules.result(state)


def describe(event: Mapping, viewer: int | None, locale: str = "en", names=None) -> str:
    """One line for an event, as `viewer` may see it."""
    return _describe(event, viewer, locale, names)


def bot_move(state: dict, seat: int, rnd):
    """A legal, sensible move for `seat` (which must be prompted)."""
    return _bot_move(state, seat, rnd)


def deadline_move(state: dict, seat: int):
    """The move the deadline plays for `seat` (optional contract): the bot's without chance, so the turn mail can
    say beforehand what it will be."""
    return rules.deadline_move(state, seat)


def _turn(state: dict) -> str:
    """The turn under way, "round:seat"."""
    return f"{state['round']}:{state['turn']}"


def turn_key(state: dict, seat: int) -> str:
    """The part of the game a prompt belongs to: the round and whose turn it is, "round:seat" (optional contract:
    a reply written for one turn is not applied in another). A whole turn goes through several phases, and a
    reply plays them all, so the phase is not part of it; an interrupt (a defence, a pact's answer) belongs to
    the turn it interrupts."""
    return _turn(state)


def plan_key(state: dict, seat: int) -> str | None:
    """How far ahead a seat's lines reach (optional contract): through its own turn, "round:seat", whatever
    others answer meanwhile (a defence, a pact) and whatever it is asked in passing (a discard, an event's
    choice); a seat whose turn it is not holds nothing."""
    return _turn(state) if state["turn"] == seat and state["over"] is None else None


# Prompts a seat answers in passing in its turn: a later line answering one is applied when it is asked.
ASIDE_PROMPTS = frozenset({"discard", "event_choice", "colonize", "sacrifice"})


# "round 5, turn of player 2" in each language: the reader's words for a turn key.
TURN_WORDS = {"en": "round {round}, turn of player {n}", "ja": "第{round}ラウンドのプレイヤー{n}の手番",
              "fr": "manche {round}, tour du joueur {n}", "de": "Runde {round}, Zug von Spieler {n}"}


def turn_key_text(key: str, locale: str = "en") -> str:
    """A turn key in words: "round 5, turn of player 2"."""
    round_, _, seat = key.partition(":")
    return TURN_WORDS.get(locale, TURN_WORDS["en"]).format(round=round_, n=int(seat) + 1)


# Events after which a move cannot be taken back: something left a face-down pile (the row dealt from a civil
# deck and the age it ended, a current event revealed, military cards drawn or reshuffled). New events that draw,
# shuffle or reveal join this set: tests/engine/test_undo_barrier.py plays bot games and fails on any move that
# changed a hidden pile or drew chance without one of these.
REVEALING = frozenset({"row", "age_end", "event", "territory_unclaimed", "military_draw", "military_cards",
                       "military_reshuffle"})


def undo_barrier(events) -> bool:
    """Whether a move with these events revealed what undoing it would let its player see again
    (optional contract: `undo` reaches back only over moves for which this is false)."""
    return any(ev.get("kind") in REVEALING for ev in events)


def scores(state: dict) -> list[int]:
    """Culture by seat (the score chart)."""
    return [p["culture"] for p in state["seats"]]


def shuffle_hidden(state: dict, seat: int | None, rnd) -> dict:
    """A copy of `state` with everything `seat` cannot see shuffled (for the contract tests)."""
    out = copy_state(state)
    for age, deck in out["decks"].items():
        rnd.shuffle(deck)
    # Other seats' hands: swap cards of the same age between them and the decks keeps every count.
    for i, p in enumerate(out["seats"]):
        if i == seat:
            continue
        for k, copy in enumerate(p["hand"]):
            age = copy.split("/")[1]
            deck = out["decks"][age]
            if deck:
                j = rnd.randrange(len(deck))
                p["hand"][k], deck[j] = deck[j], copy
        p["new"] = [c for c in p["new"] if c in p["hand"]]
    out["box"] = sorted(out["box"])
    out["rng"] = {"seed": f"{out['rng']['seed']}-shuffled", "pos": out["rng"]["pos"]}
    return out


from .board_text import board_text  # noqa: E402,F401
from .score_sheet import score_sheet  # noqa: E402,F401

# The optional contract this game offers (pbem/engine/base.py, Capabilities).
CAPABILITIES = base.Capabilities(
    scores=scores, parse_names=True, shown_command=shown_command, board_text=board_text, card_name=card_name,
    legal_texts=legal_texts, score_sheet=score_sheet, turn_key=turn_key, turn_key_text=turn_key_text,
    plan_key=plan_key, aside_prompts=ASIDE_PROMPTS, undo_barrier=undo_barrier,
    deadline_move=deadline_move, examples_last=EXAMPLES_LAST)

"""Stone Age (base game 2-4 players; with the expansion "Style is the Goal" 2-5): the rules engine behind the pbem contract."""
from __future__ import annotations

import sys
from typing import Any, Mapping

from .. import base
from . import rules, style_cards
from .bot import bot_move  # noqa: F401  (the contract's bot_move itself)
from .commands import hints, parse as _parse
from .messages import Msg, error
from .payments import refresh_costs
from .state import copy_state, new_state
from .text import describe as _describe

SLUG = "stone-age"
NAME = "Stone Age"
PLAYERS = (2, 3, 4, 5)  # 5 only with the expansion: see players_allowed()
BASE_PLAYERS = (2, 3, 4)
_HOST_VALUES = ("values of the new cards and tiles are the host's, from its own copy of the game "
                "(pbem/components.py, docs/stone-age.md)")
_TEST_VALUES = "values of the new cards and tiles are TEST DATA, not the printed ones"


def _options(expansion_help: str, unavailable: str, spielbox_unavailable: str) -> tuple:
    """The options, the expansion's offered or not."""
    return (
        base.Option("tie_break", "rulebook", ("rulebook", "sum"),
                    "Equal scores: 'rulebook' compares agriculture, then total tool value, then people; "
                    "'sum' compares agriculture + tool value + people (English rulebook, online help)."),
        base.Option("expansion", "none", ("none", "style"),
                    "'style': the expansion Style is the Goal (up to 5 players, ornaments, trading post and trade "
                    "track, a 5th card space, 9 new cards and 9 new buildings). " + expansion_help,
                    unavailable=unavailable),
        base.Option("spielbox_buildings", False, (False, True),
                    "With the expansion only: shuffle in the 6 older bonus building tiles (spielbox); "
                    "the expansion's rules call them optional.",
                    unavailable=spielbox_unavailable),
        base.Option("tools_on_card_dice", False, (False, True),
                    "May tools be added to the 2-dice roll of the wood/stone/gold dice cards? "
                    "The publisher's Japanese rulebook says no; the English rulebook says yes."),
        base.Option("agriculture_surplus", "kept", ("kept", "lost"),
                    "Agriculture above the number of people: 'kept' adds the surplus food to the stock "
                    "(rulebook); 'lost' only lowers what must be paid (Brettspielwelt)."),
    )


# Without a host's components file the expansion is not offered: its new cards' and tiles' printed values are
# in no stored source (style_cards.PROVISIONAL); the engine still plays it (tests, `pbem simulate`).
_NOT_OFFERED = _options("The printed values of the new cards and tiles come from the host's components file.",
                        "it needs the printed values of the new cards and tiles: the host's components file "
                        "(docs/deploying.md, PBEM_COMPONENTS)",
                        "it needs the expansion, which is not offered without the host's components file")
OPTIONS = _NOT_OFFERED


def use_components(data: dict | None) -> None:
    """Offer the expansion with a host's printed values (`data` from pbem/components.py; its "test_data" marks test
    values), or stop offering it (None). Called by the service at start; the engine does no I/O."""
    global OPTIONS
    style_cards.use_components(data)
    refresh_costs()
    if data is None:
        OPTIONS = _NOT_OFFERED
    else:
        OPTIONS = _options((_TEST_VALUES if data.get("test_data") else _HOST_VALUES) + ".", "", "")


# The option sets the contract suite and the key-order test play (tests/engine/test_contract.py).
TEST_OPTION_SETS = ({}, {"expansion": "style"}, {"expansion": "style", "spielbox_buildings": True})


def setup(players: int, options: Mapping[str, Any] | None, seed: int | str) -> dict:
    """A new game for `players` seats; seat 0 is the first start player."""
    options = base.check_options(sys.modules[__name__], options)
    if players not in players_allowed(options):
        if players == 5:
            raise error(base.CommandError, Msg("five_players"))
        raise error(base.CommandError, Msg("players_range", high=max(players_allowed(options)), n=players))
    if options["spielbox_buildings"] and options["expansion"] != "style":
        raise error(base.CommandError, Msg("spielbox_style"))
    state = new_state(players, options, seed)
    return rules.start(state)[0]


def players_allowed(options: Mapping[str, Any] | None) -> tuple[int, ...]:
    """The player counts these options allow: 2-4, or 2-5 with the expansion."""
    style = (options or {}).get("expansion", "none") == "style"
    return PLAYERS if style else BASE_PLAYERS


# pending, apply and bot_move are the rules' own functions, not wrappers: a caller playing games calls
# each on every move (issue 15).
pending = rules.pending
apply = rules.apply


def legal(state: dict, seat: int) -> list:
    """Every legal move of `seat` now."""
    return rules.legal(state, seat)


def legal_texts(state: dict, seat: int) -> list[str]:
    """A short list of commands for the turn email (templates for payments)."""
    return hints(rules.legal(state, seat), state, seat)


def parse(text: str, state: dict, seat: int) -> list:
    """Moves from command text (several commands separated by new lines or ";")."""
    return _parse(text, state, seat)


def view(state: dict, seat: int | None) -> dict:
    """What `seat` may see."""
    return rules.view(state, seat)


def result(state: dict) -> base.Result | None:
    """Final result once the game is over, else None."""
    return rules.result(state)


def describe(event: Mapping, viewer: int | None, locale: str = "en", names=None) -> str:
    """One line for an event, in en, ja, fr or de, as `viewer` may see it."""
    return _describe(event, viewer, locale, names)


def shuffle_hidden(state: dict, seat: int | None, rnd) -> dict:
    """A copy of `state` with everything `seat` cannot see shuffled (for the contract tests)."""
    out = copy_state(state)
    # Civilization cards nobody (or only another seat) can see: the deck and others' extra cards.
    cards = out["deck"] + [c for i, p in enumerate(out["seats"]) if i != seat for c in p["hidden"]]
    rnd.shuffle(cards)
    for i, p in enumerate(out["seats"]):
        if i != seat:
            p["hidden"], cards = cards[:len(p["hidden"])], cards[len(p["hidden"]):]
    out["deck"] = cards
    # Building tiles face down: under each top tile, and the stacks left in the box.
    tiles = out["box"] + [t for stack in out["stacks"] for t in stack[1:]]
    rnd.shuffle(tiles)
    for stack in out["stacks"]:
        rest = len(stack) - 1
        if rest > 0:
            stack[1:], tiles = tiles[:rest], tiles[rest:]
    out["box"] = tiles
    out["rng"] = {"seed": f"{out['rng']['seed']}-shuffled", "pos": out["rng"]["pos"]}
    return out


def turn_key(state: dict, seat: int) -> str:
    """The part of the game a prompt belongs to, "round:phase" (optional contract: a reply written
    for one part of the game is not applied in another)."""
    return f"{state['round']}:{state['phase']}"


def plan_key(state: dict, seat: int) -> str | None:
    """How far ahead a seat's lines reach (optional contract): through the round, so that one mail may hold all
    its placements, its resolving and its feeding; they wait until the seat is asked for them."""
    return None if state["over"] is not None else str(state["round"])


def turn_key_text(key: str, locale: str = "en") -> str:
    """That part of the game in words: "round 2, placing people"."""
    round_, _, phase = key.partition(":")
    label = STAGE_LABELS.get(locale, STAGE_LABELS["en"])
    return label["stage"].format(round=round_, phase=label.get(phase, phase))


# Events after which a move cannot be taken back: dice were rolled, or a card or tile left a face-down pile
# (a building tile turned up, the row refilled, the extra card some civilization cards draw).
REVEALING = frozenset({"rolled", "revealed", "extra_card"})


def undo_barrier(events) -> bool:
    """Whether a move with these events revealed what undoing it would let its player see again
    (optional contract: `undo` reaches back only over moves for which this is false)."""
    return any(ev.get("kind") in REVEALING for ev in events)


def scores(state: dict) -> list[int]:
    """The score track by seat (optional contract: the service's score-over-time chart)."""
    return [p["score"] for p in state["seats"]]


# Optional contract: the board as text, for turn mails and the `status` answer.
from .board_text import LABELS as STAGE_LABELS, board_text  # noqa: E402,F401
# Optional contract: where the final points came from, for the result on the page and in the mail.
from .score_sheet import score_sheet  # noqa: E402,F401

# The optional contract this game offers (pbem/engine/base.py, Capabilities).
CAPABILITIES = base.Capabilities(
    scores=scores, board_text=board_text, legal_texts=legal_texts, score_sheet=score_sheet, turn_key=turn_key,
    turn_key_text=turn_key_text, plan_key=plan_key, undo_barrier=undo_barrier, players_allowed=players_allowed,
    examples_last=("starve",))  # giving up 10 points rather than feeding: never the first example

"""Seeded Stone Age bot games (base and expansion): every game ends, invariants hold after every move,
the log replays exactly."""
import json
import random
from collections import Counter
from functools import lru_cache, partial

import pytest

from pbem.engine.stone_age.cards import (
    AGRICULTURE_MAX,
    BUILDING_IDS,
    CIV_IDS,
    PEOPLE_MAX,
    PEOPLE_START,
    RESOURCES,
    TOOL_MAX,
)
from pbem.engine.stone_age.board import limits, places, row_size, village
from pbem.engine.stone_age.placement import workplaces_owned
from pbem.engine.stone_age.style_cards import SPIELBOX_IDS, STYLE_BUILDING_IDS, STYLE_CIV_IDS, TRADE_MAX
from cores import spread
from stone_age_helpers import SA

MAX_MOVES = 3000


def check_invariants(s: dict) -> None:
    """Nothing negative (but the score), people 5-10, agriculture <= 10, every card and tile accounted for."""
    for p in s["seats"]:
        for k in ("food", "placed", *RESOURCES):
            if p[k] < 0:
                raise AssertionError(f"negative {k}: {p}")
        if not PEOPLE_START <= p["people"] <= PEOPLE_MAX or not 0 <= p["agri"] <= AGRICULTURE_MAX:
            raise AssertionError(f"people/agriculture out of range: {p}")
        if not all(0 <= t <= TOOL_MAX for t in p["tools"]) or p["placed"] > p["people"]:
            raise AssertionError(f"tools/placed out of range: {p}")
    style = s["options"].get("expansion", "none") == "style"
    all_cards, all_tiles = _everything(style, bool(s["options"].get("spielbox_buildings")))
    cards = [c for c in s["row"] if c] + s["deck"]
    tiles = s["box"] + [t for st in s["stacks"] for t in st]
    for p in s["seats"]:
        cards += p["cards"] + p["hidden"]
        tiles += p["buildings"]
        if any(c not in p["cards"] for c in p["once"] + p["any2"]):
            raise AssertionError("an unspent card is not among the player's cards")
    if sorted(cards) != all_cards or sorted(tiles) != all_tiles:
        raise AssertionError(f"cards or tiles lost or doubled: {Counter(cards) - Counter(all_cards)}")
    for counts in s["board"].values():
        if min(counts) < 0:
            raise AssertionError("negative count on the board")
    if len(s["row"]) != row_size(s) or len(s["stacks"]) != limits(s)["stacks"]:
        raise AssertionError(f"row or stacks of the wrong size: {len(s['row'])} cards, {len(s['stacks'])} stacks")
    if sorted(s["board"]) != sorted(places(s)):
        raise AssertionError(f"board places differ: {sorted(s['board'])}")
    if style:
        check_style_invariants(s)


@lru_cache(maxsize=None)
def _everything(style: bool, spielbox: bool) -> tuple[list, list]:
    """Every card and tile of a game, sorted."""
    if not style:
        return list(CIV_IDS), list(BUILDING_IDS)
    return (sorted(CIV_IDS + STYLE_CIV_IDS),
            sorted(BUILDING_IDS + STYLE_BUILDING_IDS + (SPIELBOX_IDS if spielbox else ())))


def check_style_invariants(s: dict) -> None:
    """Expansion: ornaments never negative, trade marker 0-10, the village limit, workplaces used only by owners."""
    for i, p in enumerate(s["seats"]):
        if p["ornaments"] < 0 or not 0 <= p["trade"] <= TRADE_MAX or not isinstance(p["traded"], bool):
            raise AssertionError(f"ornaments/trade out of range: {p}")
        for pid in ("woodyard", "goldyard"):
            if s["board"][pid][i] > 3 * workplaces_owned(p, pid):
                raise AssertionError(f"seat {i} has {s['board'][pid][i]} people on a {pid} it does not own")
    if s["phase"] == "place":
        used = sum(1 for v in village(s) if any(s["board"][v]))
        limit = limits(s)["village_places"]
        if limit is not None and used > limit:
            raise AssertionError(f"{used} village places used with a limit of {limit}")
        post = s["board"]["tradingpost"]
        if sum(1 for c in post if c) > 1 or any(c not in (0, 2) for c in post):
            raise AssertionError(f"the trading post holds {post}")


STYLE = {"expansion": "style"}


def play_game(players: int, seed: int, invariants: bool = True, options=None) -> tuple[dict, list]:
    state = SA.setup(players, dict(options or {}), seed)
    rnd = random.Random(seed)
    log = []
    for _ in range(MAX_MOVES):
        prompts = SA.pending(state)
        if not prompts:
            return state, log
        seat = prompts[rnd.randrange(len(prompts))].seat
        move = SA.bot_move(state, seat, rnd)
        state, _ = SA.apply(state, seat, move)
        log.append((seat, str(move)))
        if invariants:
            check_invariants(state)
    raise AssertionError(f"game {players}p seed {seed} did not end in {MAX_MOVES} moves")


def replay(players: int, seed: int, log: list, options=None) -> dict:
    state = SA.setup(players, dict(options or {}), seed)
    for seat, text in log:
        for move in SA.parse(text, state, seat):
            state, _ = SA.apply(state, seat, move)
    return state


def run_games(seeds, options=None) -> Counter:
    """Play and check seeded games: 2-4 players in turn (2-5 with the expansion); the spielbox tiles
    join every other expansion game."""
    reasons: Counter = Counter()
    style = (options or {}).get("expansion") == "style"
    for seed in seeds:
        players = 2 + seed % (4 if style else 3)
        opts = dict(options or {})
        if style and seed % 2:
            opts["spielbox_buildings"] = True
        final, log = play_game(players, seed, options=opts)
        if SA.result(final) is None:
            raise AssertionError(f"no result: {players}p seed {seed} {opts}")
        if json.loads(json.dumps(final)) != final:
            raise AssertionError("final state is not plain JSON")
        if replay(players, seed, log, opts) != final:
            raise AssertionError(f"replay differs: {players}p seed {seed} {opts}")
        reasons[final["over"]["reason"]] += 1
    return reasons


@pytest.mark.slow
def test_200_bot_games():
    """Issue: seeded bot games over 2, 3 and 4 players end with a result; invariants; replay (fast variant)."""
    reasons = run_games(range(200))
    assert sum(reasons.values()) == 200 and set(reasons) <= {"civ_deck", "building_stack"}


@pytest.mark.slow
def test_100_expansion_bot_games():
    """Issue: seeded expansion bot games over 2 to 5 players (half with the spielbox tiles) end with a result;
    invariants (ornaments, trade track, 5 cards, every card and tile) after every move; replay (fast variant)."""
    reasons = run_games(range(100), STYLE)
    assert sum(reasons.values()) == 100 and set(reasons) <= {"civ_deck", "building_stack"}


# The slow run: 10,000 base games (the figure) and 2,000 expansion games in chunks of 200
# (about 6 minutes of CPU, spread over the machine's cores).
CHUNK = 200
BASE_GAMES = 10_000
STYLE_GAMES = 2_000


def _chunk(chunk: int) -> list[int]:
    return list(range(1000 + chunk * CHUNK, 1000 + (chunk + 1) * CHUNK))


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(BASE_GAMES // CHUNK))
def test_10000_bot_games(chunk):
    """Issue: 10,000 seeded bot games (2, 3 and 4 players), checked after every move and replayed from the log."""
    assert sum(sum(r.values()) for r in spread(run_games, _chunk(chunk))) == CHUNK


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(STYLE_GAMES // CHUNK))
def test_2000_expansion_bot_games(chunk):
    """Issue: 2,000 seeded expansion bot games (2 to 5 players, half with the spielbox tiles), checked after
    every move and replayed from the log."""
    assert sum(sum(r.values()) for r in spread(partial(run_games, options=STYLE), _chunk(chunk))) == CHUNK


def test_both_game_ends_happen():
    reasons = Counter(play_game(2 + i % 3, i, invariants=False)[0]["over"]["reason"] for i in range(60))
    assert reasons["civ_deck"] and reasons["building_stack"], reasons


def test_both_game_ends_happen_with_the_expansion():
    reasons = Counter(play_game(2 + i % 4, i, invariants=False, options=STYLE)[0]["over"]["reason"]
                      for i in range(60))
    assert reasons["civ_deck"] and reasons["building_stack"], reasons

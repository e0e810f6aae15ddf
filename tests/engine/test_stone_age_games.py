"""Seeded Stone Age bot games: every game ends, invariants hold after every move, the log replays exactly."""
import json
import random
from collections import Counter

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
    cards = [c for c in s["row"] if c] + s["deck"]
    tiles = s["box"] + [t for st in s["stacks"] for t in st]
    for p in s["seats"]:
        cards += p["cards"] + p["hidden"]
        tiles += p["buildings"]
        if any(c not in p["cards"] for c in p["once"] + p["any2"]):
            raise AssertionError("an unspent card is not among the player's cards")
    if sorted(cards) != list(CIV_IDS) or sorted(tiles) != list(BUILDING_IDS):
        raise AssertionError(f"cards or tiles lost or doubled: {Counter(cards) - Counter(CIV_IDS)}")
    for counts in s["board"].values():
        if min(counts) < 0:
            raise AssertionError("negative count on the board")


def play_game(players: int, seed: int, invariants: bool = True) -> tuple[dict, list]:
    state = SA.setup(players, {}, seed)
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


def replay(players: int, seed: int, log: list) -> dict:
    state = SA.setup(players, {}, seed)
    for seat, text in log:
        for move in SA.parse(text, state, seat):
            state, _ = SA.apply(state, seat, move)
    return state


def run_games(seeds) -> Counter:
    reasons: Counter = Counter()
    for seed in seeds:
        players = 2 + seed % 3
        final, log = play_game(players, seed)
        if SA.result(final) is None:
            raise AssertionError(f"no result: {players}p seed {seed}")
        if json.loads(json.dumps(final)) != final:
            raise AssertionError("final state is not plain JSON")
        if replay(players, seed, log) != final:
            raise AssertionError(f"replay differs: {players}p seed {seed}")
        reasons[final["over"]["reason"]] += 1
    return reasons


def test_200_bot_games():
    """Issue: seeded bot games over 2, 3 and 4 players end with a result; invariants; replay (fast variant)."""
    reasons = run_games(range(200))
    assert sum(reasons.values()) == 200 and set(reasons) <= {"civ_deck", "building_stack"}


CHUNKS = 50


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_10000_bot_games(chunk):
    """Issue: 10,000 seeded bot games (2, 3 and 4 players), checked after every move and replayed from the log."""
    size = 10_000 // CHUNKS
    run_games(range(1000 + chunk * size, 1000 + (chunk + 1) * size))


def test_both_game_ends_happen():
    reasons = Counter(play_game(2 + i % 3, i, invariants=False)[0]["over"]["reason"] for i in range(60))
    assert reasons["civ_deck"] and reasons["building_stack"], reasons

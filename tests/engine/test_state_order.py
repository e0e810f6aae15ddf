"""A stored state comes back from PostgreSQL's JSONB with its keys reordered: play must not depend on key order."""
import random

import pytest

from pbem import engine

GAMES = engine.games(unoffered=True)  # every engine, offered to hosts or not yet
# Every game with each option set it asks the contract to play (see test_contract.py).
CASES = [(slug, options) for slug in GAMES
         for options in getattr(engine.get(slug), "TEST_OPTION_SETS", ({},))]


def reordered(value):
    """The same JSON value with every object's keys in reverse sorted order (JSONB sorts keys its own way)."""
    if isinstance(value, dict):
        return {k: reordered(value[k]) for k in sorted(value, reverse=True)}
    if isinstance(value, list):
        return [reordered(v) for v in value]
    return value


@pytest.mark.parametrize("slug, options", CASES, ids=[f"{slug}-{options}" for slug, options in CASES])
@pytest.mark.parametrize("seed", range(6))
def test_play_is_the_same_whatever_the_key_order(slug, options, seed):
    rules = engine.get(slug)
    allowed = getattr(rules, "players_allowed", None)
    players = max(allowed(options) if allowed else rules.PLAYERS)
    a = rules.setup(players, dict(options), seed)
    b = reordered(a)
    rnd_a, rnd_b = random.Random(seed), random.Random(seed)
    for step in range(5000):
        prompts_a, prompts_b = rules.pending(a), rules.pending(b)
        assert prompts_a == prompts_b, f"step {step}"
        if not prompts_a:
            break
        seat = prompts_a[0].seat
        move_a, move_b = rules.bot_move(a, seat, rnd_a), rules.bot_move(b, seat, rnd_b)
        assert str(move_a) == str(move_b), f"step {step}: the bot chose differently"
        assert [str(m) for m in rules.legal(a, seat)] == [str(m) for m in rules.legal(b, seat)]
        a, events_a = rules.apply(a, seat, move_a)
        b, events_b = rules.apply(b, seat, move_b)
        assert events_a == events_b, f"step {step}: {move_a}"
        b = reordered(b)
        assert a == b, f"step {step}: {move_a}"
    assert rules.result(a).to_dict() == rules.result(b).to_dict()

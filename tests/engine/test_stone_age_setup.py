"""Stone Age setup, the pinned RNG, and the start player rotation."""
import pytest

from pbem.engine import CommandError, base
from pbem.engine.stone_age.cards import BUILDING_IDS, CIV_IDS
from stone_age_helpers import SA, game, play, prompts


@pytest.mark.parametrize("players,stacks", [(2, 2), (3, 3), (4, 4)])
def test_setup_by_player_count(players, stacks):
    """Rulebook setup 8-11: 5 people and 12 food each; 4 cards face up for every player count;
    stacks of 7 buildings, one stack per player; unused stacks go back to the box."""
    s = game(players)
    assert all(p["people"] == 5 and p["food"] == 12 and p["agri"] == 0 and p["score"] == 0 for p in s["seats"])
    assert len(s["row"]) == 4 and None not in s["row"]
    assert len(s["deck"]) == 32
    assert [len(st) for st in s["stacks"]] == [7] * stacks
    assert len(s["box"]) == 28 - 7 * stacks
    assert sorted(s["row"] + s["deck"]) == sorted(CIV_IDS)
    assert sorted(s["box"] + [t for st in s["stacks"] for t in st]) == sorted(BUILDING_IDS)
    assert prompts(s) == [(0, "place")]


def test_card_and_tile_ids_are_stable():
    """Card ids are stored in games: 36 civilization cards and 28 building tiles, named stably."""
    assert len(CIV_IDS) == 36 and len(BUILDING_IDS) == 28
    assert "civ/extracard-writing" in CIV_IDS and "bld/4of2" in BUILDING_IDS and "bld/wwb-1" in BUILDING_IDS


def test_rng_is_pinned():
    """A refactor must not shift stored games: the first dice and the first layout of fixed seeds are pinned."""
    assert base.roll(base.new_rng("pin"), 8) == [4, 3, 5, 2, 4, 6, 1, 1]
    s = game(4, seed=42)
    assert s["row"] == ["civ/food7-pottery", "civ/stone1-shaman1", "civ/once3-toolmaker1", "civ/stone1-farmer1"]
    assert [st[0] for st in s["stacks"]] == ["bld/5of3", "bld/any-1", "bld/bsg-2", "bld/wsg-1"]
    assert s["rng"]["pos"] == 35 + 27


def test_unknown_player_count_and_option_are_refused():
    with pytest.raises(CommandError):
        SA.setup(5, {}, 1)
    with pytest.raises(CommandError):
        SA.setup(4, {"tie_break": "coin"}, 1)
    assert SA.setup(4, {"tools_on_card_dice": "True"}, 1)["options"]["tools_on_card_dice"] is True


def test_start_player_rotates_each_round():
    """Rulebook: after each round the start player marker passes to the left."""
    s = game(3, seed=3)
    starts = []
    rounds = 0
    import random
    rnd = random.Random(1)
    while rounds < 4:
        starts.append(s["start"])
        r = s["round"]
        while s["round"] == r and SA.pending(s):
            pr = SA.pending(s)[0]
            s, _ = SA.apply(s, pr.seat, SA.bot_move(s, pr.seat, rnd))
        rounds += 1
    assert starts == [0, 1, 2, 0]


def test_first_placement_is_the_start_players():
    s = game(4)
    s, ev = play(s, 0, "place 3 forest")
    assert prompts(s) == [(1, "place")]
    assert ev[0] == {"kind": "placed", "seat": 0, "n": 3, "place": "forest"}


def _containers(data, path=()):
    if isinstance(data, dict):
        yield path, data
        for k, v in data.items():
            yield from _containers(v, path + (k,))
    elif isinstance(data, list):
        yield path, data
        for i, v in enumerate(data):
            yield from _containers(v, path + (i,))


def test_the_fast_state_copy_shares_nothing_mutable():
    """apply never mutates its input: the hand-written copy must copy every dict and list (also new fields)."""
    import random

    from pbem.engine.stone_age.state import copy_state
    s = game(4)
    rnd = random.Random(3)
    for _ in range(120):
        pr = SA.pending(s)[0]
        s, _ = SA.apply(s, pr.seat, SA.bot_move(s, pr.seat, rnd))
        c = copy_state(s)
        assert c == s
        originals = {path: id(obj) for path, obj in _containers(s)}
        for path, obj in _containers(c):
            assert id(obj) != originals[path], path


def test_prompt_is_a_frozen_value_of_seat_and_kind():
    """base.Prompt is written out with slots for speed (issue 15) but behaves as the frozen dataclass it was:
    equal and hashed by seat and kind (not data), immutable, and the same repr."""
    import dataclasses
    a, b = base.Prompt(1, "place", {"left": 3}), base.Prompt(1, "place")
    assert a == b and hash(a) == hash(b) and b.data == {}
    assert a != base.Prompt(2, "place") and a != base.Prompt(1, "feed") and a != (1, "place")
    assert repr(a) == "Prompt(seat=1, kind='place', data={'left': 3})"
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.seat = 2
    import copy
    import pickle
    assert repr(pickle.loads(pickle.dumps(a))) == repr(copy.deepcopy(a)) == repr(a)


def test_draws_hash_the_seed_and_position():
    """The draw at position pos of seed s is blake2b(f"{s}:{pos}") (8 bytes, big-endian), rejected above the
    largest multiple of n: base.draw, roll and shuffled keep that stream however they encode it (issue 15)."""
    import hashlib

    def by_hand(seed, pos, n):
        while True:
            x = int.from_bytes(hashlib.blake2b(f"{seed}:{pos}".encode(), digest_size=8).digest(), "big")
            pos += 1
            if x < (1 << 64) - ((1 << 64) % n):
                return x % n, pos

    for seed in ("pin", 7, "fingerprint:3-shuffled"):
        rng, pos = base.new_rng(seed), 0
        for n in (6, 6, 5, 36, 1, 2, 1000):
            want, pos = by_hand(str(seed), pos, n)
            assert base.draw(rng, n) == want and rng["pos"] == pos
        dice = base.roll(rng, 3)
        for die in dice:
            want, pos = by_hand(str(seed), pos, 6)
            assert die == want + 1
        assert rng["pos"] == pos

"""Pinned fingerprints of seeded Stone Age games: a speed-up of the engine must play exactly the same games.

Each fingerprint is a hash over every prompt, move text, event and final state and result of seeded games
played as `pbem simulate` plays them (the bot answers the first prompt). The values were recorded from the
engine before it was made faster (issue 15); a change here means stored games would replay differently.
They were re-recorded once, before any speed-up, when the "rolled" event of a dice-for-everyone card
stopped losing its dice to automatic picks (the moves, dice, states and results stayed the same).
"""
import hashlib
import json
import random

from stone_age_helpers import SA

STYLE = {"expansion": "style"}


def _fold(digest, value) -> None:
    digest.update(json.dumps(value, sort_keys=True, separators=(",", ":")).encode())
    digest.update(b"\n")


def game_fingerprint(digest, players: int, seed: str, options: dict, chooser: str) -> None:
    """Play one seeded game and fold it into `digest`; `chooser` is "bot" or "random" (a uniform legal move)."""
    state = SA.setup(players, dict(options), seed)
    _fold(digest, state)
    rnd = random.Random(seed)
    while True:
        prompts = SA.pending(state)
        _fold(digest, [[pr.seat, pr.kind, dict(pr.data)] for pr in prompts])
        if not prompts:
            break
        seat = prompts[0].seat
        if chooser == "bot":
            move = SA.bot_move(state, seat, rnd)
        else:
            move = rnd.choice(SA.legal(state, seat))
        state, events = SA.apply(state, seat, move)
        _fold(digest, [seat, str(move), events])
    _fold(digest, state)
    _fold(digest, SA.result(state).to_dict())


def fingerprint(games: range, players: tuple, options: dict, chooser: str = "bot") -> str:
    digest = hashlib.sha256()
    for n in games:
        game_fingerprint(digest, players[n % len(players)], f"fingerprint:{n}", options, chooser)
    return digest.hexdigest()


def test_100_base_bot_games_keep_their_fingerprint():
    """Issue 15: 100 seeded bot games (2, 3 and 4 players, base game) are move for move and event for event
    the games the engine played before it was made faster."""
    assert fingerprint(range(100), (2, 3, 4), {}) == (
        "1a29b29421b8f0263b04623bc57a201bb2fd4091e81e0c283175f6f54764eb13")


def test_expansion_bot_games_keep_their_fingerprint():
    """Issue 15: 20 seeded bot games with the expansion (2 to 5 players, spielbox tiles in half) are unchanged."""
    plain = fingerprint(range(10), (2, 3, 4, 5), STYLE)
    spielbox = fingerprint(range(10, 20), (2, 3, 4, 5), {**STYLE, "spielbox_buildings": True})
    assert (plain, spielbox) == (
        "199d11bc1732aa16ebc2cb36d42657c1f3806e233ece43d02530607a790cd838",
        "f81593f895bbc9d58664b8f5ed991151273aa1bda3ae56cf68008f763d30a3fc")


def test_uniform_random_games_keep_their_fingerprint():
    """Issue 15: games of uniformly random legal moves (the bench's second player) are unchanged too: every
    legal move list, in its order, and every rule it reaches."""
    assert fingerprint(range(12), (2, 3, 4), {}, "random") == (
        "069b9ce2ead330a168479129df57a0ebb45102c9eeca8f9901d2ef4df9da0c6a")
    assert fingerprint(range(6), (2, 3, 4, 5), STYLE, "random") == (
        "78af82b009b36339ae3beac75e316b0a010499901b3b58734aaab295d236d507")

"""Print how fast bots play Stone Age: full games per second and moves per second (one core), for the base
game and for 5-player games with the expansion "Style is the Goal"."""
from __future__ import annotations

import argparse
import random
import time

from pbem.engine import get


def play(game, players: int, seed: int, options=None) -> int:
    """One full bot game; returns the number of moves."""
    state = game.setup(players, dict(options or {}), seed)
    rnd = random.Random(seed)
    moves = 0
    while True:
        prompts = game.pending(state)
        if not prompts:
            return moves
        seat = prompts[0].seat
        state, _ = game.apply(state, seat, game.bot_move(state, seat, rnd))
        moves += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--style-players", type=int, default=5, help="players in the expansion run")
    args = parser.parse_args()
    game = get("stone-age")
    runs = (("base game", args.players, {}),
            ("expansion Style is the Goal", args.style_players, {"expansion": "style"}))
    for label, players, options in runs:
        play(game, players, -1, options)  # warm up imports and caches
        start = time.perf_counter()
        moves = sum(play(game, players, seed, options) for seed in range(args.games))
        elapsed = time.perf_counter() - start
        print(f"stone-age ({label}), {players} players, {args.games} bot games in {elapsed:.2f} s")
        print(f"  {args.games / elapsed:8.1f} games/s")
        print(f"  {moves / elapsed:8.0f} moves/s ({moves / args.games:.0f} moves per game)")


if __name__ == "__main__":
    main()

"""Print how fast bots play Stone Age: full games per second and moves per second (one core)."""
from __future__ import annotations

import argparse
import random
import time

from pbem.engine import get


def play(game, players: int, seed: int) -> int:
    """One full bot game; returns the number of moves."""
    state = game.setup(players, {}, seed)
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
    args = parser.parse_args()
    game = get("stone-age")
    play(game, args.players, -1)  # warm up imports and caches
    start = time.perf_counter()
    moves = sum(play(game, args.players, seed) for seed in range(args.games))
    elapsed = time.perf_counter() - start
    print(f"stone-age, {args.players} players, {args.games} bot games in {elapsed:.2f} s")
    print(f"  {args.games / elapsed:8.1f} games/s")
    print(f"  {moves / elapsed:8.0f} moves/s ({moves / args.games:.0f} moves per game)")


if __name__ == "__main__":
    main()

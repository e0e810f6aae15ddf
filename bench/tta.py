"""Print how fast bots play Through the Ages (civil rules, military cards, tactics, events, aggressions, wars and
pacts; no territories yet): full games per second and moves per second (one core), by player count; wall time and
process (CPU) time, since a shared machine inflates the first."""
from __future__ import annotations

import argparse
import random
import time

from pbem.engine import get


def play(game, players: int, seed, options=None) -> int:
    """One full bot game to the end of Age III; returns the number of moves."""
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
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", type=int, nargs="*", default=[4, 3, 2])
    args = parser.parse_args()
    game = get("tta")
    play(game, 4, -1)  # warm up imports and caches
    for players in args.players:
        wall, cpu = time.perf_counter(), time.process_time()
        moves = sum(play(game, players, f"bench-{seed}") for seed in range(args.games))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(f"tta, {players} players, {args.games} bot games in {wall:.2f} s ({cpu:.2f} s CPU)")
        print(f"  {args.games / wall:8.1f} games/s ({args.games / cpu:.1f} per CPU second)")
        print(f"  {moves / wall:8.0f} moves/s ({moves / args.games:.0f} moves per game)")


if __name__ == "__main__":
    main()

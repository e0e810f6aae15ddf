"""Print how fast Stone Age plays: games/s and moves/s for 2, 3 and 4 players, with the bot and with a player
that picks a uniformly random legal move (to compare like for like with other engines' random playouts).

    python bench/stone_age.py                        # this tree, a small table
    python bench/stone_age.py --against f5d029b      # this tree and a commit of this repository, alternately
    python bench/stone_age.py --against /tmp/sa-old  # ... or another checkout

With --against, each round runs both trees in fresh processes, one after the other (the order swapping
every round), so that load from other programs falls on both alike; the table shows the median of the
rounds and the ratio of the medians. Speeds are per CPU second of the process (time.process_time),
which a loaded machine disturbs less than wall time; wall-time figures are printed too.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time

PLAYERS = ("bot", "random")


def play(game, players: int, seed: int, player: str, options=None) -> int:
    """One full game answering the first prompt each time; returns the number of moves."""
    state = game.setup(players, dict(options or {}), seed)
    rnd = random.Random(seed)
    moves = 0
    while True:
        prompts = game.pending(state)
        if not prompts:
            return moves
        seat = prompts[0].seat
        if player == "bot":
            move = game.bot_move(state, seat, rnd)
        else:
            move = rnd.choice(game.legal(state, seat))
        state, _ = game.apply(state, seat, move)
        moves += 1


def measure(games: int, counts: tuple, options: dict) -> dict:
    """{"bot/4": {"games", "moves", "cpu", "wall"}, ...} for this process's `pbem`."""
    from pbem.engine import get

    game = get("stone-age")
    out = {}
    for player in PLAYERS:
        for players in counts:
            play(game, players, -1, player, options)  # warm up imports and caches
            wall, cpu = time.perf_counter(), time.process_time()
            moves = sum(play(game, players, seed, player, options) for seed in range(games))
            out[f"{player}/{players}"] = {"games": games, "moves": moves, "cpu": time.process_time() - cpu,
                                          "wall": time.perf_counter() - wall}
    return out


def run_tree(tree: str, games: int, counts: tuple, options: dict) -> dict:
    """Measure in a fresh process with `tree` first on the path (the bench script itself is this one)."""
    env = {**os.environ, "PYTHONPATH": tree}
    cmd = [sys.executable, __file__, "--worker", "--games", str(games), "--options", json.dumps(options),
           "--players", *map(str, counts)]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def export(ref: str, repo: str) -> str:
    """A temporary copy of the tree of commit `ref` (git archive); the caller removes it."""
    done = subprocess.run(["git", "-C", repo, "archive", ref, "pbem"], capture_output=True)
    if done.returncode:
        raise SystemExit(f"--against {ref}: neither a directory nor a commit of {repo}: "
                         f"{done.stderr.decode().strip()}")
    tree = tempfile.mkdtemp(prefix=f"sa-bench-{ref}-")
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as tar:
        tar.extractall(tree)
    return tree


def table(runs: dict[str, list[dict]], options: dict) -> str:
    """Median games/s and moves/s per tree (per CPU second), and the ratio of the first tree to the others."""
    names = list(runs)
    keys = list(runs[names[0]][0])
    label = "expansion" if options.get("expansion") == "style" else "base game"
    lines = [f"Stone Age ({label}), median of {len(runs[names[0]])} round(s), per CPU second"
             + ("; wall-time ratio in brackets" if len(names) > 1 else "")]
    head = f"{'player/seats':<13}" + "".join(f"{n + ' games/s':>22}{'moves/s':>10}" for n in names)
    if len(names) > 1:
        head += f"{'ratio':>16}"
    lines.append(head)
    for key in keys:
        row = f"{key:<13}"
        med = {}
        for n in names:
            cpu = statistics.median(r[key]["games"] / r[key]["cpu"] for r in runs[n])
            wall = statistics.median(r[key]["games"] / r[key]["wall"] for r in runs[n])
            moves = statistics.median(r[key]["moves"] / r[key]["cpu"] for r in runs[n])
            med[n] = (cpu, wall)
            row += f"{cpu:>22.1f}{moves:>10.0f}"
        if len(names) > 1:
            first, other = med[names[0]], med[names[1]]
            row += f"{first[0] / other[0]:>9.2f}x ({first[1] / other[1]:.2f}x)"
        lines.append(row)
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30, help="games per player kind and seat count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--style", action="store_true", help="with the expansion Style is the Goal")
    parser.add_argument("--against", metavar="REF|TREE",
                        help="a commit of this repository, or another checkout of pbem, to run alternately")
    parser.add_argument("--rounds", type=int, default=5, help="rounds with --against")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--options", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    options = json.loads(args.options) if args.options else ({"expansion": "style"} if args.style else {})
    counts = tuple(args.players)
    if args.worker:
        print(json.dumps(measure(args.games, counts, options)))
        return
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    trees = {"this": here}
    exported = None
    if args.against:
        if os.path.isdir(args.against):
            trees["other"] = os.path.abspath(args.against)
        else:
            trees[args.against] = exported = export(args.against, here)
    runs: dict[str, list[dict]] = {name: [] for name in trees}
    try:
        for r in range(args.rounds if args.against else 1):
            order = list(trees) if r % 2 == 0 else list(reversed(trees))
            for name in order:
                runs[name].append(run_tree(trees[name], args.games, counts, options))
            print(f"round {r + 1} done, load average {os.getloadavg()[0]:.1f}", file=sys.stderr)
    finally:
        if exported:
            shutil.rmtree(exported)
    print(table(runs, options))


if __name__ == "__main__":
    main()

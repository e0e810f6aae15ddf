"""The `pbem` console script: serve, simulate, replay."""
from __future__ import annotations

import argparse
import random
import signal
import sys
import time
from collections import Counter


def _option(text: str) -> tuple[str, str]:
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"{text!r}: write options as key=value")
    key, value = text.split("=", 1)
    return key.strip(), value.strip()


def simulate(slug: str, players: int, games: int, seed: str, options: dict, out=sys.stdout) -> int:
    """Bots play `games` games through the engine contract; prints a summary with a games/s figure."""
    from . import engine

    rules = engine.get(slug)
    options = engine.check_options(rules, options)
    wins: Counter = Counter()
    moves = 0
    scores: list[int] = []
    started = time.perf_counter()
    for n in range(games):
        game_seed = f"{seed}:{n}"
        state = rules.setup(players, options, game_seed)
        rnd = random.Random(game_seed)
        while True:
            prompts = rules.pending(state)
            if not prompts:
                break
            seat = prompts[0].seat
            state, _events = rules.apply(state, seat, rules.bot_move(state, seat, rnd))
            moves += 1
        result = rules.result(state)
        wins[result.ranking[0]] += 1
        scores.extend(result.scores.values())
    elapsed = time.perf_counter() - started
    print(f"{games} games of {rules.NAME} with {players} bots, seed {seed!r}", file=out)
    print("wins by seat: " + ", ".join(f"{s}: {wins[s]}" for s in range(players)), file=out)
    if scores:
        print(f"scores: mean {sum(scores) / len(scores):.1f}, min {min(scores)}, max {max(scores)}", file=out)
    print(f"{moves} moves, {moves / max(games, 1):.0f} per game", file=out)
    print(f"{games / elapsed:.1f} games/s, {moves / elapsed:.0f} moves/s", file=out)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pbem", description="play-by-email board games")
    sub = parser.add_subparsers(dest="command", required=True)
    serve_p = sub.add_parser("serve", help="run the service on this machine (embedded default without env)")
    serve_p.add_argument("--port", type=int, default=5000)
    serve_p.add_argument("--host", default="127.0.0.1")
    sim = sub.add_parser("simulate", help="bots play games through the engine; prints a summary")
    sim.add_argument("--game", dest="slug", required=True)
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", default="1")
    sim.add_argument("--option", action="append", type=_option, default=[])
    rep = sub.add_parser("replay", help="re-apply a game's stored moves from its seed and compare")
    rep.add_argument("game", type=int)
    sub.add_parser("health", help="when delivery and the clock last ran, the oldest mail waiting; exit 1 if late")
    args = parser.parse_args(argv)

    if args.command == "simulate":
        return simulate(args.slug, args.players, args.games, args.seed, dict(args.option))
    if args.command == "serve":
        return serve(args.host, args.port)
    if args.command == "health":
        return health()
    return replay(args.game)


def serve(host: str, port: int) -> int:
    """Create the tables if needed (SQLite in the embedded default; migrations elsewhere) and serve."""
    import os

    from flask_migrate import upgrade

    from . import create_app

    if "BASE_URL" not in os.environ:
        os.environ["BASE_URL"] = f"http://{host}:{port}"
    app = create_app()
    with app.app_context():
        upgrade()
    mode = "embedded: SQLite, in-process tasks, mail to the dev mailbox" if app.config["EMBEDDED_TASKS"] else \
        "with Redis"
    from werkzeug.serving import make_server

    # Ctrl-C and SIGTERM stop it cleanly, also when started in the background by a shell that ignores SIGINT
    # for its background jobs (Python then leaves SIGINT ignored, and the server could not be stopped by it).
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, signal.default_int_handler)
    # Listen first, then say so: whoever reads the line (a person, a test) can connect at once.
    server = make_server(host, port, app, threaded=True)
    print(f"pbem is running at {app.config['BASE_URL']}/  ({mode})", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        for stop in (signal.SIGINT, signal.SIGTERM):
            signal.signal(stop, signal.SIG_DFL)  # a second signal while shutting down ends it at once, quietly
        server.server_close()
    return 0


def health() -> int:
    """Print the health report (pbem/health.py); exit 1 when a job or the mail is late, for a platform's check."""
    from . import create_app
    from . import health as checkup

    app = create_app()
    with app.app_context():
        found = checkup.report()
    print(*found.lines(), sep="\n")
    return 0 if found.healthy else 1


def replay(game_id: int) -> int:
    from . import create_app, play
    from .extensions import db
    from .models import Game

    app = create_app()
    with app.app_context():
        game = db.session.get(Game, game_id)
        if game is None:
            print(f"there is no game {game_id}", file=sys.stderr)
            return 2
        problems = play.replay(game)
        if problems:
            print(f"game {game_id}: replay FAILED", *problems, sep="\n", file=sys.stderr)
            return 1
        print(f"game {game_id}: {game.version} moves replayed from seed {game.seed!r}; the state matches")
        return 0


if __name__ == "__main__":
    sys.exit(main())

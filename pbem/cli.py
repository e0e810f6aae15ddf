"""The `pbem` console script: serve, simulate, replay, ratings, game records (export, import), components."""
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
    rat = sub.add_parser("ratings", help="ratings: `rebuild` recomputes them all from the stored results")
    rat.add_argument("action", choices=["rebuild"])
    exp = sub.add_parser("export", help="a game's record as JSON (docs/records.md), or every finished game's")
    exp.add_argument("game", type=int, nargs="?")
    exp.add_argument("--finished", metavar="DIR", help="write each finished game's record to DIR/<id>.json")
    exp.add_argument("--out", metavar="FILE", help="write the record here instead of to the standard output")
    imp = sub.add_parser("import", help="replay records (files, or directories of *.json) into finished games")
    imp.add_argument("paths", nargs="+", metavar="FILE")
    imp.add_argument("--host", required=True, metavar="EMAIL", help="the existing user the imported games belong to")
    com = sub.add_parser("components", help="the host's components file (Style is the Goal): `check FILE`")
    com.add_argument("action", choices=["check"])
    com.add_argument("file", metavar="FILE")
    args = parser.parse_args(argv)

    if args.command == "simulate":
        return simulate(args.slug, args.players, args.games, args.seed, dict(args.option))
    if args.command == "serve":
        return serve(args.host, args.port)
    if args.command == "health":
        return health()
    if args.command == "ratings":
        return rebuild_ratings()
    if args.command == "export":
        if (args.game is None) == (args.finished is None):
            parser.error("export: name one GAME, or --finished DIR")
        return export(args.game, args.finished, args.out)
    if args.command == "import":
        return import_records(args.paths, args.host)
    if args.command == "components":
        return check_components(args.file)
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


def rebuild_ratings() -> int:
    """Recompute every rating from the stored results (pbem/ratings.py) and say how many games counted."""
    from . import create_app, ratings
    from .extensions import db

    app = create_app()
    with app.app_context():
        rated = ratings.rebuild()
        db.session.commit()
    print(f"ratings rebuilt from {rated} rated games")
    return 0


def export(game_id: int | None, folder: str | None, out: str | None) -> int:
    """Print one game's full record (with its seed), or write every finished game's to `folder`."""
    import json
    from pathlib import Path

    from . import create_app, records
    from .extensions import db
    from .models import Game

    app = create_app()
    with app.app_context():
        if folder is None:
            game = db.session.get(Game, game_id) if game_id < 2**31 else None
            if game is None:
                print(f"there is no game {game_id}", file=sys.stderr)
                return 2
            text = json.dumps(records.record(game), ensure_ascii=False, indent=1)
            if out:
                Path(out).write_text(text + "\n", encoding="utf-8")
            else:
                print(text)
            return 0
        target = Path(folder)
        target.mkdir(parents=True, exist_ok=True)
        count = 0
        for game in records.finished_games():
            (target / f"{game.id}.json").write_text(
                json.dumps(records.record(game), ensure_ascii=False) + "\n", encoding="utf-8")
            count += 1
            db.session.expunge(game)  # a whole server's games: keep no more than a batch in memory
        print(f"{count} finished games written to {target}")
        return 0


def import_records(paths: list[str], host_email: str) -> int:
    """Replay each record into a finished game owned by `host_email`; exit 1 if any was refused."""
    import json
    from pathlib import Path

    from sqlalchemy import select

    from . import create_app, records
    from .extensions import db
    from .models import User

    app = create_app()
    failed = 0
    with app.app_context():
        host = db.session.scalar(select(User).where(User.email == host_email.strip().lower()))
        if host is None:
            print(f"there is no user {host_email!r}", file=sys.stderr)
            return 2
        files = [f for p in map(Path, paths) for f in (sorted(p.glob("*.json")) if p.is_dir() else [p])]
        for path in files:
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                game = records.import_record(data, host)
            except (OSError, ValueError) as exc:  # records.Refused is a ValueError
                failed += 1
                print(f"{path}: refused: {exc}", file=sys.stderr)
            else:
                print(f"{path}: imported as game {game.id}")
    return 1 if failed else 0


def check_components(path: str, out=None) -> int:
    """Check a components file field by field: each problem on a line (exit 1), or what it offers (exit 0)."""
    from . import components

    out = out or sys.stdout
    problems = components.problems_of(path)
    for line in problems:
        print(line, file=out)
    if problems:
        print(f"{path}: {len(problems)} problem(s); the expansion cannot be offered with this file", file=out)
        return 1
    data = components.read(path)
    marked = " (marked as TEST DATA, not the printed values)" if data["test_data"] else ""
    print(f"{path}: usable{marked}; data version {data['version']}: Style is the Goal is offered for 2-5 players "
          "once the service runs with it (PBEM_COMPONENTS or components.toml in the instance folder)", file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

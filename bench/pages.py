"""What a game costs as it grows: a submit and the game page at 10, 1,000 and 100,000 stored moves, and bytes per move."""
# .venv/bin/python bench/pages.py [--games 3] [--sizes 10,1000,100000]
#
# Needs PostgreSQL as the tests do (PBEM_TEST_PG); a throwaway database is made and dropped.
# Bytes per move: whole Stone Age games (4 players typing the bot's choices by mail, every turn
# mail queued and sent to the outbox folder), all tables with their indexes and TOAST
# (pg_total_relation_size) less the empty schema, divided by the moves: as written, live after
# VACUUM FULL, and live after mail retention has emptied the bodies of mail older than its time.
# Page cost: one game grown in SQL to each size (tests/big_games.py copies its real moves); the
# page is the seat link's page (/play/<token>), the submit one placement through play.submit.
from __future__ import annotations

import argparse
import json
import random
import secrets
import statistics
import sys
import tempfile
import time
from datetime import timedelta

from notify import ROOT, bench_app, create_database, drop_database


def table_bytes(db) -> dict[str, int]:
    """Every table's bytes with its indexes and TOAST."""
    from sqlalchemy import text

    return dict(db.session.execute(text(
        "SELECT relname, pg_total_relation_size(oid) FROM pg_class"
        " WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND relname <> 'alembic_version'")).all())


def vacuum_full(db) -> None:
    """Rewrite every table with only its live rows (what a steady autovacuum would keep)."""
    from sqlalchemy import text

    db.session.commit()
    tables = list(table_bytes(db))
    db.session.commit()
    with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        for table in tables:
            conn.execute(text(f'VACUUM FULL "{table}"'))


def play_game(rules, game, rnd: random.Random) -> int:
    """Every seat types the bot's choice by mail until the game ends; the moves stored."""
    from pbem import play
    from pbem.extensions import db

    while True:
        db.session.refresh(game)
        pending = rules.pending(game.state) if game.status == "active" else []
        if not pending:
            return game.version
        seat = pending[0].seat
        outcome = play.submit(game.id, seat, str(rules.bot_move(game.state, seat, rnd)), "email",
                              f"email:<{game.id}.{game.version}.{seat}@bench>")
        assert outcome.ok, outcome


def play_until_asked(rules, game, seat: int, rnd: random.Random, at_least: int = 0) -> None:
    """The others (bots, or typed as the bot would) play until `seat` is asked to place, at move `at_least` or later."""
    from pbem import play
    from pbem.extensions import db

    while True:
        db.session.refresh(game)
        pending = [p.seat for p in rules.pending(game.state)]
        if game.version >= at_least and game.state["phase"] == "place" and pending[:1] == [seat]:
            return
        who = pending[0]
        play.submit(game.id, who, str(rules.bot_move(game.state, who, rnd)), "email",
                    f"email:<{game.id}.{game.version}.{who}@bench>")


def bytes_per_move(args, db, users) -> dict:
    """Bytes the tables grow by per move, from one whole game to `args.games` more (fixed costs cancel out)."""
    from flask import current_app

    from pbem import engine, play
    from pbem.clock import now
    from pbem.mail import retention

    rules = engine.get("stone-age")
    humans = users[:args.humans]
    later = now() + timedelta(days=current_app.config["MAIL_RETENTION_DAYS"] + 1)

    def games(count: int, first: int) -> int:
        moves = 0
        for n in range(first, first + count):
            game = play.create_game(humans[0], "stone-age", seats=4, bots=4 - len(humans), random_seating=False)
            for user in humans[1:]:
                play.join(game.id, user)
            play.start_game(game.id, humans[0])
            moves += play_game(rules, game, random.Random(n))
        return moves

    def measured() -> dict[str, int]:
        retention.drop_sent_bodies(later)
        vacuum_full(db)
        return table_bytes(db)

    games(1, 0)  # every table and index past its first pages
    start = measured()
    before = table_bytes(db)
    moves = games(args.games, 1)
    written = table_bytes(db)
    vacuum_full(db)
    live = table_bytes(db)
    kept = measured()
    rows = [(t, (written[t] - before[t]) / moves, (live[t] - start[t]) / moves, (kept[t] - start[t]) / moves)
            for t in kept]
    totals = {"written": sum(r[1] for r in rows), "live": sum(r[2] for r in rows),
              "after_retention": sum(r[3] for r in rows), "moves": moves}
    if args.json:
        return totals
    print(f"bytes per move, {args.games} whole Stone Age games of {len(humans)} players by mail and "
          f"{4 - len(humans)} bots ({moves} moves):")
    print(f"  {'table':18} {'written':>9} {'live':>9} {'after retention':>16}")
    for table, *figures in sorted(rows, key=lambda r: -r[2]):
        if any(figures):
            print(f"  {table:18} {figures[0]:9.0f} {figures[1]:9.0f} {figures[2]:16.0f}")
    print(f"  {'all tables':18} {totals['written']:9.0f} {totals['live']:9.0f} {totals['after_retention']:16.0f}")
    return totals


def page_cost(args, app, db, users) -> list[dict]:
    from big_games import Reads, grow
    from sqlalchemy import text

    from pbem import engine, play
    from pbem.presentation import turn as outbound

    rules = engine.get("stone-age")
    game = play.create_game(users[0], "stone-age", seats=4, bots=3, random_seating=False)
    play.start_game(game.id, users[0])
    rnd = random.Random(1)
    play_until_asked(rules, game, 0, rnd, at_least=min(args.sizes))
    base = game.version
    client = app.test_client()
    say = (lambda *a: None) if args.json else print
    say(f"cost of a submit and of the game page (median of {args.repeat}); rows = rows the SQL returned")
    say(f"  {'moves':>8} {'page ms':>8} {'rows':>6} {'queries':>7} {'KiB':>6} {'submit ms':>9} {'rows':>6}"
        f" {'queries':>7}")
    figures = []
    for size in args.sizes:
        if size > game.version:
            grow(game, size, base=base)
            # What autovacuum does after a bulk insert; without fresh statistics the planner reads
            # the sampled score rows by scanning the whole game.
            with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                conn.execute(text("ANALYZE moves"))
        link = outbound.seat_link(game, game.seat_at(0)).split("://", 1)[1].split("/", 1)[1]
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            with Reads(db.engine) as page:
                body = client.get("/" + link).get_data()
            times.append(time.perf_counter() - start)
        shown = game.version
        command = str(rules.bot_move(game.state, 0, rnd))
        start = time.perf_counter()
        with Reads(db.engine) as submit:
            outcome = play.submit(game.id, 0, command, "email", f"email:<{secrets.token_hex(8)}@bench>")
        submitted = time.perf_counter() - start
        assert outcome.ok, outcome
        figures.append({"moves": shown, "page_ms": statistics.median(times) * 1000, "page_rows": page.rows,
                        "page_statements": page.statements, "page_kib": len(body) / 1024,
                        "submit_ms": submitted * 1000, "submit_rows": submit.rows,
                        "submit_statements": submit.statements})
        say(f"  {shown:8d} {statistics.median(times) * 1000:8.1f} {page.rows:6d} {page.statements:7d}"
            f" {len(body) / 1024:6.1f} {submitted * 1000:9.1f} {submit.rows:6d} {submit.statements:7d}")
        play_until_asked(rules, game, 0, rnd)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4, help="whole games for bytes per move")
    parser.add_argument("--humans", type=int, default=1, choices=(1, 2, 3, 4), help="players by mail (the rest bots)")
    parser.add_argument("--sizes", default="10,1000,100000", help="stored moves at which the page is measured")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    args.sizes = sorted(int(s) for s in args.sizes.split(","))

    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
    from flask_migrate import upgrade

    from pbem.extensions import db
    from pbem.models import User

    admin, name, pg_url = create_database()
    try:
        with tempfile.TemporaryDirectory() as outbox:
            app = bench_app(pg_url, MAIL_URL=None, OUTBOX_DIR=outbox)
            with app.app_context():
                upgrade()
                users = [User(email=f"p{i}@example.com", name=f"Player {i}") for i in range(4)]
                db.session.add_all(users)
                db.session.commit()
                figures = {"bytes_per_move": bytes_per_move(args, db, users), "cost": page_cost(args, app, db, users)}
                if args.json:
                    print(json.dumps(figures))
                db.session.remove()
                db.engine.dispose()
    finally:
        drop_database(admin, name)


if __name__ == "__main__":
    main()

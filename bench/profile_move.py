"""A profile of the move path: API submits in the web process (Flask's test client, the whole request), then the
worker's writing and sending of their turn mails, each under cProfile; prints the top entries of each."""
# .venv/bin/python bench/profile_move.py [--submits 200] [--top 25] [--sort tottime]
#
# Needs PostgreSQL and Redis as the tests do (Redis db 12 is used and flushed). On a database of its own:
# one 4-player Stone Age game per client as bench/api.py plays it, every seat a player with a token; the
# submits run in this process (no gunicorn: the request's own work, without the network), the delivery kick
# goes to Redis as deployed and nobody takes it; then delivery runs here, to an SMTP sink that drops the mail.
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import signal
import subprocess
import sys
import time

from api import record_games
from notify import REDIS_DB, ROOT, bench_app, create_database, drop_database, free_port, wait_port


def top(profile: cProfile.Profile, sort: str, count: int) -> str:
    out = io.StringIO()
    pstats.Stats(profile, stream=out).strip_dirs().sort_stats(sort).print_stats(count)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--submits", type=int, default=200)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--sort", default="tottime,cumulative", help="pstats orders, comma-separated")
    parser.add_argument("--dump", help="also write each profile to DUMP.web and DUMP.worker (pstats files)")
    args = parser.parse_args()

    import redis
    from flask_migrate import upgrade

    admin, name, pg_url = create_database()
    broker = redis.Redis.from_url(REDIS_DB)
    sink_port = free_port()
    sink = subprocess.Popen([sys.executable, str(ROOT / "bench" / "notify.py"), "--sink", str(sink_port)])
    try:
        wait_port(sink_port)
        app = bench_app(pg_url, REDIS_URL=REDIS_DB, EMBEDDED_TASKS=False, MAIL_URL=f"smtp://127.0.0.1:{sink_port}",
                        RATELIMIT_STORAGE_URI=REDIS_DB, RATELIMIT_API="1000000 per minute")
        with app.app_context():
            upgrade()
        plan = record_games(app, 1, args.submits + 50, "prof")[0]
        from pbem.extensions import db
        from pbem.mail import delivery

        client = app.test_client()

        def send(steps) -> None:
            for game_id, token, command in steps:
                response = client.post(f"/api/v1/games/{game_id}/moves", json={"commands": command},
                                       headers={"Authorization": f"Bearer {token}"})
                assert response.status_code == 200, response.get_json()

        def deliver() -> int:
            with app.app_context():
                sent = delivery.deliver_due(500)
                db.session.remove()
                return sent

        send(plan[:50])  # past the first requests (imports, caches, the pool)
        deliver()
        # Each submit's mail is written and sent right after it, as the worker would (written later, a turn
        # mail whose prompt was answered meanwhile is dropped unwritten: not the cost to measure).
        web, worker = cProfile.Profile(), cProfile.Profile()
        spent = {"web": [0.0, 0.0], "worker": [0.0, 0.0]}
        mails = 0
        for step in plan[50:50 + args.submits]:
            for name, profile, work in (("web", web, lambda: send([step])), ("worker", worker, deliver)):
                began, cpu = time.perf_counter(), time.process_time()
                profile.enable()
                done = work()
                profile.disable()
                spent[name][0] += time.perf_counter() - began
                spent[name][1] += time.process_time() - cpu
                mails += done or 0
        for name, profile, count in (("web", web, args.submits), ("worker", worker, mails)):
            wall, used = spent[name]
            what = "submits" if name == "web" else "mails written and sent"
            print(f"{name}: {count} {what}, {wall * 1000 / max(count, 1):.1f} ms each "
                  f"({used * 1000 / max(count, 1):.1f} ms CPU, profiled)")
            if args.dump:
                profile.dump_stats(f"{args.dump}.{name}")
            for sort in args.sort.split(","):
                print(top(profile, sort, args.top))
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    finally:
        sink.send_signal(signal.SIGTERM)
        sink.wait(timeout=30)
        broker.flushdb()
        drop_database(admin, name)


if __name__ == "__main__":
    main()

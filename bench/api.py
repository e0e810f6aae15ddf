"""API moves under load: submits/s and p50/p99 latency at 1, 8 and 32 clients through gunicorn, beside pgbench's
single-row commits/s on the same database, and the RSS of the web and worker processes."""
# .venv/bin/python bench/api.py [--clients 1,8,32] [--seconds 10] [--json]
#
# Needs PostgreSQL, Redis and pgbench as the tests do (PBEM_TEST_PG, PBEM_TEST_REDIS; Redis db 12 is
# used and flushed). Runs the Procfile's processes on a database of its own: gunicorn (2 workers)
# and a Celery worker (2 processes, which write and send the turn mails to an SMTP sink that drops
# them). With --floor, bench/floor.py's minimal app is served too and driven just before the API at each level,
# --pairs times, alternately (the machine's speed drifts). Each client plays its own 4-player Stone Age game, every
# seat a player with a token: the
# commands are the bot's choices, computed before the clock starts, so a client only sends and
# waits. Then pgbench runs as many clients for as long, each committing a one-row INSERT.
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from notify import (REDIS_DB, ROOT, bench_app, cpu_seconds, create_database, drop_database, free_port, largest_rss,
                    own_cpu_seconds, postgres_cpu_seconds, wait_port)


def record_games(app, clients: int, moves: int, tag: str) -> list[list[tuple]]:
    """For each client, at least `moves` commands over as many started 4-player Stone Age games as that takes,
    every seat a player with a token; the commands are the bot's choices, played ahead on a copy of the
    state: [[(game id, token, command), ...] per client]."""
    from pbem import engine, play
    from pbem.extensions import db
    from pbem.models import User
    from pbem.web.tokens_page import issue_token

    rules = engine.get("stone-age")
    plans = []
    with app.app_context():
        for client in range(clients):
            plan: list[tuple] = []
            while len(plan) < moves:
                n = f"{tag}{client}-{len(plan)}"
                users = [User(email=f"{n}p{i}@example.com", name=f"P{i}") for i in range(4)]
                db.session.add_all(users)
                db.session.commit()
                game = play.create_game(users[0], "stone-age", seats=4, random_seating=False, seed=n)
                for user in users[1:]:
                    play.join(game.id, user)
                play.start_game(game.id, users[0])
                tokens = {s.position: issue_token(s.user, "bench") for s in game.seats}
                state, rnd = game.state, random.Random(n)
                while prompts := rules.pending(state):
                    seat = prompts[0].seat
                    move = rules.bot_move(state, seat, rnd)
                    state, _ = rules.apply(state, seat, move)
                    plan.append((game.id, tokens[seat], str(move)))
            plans.append(plan)
    return plans


def drive(port: int, plans: list[list[tuple]], seconds: float) -> dict:
    """One thread per client sends its commands for `seconds`; submits/s, latency percentiles (ms) and how many
    commands each client sent."""
    latencies: list[float] = []
    failures: list[str] = []
    sent: dict[int, int] = {}
    lock = threading.Lock()
    start = time.perf_counter() + 0.2  # every thread starts together
    stop = start + seconds

    def client(plan: list[tuple]) -> None:
        mine, conn = [], http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while time.perf_counter() < start:
            time.sleep(0.001)
        for game_id, token, command in plan:
            if time.perf_counter() >= stop:
                break
            body = json.dumps({"commands": command})
            headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
            began = time.perf_counter()
            conn.request("POST", f"/api/v1/games/{game_id}/moves", body, headers)
            response = conn.getresponse()
            answer = response.read()
            if response.status != 200:
                with lock:
                    failures.append(f"{response.status} {answer[:200]!r}")
                break
            mine.append(time.perf_counter() - began)
        conn.close()
        with lock:
            latencies.extend(mine)
            sent[id(plan)] = len(mine)

    threads = [threading.Thread(target=client, args=(plan,)) for plan in plans]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise SystemExit(f"{len(failures)} submits failed, e.g. {failures[0]}")
    ordered = sorted(latencies)
    return {"submits_per_s": len(ordered) / seconds, "submits": len(ordered), "sent": [sent[id(p)] for p in plans],
            "p50_ms": statistics.median(ordered) * 1000, "p99_ms": ordered[int(0.99 * (len(ordered) - 1))] * 1000}


def wait_for_mail(app, timeout: float = 300) -> None:
    """Wait until the outbox holds no mail to write or send (the worker is running and caught up)."""
    from pbem.extensions import db
    from pbem.mail import delivery

    deadline = time.monotonic() + timeout
    with app.app_context():
        while delivery.pending_count():
            db.session.rollback()
            if time.monotonic() > deadline:
                raise SystemExit("the worker did not send the queued mail")
            time.sleep(0.2)
        db.session.remove()


def mail_counts(app) -> dict[str, int]:
    """Outbox rows by status: how many turn mails were sent, and how many dropped unwritten (answered first)."""
    from sqlalchemy import func, select

    from pbem.extensions import db
    from pbem.models import Outbox

    with app.app_context():
        counts = dict(db.session.execute(select(Outbox.status, func.count()).group_by(Outbox.status)).all())
        db.session.remove()
    return counts


def pgbench(url: str, clients: int, seconds: float) -> float:
    """Single-row durable commits per second: pgbench, `clients` connections, one INSERT per transaction."""
    with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as script:
        script.write("INSERT INTO bench_commits (v) VALUES (1);\n")
    try:
        done = subprocess.run(["pgbench", "-n", "-c", str(clients), "-j", str(min(clients, 4)), "-T",
                               str(max(1, round(seconds))), "-f", script.name, url],
                              capture_output=True, text=True, check=True)
    finally:
        os.unlink(script.name)
    return float(re.search(r"tps = ([\d.]+)", done.stdout).group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clients", default="1,8,32")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--floor", action="store_true", help="serve bench/floor.py's app too, and drive it before "
                        "the API at each level (pairs, the figures of the median pair)")
    parser.add_argument("--pairs", type=int, default=1, help="with --floor: floor and API measures per level")
    args = parser.parse_args()
    levels = [int(c) for c in args.clients.split(",")]
    pairs = args.pairs if args.floor else 1

    import psycopg
    import redis

    sys.path.insert(0, str(ROOT))
    from flask_migrate import upgrade

    admin, name, pg_url = create_database()
    broker = redis.Redis.from_url(REDIS_DB)
    broker.flushdb()
    sink_port, web_port = free_port(), free_port()
    smtp_url = f"smtp://127.0.0.1:{sink_port}"
    instance = Path(tempfile.mkdtemp(prefix=name))
    env = dict(os.environ, DATABASE_URL=pg_url, REDIS_URL=REDIS_DB, MAIL_URL=smtp_url, SECRET_KEY="bench",
               BASE_URL="http://pbem.bench", INBOUND_DOMAIN="pbem.bench", PBEM_INSTANCE=str(instance),
               RATELIMIT_API="1000000 per minute",
               PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
    procs: list[subprocess.Popen] = []
    log = (instance / "processes.log").open("w")
    floor = None
    try:
        if args.floor:
            from floor import Floor

            floor = Floor(levels, args.seconds)
        procs.append(subprocess.Popen([sys.executable, str(ROOT / "bench" / "notify.py"), "--sink", str(sink_port)]))
        app = bench_app(pg_url, REDIS_URL=REDIS_DB, EMBEDDED_TASKS=False, MAIL_URL=smtp_url)
        with app.app_context():
            upgrade()
        # More commands than a client can send in the time (the service shares out about 300 submits/s at most).
        plans = {c: record_games(app, c, pairs * (int(args.seconds * max(20, 300 / c)) + 50), f"c{c}g") for c in levels}
        warm_up = record_games(app, 4, 100, "warm")
        with app.app_context():
            from pbem.extensions import db

            db.session.remove()
            db.engine.dispose()
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute("CREATE TABLE bench_commits (id bigserial PRIMARY KEY, v int)")
        broker.flushdb()
        web = subprocess.Popen(["gunicorn", "pbem:create_app()", "--bind", f"127.0.0.1:{web_port}", "--workers", "2"],
                               cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        worker = subprocess.Popen([sys.executable, "-m", "celery", "-A", "worker", "worker", "--loglevel=warning",
                                   "--concurrency=2", "--without-gossip", "--without-mingle", "--without-heartbeat"],
                                  cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        procs += [web, worker]
        wait_port(sink_port)
        wait_port(web_port, timeout=60)
        drive(web_port, warm_up, 3)  # every gunicorn worker past its first requests
        wait_for_mail(app)  # the worker is up and has sent the mail of the setup and warm-up
        rows, floors, measured = [], [], {c: [0] * c for c in levels}

        def measure(clients: int) -> dict:
            mails = mail_counts(app)
            # CPU per submit of each part of the machine: what a loaded machine's wall times blur. The
            # load generator's is read over the drive alone; the others once the mail is out too.
            meters = (lambda: cpu_seconds(web.pid), lambda: cpu_seconds(worker.pid), postgres_cpu_seconds,
                      lambda: cpu_seconds(procs[0].pid))
            before, client = [meter() for meter in meters], own_cpu_seconds()
            done = measured[clients]  # each client goes on where its last measure stopped
            api = drive(web_port, [plan[n:] for plan, n in zip(plans[clients], done)], args.seconds)
            measured[clients] = [n + more for n, more in zip(done, api.pop("sent"))]
            client = own_cpu_seconds() - client
            wait_for_mail(app)  # the turn mails of these moves written and sent, for the worker's share
            web_ms, worker_ms, pg_ms, sink_ms = ((meter() - used) * 1000 / api["submits"]
                                                  for meter, used in zip(meters, before))
            after = mail_counts(app)
            sent, dropped = ((after.get(k, 0) - mails.get(k, 0)) / api["submits"] for k in ("sent", "suppressed"))
            return {"clients": clients, **api, "web_cpu_ms": web_ms, "worker_cpu_ms": worker_ms,
                    "postgres_cpu_ms": pg_ms, "sink_cpu_ms": sink_ms, "client_cpu_ms": client * 1000 / api["submits"],
                    "mails_sent": sent, "mails_dropped": dropped}

        for clients in levels:
            # The machine's speed drifts: the floor and the API alternate, and the pair with the median ratio is kept.
            runs = []
            for _ in range(pairs):
                base = floor.measure(clients, args.seconds) if floor is not None else None
                api = measure(clients)
                runs.append((api["submits_per_s"] / base["submits_per_s"] if base else 0, api, base))
            runs.sort(key=lambda run: run[0])
            _, api, base = runs[len(runs) // 2]
            api["pairs"] = [{"ratio": ratio, "p99_ratio": a["p99_ms"] / b["p99_ms"], "api": a["submits_per_s"],
                             "floor": b["submits_per_s"]} for ratio, a, b in runs if b is not None]
            commits = pgbench(pg_url, clients, args.seconds)
            rows.append({**api, "pgbench_tps": commits, "ratio": api["submits_per_s"] / commits})
            if base is not None:
                floors.append(base)
        figures = {"api": rows, "floor": floors, "rss_mib": {"web": largest_rss(web.pid), "worker": largest_rss(worker.pid)},
                   "load": os.getloadavg()[0]}
        if args.json:
            print(json.dumps(figures))
        else:
            print(f"{'clients':>7} {'submits/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'pgbench/s':>10} {'ratio':>7}"
                  f"  CPU ms per submit: web, worker, PostgreSQL, SMTP sink, client; mails sent, dropped per submit")
            for r in rows:
                print(f"{r['clients']:7d} {r['submits_per_s']:10.1f} {r['p50_ms']:8.1f} {r['p99_ms']:8.1f}"
                      f" {r['pgbench_tps']:10.0f} {r['ratio']:7.3f}  {r['web_cpu_ms']:.1f}, {r['worker_cpu_ms']:.1f}, "
                      f"{r['postgres_cpu_ms']:.1f}, {r['sink_cpu_ms']:.1f}, {r['client_cpu_ms']:.1f}; "
                      f"{r['mails_sent']:.2f}, {r['mails_dropped']:.2f}")
            for r, base in zip(rows, floors):
                print(f"floor at {r['clients']} clients: {base['submits_per_s']:.1f} requests/s, p99 {base['p99_ms']:.1f} ms;"
                      " API ÷ floor in each pair: " + ", ".join(f"{p['ratio']:.2f} (p99 {p['p99_ratio']:.1f}×)"
                                                               for p in r["pairs"]))
            print(f"RSS: web worker {figures['rss_mib']['web']:.0f} MiB, "
                  f"Celery worker {figures['rss_mib']['worker']:.0f} MiB")
    finally:
        if floor is not None:
            floor.close()
        for proc in reversed(procs):
            if proc.poll() is None:
                if proc is procs[0]:
                    proc.send_signal(signal.SIGTERM)
                else:
                    os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=60)
        log.close()
        broker.flushdb()
        drop_database(admin, name)


if __name__ == "__main__":
    main()

"""Turn-mail throughput: 10,000 turn mails through a real Celery worker to a local SMTP sink, beside plain smtplib."""
# .venv/bin/python bench/notify.py [--mails 10000] [--concurrency 1] [--rendered 200] [--rounds 5] [--json]
#
# Needs PostgreSQL and Redis as the tests do (PBEM_TEST_PG, PBEM_TEST_REDIS; Redis db 12 is
# used and flushed). Real Stone Age turn mails are queued through play.start_game and written
# (`--rendered` of them, timed), then copied in SQL to `--mails` outbox rows with their own
# recipients and Message-IDs. In `--rounds` rounds, a share of them is made due and the worker
# sends it, and plain smtplib sends the same rows over one connection to the same sink (an
# aiosmtpd process that accepts and drops), the order swapping every round; the figure is the
# median of the rounds' ratios, since this machine's speed swings from one minute to the next. A
# fair comparison: one process each (`--concurrency 1`), and smtplib builds each message from its
# row in the loop, as the worker does; only reading the rows is done before its clock starts. The
# CPU per mail of each is printed too: on a shared machine it varies much less than the rates.
from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import signal
import smtplib
import statistics
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_ADMIN = os.environ.get("PBEM_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS_DB = os.environ.get("PBEM_TEST_REDIS", "redis://127.0.0.1:6379/15").rsplit("/", 1)[0] + "/12"


def run_sink(port: int) -> None:
    """An SMTP server that accepts every mail and keeps nothing (run in its own process)."""
    from aiosmtpd.controller import Controller

    class Drop:
        async def handle_DATA(self, server, session, envelope):
            return "250 OK"

    controller = Controller(Drop(), hostname="127.0.0.1", port=port)
    controller.start()
    signal.sigwait({signal.SIGTERM, signal.SIGINT})
    controller.stop()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def create_database():
    """A database of the bench's own: (an admin connection to drop it with, its name, its URL)."""
    import psycopg

    name = f"pbem_bench_{secrets.token_hex(3)}"
    admin = psycopg.connect(PG_ADMIN, autocommit=True)
    admin.execute(f'CREATE DATABASE "{name}"')
    return admin, name, PG_ADMIN.rsplit("/", 1)[0] + "/" + name


def drop_database(admin, name: str) -> None:
    admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    admin.close()


def bench_app(pg_url: str, **config):
    """The app on the bench's database, with `config` on top."""
    sys.path.insert(0, str(ROOT))
    from pbem import create_app

    return create_app({"SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://" + pg_url.split("://", 1)[1],
                       "SECRET_KEY": "bench", "BASE_URL": "http://pbem.bench", "INBOUND_DOMAIN": "pbem.bench",
                       **config})


def rss_mib(pid: int) -> float:
    """The resident memory of one process, in MiB (0 when it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    found = re.search(r"VmRSS:\s+(\d+) kB", status)
    return int(found.group(1)) / 1024 if found else 0.0


def children(pid: int) -> list[int]:
    """The direct children of a process (gunicorn's workers, Celery's pool)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user and system) used so far by a process and its children that are still running."""
    return sum(_process_cpu(Path(f"/proc/{one}")) for one in [pid, *children(pid)])


def _process_cpu(proc: Path) -> float:
    """CPU seconds (user and system) of one running process (/proc/<pid>); 0 once it is gone."""
    try:
        fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def postgres_cpu_seconds() -> float:
    """CPU seconds used so far by the PostgreSQL server's processes that are still running (its backends
    included): the bench's database is the busy one, so a difference over a run is that run's share."""
    def is_postgres(entry: Path) -> bool:
        try:
            return entry.name.isdigit() and (entry / "cmdline").read_bytes().startswith(b"postgres")
        except OSError:
            return False
    return sum(_process_cpu(entry) for entry in Path("/proc").iterdir() if is_postgres(entry))


def own_cpu_seconds() -> float:
    """CPU seconds of this process so far (the load generator's threads, in a bench that drives)."""
    used = os.times()
    return used.user + used.system


def largest_rss(pid: int) -> float:
    """The largest RSS among a master process and its children (a worker's share, as it grows)."""
    return max([rss_mib(pid)] + [rss_mib(child) for child in children(pid)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mails", type=int, default=10_000)
    parser.add_argument("--rendered", type=int, default=200, help="real turn mails rendered, then copied")
    parser.add_argument("--concurrency", type=int, default=1, help="worker processes")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of worker and smtplib, alternately")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--sink", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.sink:
        run_sink(args.sink)
        return

    import redis
    from sqlalchemy import func, select, text, update
    from sqlalchemy.orm import Session

    sys.path.insert(0, str(ROOT))
    from flask_migrate import upgrade

    from pbem import play, tokens
    from pbem.extensions import db
    from pbem.mail import backends, writing
    from pbem.models import Outbox, User

    admin, name, pg_url = create_database()
    broker = redis.Redis.from_url(REDIS_DB)
    broker.flushdb()
    port = free_port()
    smtp_url = f"smtp://127.0.0.1:{port}"
    sink = subprocess.Popen([sys.executable, __file__, "--sink", str(port)])
    worker = None
    instance = Path(f"/tmp/{name}")
    try:
        wait_port(port)
        app = bench_app(pg_url, REDIS_URL=REDIS_DB, EMBEDDED_TASKS=False, MAIL_URL=smtp_url)
        with app.app_context():
            upgrade()
            for i in range(args.rendered):
                user = User(email=f"player{i}@example.com", name=f"Player {i}", locale=("en", "ja", "fr", "de")[i % 4],
                            timezone=("Europe/Berlin", "Asia/Tokyo", "Europe/Paris", "UTC")[i % 4])
                db.session.add(user)
                db.session.commit()
                game = play.create_game(user, "stone-age", seats=4, bots=3, random_seating=False)
                play.start_game(game.id, user)
            start = time.perf_counter()
            with Session(db.engine, expire_on_commit=False) as session:
                while writing.write_unwritten(session, 100):  # as the worker does first
                    pass
            rendered = time.perf_counter() - start
            copies = -(-args.mails // args.rendered)
            with db.engine.begin() as conn:
                conn.execute(text(
                    "INSERT INTO outbox (dedupe_key, kind, user_id, game_id, to_address, subject, text, html, headers,"
                    " message_id, status, attempts, next_attempt_at, created_at)"
                    " SELECT 'bench:' || n || ':' || o.id, o.kind, o.user_id, o.game_id,"
                    " replace(o.to_address, '@', '+' || n || '@'), o.subject, o.text, o.html, o.headers,"
                    " '<bench.' || n || '.' || o.id || '@pbem.bench>', 'pending', 0, o.next_attempt_at, o.created_at"
                    " FROM outbox o, generate_series(1, :copies) n WHERE o.kind = 'turn'"), {"copies": copies - 1})
                conn.execute(text("DELETE FROM outbox WHERE id IN (SELECT id FROM outbox ORDER BY id DESC"
                                  " LIMIT (SELECT greatest(count(*) - :n, 0) FROM outbox))"), {"n": args.mails})
            total = db.session.scalar(select(func.count()).select_from(Outbox))
            size = db.session.scalar(select(func.avg(func.length(Outbox.text) + func.length(Outbox.html))))
            rows = db.session.scalars(select(Outbox).order_by(Outbox.id)).all()
            db.session.expunge_all()  # loaded once: the rounds' rollbacks must not send smtplib back to the database
            db.session.rollback()
            say = (lambda *a: None) if args.json else print
            say(f"rendered {args.rendered} real Stone Age turn mails in {rendered:.1f} s "
                  f"({args.rendered / rendered:.0f} mails/s, text+HTML {size / 1024:.1f} KiB on average); "
                  f"{total} outbox rows queued")
            broker.flushdb()  # the rendering's delivery kicks: the worker is started with a clean queue
            # Every row waits (not due) until its round makes it due: the worker starts before the first round,
            # and its start-up is counted in no round.
            with db.engine.begin() as conn:
                conn.execute(text("UPDATE outbox SET next_attempt_at = now() + interval '1 day'"))

            env = dict(os.environ, DATABASE_URL=pg_url, REDIS_URL=REDIS_DB, MAIL_URL=smtp_url, SECRET_KEY="bench",
                       BASE_URL="http://pbem.bench", INBOUND_DOMAIN="pbem.bench", PBEM_INSTANCE=str(instance))
            log = instance.with_suffix(".log")
            with log.open("w") as out:
                worker = subprocess.Popen(
                    [sys.executable, "-m", "celery", "-A", "worker", "worker", "--loglevel=warning",
                     f"--concurrency={args.concurrency}", "--without-gossip", "--without-mingle",
                     "--without-heartbeat"], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                    start_new_session=True)
            from pbem.tasks import deliver_outbox

            def through_worker(chunk: list) -> tuple[float, float]:
                """Make `chunk` due, kick a run per worker process, wait until all are sent: (mails/s from the
                first to the last sent_at, worker CPU seconds per mail)."""
                ids = [row.id for row in chunk]
                cpu = cpu_seconds(worker.pid)
                with db.engine.begin() as conn:
                    conn.execute(update(Outbox).where(Outbox.id.in_(ids)).values(next_attempt_at=func.now()))
                for _ in range(args.concurrency):
                    deliver_outbox.delay()
                deadline = time.monotonic() + 600
                # The chunk is every row from its first id to its last: asking whether any of them is unsent by
                # that range is cheap. Asking with the ids themselves cost 8-30 ms of CPU per look, 20 looks a
                # second, taken from the worker's two cores while it was measured.
                unsent = (select(func.count()).select_from(Outbox)
                          .where(Outbox.id.between(ids[0], ids[-1]), Outbox.status != "sent"))
                while db.session.scalar(unsent):
                    db.session.rollback()
                    if worker.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit("the worker stopped or stalled:\n" + log.read_text()[-3000:])
                    time.sleep(0.05)
                used = cpu_seconds(worker.pid) - cpu
                first, last = db.session.execute(select(func.min(Outbox.sent_at), func.max(Outbox.sent_at))
                                                 .where(Outbox.id.between(ids[0], ids[-1]))).one()
                db.session.rollback()
                return (len(ids) - 1) / max((last - first).total_seconds(), 1e-6), used / len(ids)

            def through_smtplib(chunk: list) -> tuple[float, float]:
                """The same mails over one plain smtplib connection, each message built in the loop."""
                start, cpu = time.perf_counter(), time.process_time()
                with smtplib.SMTP("127.0.0.1", port) as client:
                    for row in chunk:
                        client.sendmail(tokens.bounce_address(row.id), [f"plain{row.id}@example.com"],
                                        backends.message_bytes(row))
                return len(chunk) / (time.perf_counter() - start), (time.process_time() - cpu) / len(chunk)

            # Rounds, each sending its share of the mails through the worker and then plain smtplib (or the other
            # way round, every other round): a machine whose speed swings from one minute to the next then
            # weighs on both alike, and the median of the rounds' ratios is the figure.
            rounds = []
            # A first small share warms both up (the worker's first run imports and compiles what every later
            # one reuses, 3x the CPU per mail of the next round); it is in no round.
            warm, rows = rows[:min(100, len(rows) // 10)], rows[min(100, len(rows) // 10):]
            if len(warm) >= 2:
                through_worker(warm)
                through_smtplib(warm)
            share = -(-len(rows) // args.rounds)
            for n in range(args.rounds):
                chunk = rows[n * share:(n + 1) * share]
                if len(chunk) < 2:
                    break
                if n % 2:
                    plain, plain_cpu = through_smtplib(chunk)
                    sent, sent_cpu = through_worker(chunk)
                else:
                    sent, sent_cpu = through_worker(chunk)
                    plain, plain_cpu = through_smtplib(chunk)
                rounds.append({"worker": sent, "smtplib": plain, "ratio": sent / plain,
                               "worker_cpu": sent_cpu, "smtplib_cpu": plain_cpu})
                say(f"round {n + 1}: {len(chunk)} mails; worker {sent:.0f}/s, plain smtplib {plain:.0f}/s, "
                    f"ratio {sent / plain:.2f}; CPU per mail {1000 * sent_cpu:.2f} / {1000 * plain_cpu:.2f} ms")
            worker_rss = largest_rss(worker.pid)

            def median(key: str) -> float:
                return statistics.median(r[key] for r in rounds)
            ratios = [r["ratio"] for r in rounds]
            figures = {"worker_processes": args.concurrency, "rounds": len(rounds),
                       "worker_mails_per_s": median("worker"), "smtplib_mails_per_s": median("smtplib"),
                       "ratio": statistics.median(ratios), "ratio_low": min(ratios), "ratio_high": max(ratios),
                       "worker_rss_mib": worker_rss, "written_per_s": args.rendered / rendered,
                       "worker_cpu_ms": 1000 * median("worker_cpu"), "smtplib_cpu_ms": 1000 * median("smtplib_cpu")}
            say(f"worker ({args.concurrency} processes, outbox in PostgreSQL, one SMTP connection per run) / plain "
                f"smtplib (one process, one connection): median of {len(rounds)} rounds {figures['ratio']:.2f} "
                f"({min(ratios):.2f}-{max(ratios):.2f}); worker RSS {worker_rss:.0f} MiB")
            # CPU per mail says more than the rates on a machine shared with other work.
            say(f"CPU per mail: worker {figures['worker_cpu_ms']:.2f} ms, plain smtplib {figures['smtplib_cpu_ms']:.2f} ms")
            if args.json:
                print(json.dumps(figures))
    finally:
        if worker is not None and worker.poll() is None:
            os.killpg(worker.pid, signal.SIGTERM)
            worker.wait(timeout=60)
        sink.send_signal(signal.SIGTERM)
        sink.wait(timeout=30)
        broker.flushdb()
        drop_database(admin, name)


if __name__ == "__main__":
    main()

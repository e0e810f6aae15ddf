"""The floor of a move on this stack: a minimal Flask + Flask-SQLAlchemy + psycopg app on gunicorn (2 workers) doing
what every move must, driven by bench/api.py's client loop at 1, 8 and 32 clients."""
# .venv/bin/python bench/floor.py [--clients 1,8,32] [--seconds 10] [--json]
#
# Needs PostgreSQL as the tests do (PBEM_TEST_PG). On a database of its own with a tiny schema of its
# own (users, tokens, games, moves), each request: looks the bearer token up by its hash joined to its
# user, locks the game row (SELECT ... FOR UPDATE), inserts one move row, bumps the game's version,
# commits and answers JSON. No engine, no mail, no rate limit: what the API's submits/s is compared with.
# gunicorn imports this file as `floor:create_app()`; bench/api.py --floor serves it beside the API (class Floor).
from __future__ import annotations

import argparse
import hashlib
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from api import drive
from notify import cpu_seconds, create_database, drop_database, free_port, own_cpu_seconds, postgres_cpu_seconds, wait_port

HERE = Path(__file__).resolve().parent
SCHEMA = """
CREATE TABLE users (id serial PRIMARY KEY, email varchar(200) NOT NULL, name varchar(80) NOT NULL);
CREATE TABLE tokens (id serial PRIMARY KEY, user_id int NOT NULL REFERENCES users(id),
                     token_hash varchar(64) NOT NULL UNIQUE);
CREATE TABLE games (id serial PRIMARY KEY, version int NOT NULL DEFAULT 0);
CREATE TABLE moves (id bigserial PRIMARY KEY, game_id int NOT NULL REFERENCES games(id), seq int NOT NULL,
                    user_id int NOT NULL, text text NOT NULL, UNIQUE (game_id, seq));
"""


def create_app():
    """The floor app on FLOOR_DATABASE_URL: one route, POST /api/v1/games/<id>/moves."""
    from flask import Flask, abort, jsonify, request
    from flask_sqlalchemy import SQLAlchemy
    from sqlalchemy import text

    app = Flask("floor")
    app.config["SQLALCHEMY_DATABASE_URI"] = os.environ["FLOOR_DATABASE_URL"]
    db = SQLAlchemy(app)

    @app.post("/api/v1/games/<int:game_id>/moves")
    def move(game_id: int):
        raw = request.headers.get("Authorization", "").partition(" ")[2].strip()
        user = db.session.execute(text(
            "SELECT users.id, users.name FROM tokens JOIN users ON users.id = tokens.user_id "
            "WHERE tokens.token_hash = :h"), {"h": hashlib.sha256(raw.encode()).hexdigest()}).first()
        if user is None:
            abort(401)
        command = (request.get_json() or {}).get("commands", "")
        version = db.session.execute(text("SELECT version FROM games WHERE id = :g FOR UPDATE"),
                                     {"g": game_id}).scalar_one()
        db.session.execute(text("INSERT INTO moves (game_id, seq, user_id, text) VALUES (:g, :s, :u, :t)"),
                           {"g": game_id, "s": version + 1, "u": user.id, "t": command})
        db.session.execute(text("UPDATE games SET version = :s WHERE id = :g"), {"g": game_id, "s": version + 1})
        db.session.commit()
        return jsonify({"applied": [command], "version": version + 1, "ok": True})

    return app


def record_games(pg_url: str, clients: int, moves: int) -> list[list[tuple]]:
    """For each client a game of its own, four users with a token each, and `moves` commands in turn."""
    import psycopg

    plans = []
    with psycopg.connect(pg_url) as conn:
        for _ in range(clients):
            game_id = conn.execute("INSERT INTO games DEFAULT VALUES RETURNING id").fetchone()[0]
            tokens = []
            for seat in range(4):
                user_id = conn.execute("INSERT INTO users (email, name) VALUES (%s, %s) RETURNING id",
                                       (f"{game_id}p{seat}@example.com", f"P{seat}")).fetchone()[0]
                token = secrets.token_urlsafe(32)
                conn.execute("INSERT INTO tokens (user_id, token_hash) VALUES (%s, %s)",
                             (user_id, hashlib.sha256(token.encode()).hexdigest()))
                tokens.append(token)
            plans.append([(game_id, tokens[n % 4], "place 1 hunt") for n in range(moves)])
    return plans


class Floor:
    """The floor app served by gunicorn on a database of its own, its games recorded, warmed up: `measure` drives it
    at a number of clients; `close` stops it and drops the database."""

    def __init__(self, levels: list[int], seconds: float):
        import psycopg

        self.admin, self.name, pg_url = create_database()
        self.port = free_port()
        instance = Path(tempfile.mkdtemp(prefix=self.name))
        env = dict(os.environ, FLOOR_DATABASE_URL="postgresql+psycopg://" + pg_url.split("://", 1)[1],
                   PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
        self.log = (instance / "floor.log").open("w")
        self.web = None
        try:
            with psycopg.connect(pg_url, autocommit=True) as conn:
                conn.execute(SCHEMA)
            # Far more commands than a client can send in the time (the floor serves a few hundred a second); the
            # floor checks no rule, so a plan can be sent again.
            self.plans = {c: record_games(pg_url, c, int(seconds * max(60, 1500 / c)) + 50) for c in levels}
            warm_up = record_games(pg_url, 4, 1000)
            self.web = subprocess.Popen(["gunicorn", "floor:create_app()", "--bind", f"127.0.0.1:{self.port}",
                                         "--workers", "2"], cwd=HERE, env=env, stdout=self.log,
                                        stderr=subprocess.STDOUT, start_new_session=True)
            wait_port(self.port, timeout=60)
            drive(self.port, warm_up, 2)
        except BaseException:
            self.close()
            raise

    def measure(self, clients: int, seconds: float) -> dict:
        """Requests/s, latency and the CPU per request of the web, PostgreSQL and the load generator."""
        meters = (lambda: cpu_seconds(self.web.pid), postgres_cpu_seconds, own_cpu_seconds)
        before = [meter() for meter in meters]
        figures = drive(self.port, self.plans[clients], seconds)
        web_ms, pg_ms, client_ms = ((meter() - used) * 1000 / figures["submits"] for meter, used in zip(meters, before))
        return {"clients": clients, **figures, "web_cpu_ms": web_ms, "postgres_cpu_ms": pg_ms, "client_cpu_ms": client_ms}

    def close(self) -> None:
        if self.web is not None and self.web.poll() is None:
            os.killpg(self.web.pid, signal.SIGTERM)
            self.web.wait(timeout=60)
        self.log.close()
        drop_database(self.admin, self.name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clients", default="1,8,32")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    levels = [int(c) for c in args.clients.split(",")]
    floor = Floor(levels, args.seconds)
    try:
        rows = [floor.measure(clients, args.seconds) for clients in levels]
    finally:
        floor.close()
    if args.json:
        print(json.dumps({"floor": rows, "load": os.getloadavg()[0]}))
    else:
        print(f"{'clients':>7} {'requests/s':>10} {'p50 ms':>8} {'p99 ms':>8}  CPU ms per request: web, "
              "PostgreSQL, client")
        for r in rows:
            print(f"{r['clients']:7d} {r['submits_per_s']:10.1f} {r['p50_ms']:8.1f} {r['p99_ms']:8.1f}"
                  f"  {r['web_cpu_ms']:.2f}, {r['postgres_cpu_ms']:.2f}, {r['client_cpu_ms']:.2f}")


if __name__ == "__main__":
    main()

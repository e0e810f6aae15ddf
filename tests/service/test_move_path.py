"""The API move path: what a submit costs in statements, and a dropped database connection retried once."""
from __future__ import annotations

import random
import time

import psycopg
from big_games import Reads
from sqlalchemy import event

from conftest import PG_ADMIN
from pbem import engine
from pbem.extensions import db
from pbem.models import Game, Move, Outbox
from pbem.web.tokens_page import issue_token

RULES = engine.get("stone-age")


def _asked(game):
    """The human seat asked first, its bearer header and the bot's choice for it."""
    db.session.refresh(game)
    seat = RULES.pending(game.state)[0].seat
    headers = {"Authorization": f"Bearer {issue_token(game.seat_at(seat).user, 'script')}"}
    return seat, headers, str(RULES.bot_move(game.state, seat, random.Random(1)))


class Statements(Reads):
    """Reads that also keeps the first words of each statement (what it does, to which table)."""

    def __init__(self, engine_):
        super().__init__(engine_)
        self.kinds: list[str] = []

    def _count(self, conn, cursor, statement, parameters, context, executemany):
        super()._count(conn, cursor, statement, parameters, context, executemany)
        words = statement.split()
        table = {"SELECT": lambda: words[words.index("FROM") + 1], "INSERT": lambda: words[2],
                 "UPDATE": lambda: words[1]}.get(words[0], lambda: "")()
        self.kinds.append(f"{words[0]} {table}".strip())


def test_an_api_submit_takes_seven_statements(client, make_game, monkeypatch, app):
    # Delivery (which writes the turn mail) runs in the worker when deployed; here it would run in-process.
    monkeypatch.setattr("pbem.tasks.kick_delivery", lambda: None)
    monkeypatch.setitem(app.config, "QUIET_WINDOW_SECONDS", 300)  # as deployed
    monkeypatch.setitem(app.config, "QUIET_DELAY_SECONDS", 300)
    game = make_game(slug="stone-age", humans=("ann", "bob"), bots=2, seed="b")
    seat, headers, command = _asked(game)
    game_id = game.id
    client.get("/api/v1/games", headers=headers)  # the token's first use is noted (one write a minute)
    db.session.commit()
    with Statements(db.engine) as run:
        response = client.post(f"/api/v1/games/{game_id}/moves", headers=headers, json={"commands": command})
    assert response.status_code == 200 and response.get_json()["applied"] == [command], response.get_json()
    # Before: 19 (the token, then its user lazily; game, seats; the game locked, its seats and a user
    # reloaded; the seat's last move and the news since, for the turn mail written under the lock, which
    # flushed the submission early: its outcome was a second write).
    assert run.kinds == [
        "SELECT api_tokens",  # the token and its user: one indexed query
        "SELECT games",  # locked, with its seats and their users: the caller's seat is found there
        # No "SELECT submissions": without the caller's key the submission cannot be a repeat.
        # No "SELECT outbox": a turn mail's key holds a version this transaction made, so it is new.
        # No "SELECT moves" for the quiet window (deployed: QUIET_WINDOW_SECONDS): the seat row says when it
        # last played from the page.
        # The commit: one flush.
        "UPDATE games", "INSERT submissions",
        "INSERT moves",  # every move of the submission, bots' included, in one statement
        "INSERT outbox",
        "UPDATE seats",  # who is asked now
    ], run.kinds
    assert db.session.query(Move).filter_by(game_id=game_id).count() > 1  # the bots answered in the same submit
    assert db.session.query(Outbox).filter_by(kind="turn").count() >= 1
    # With a key of the caller's, it is looked up first: sent twice, it applies once.
    seat, headers, command = _asked(db.session.get(Game, game_id))
    with Statements(db.engine) as run:
        first = client.post(f"/api/v1/games/{game_id}/moves", headers=headers, json={"commands": command, "key": "k1"})
    assert first.status_code == 200 and "SELECT submissions" in run.kinds, run.kinds
    again = client.post(f"/api/v1/games/{game_id}/moves", headers=headers, json={"commands": command, "key": "k1"})
    assert again.status_code == 200 and again.get_json() == {**first.get_json(), "repeated": True}


def _drop_connections(database: str) -> None:
    """End every connection to `database` (pg_terminate_backend), waiting until each is gone."""
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        pids = [pid for (pid,) in admin.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", (database,))]
        assert pids, "the app holds no pooled connection to drop"
        admin.execute("SELECT pg_terminate_backend(pid) FROM unnest(%s::int[]) AS pid", (pids,))
        deadline = time.monotonic() + 30
        # pg_terminate_backend only signals the backend: wait for it to be gone.
        while admin.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s)", (pids,)).fetchone()[0]:
            assert time.monotonic() < deadline, "the connections would not end"
            time.sleep(0.01)


def test_a_move_on_a_dropped_connection_runs_again_once_and_succeeds(client, make_game, pg_url):
    game = make_game(slug="stone-age", humans=("ann", "bob"), bots=2, seed="b")
    seat, headers, command = _asked(game)
    game_id, version = game.id, game.version
    assert client.get(f"/api/v1/games/{game_id}", headers=headers).status_code == 200
    db.session.remove()  # every connection back in the pool, as between two requests
    _drop_connections(pg_url.rsplit("/", 1)[1])
    pings = []
    event.listen(db.engine, "before_cursor_execute", lambda *args: pings.append(args[2]))
    response = client.post(f"/api/v1/games/{game_id}/moves", headers=headers,
                           json={"commands": command, "version": version, "key": "after-the-drop"})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["applied"] == [command]
    # The token query failed on the dropped connection, then the whole request ran once more.
    assert sum("FROM api_tokens" in statement for statement in pings) == 2, pings
    # Applied once: the first run's transaction died with its connection.
    assert db.session.query(Move).filter_by(game_id=game_id, seat=seat, text=command).count() == 1
    # No ping before use (psycopg's ping is ";", SQLAlchemy's generic one "SELECT 1").
    assert not any(statement.strip().upper() in (";", "SELECT 1") for statement in pings), pings


def test_a_request_that_tried_to_commit_is_not_run_again(client, make_game, pg_url, monkeypatch):
    # A COMMIT that failed on a dropped connection may have been applied: 503, and the caller's key decides.
    game = make_game(slug="stone-age", humans=("ann", "bob"), bots=2, seed="b")
    seat, headers, command = _asked(game)
    game_id = game.id
    database = pg_url.rsplit("/", 1)[1]
    from pbem.play import moves

    real_commit, runs = moves.commit, []

    def commit_on_a_dropped_connection():
        runs.append(1)
        _drop_connections(database)
        real_commit()
    monkeypatch.setattr(moves, "commit", commit_on_a_dropped_connection)
    response = client.post(f"/api/v1/games/{game_id}/moves", headers=headers, json={"commands": command})
    assert response.status_code == 503 and "try again" in response.get_json()["error"]
    assert len(runs) == 1

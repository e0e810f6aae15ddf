"""Long games in SQL: a real game's move log copied over and over, for tests and bench/pages.py."""
from __future__ import annotations

from sqlalchemy import event, text

from pbem.extensions import db

GROW = text("""
    INSERT INTO moves (game_id, seq, seat, text, source, events, scores, opens_round, created_at)
    SELECT m.game_id, :version + i, coalesce(:seat, m.seat), m.text, m.source, m.events, m.scores,
           m.opens_round + :top - 1 + :span * ((i - 1) / :base), now()
    FROM generate_series(1, :count) AS i
    JOIN moves m ON m.game_id = :game AND m.seq = (i - 1) % :base + 1
""")


def grow(game, moves: int, *, base: int, seat: int | None = None) -> None:
    """Append copies of the game's first `base` moves until it holds `moves` (rounds keep counting up).

    `seat` plays every copy (None: each copy keeps its seat). The game's state stays as it was, so
    the seats asked now are still asked, at the new version.
    """
    count = moves - game.version
    top = db.session.execute(text("SELECT max(opens_round) FROM moves WHERE game_id = :g"), {"g": game.id}).scalar()
    span = db.session.execute(text("SELECT max(opens_round) - 1 FROM moves WHERE game_id = :g AND seq <= :base"),
                              {"g": game.id, "base": base}).scalar()
    db.session.execute(GROW, {"game": game.id, "version": game.version, "count": count, "base": base,
                              "top": top or 1, "span": span or 0, "seat": seat})
    db.session.execute(text("UPDATE seats SET prompt_version = :v WHERE game_id = :g AND prompt_version IS NOT NULL"),
                       {"g": game.id, "v": moves})
    db.session.execute(text("UPDATE games SET version = :v WHERE id = :g"), {"g": game.id, "v": moves})
    db.session.commit()
    db.session.refresh(game)


class Reads:
    """Counts the SQL statements run and the rows they returned while it is open (a context manager)."""

    def __init__(self, engine):
        self.engine, self.statements, self.rows = engine, 0, 0

    def _count(self, conn, cursor, statement, parameters, context, executemany):
        self.statements += 1
        self.rows += max(cursor.rowcount, 0) if cursor.description is not None else 0

    def __enter__(self):
        event.listen(self.engine, "after_cursor_execute", self._count)
        return self

    def __exit__(self, *exc):
        event.remove(self.engine, "after_cursor_execute", self._count)

"""Many callers at once on one game, on PostgreSQL: the row lock lets exactly the legal moves through."""
from __future__ import annotations

import threading

from sqlalchemy import select

from pbem import play
from pbem.extensions import db
from pbem.models import Game, Move, Submission


def test_32_threads_submitting_conflicting_moves(app, make_game):
    game = make_game(options={"pile": 40})
    game_id = game.id
    barrier = threading.Barrier(32)
    outcomes: dict[int, play.Outcome] = {}

    def run(n: int) -> None:
        # Threads 28-31 repeat the keys of threads 0-3: a double click must apply once.
        key = f"web:{n % 28}"
        seat = n % 2
        with app.app_context():
            barrier.wait()
            outcomes[n] = play.submit(game_id, seat, "take 1", "web", key)
            db.session.remove()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(32)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    db.session.expire_all()
    moves = db.session.scalars(select(Move).where(Move.game_id == game_id).order_by(Move.seq)).all()
    assert [m.seq for m in moves] == list(range(1, len(moves) + 1))  # no gaps
    assert [m.seat for m in moves] == [i % 2 for i in range(len(moves))]  # strictly alternating: only legal ones
    assert len(db.session.scalars(select(Submission)).all()) == 28
    applied = [o for o in outcomes.values() if o.ok and not o.repeated]
    refused = [o for o in outcomes.values() if not o.ok and not o.repeated]
    assert len(applied) == len(moves) >= 1
    for o in refused:
        assert o.error in ("it is not your turn: waiting for ann", "it is not your turn: waiting for bob")
    repeats = [n for n in range(28, 32) if outcomes[n].repeated or outcomes[n - 28].repeated]
    assert len(repeats) == 4
    for n in range(28, 32):
        assert outcomes[n].to_dict() == outcomes[n - 28].to_dict()
    game = db.session.get(Game, game_id)
    assert game.version == len(moves) and game.state["pile"] == 40 - len(moves)
    assert play.replay(game) == []

"""What every verb does inside its transaction: lock the game, note a service step, commit."""
from __future__ import annotations

import functools

from sqlalchemy import select
from sqlalchemy.orm import joinedload

from ..extensions import db
from ..models import Game, GameNote, Seat
from .errors import NoSuchGame


def commit() -> None:
    """Commit: any mail the transaction stored is then delivered (the after-commit hook, tasks.init_app)."""
    db.session.commit()


def lock(game_id: int) -> Game:
    """The game row, locked for this transaction (SELECT ... FOR UPDATE; SQLite locks at BEGIN).

    Its seats and their users come in the same statement: every verb reads them, and each lazy
    load would be one more round trip under the lock. What the session read of the game and its
    seats before the lock (a page's reads, a form's checks) is expired first, so the locked read
    loads it afresh; repopulating every row instead (populate_existing) cost a quarter of the lock
    where nothing was read before, as on the API's path.
    """
    db.session.flush()  # what was changed before is written first, as the query's autoflush did (nothing, mostly)
    for (kind, key, _), row in list(db.session.identity_map.items()):
        # Read from __dict__: an attribute already expired would be loaded to be looked at.
        if (kind is Game and key == (game_id,)) or (kind is Seat and row.__dict__.get("game_id", game_id) == game_id):
            db.session.expire(row)
    game = db.session.execute(
        select(Game).where(Game.id == game_id).options(joinedload(Game.seats).joinedload(Seat.user))
        .with_for_update(of=Game)
    ).unique().scalar_one_or_none()
    if game is None:
        raise NoSuchGame("there is no game %(game)s", game=game_id)
    return game


def note(game: Game, kind: str, seat: int | None, **data) -> None:
    """Write a step of the service into the game's log (shown on the game page beside the moves)."""
    row = game.seat_at(seat) if seat is not None else None
    if row is not None:
        data["name"] = row.user.name if row.user is not None else row.display_name  # as they were called then
    db.session.add(GameNote(game_id=game.id, seat=seat, kind=kind, data=data))


def rolls_back(verb):
    """A domain verb owns its transaction: whatever it raises, nothing it did stays."""
    @functools.wraps(verb)
    def run(*args, **kwargs):
        try:
            return verb(*args, **kwargs)
        except BaseException:
            db.session.rollback()
            raise
    return run

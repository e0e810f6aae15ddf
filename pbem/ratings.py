"""Ratings per player and game with openskill's Plackett-Luce model: which games count, the update made in the
transaction that finishes a game, the leaderboard, the history a profile charts, and the rebuild from the results.

docs/ratings.md says the rule in words; `rated` below is that rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce
from sqlalchemy import delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import selectinload

from .extensions import db
from .models import Game, Move, Rating, RatingChange, User

MODEL = PlackettLuce()  # mu 25, sigma 25/3 for a newcomer
# Every bot plays at this fixed strength; a bot's rating never changes, and no row holds it.
BOT_MU, BOT_SIGMA = 25.0, 2.0
PLAYERS = (2, 3, 4)  # the table sizes that are rated
LEADERBOARD_GAMES = 3  # rated games a player needs to be on a leaderboard
# Moves played for a seat by the clock: the deadline's move, and the bot's after it took the seat for good.
CLOCK_SOURCES = ("timeout",)
UNDO = "undo"


@dataclass(frozen=True)
class Standing:
    """A rating as shown: `score` is openskill's ordinal (mu - 3 sigma), what leaderboards sort by."""
    mu: float
    sigma: float
    games: int = 0

    @property
    def score(self) -> float:
        return self.mu - 3 * self.sigma


def rated_by_default(game: Game) -> bool:
    """Whether a game is rated when its host did not say: when every seat is a person (a bot from the start makes
    it unrated; one that took a missing player's seat does not)."""
    return not any(seat.is_bot and not seat.replaced for seat in game.seats)


def marked_rated(game: Game) -> bool:
    """The game's rated flag as the host set it at creation, else its default."""
    return game.rated if game.rated is not None else rated_by_default(game)


def unrated_because(game: Game) -> str | None:
    """Why a finished game does not count for ratings (None: it counts); the rule of docs/ratings.md."""
    if game.status != "finished" or game.result is None:
        return "not finished"
    if game.origin is not None:
        return "imported"
    if game.num_seats not in PLAYERS:
        return f"{game.num_seats} players"
    if not marked_rated(game):
        return "marked unrated"
    people = [seat for seat in game.seats if seat.user_id is not None and seat.position is not None]
    if not people:
        return "no player"
    counts: dict[tuple[int, str], int] = {}
    for seat, source, n in db.session.execute(
            select(Move.seat, Move.source, func.count()).where(Move.game_id == game.id, Move.text != UNDO)
            .group_by(Move.seat, Move.source)):
        counts[seat, source] = n
    for seat in people:
        mine = sum(n for (position, _source), n in counts.items() if position == seat.position)
        # After the bot took the seat for good, its moves there are the clock's too.
        clock = sum(n for (position, source), n in counts.items() if position == seat.position and (
            source in CLOCK_SOURCES or (seat.replaced and source == "bot")))
        if mine and clock * 2 > mine:
            return f"decided by deadlines for seat {seat.position + 1}"
    return None


def rate_finished(game: Game) -> list[RatingChange]:
    """Update the ratings of a game just finished, in the caller's transaction (the one that finishes it); the
    changes stored (none for an unrated game)."""
    if game.rating_seq is not None or unrated_because(game) is not None:
        return []  # rated already (a second call changes nothing), or not to be rated
    users = sorted({seat.user_id for seat in game.seats if seat.user_id is not None and seat.position is not None})
    _lock(users, game.slug)
    # Taken under the locks: two games sharing a player get their order here, and rebuild follows it.
    game.rating_seq = (db.session.scalar(select(func.max(Game.rating_seq))) or 0) + 1
    current = {r.user_id: r for r in db.session.scalars(
        select(Rating).where(Rating.slug == game.slug, Rating.user_id.in_(users)))}
    before = {user_id: Standing(r.mu, r.sigma, r.games) for user_id, r in current.items()}
    changes = []
    for user_id, place, old, new in _outcome(game, before):
        row = current[user_id]
        row.mu, row.sigma, row.games, row.updated_at = new.mu, new.sigma, old.games + 1, game.finished_at
        change = RatingChange(game_id=game.id, user_id=user_id, slug=game.slug, place=place, mu_before=old.mu,
                              sigma_before=old.sigma, mu=new.mu, sigma=new.sigma, created_at=game.finished_at)
        db.session.add(change)
        changes.append(change)
    return changes


def _lock(users: list[int], slug: str) -> None:
    """Each player's rating row at this game, made if new and locked (in user order: no two games deadlock)."""
    fresh = [{"user_id": user_id, "slug": slug, "mu": MODEL.mu, "sigma": MODEL.sigma, "games": 0,
              "updated_at": datetime(1970, 1, 1)} for user_id in users]
    dialect = db.session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    db.session.execute(insert(Rating).values(fresh).on_conflict_do_nothing(index_elements=["user_id", "slug"]))
    db.session.execute(select(Rating.id).where(Rating.slug == slug, Rating.user_id.in_(users))
                       .order_by(Rating.user_id).with_for_update())


def _outcome(game: Game, before: dict[int, Standing]) -> list[tuple[int, int, Standing, Standing]]:
    """(user, place, rating before, rating after) of each person at the table, as the model computes them from the
    places of the result; bots take part at their fixed rating."""
    places = {int(seat): place for seat, place in game.result["places"].items()}
    seats = sorted((s for s in game.seats if s.position is not None), key=lambda s: s.position)
    teams, ranks = [], []
    for seat in seats:
        old = before.get(seat.user_id) if seat.user_id is not None else None
        mu, sigma = (old.mu, old.sigma) if old is not None else (
            (MODEL.mu, MODEL.sigma) if seat.user_id is not None else (BOT_MU, BOT_SIGMA))
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
        ranks.append(places[seat.position])
    rated = MODEL.rate(teams, ranks=ranks)
    return [(seat.user_id, places[seat.position], before.get(seat.user_id, Standing(MODEL.mu, MODEL.sigma)),
             Standing(team[0].mu, team[0].sigma)) for seat, team in zip(seats, rated) if seat.user_id is not None]


def rebuild() -> int:
    """Recompute every rating from the stored results, in the order they were rated (games rated for the first
    time go last, by when they finished); the number of rated games. The caller commits."""
    games = db.session.scalars(select(Game).where(Game.status == "finished").options(selectinload(Game.seats))
                               .order_by(Game.rating_seq.is_(None), Game.rating_seq, Game.finished_at, Game.id)).all()
    db.session.execute(delete(RatingChange))
    db.session.execute(delete(Rating))
    db.session.execute(update(Game).where(Game.rating_seq.is_not(None)).values(rating_seq=None)
                       .execution_options(synchronize_session=False))
    standings: dict[tuple[int, str], Standing] = {}
    rows, changes, seq = {}, [], 0
    for game in games:
        if unrated_because(game) is not None:
            game.rating_seq = None
            continue
        seq += 1
        game.rating_seq = seq
        before = {s.user_id: standings[s.user_id, game.slug] for s in game.seats
                  if (s.user_id, game.slug) in standings}
        for user_id, place, old, new in _outcome(game, before):
            standings[user_id, game.slug] = Standing(new.mu, new.sigma, old.games + 1)
            rows[user_id, game.slug] = game.finished_at
            changes.append(RatingChange(game_id=game.id, user_id=user_id, slug=game.slug, place=place,
                                        mu_before=old.mu, sigma_before=old.sigma, mu=new.mu, sigma=new.sigma,
                                        created_at=game.finished_at))
    db.session.add_all(Rating(user_id=user_id, slug=slug, mu=s.mu, sigma=s.sigma, games=s.games,
                              updated_at=rows[user_id, slug]) for (user_id, slug), s in standings.items())
    db.session.add_all(changes)
    db.session.flush()
    return seq


def leaderboard(slug: str, least: int = LEADERBOARD_GAMES, limit: int = 100) -> list[tuple[User, Standing]]:
    """The players with at least `least` rated games of `slug`, best score first."""
    score = Rating.mu - 3 * Rating.sigma
    found = db.session.execute(select(User, Rating).join(Rating, Rating.user_id == User.id)
                               .where(Rating.slug == slug, Rating.games >= least)
                               .order_by(score.desc(), User.id).limit(limit)).all()
    return [(user, Standing(r.mu, r.sigma, r.games)) for user, r in found]


def standings_of(user: User) -> dict[str, Standing]:
    """The player's current rating at each game they have a rated result in."""
    return {r.slug: Standing(r.mu, r.sigma, r.games) for r in db.session.scalars(
        select(Rating).where(Rating.user_id == user.id, Rating.games > 0))}


def history(user: User, slug: str, limit: int = 200) -> list[RatingChange]:
    """The player's latest rating changes at `slug`, oldest first."""
    rows = db.session.scalars(select(RatingChange).where(RatingChange.user_id == user.id, RatingChange.slug == slug)
                              .order_by(RatingChange.id.desc()).limit(limit)).all()
    return list(reversed(rows))


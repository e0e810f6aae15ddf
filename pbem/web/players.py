"""Players' profiles (/players/<id>: their games, places, ratings and the rating's history as a chart) and the
leaderboard of each game; the API answers the same data (profile_data, leaderboard_data). Never an address."""
from __future__ import annotations

from collections import Counter

from flask import Blueprint, abort, g, render_template, url_for
from flask_babel import gettext as _
from sqlalchemy import and_, select
from sqlalchemy.orm import aliased

from .. import engine, ratings
from ..extensions import db
from ..models import Game, Seat, User
from .settings import LANGUAGE_NAMES

bp = Blueprint("players", __name__)
RECENT_SHOWN = 10
CURRENT_SHOWN = 20
CHART = {"width": 480, "height": 140, "x0": 40, "x1": 470, "y0": 120, "y1": 12}


def find_player(user_id: int) -> User | None:
    """The user with this id, if any (ids beyond the database's integers are no one)."""
    return db.session.get(User, user_id) if 0 < user_id < 2**31 else None


def shown_to(viewer: User | None, user_ids: set[int]) -> set[int]:
    """Which of these players' profiles `viewer` may open: a profile not hidden, the viewer's own, and those of
    players who sat at a table with the viewer."""
    if not user_ids:
        return set()
    open_ = set(db.session.scalars(select(User.id).where(User.id.in_(user_ids), User.profile_hidden.is_(False))))
    if viewer is None:
        return open_
    mine, theirs = aliased(Seat), aliased(Seat)
    met = set(db.session.scalars(select(theirs.user_id).join(mine, and_(mine.game_id == theirs.game_id,
                                                                          mine.user_id == viewer.id))
                                 .where(theirs.user_id.in_(user_ids - open_))))
    return open_ | met | ({viewer.id} & user_ids)


def may_see(viewer: User | None, user: User) -> bool:
    return user.id in shown_to(viewer, {user.id})


def _place(game: Game, seat: Seat) -> int | None:
    places = (game.result or {}).get("places") or {}
    return places.get(str(seat.position))


def _replay_url(game_id: int) -> str:
    # The replay page of a finished game (another part of the web side serves it).
    return f"{url_for('games.show', game_id=game_id)}/replay"


def rating_chart(points: list[float]) -> dict | None:
    """The rating's history as an SVG polyline in CHART's box: points, a few ticks; None with fewer than 2."""
    if len(points) < 2:
        return None
    low, high = min(points + [0.0]), max(points + [1.0])
    span = (high - low) or 1.0
    width, height = CHART["x1"] - CHART["x0"], CHART["y0"] - CHART["y1"]

    def xy(i: int, value: float) -> tuple[float, float]:
        return (round(CHART["x0"] + width * i / (len(points) - 1), 1),
                round(CHART["y0"] - height * (value - low) / span, 1))
    coords = [xy(i, v) for i, v in enumerate(points)]
    ticks = [{"value": f"{v:.0f}", "y": xy(0, v)[1]} for v in sorted({low, (low + high) / 2, high})]
    return {**CHART, "points": " ".join(f"{x},{y}" for x, y in coords), "end": coords[-1], "ticks": ticks,
            "final": f"{points[-1]:.1f}", "count": len(points)}


def profile_data(user: User) -> dict:
    """What a profile shows: name, languages, member since, per game the finished games, wins, places and rating
    (with its history), recent finished games and current games. No address."""
    finished = db.session.execute(
        select(Game, Seat).join(Seat, Seat.game_id == Game.id)
        .where(Seat.user_id == user.id, Game.status == "finished").order_by(Game.finished_at.desc(), Game.id.desc())
    ).all()
    per_game: dict[str, dict] = {}
    for game, seat in finished:
        entry = per_game.setdefault(game.slug, {"finished": 0, "wins": 0, "places": Counter()})
        entry["finished"] += 1
        place = _place(game, seat)
        if place is not None:
            entry["places"][place] += 1
            entry["wins"] += place == 1
    standings = ratings.standings_of(user)
    games = []
    for slug in sorted(set(per_game) | set(standings)):
        entry = per_game.get(slug, {"finished": 0, "wins": 0, "places": Counter()})
        standing = standings.get(slug)
        history = ratings.history(user, slug) if standing else []
        games.append({
            "slug": slug, "game": _game_name(slug), "finished": entry["finished"], "wins": entry["wins"],
            "places": [{"place": p, "count": n} for p, n in sorted(entry["places"].items())],
            "rating": None if standing is None else {
                "score": round(standing.score, 2), "mu": standing.mu, "sigma": standing.sigma,
                "games": standing.games},
            "history": [{"game_id": c.game_id, "at": c.created_at, "place": c.place,
                         "score": round(c.mu - 3 * c.sigma, 2)} for c in history],
        })
    recent = []
    for game, seat in finished[:RECENT_SHOWN]:
        recent.append({"id": game.id, "title": game.title, "slug": game.slug, "game": _game_name(game.slug),
                       "finished_at": game.finished_at, "place": _place(game, seat), "players": game.num_seats,
                       "url": url_for("games.show", game_id=game.id), "replay_url": _replay_url(game.id)})
    current = db.session.scalars(
        select(Game).join(Seat, Seat.game_id == Game.id).where(Seat.user_id == user.id, Game.status == "active")
        .order_by(Game.updated_at.desc()).limit(CURRENT_SHOWN)).all()
    return {
        "id": user.id, "name": user.name,
        "languages": [{"code": user.locale, "name": LANGUAGE_NAMES.get(user.locale, user.locale)}],
        "member_since": user.created_at, "games": games, "recent": recent,
        "current": [{"id": game.id, "title": game.title, "slug": game.slug, "game": _game_name(game.slug),
                     "players": game.num_seats, "url": url_for("games.show", game_id=game.id)} for game in current],
    }


def leaderboard_data(slug: str, viewer: User | None) -> dict:
    """A game's leaderboard: its players with enough rated games, best first; `player_id` only where the viewer may
    open the profile."""
    board = ratings.leaderboard(slug)
    openable = shown_to(viewer, {user.id for user, _standing in board})
    return {"slug": slug, "game": _game_name(slug), "least_games": ratings.LEADERBOARD_GAMES, "players": [
        {"rank": n, "name": user.name, "player_id": user.id if user.id in openable else None,
         "score": round(standing.score, 2), "mu": standing.mu, "sigma": standing.sigma, "games": standing.games}
        for n, (user, standing) in enumerate(board, start=1)]}


def _game_name(slug: str) -> str:
    try:
        return engine.get(slug).NAME
    except KeyError:
        return slug


def rated_games() -> list:
    """The games a leaderboard can be asked for (test games left out)."""
    return [engine.get(slug) for slug in engine.games() if not slug.startswith("test-")]


@bp.route("/players/<int:user_id>")
def profile(user_id: int):
    user = find_player(user_id)
    if user is None:
        abort(404, _("There is no player %(id)d.", id=user_id))
    if not may_see(g.user, user):
        return render_template("players/hidden.html", user=user), 403
    data = profile_data(user)
    for entry in data["games"]:
        entry["chart"] = rating_chart([point["score"] for point in entry["history"]])
    return render_template("players/profile.html", user=user, data=data, own=g.user is not None and
                           g.user.id == user.id)


@bp.route("/leaderboard/<slug>")
def leaderboard(slug: str):
    if slug not in engine.games():
        abort(404, _("There is no game called “%(slug)s”.", slug=slug[:40]))
    return render_template("players/leaderboard.html", data=leaderboard_data(slug, g.user), games=rated_games())


@bp.route("/leaderboard")
def leaderboards():
    games = rated_games()
    return render_template("players/leaderboard.html", data=leaderboard_data(games[0].SLUG, g.user) if games
                           else None, games=games)


"""The front page: a visitor's welcome, or a player's games grouped by what they wait for (HTML or JSON)."""
from __future__ import annotations

from flask import Blueprint, g, jsonify, render_template, request, url_for
from flask_babel import gettext as _
from sqlalchemy import func, or_, select
from sqlalchemy.orm import defer, selectinload

from .. import engine
from ..extensions import db
from ..models import Game, Seat, User
from . import schemas

bp = Blueprint("dashboard", __name__)
OPEN_GAMES = 20  # open games from others offered on the dashboard


def _games(stmt) -> list[Game]:
    # Seats and their users in two more queries whatever the number of games; the engine state
    # (the bulk of a row) is never needed here, and loading it by accident raises instead.
    return db.session.scalars(stmt.options(selectinload(Game.seats).selectinload(Seat.user),
                                           selectinload(Game.host), defer(Game.state, raiseload=True))
                              ).unique().all()


def _seat_names(game: Game) -> dict[int, str]:
    return {s.position: s.display_name for s in game.seats if s.position is not None}


def _entry(game: Game, user: User) -> dict:
    """One game as the dashboard shows it: what it is, the user's seat, who is awaited, the result."""
    mine = game.seat_of(user)
    try:
        name = engine.get(game.slug).NAME
    except KeyError:
        name = game.slug
    entry = {"id": game.id, "slug": game.slug, "game": name, "title": game.title, "status": game.status,
             "num_seats": game.num_seats, "seats_taken": sum(1 for s in game.seats if s.user_id or s.is_bot),
             "host": game.host.name, "version": game.version, "url": url_for("games.show", game_id=game.id),
             "your_seat": mine.position if mine else None,
             "players": [s.display_name if (s.user_id or s.is_bot) else _("(invited)")
                         for s in sorted(game.seats, key=lambda s: (s.position is None, s.position or 0, s.id))],
             "your_turn": bool(mine and game.status == "active" and mine.prompt_version is not None
                               and not mine.is_bot),
             "waiting_since": None, "deadline": None, "awaited": [], "result": None, "updated_at": game.updated_at}
    if game.status == "active":
        if entry["your_turn"]:
            entry["waiting_since"], entry["deadline"] = mine.waiting_since, mine.deadline
        entry["awaited"] = [{"name": s.display_name, "since": s.waiting_since, "deadline": s.deadline,
                             "you": s.user_id == user.id}
                            for s in sorted(game.seats, key=lambda s: s.position or 0)
                            if s.prompt_version is not None]
    if game.status == "finished" and game.result:
        names = _seat_names(game)
        scores, places = game.result.get("scores", {}), game.result.get("places", {})
        entry["result"] = {
            "ranking": [{"name": names.get(s, str(s)), "score": scores.get(str(s)), "place": places.get(str(s))}
                        for s in game.result.get("ranking", [])],
            "your_place": places.get(str(mine.position)) if mine and mine.position is not None else None,
        }
    return entry


def dashboard_data(user: User) -> dict:
    """The user's games in four groups, with invitations and open games in the lobby group.

    Bounded queries: three statements (games, seats, users) per list, whatever the number of games.
    """
    mine = _games(select(Game).join(Seat).where(Seat.user_id == user.id)
                  .order_by(Game.updated_at.desc(), Game.id.desc()))
    invited = _games(select(Game).join(Seat).where(Seat.invited_email == user.email, Seat.user_id.is_(None),
                                                   Game.status == "lobby").order_by(Game.created_at))
    taken = select(func.count(Seat.id)).where(Seat.game_id == Game.id).correlate(Game).scalar_subquery()
    concerned = select(Seat.game_id).where(or_(Seat.user_id == user.id, Seat.invited_email == user.email))
    open_games = _games(select(Game).where(Game.status == "lobby", taken < Game.num_seats,
                                           Game.id.not_in(concerned))
                        .order_by(Game.created_at.desc()).limit(OPEN_GAMES))
    data = {"email_status": user.email_status, "waiting_for_me": [], "waiting_for_others": [], "lobby": [],
            "invitations": [_entry(game, user) for game in invited],
            "open_games": [_entry(game, user) for game in open_games], "finished": []}
    for game in mine:
        entry = _entry(game, user)
        if game.status == "lobby":
            data["lobby"].append(entry)
        elif game.status == "active":
            data["waiting_for_me" if entry["your_turn"] else "waiting_for_others"].append(entry)
        else:
            data["finished"].append(entry)
    # Oldest first: the game that has waited longest for me comes first.
    data["waiting_for_me"].sort(key=lambda e: (e["waiting_since"] is None, e["waiting_since"] or e["updated_at"]))
    return data


def dashboard_json(user: User) -> dict:
    """The dashboard as the JSON API answers it (also /api/v1/dashboard)."""
    return schemas.shared(schemas.DashboardSchema).dump(dashboard_data(user))


def wants_json() -> bool:
    """JSON by `?format=json` or an Accept header that prefers it to HTML."""
    if request.args.get("format") == "json":
        return True
    return request.accept_mimetypes.best_match(["text/html", "application/json"]) == "application/json"


@bp.route("/")
def index():
    if wants_json():
        if g.user is None:
            response = jsonify({"error": "sign in first (or use /api/v1/dashboard with a bearer token)"})
            response.status_code = 401
            return response
        return jsonify(dashboard_json(g.user))
    if g.user is None:
        return render_template("welcome.html")
    return render_template("dashboard.html", data=dashboard_data(g.user))

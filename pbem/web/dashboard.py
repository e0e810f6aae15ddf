"""The front page: a visitor's welcome, or a player's games grouped by what they wait for."""
from __future__ import annotations

from flask import Blueprint, g, render_template
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import Game, Seat

bp = Blueprint("dashboard", __name__)


def my_games(user) -> dict[str, list]:
    """The user's games in four groups: waiting for me (oldest first), for others, lobby, finished."""
    games = db.session.scalars(
        select(Game).join(Seat).where(Seat.user_id == user.id)
        .options(selectinload(Game.seats).selectinload(Seat.user))
        .order_by(Game.updated_at.desc())
    ).unique().all()
    groups = {"mine": [], "others": [], "lobby": [], "finished": []}
    for game in games:
        if game.status == "lobby":
            groups["lobby"].append(game)
        elif game.status == "active":
            seat = next(s for s in game.seats if s.user_id == user.id)
            groups["mine" if seat.prompt_version is not None else "others"].append(game)
        else:
            groups["finished"].append(game)
    groups["mine"].sort(key=lambda game: min(
        (s.waiting_since for s in game.seats if s.user_id == user.id and s.waiting_since), default=game.updated_at))
    return groups


@bp.route("/")
def index():
    if g.user is None:
        return render_template("welcome.html")
    open_games = db.session.scalars(
        select(Game).where(Game.status == "lobby").options(selectinload(Game.seats).selectinload(Seat.user))
        .order_by(Game.created_at.desc()).limit(50)).all()
    groups = my_games(g.user)
    joinable = [game for game in open_games if game not in groups["lobby"] and len(game.seats) < game.num_seats]
    return render_template("dashboard.html", groups=groups, joinable=joinable)


def error_page(code: int, message: str):
    return render_template("error.html", code=code, message=message)

"""Creating, inviting to, joining and starting games."""
from __future__ import annotations

from flask import Blueprint, flash, g, redirect, render_template, request, url_for

from .. import engine, play
from .auth import login_required

bp = Blueprint("lobby", __name__)


def _games() -> list:
    return [engine.get(slug) for slug in engine.games() if not slug.startswith("test-")]


@bp.route("/games/new", methods=["GET", "POST"])
@login_required
def new_game():
    form = request.form
    if request.method == "POST":
        slug = form.get("slug", "")
        try:
            rules = engine.get(slug)
            options = {o.name: form.get(f"option_{o.name}") for o in rules.OPTIONS
                       if form.get(f"option_{o.name}") not in (None, "")}
            game = play.create_game(
                g.user, slug, seats=int(form.get("seats", 0)), title=form.get("title") or None,
                options=options, turn_seconds=int(float(form.get("turn_days", 2)) * 86400),
                random_seating=form.get("seating", "random") == "random", bots=int(form.get("bots", 0)))
        except (KeyError, ValueError) as exc:
            flash(f"Please check the form: {exc}", "error")
        except play.PlayError as exc:
            flash(str(exc), "error")
        else:
            return redirect(url_for("games.show", game_id=game.id))
    return render_template("lobby/new.html", games=_games(), form=form), (400 if request.method == "POST" else 200)


def _lobby_action(game_id: int, action) -> object:
    try:
        action()
    except play.PlayError as exc:
        flash(str(exc), "error")
    return redirect(url_for("games.show", game_id=game_id))


@bp.post("/games/<int:game_id>/join")
@login_required
def join(game_id: int):
    return _lobby_action(game_id, lambda: play.join(game_id, g.user))


@bp.post("/games/<int:game_id>/leave")
@login_required
def leave(game_id: int):
    return _lobby_action(game_id, lambda: play.leave(game_id, g.user))


@bp.post("/games/<int:game_id>/invite")
@login_required
def invite(game_id: int):
    return _lobby_action(game_id, lambda: play.invite(game_id, g.user, request.form.get("email", "")))


@bp.post("/games/<int:game_id>/bot")
@login_required
def add_bot(game_id: int):
    return _lobby_action(game_id, lambda: play.add_bot(game_id, g.user))


@bp.post("/games/<int:game_id>/start")
@login_required
def start(game_id: int):
    return _lobby_action(game_id, lambda: play.start_game(game_id, g.user))

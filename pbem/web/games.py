"""A game's page from the viewer's seat, and the move form (signed in, or by a signed seat link)."""
from __future__ import annotations

import secrets

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from sqlalchemy import select

from .. import engine, play, tokens
from ..extensions import db
from ..mail import outbound
from ..models import ChatMessage, Game, Move

bp = Blueprint("games", __name__)


def viewer_seat(game: Game, link: dict | None = None) -> int | None:
    """The engine seat the viewer plays: from a seat link, else from the signed-in user; None for spectators."""
    if link is not None and link.get("g") == game.id:
        return link["s"]
    if g.user is not None:
        for seat in game.seats:
            if seat.user_id == g.user.id:
                return seat.position
    return None


def history(game: Game, viewer: int | None, locale: str) -> list[dict]:
    rules = engine.get(game.slug)
    names = outbound.seat_names(game)
    moves = db.session.scalars(select(Move).where(Move.game_id == game.id).order_by(Move.seq)).all()
    return [{"seq": m.seq, "seat": m.seat, "source": m.source, "at": m.created_at,
             "lines": [line for line in (rules.describe(ev, viewer, locale, names) for ev in m.events) if line]}
            for m in moves]


def _render(game: Game, seat: int | None, link_token: str | None = None, read_only: bool = False,
            outcome: play.Outcome | None = None, error: str | None = None, status: int = 200):
    if game.status in ("lobby", "abandoned"):
        return render_template("lobby/show.html", game=game, seat=seat)
    rules = engine.get(game.slug)
    locale = g.user.locale if g.user else "en"
    prompts = rules.pending(game.state)
    my_prompts = [p for p in prompts if p.seat == seat] if seat is not None and not read_only else []
    legal = [str(m) for m in rules.legal(game.state, seat)] if my_prompts else []
    chat = db.session.scalars(select(ChatMessage).where(ChatMessage.game_id == game.id)
                              .order_by(ChatMessage.id.desc()).limit(50)).all()
    return render_template(
        "games/show.html", game=game, rules=rules, seat=seat, view=rules.view(game.state, seat),
        prompts=prompts, my_prompts=my_prompts, legal=legal, history=history(game, seat, locale),
        chat=chat[::-1], key=secrets.token_urlsafe(16), link_token=link_token, read_only=read_only,
        outcome=outcome, error=error), status


@bp.route("/games/<int:game_id>")
def show(game_id: int):
    game = db.session.get(Game, game_id) or abort(404, f"There is no game {game_id}.")
    return _render(game, viewer_seat(game))


@bp.route("/play/<token>")
def play_link(token: str):
    """A seat link from a turn mail: opening it changes nothing; an old prompt opens read-only."""
    try:
        link = tokens.read_seat_link(token)
    except tokens.BadToken as exc:
        abort(404, f"{exc}.")
    game = db.session.get(Game, link["g"]) or abort(404, "That game no longer exists.")
    seat_row = game.seat_at(link["s"])
    current = seat_row is not None and seat_row.prompt_version == link.get("p") and game.status == "active"
    return _render(game, link["s"], link_token=token, read_only=not current,
                   error=None if current else "This link is for an earlier turn: the game is shown read-only.")


@bp.post("/games/<int:game_id>/move")
def move(game_id: int):
    game = db.session.get(Game, game_id) or abort(404, f"There is no game {game_id}.")
    link = None
    link_token = request.form.get("link") or None
    if link_token:
        try:
            link = tokens.read_seat_link(link_token)
        except tokens.BadToken as exc:
            abort(403, f"{exc}.")
    seat = viewer_seat(game, link)
    if seat is None:
        abort(403, "You are not playing in this game.")
    if link is not None and (game.seat_at(seat) is None or game.seat_at(seat).prompt_version != link.get("p")):
        return _render(game, seat, link_token, read_only=True, status=409,
                       error="This link is for an earlier turn: nothing was applied. The game is shown read-only.")
    text = request.form.get("move") or request.form.get("command", "")
    try:
        version = int(request.form.get("version", ""))
    except ValueError:
        version = None
    key = "web:" + (request.form.get("key") or secrets.token_urlsafe(16))
    try:
        outcome = play.submit(game.id, seat, text, "web", key, expect_version=version)
    except play.PlayError as exc:
        db.session.expire_all()
        return _render(game, seat, link_token, error=str(exc), status=409)
    db.session.expire_all()
    if outcome.ok:
        flash("Done: " + "; ".join(outcome.applied), "ok")
        if link_token and g.user is None:
            return redirect(url_for("games.play_link", token=link_token))
        return redirect(url_for("games.show", game_id=game.id))
    return _render(game, seat, link_token, outcome=outcome, error=_explain(outcome), status=422)


def _explain(outcome: play.Outcome) -> str:
    done = f"Applied: {'; '.join(outcome.applied)}. " if outcome.applied else ""
    return f"{done}\"{outcome.failed_line or ''}\": {outcome.error}"


@bp.post("/games/<int:game_id>/say")
def say(game_id: int):
    if g.user is None:
        abort(403, "Sign in to talk at the table.")
    try:
        play.say(game_id, g.user, request.form.get("text", ""))
    except play.PlayError as exc:
        flash(str(exc), "error")
    return redirect(url_for("games.show", game_id=game.id) + "#talk")

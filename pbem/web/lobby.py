"""Creating, inviting to, joining, leaving and starting games."""
from __future__ import annotations

import math

from flask import Blueprint, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import engine, play, ratings
from ..extensions import db
from ..text_input import TITLE_MAX, TextRefused, checked_title
from . import rate_limits
from .auth import login_required
from .game_page import load_game

bp = Blueprint("lobby", __name__)


@bp.app_context_processor
def _lobby_about() -> dict:
    return {"lobby_about": about_game}


def about_game(game) -> dict:
    """What the lobby page tells an invitee about a game: the rules' name, the options chosen (with their help),
    and whether it is rated."""
    rules = engine.get(game.slug)
    options = [(o.name, str(game.options[o.name]), o.help) for o in rules.OPTIONS if o.name in (game.options or {})]
    return {"name": rules.NAME, "options": options, "rated": ratings.marked_rated(game)}


def _games() -> list:
    return [engine.get(slug) for slug in engine.games() if not slug.startswith("test-")]


def offered_players(rules) -> tuple[int, ...]:
    """The player counts a host can choose: with the options offered (an unavailable option keeps its default:
    Stone Age's 5th seat needs the expansion, which is not offered yet)."""
    offered = {o.name: o.default for o in rules.OPTIONS}
    counts = {n for o in rules.OPTIONS if not o.unavailable for c in o.choices
              for n in engine.players_allowed(rules, {**offered, o.name: c})}
    return tuple(sorted(counts or engine.players_allowed(rules, offered)))


def _number(form, name: str, label: str, low: float, high: float, errors: list, default, whole: bool = True):
    raw = str(form.get(name, "")).strip()[:40] or str(default)
    try:
        value = int(raw) if whole else float(raw)
        if not math.isfinite(value) or not low <= value <= high:
            raise ValueError
    except (ValueError, OverflowError):
        errors.append(_("%(label)s: “%(value)s” is not a number from %(low)s to %(high)s.",
                        label=label, value=raw[:20], low=low, high=high))
        return None
    return value


def parse_new_game(form) -> tuple[dict, list[str]]:
    """The keyword arguments for play.create_game that the form asks for, and what is wrong with it."""
    errors: list[str] = []
    slug = form.get("slug", "")
    try:
        rules = engine.get(slug, offered=True)
    except KeyError:
        return {}, [_("Please choose a game from the list.")]
    seats = _number(form, "seats", _("Players"), 1, 16, errors, 3)
    bots = _number(form, "bots", _("Seats filled with bots"), 0, 15, errors, 0)
    days = _number(form, "turn_days", _("Time per turn (days)"), 0.01, 90, errors, 2, whole=False)
    extensions = _number(form, "timeout_extensions", _("Extensions of a missed deadline"), 0, 10, errors, 1)
    replace_after = _number(form, "replace_after", _("Missed turns before the bot takes the seat"), 1, 20,
                            errors, 3)
    options = {o.name: form.get(f"option_{slug}_{o.name}") for o in rules.OPTIONS
               if form.get(f"option_{slug}_{o.name}") not in (None, "")}
    try:
        title = checked_title(form.get("title"))
    except TextRefused:
        title = None
        errors.append(_("Title: one line of at most %(most)d characters, without control or text direction "
                        "characters.", most=TITLE_MAX))
    return {"slug": slug, "seats": seats, "title": title, "options": options,
            "turn_seconds": max(600, round(days * 86400)) if days else None,
            "random_seating": form.get("seating", "random") == "random", "bots": bots,
            "weekend_pause": form.get("weekend_pause") == "on",
            "timeout_extensions": extensions, "replace_after": replace_after}, errors


@bp.route("/games/new", methods=["GET", "POST"])
@login_required
def new_game():
    form = request.form
    errors: list[str] = []
    if request.method == "POST":
        settings, errors = parse_new_game(form)
        if not errors:
            slug = settings.pop("slug")
            rated = {"yes": True, "no": False}.get(form.get("rated", ""))
            try:
                game = play.create_game(g.user, slug, **settings)
            except play.PlayError as exc:
                errors.append(exc.localized())
            else:
                if rated is not None:
                    game.rated = rated  # None: rated when every seat is a person (docs/ratings.md)
                    db.session.commit()
                return redirect(url_for("games.show", game_id=game.id))
    games = _games()
    counts = [n for rules in games for n in offered_players(rules)]
    return render_template("lobby/new.html", games=games, players=offered_players, seats=(min(counts), max(counts)),
                           form=form, errors=errors), (400 if errors else 200)


def _lobby_action(game_id: int, action, done: str):
    load_game(game_id)
    try:
        action()
    except play.PlayError as exc:
        flash(exc.localized(), "error")
    else:
        flash(done, "ok")
    return redirect(url_for("games.show", game_id=game_id))


@bp.post("/games/<int:game_id>/join")
@login_required
def join(game_id: int):
    return _lobby_action(game_id, lambda: play.join(game_id, g.user), _("You have joined the game."))


@bp.post("/games/<int:game_id>/leave")
@login_required
def leave(game_id: int):
    return _lobby_action(game_id, lambda: play.leave(game_id, g.user), _("Done."))


@bp.post("/games/<int:game_id>/invite")
@login_required
def invite(game_id: int):
    email = request.form.get("email", "")

    def send():
        play.invite(game_id, g.user, email)
        rate_limits.invitation_sent()  # only an invitation sent uses up the budget (RATELIMIT_INVITES)
    return _lobby_action(game_id, send, _("Invitation sent to %(email)s.", email=email.strip()))


@bp.post("/games/<int:game_id>/bot")
@login_required
def add_bot(game_id: int):
    return _lobby_action(game_id, lambda: play.add_bot(game_id, g.user), _("A bot has taken a seat."))


@bp.post("/games/<int:game_id>/start")
@login_required
def start(game_id: int):
    # Without random seating the host may set the order: one "place-<seat id>" field per seat.
    places = {key.removeprefix("place-"): value for key, value in request.form.items() if key.startswith("place-")}
    order = None
    if places:
        try:
            ranked = sorted((int(place), int(seat_id)) for seat_id, place in places.items())
        except ValueError:
            ranked = []
        if not ranked or len({place for place, _ in ranked}) != len(ranked):
            flash(_("Give each player a different place."), "error")
            return redirect(url_for("games.show", game_id=game_id))
        order = [seat_id for _, seat_id in ranked]
    return _lobby_action(game_id, lambda: play.start_game(game_id, g.user, order), _("The game has started."))

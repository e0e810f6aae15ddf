"""A game's page from the viewer's seat, its move forms (signed in, or by a signed seat link) and table talk."""
from __future__ import annotations

import secrets

from flask import Blueprint, abort, flash, g, make_response, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup
from sqlalchemy import select

from .. import engine, play, tokens
from ..extensions import db
from ..mail import delivery
from ..models import ChatMessage, Game, GameNote, Move
from ..play import undo
from ..presentation import words
from ..presentation.examples import game_examples
from ..presentation.news import describe
from ..presentation.games import stakes
from ..presentation.panels import all_choices, build_panels, choice_for
from . import history as log
from .readers import read_as_link_player
from .errors import bad_link
from .move_forms import FormProblem, compose

bp = Blueprint("games", __name__)
CHAT_SHOWN = 100
NOTES_SHOWN = 100


def load_game(game_id: int) -> Game:
    """The game, or a 404 page (ids beyond the database's integers are simply no game)."""
    game = db.session.get(Game, game_id) if 0 < game_id < 2**31 else None
    if game is None:
        abort(404, _("There is no game %(id)d.", id=game_id))
    return game


def viewer_seat(game: Game, link: dict | None = None) -> int | None:
    """The engine seat the viewer plays: from a seat link, else from the signed-in user; None for spectators."""
    if link is not None and link.get("g") == game.id:
        return link["s"]
    if g.user is not None:
        for seat in game.seats:
            if seat.user_id == g.user.id:
                return seat.position
    return None


def _locale() -> str:
    return str(get_locale() or "en")


def _render(game: Game, seat: int | None, link_token: str | None = None, read_only: bool = False,
            outcome: play.Outcome | None = None, error: str | None = None, status: int = 200):
    response = make_response(_page(game, seat, link_token, read_only, outcome, error, status))
    if seat is not None:
        # A seat's page shows its hand (and, from a seat link, the key to its prompt): no shared cache, nor the
        # browser's history on a shared computer, may keep it. Spectators' pages may be kept.
        response.headers["Cache-Control"] = "no-store"
    return response


def _page(game: Game, seat: int | None, link_token: str | None, read_only: bool, outcome: play.Outcome | None,
          error: str | None, status: int):
    failed_mail = delivery.failed_mail(game.id) if g.user is not None and g.user.id == game.host_id else []
    if game.status in ("lobby", "abandoned"):
        return render_template("lobby/show.html", game=game, seat=seat, failed_mail=failed_mail), status
    rules = engine.get(game.slug)
    locale = _locale()
    prompts = rules.pending(game.state)
    seat_row = game.seat_at(seat) if seat is not None else None
    my_prompts = [p for p in prompts if p.seat == seat] if seat is not None and not read_only else []
    legal = []
    if seat is not None and not read_only and game.status == "active":
        try:
            legal = rules.legal(game.state, seat)
        except engine.CommandError:
            legal = []
    names = words.seat_names(game)
    g.seat_names = names  # buttons that name a player say the name, as the board does
    panels = build_panels(game.slug, rules, game.state, seat, legal, locale) if legal else []
    # The typed example: the first button's command, else a legal command (the game's fixed example, "place 3
    # forest", could be illegal: the forest full, or fewer people left).
    example = _name_players(game, seat, panels)
    if example is None and legal:
        example = words.shown_commands(game, seat, game_examples(rules, legal, 1))[0]
    page = log.window(game, request.args.get("upto", type=int))
    track = log.score_track(game)
    notes = db.session.scalars(select(GameNote).where(GameNote.game_id == game.id)
                               .order_by(GameNote.id.desc()).limit(NOTES_SHOWN)).all()[::-1]
    chat = db.session.scalars(select(ChatMessage).where(ChatMessage.game_id == game.id)
                              .order_by(ChatMessage.id.desc()).limit(CHAT_SHOWN)).all()
    return render_template(
        "games/show.html", game=game, rules=rules, seat=seat, view=rules.view(game.state, seat),
        prompts=prompts, my_prompts=my_prompts, asked=[words.prompt_words(p, names, rules) for p in my_prompts],
        stakes=stakes(game.slug, my_prompts),
        panels=panels, has_moves=bool(legal), example=example,
        legal_shown=words.worded(words.shown_commands(game, seat, outcome.legal), locale)
        if outcome and seat is not None else [],
        rounds=log.grouped_history(game, page, seat, locale, names), page=page,
        notes=log.note_lines(notes, names) if page.latest else [],
        chart=log.score_chart(track, log.round_starts(game)), track=track, names=names,
        sheet=rules.CAPABILITIES.score_sheet(game.result, locale) if game.result and rules.CAPABILITIES.score_sheet else [],
        chat=chat[::-1], key=secrets.token_urlsafe(16), link_token=link_token, read_only=read_only,
        prompt_version=seat_row.prompt_version if seat_row is not None else None,
        undo_moves=0 if read_only else undo.offer(game, seat),
        outcome=outcome, error=error, failed_mail=failed_mail), status


def _name_players(game: Game, seat: int | None, panels: list) -> str | None:
    """Each choice's command as the player reads it (players named, as in the turn mail; the buttons still send
    the canonical text), in its `shown` and in a label that is the command itself; returns the page's typed
    example, the first choice that asks no "Really?" (else the first), read so."""
    choices = all_choices(panels)
    if not choices or seat is None:
        return None
    for choice, shown in zip(choices, words.shown_commands(game, seat, [c.command for c in choices])):
        if choice.label == choice.command:
            choice.label = shown
        choice.shown = shown
    first = next((c for c in choices if not c.confirm), choices[0])
    return first.shown


@bp.route("/games/<int:game_id>")
def show(game_id: int):
    game = load_game(game_id)
    return _render(game, viewer_seat(game))


@bp.route("/play/<token>")
def play_link(token: str):
    """A seat link from a turn mail: opening it changes nothing; an old prompt opens read-only."""
    try:
        link = tokens.read_seat_link(token)
    except tokens.BadToken as exc:
        abort(404, bad_link(exc))
    game = db.session.get(Game, link["g"]) or abort(404, _("That game no longer exists."))
    seat_row = game.seat_at(link["s"])
    read_as_link_player(seat_row.user if seat_row is not None else None)
    current = seat_row is not None and seat_row.prompt_version == link.get("p") and game.status == "active"
    return _render(game, link["s"], link_token=token, read_only=not current,
                   error=None if current else _("This link is for an earlier turn: the game is shown read-only."))


def _choice_of(game: Game, seat: int, text: str):
    """The button that sends `text` now, for the "Really?" page to say it in words with its stakes (None: the
    command came from elsewhere, or the game moved on)."""
    rules = engine.get(game.slug)
    try:
        legal = rules.legal(game.state, seat) if game.status == "active" else []
    except engine.CommandError:
        return None
    g.seat_names = words.seat_names(game)
    panels = build_panels(game.slug, rules, game.state, seat, legal, _locale()) if legal else []
    _name_players(game, seat, panels)
    return choice_for(panels, text)


@bp.post("/games/<int:game_id>/move")
def move(game_id: int):
    """Apply one move form: a button, a small form or the text box; irreversible moves ask "Really?" first."""
    game = load_game(game_id)
    link = None
    link_token = request.form.get("link") or None
    if link_token:
        try:
            link = tokens.read_seat_link(link_token)
        except tokens.BadToken as exc:
            abort(403, bad_link(exc))
    seat = viewer_seat(game, link)
    if seat is None:
        abort(403, _("You are not playing in this game."))
    if link is not None and game.seat_at(seat) is not None:
        read_as_link_player(game.seat_at(seat).user)
    if link is not None and (game.seat_at(seat) is None or game.seat_at(seat).prompt_version != link.get("p")):
        return _render(game, seat, link_token, read_only=True, status=409,
                       error=_("This link is for an earlier turn: nothing was applied. The game is shown read-only."))
    try:
        version = int(request.form.get("version", ""))
    except ValueError:
        abort(400, _("This form does not say which move of the game it was made for; reload the game page "
                     "and choose again."))
    try:
        text, needs_confirm = compose(request.form)
    except FormProblem as exc:
        return _render(game, seat, link_token, error=str(exc), status=400)
    form_key = request.form.get("key") or secrets.token_urlsafe(16)
    if needs_confirm and request.form.get("confirmed") != "1":
        return render_template("games/confirm.html", game=game, text=text, version=version, key=form_key,
                               link_token=link_token, prompt=request.form.get("prompt", ""),
                               choice=_choice_of(game, seat, text))
    try:
        outcome = play.submit(game.id, seat, text, "web", "web:" + form_key[:100], expect_version=version)
    except play.StaleForm as exc:
        db.session.expire_all()
        return _render(game, seat, link_token, status=409, error=_(
            "Nothing was applied: the game has moved on since this form was shown (it was made at move "
            "%(shown)d, the game is now at move %(current)d). Here is the board as it is now; choose again.",
            shown=exc.shown, current=exc.current))
    except play.PlayError as exc:
        db.session.expire_all()
        return _render(game, seat, link_token, error=exc.localized(), status=409)
    db.session.expire_all()
    if outcome.ok:
        if outcome.repeated:
            flash(_("This form was already sent; it was applied once: %(moves)s",
                    moves="; ".join(words.told_moves(game, outcome.applied))), "ok")
        elif outcome.applied or not outcome.acknowledged:
            # What happened in words, and the commands that did it in small print (they are what a mail sends).
            done = _("Done: %(moves)s", moves="; ".join(words.told_moves(game, outcome.applied)))
            told = _told(game, seat, version, len(outcome.applied))
            flash(Markup("{} <small class=\"cmd\">{}</small>").format("; ".join(told), done) if told else done, "ok")
        for done in outcome.acknowledged:  # a line naming what was already done says what happened there
            flash(done["local"].get(str(get_locale()), done["message"]), "ok")
        if outcome.queued:
            flash(_("queued until %(names)s answers: %(lines)s", names=", ".join(outcome.queued_for),
                    lines="; ".join(outcome.queued)), "ok")
        if link_token and g.user is None:
            return redirect(url_for("games.play_link", token=link_token))
        return redirect(url_for("games.show", game_id=game.id))
    return _render(game, seat, link_token, outcome=outcome, error=_explain(game, outcome), status=422)


FLASH_LINES = 6


def _told(game: Game, seat: int, version: int, applied: int) -> list[str]:
    """What the seat's moves just applied did, as the history says it to the seat ("You took Iron for 2 civil
    actions"): the lines about the seat (or about nobody), at most FLASH_LINES."""
    if not applied:
        return []
    rules = engine.get(game.slug)
    rows = db.session.scalars(select(Move).where(Move.game_id == game.id, Move.seq > version, Move.seat == seat,
                                                 Move.undone_by.is_(None)).order_by(Move.seq).limit(applied)).all()
    names, locale = words.seat_names(game), _locale()
    lines = [describe(rules, ev, seat, locale, names) for move in rows for ev in move.events or ()
             if ev.get("seat", seat) == seat]
    lines = [line for line in lines if line]
    return lines[:FLASH_LINES] + (["…"] if len(lines) > FLASH_LINES else [])


def _explain(game, outcome: play.Outcome) -> str:
    applied = words.told_moves(game, outcome.applied)
    done = _("Applied: %(moves)s.", moves="; ".join(applied)) + " " if applied else ""
    why = outcome.error_in(str(get_locale())) or ""
    if not why.startswith('"'):  # rule errors quote the command themselves; service refusals do not
        why = f"\"{outcome.failed_line or ''}\": {why}"
    return done + why


@bp.post("/games/<int:game_id>/say")
def say(game_id: int):
    game = load_game(game_id)
    if g.user is None:
        abort(403, _("Sign in to talk at the table."))
    try:
        key = request.form.get("key", "")[:100]
        play.say(game.id, g.user, request.form.get("text", ""), key=f"web:{key}" if key else None)
    except play.PlayError as exc:
        flash(exc.localized(), "error")
    return redirect(url_for("games.show", game_id=game.id) + "#talk")

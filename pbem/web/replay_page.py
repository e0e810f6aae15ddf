"""The replay: a game's board at any move, rebuilt from the seed and the stored moves, as a seat could see it then."""
from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, make_response, render_template, request
from flask_babel import get_locale
from flask_babel import gettext as _
from sqlalchemy import select

from .. import engine
from ..extensions import db
from ..models import Game, Move
from ..play.replay import state_at
from ..presentation import words
from ..presentation.news import describe
from .game_page import load_game, viewer_seat

bp = Blueprint("replay", __name__)


class GameAt:
    """The game as it stood after move `version`: the board templates read `game.state` (and the version, status
    and result) from it; everything else is the game's own."""

    def __init__(self, game: Game, state: dict, version: int):
        self._game = game
        self.state = state
        self.version = version
        over = version >= game.version
        self.status = game.status if over else "active"
        self.result = game.result if over else None

    def __getattr__(self, name: str):
        return getattr(self._game, name)


@dataclass
class Step:
    """A link target of the replay's navigation: the move to show and the words of the link."""
    move: int
    label: str


def shown_seat(game: Game, viewer: int | None, asked: str | None) -> int | None:
    """Whose view the replay draws: in a running game the viewer's own seat (None: a spectator, the public view);
    in a finished game, where nothing is hidden any more, any seat (`?seat=N`, `?seat=public`), else the viewer's."""
    if game.status != "finished" or asked is None:
        return viewer
    if asked == "public":
        return None
    try:
        seat = int(asked)
    except ValueError:
        return viewer
    return seat if 0 <= seat < game.num_seats else viewer


def round_steps(game: Game, move: int) -> tuple[int | None, Step | None, Step | None]:
    """The round move `move` is in, and the links to the start of the round before (or of this one, if the move is
    past its start) and of the next one; (None, None, None) for a game without rounds."""
    opening = select(Move.seq, Move.opens_round).where(Move.game_id == game.id, Move.opens_round.is_not(None))
    after = db.session.execute(opening.where(Move.seq > move).order_by(Move.seq).limit(1)).first()
    before = db.session.execute(opening.where(Move.seq <= move).order_by(Move.seq.desc()).limit(2)).all()
    if not before and after is None:
        return None, None, None
    current = before[0][1] if before else 1
    if before and before[0][0] < move:
        back = Step(before[0][0], _("Start of round %(n)d", n=before[0][1]))
    elif len(before) > 1:
        back = Step(before[1][0], _("Start of round %(n)d", n=before[1][1]))
    elif move > 0:
        back = Step(0, _("Start of round %(n)d", n=1))
    else:
        back = None
    ahead = Step(after[0], _("Start of round %(n)d", n=after[1])) if after else None
    return current, back, ahead


def board_context(game: Game, version: int, seat: int | None) -> dict:
    """What the game's board template reads, at move `version` from `seat`'s view (None: the public view)."""
    rules = engine.get(game.slug)
    at = GameAt(game, state_at(game, version), version)
    return {"game": at, "rules": rules, "seat": seat, "view": rules.view(at.state, seat),
            "names": words.seat_names(game),
            "prompts": rules.pending(at.state), "my_prompts": [], "asked": [], "stakes": [], "panels": [],
            "has_moves": False, "read_only": True, "key": "", "link_token": None, "prompt_version": None,
            "undo_moves": 0, "move_section": ""}


def move_told(game: Game, row: Move | None, seat: int | None, names: list[str]) -> dict | None:
    """Move `row` as the replay tells it: who, the command, how it came, what it did as `seat` may read it."""
    if row is None:
        return None
    rules = engine.get(game.slug)
    locale = str(get_locale() or "en")
    lines = [describe(rules, ev, seat, locale, names) for ev in row.events or ()]
    return {"seq": row.seq, "who": names[row.seat] if 0 <= row.seat < len(names) else "?", "text": row.text,
            "source": row.source, "undone_by": row.undone_by, "lines": [line for line in lines if line]}


@bp.route("/games/<int:game_id>/replay")
def show(game_id: int):
    """The board at move `?move=N` (default the latest), with links to step by move and by round."""
    game = load_game(game_id)
    if game.state is None or game.status == "lobby":
        abort(404, _("Game %(id)d has not started: there is nothing to replay yet.", id=game.id))
    asked = request.args.get("move")
    notice = None
    if asked is None:
        move = game.version
    else:
        try:
            move = int(asked)
        except ValueError:
            move, notice = game.version, _("“%(asked)s” is not a move number: here is the latest move, %(n)d.",
                                           asked=asked[:20], n=game.version)
        else:
            if move < 0 or move > game.version:
                clamped = min(max(move, 0), game.version)
                notice = _("This game has moves 0 to %(last)d: here is move %(n)d.", last=game.version, n=clamped)
                move = clamped
    viewer = viewer_seat(game)
    seat = shown_seat(game, viewer, request.args.get("seat"))
    context = board_context(game, move, seat)
    names = context["names"]
    row = db.session.scalar(select(Move).where(Move.game_id == game.id, Move.seq == move)) if move else None
    current_round, round_back, round_ahead = round_steps(game, move)
    response = make_response(render_template(
        "replay.html", move=move, last=game.version, notice=notice, viewer=viewer, finished=game.status == "finished",
        chosen=request.args.get("seat") if game.status == "finished" else None, told=move_told(game, row, seat, names),
        current_round=current_round, round_back=round_back, round_ahead=round_ahead, **context))
    if seat is not None:
        # A seat's view may hold its hidden cards: no shared cache may keep it (as the game page).
        response.headers["Cache-Control"] = "no-store"
    return response

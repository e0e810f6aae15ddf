"""The finder of open games (/games/open and GET /api/v1/open-games): lobby games with a free seat, filtered by
game, seats free, player count, pace, an option, the host's language and whether they are rated."""
from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, render_template, request, url_for
from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from .. import engine, ratings
from ..extensions import db
from ..models import Game, Seat, User
from .settings import LANGUAGE_NAMES

bp = Blueprint("finder", __name__)
DAY = 86400
# Time per turn, named: at most a day; over a day and at most three; more.
PACES = {"day": (0, DAY), "days": (DAY, 3 * DAY), "week": (3 * DAY, None)}
SCANNED = 1000  # lobby games read per search, newest first; filters on options and rated run on these
SHOWN = 50


def pace_of(turn_seconds: int) -> str:
    """The pace a time per turn falls in."""
    return next(name for name, (low, high) in PACES.items() if turn_seconds > low and (high is None or
                                                                                        turn_seconds <= high))


@dataclass(frozen=True)
class Filters:
    """What a search asks for (None: anything)."""
    game: str | None = None
    free: int | None = None
    players: int | None = None
    pace: str | None = None
    option: tuple[str, str] | None = None
    language: str | None = None
    rated: bool | None = None

    @classmethod
    def from_query(cls, query: dict) -> "Filters":
        """Filters from checked query values (schemas.FinderQuerySchema, or the page's form read by `from_form`)."""
        option = tuple(query["option"].split("=", 1)) if query.get("option") else None
        rated = {"true": True, "false": False}.get(query.get("rated") or "")
        return cls(game=query.get("game"), free=query.get("free"), players=query.get("players"),
                   pace=query.get("pace"), option=option, language=query.get("language"), rated=rated)

    @classmethod
    def from_form(cls, args) -> "Filters":
        """Filters from the page's GET form, leaving out what is not one of the choices offered."""
        def number(name: str) -> int | None:
            raw = args.get(name, "").strip()
            return int(raw) if raw.isdigit() and 0 < int(raw) <= 16 else None
        option = args.get("option", "").strip()[:80]
        return cls.from_query({
            "game": args.get("game") if args.get("game") in engine.games() else None,
            "free": number("free"), "players": number("players"),
            "pace": args.get("pace") if args.get("pace") in PACES else None,
            "option": option if "=" in option and option[0] != "=" and "\x00" not in option else None,
            "language": args.get("language") if args.get("language") in LANGUAGE_NAMES else None,
            "rated": args.get("rated") if args.get("rated") in ("true", "false") else None})


def open_games(filters: Filters, limit: int = SHOWN) -> list[Game]:
    """The lobby games with a free seat that pass `filters`, newest first."""
    taken = select(func.count(Seat.id)).where(Seat.game_id == Game.id).correlate(Game).scalar_subquery()
    stmt = (select(Game).join(User, User.id == Game.host_id)
            .where(Game.status == "lobby", taken < Game.num_seats, Game.slug.not_like("test-%")
                   if filters.game is None else Game.slug == filters.game)
            .options(selectinload(Game.seats), selectinload(Game.host))
            .order_by(Game.created_at.desc(), Game.id.desc()).limit(SCANNED))
    if filters.free is not None:
        stmt = stmt.where(Game.num_seats - taken >= filters.free)
    if filters.players is not None:
        stmt = stmt.where(Game.num_seats == filters.players)
    if filters.pace is not None:
        low, high = PACES[filters.pace]
        stmt = stmt.where(Game.turn_seconds > low)
        if high is not None:
            stmt = stmt.where(Game.turn_seconds <= high)
    if filters.language is not None:
        stmt = stmt.where(User.locale == filters.language)
    found = []
    for game in db.session.scalars(stmt):
        if filters.option is not None and not _has_option(game, *filters.option):
            continue
        if filters.rated is not None and ratings.marked_rated(game) != filters.rated:
            continue
        found.append(game)
        if len(found) == limit:
            break
    return found


def _has_option(game: Game, name: str, value: str) -> bool:
    # Options are stored as the engine checked them (21, True); a search names them as a form sends them.
    return name in (game.options or {}) and str(game.options[name]).lower() == value.strip().lower()


def shown_options(game: Game) -> list[tuple[str, str]]:
    """The game's options as (name, value) to show, in the engine's order."""
    try:
        names = [option.name for option in engine.get(game.slug).OPTIONS]
    except KeyError:
        names = []
    return [(name, str(game.options[name])) for name in names if name in (game.options or {})]


def summary(game: Game) -> dict:
    """One open game as the finder lists it (the API's OpenGameSchema)."""
    return {"id": game.id, "slug": game.slug, "game": engine.get(game.slug).NAME, "title": game.title,
            "host": game.host.name, "host_language": game.host.locale, "num_seats": game.num_seats,
            "free": game.num_seats - len(game.seats), "options": game.options, "turn_seconds": game.turn_seconds,
            "pace": pace_of(game.turn_seconds), "rated": ratings.marked_rated(game), "created_at": game.created_at,
            "url": url_for("games.show", game_id=game.id)}


@bp.route("/games/open")
def find():
    filters = Filters.from_form(request.args)
    games = [engine.get(slug) for slug in engine.games() if not slug.startswith("test-")]
    found = [{**summary(game), "shown_options": shown_options(game)} for game in open_games(filters)]
    return render_template("finder/index.html", filters=filters, found=found, games=games, paces=PACES,
                           languages=LANGUAGE_NAMES, args=request.args)

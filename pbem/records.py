"""Game records (docs/records.md): a game as versioned JSON, whole or as one reader may see it, and the import that
replays a record through the engine into a finished game, refusing one that does not replay."""
from __future__ import annotations

import copy
from datetime import datetime, timezone
from importlib import metadata
from typing import Any, Iterator

from sqlalchemy import select

from . import engine
from .clock import now
from .text_input import TextRefused, checked_title, unstorable
from .extensions import db
from .models import Game, Move, Seat, User
from .play.log import append_move

FORMAT = "pbem-record"
VERSION = 1
UNDO = "undo"
MAX_MOVES = 5000
NAME_MAX = 80


class Refused(ValueError):
    """A record that cannot be imported, with the reason; `move` is the seq of the first move that failed."""

    def __init__(self, message: str, move: int | None = None):
        super().__init__(message)
        self.message, self.move = message, move


def _moment(value: datetime | None) -> str | None:
    return None if value is None else value.replace(tzinfo=timezone.utc).isoformat(timespec="seconds").replace(
        "+00:00", "Z")


def _read_moment(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment.astimezone(timezone.utc).replace(tzinfo=None) if moment.tzinfo else moment


def _pbem_version() -> str:
    try:
        return metadata.version("pbem")
    except metadata.PackageNotFoundError:
        return "unknown"


def player_name(seat: Seat) -> str:
    """A seat's name as a record gives it: never an address (an invitation not taken is "(invited)")."""
    if seat.user is None and not seat.is_bot and seat.imported_name is None:
        return "(invited)"
    return seat.display_name


def _hidden_from(move: Move, seat: int | None) -> bool:
    """Whether another seat's move told something `seat` may not see (an event only some seats see)."""
    return move.seat != seat and any("to" in ev and seat not in ev["to"] for ev in move.events or ())


def record(game: Game, viewer: User | None = None, whole: bool = True) -> dict:
    """The game's record: everything, with the seed (`whole`, or a finished game), else what `viewer` may see of a
    game not over (no seed, other seats' moves that told something hidden without their text, the viewer's
    view of the board)."""
    rules = engine.get(game.slug)
    over = game.status == "finished"
    complete = whole or over
    mine = game.seat_of(viewer) if viewer is not None else None
    seat = mine.position if mine is not None else None
    moves = db.session.scalars(select(Move).where(Move.game_id == game.id, Move.text != UNDO,
                                                  Move.undone_by.is_(None)).order_by(Move.seq)) \
        if game.state is not None else []
    listed = []
    for n, move in enumerate(moves, start=1):
        hidden = not complete and _hidden_from(move, seat)
        listed.append({"seq": n, "seat": move.seat, "text": None if hidden else move.text, "hidden": hidden,
                       "at": _moment(move.created_at), "source": move.source})
    seats = sorted(game.seats, key=lambda s: (s.position is None, s.position or 0, s.id))
    return {
        "format": FORMAT, "version": VERSION,
        "engine": {"slug": game.slug, "name": rules.NAME, "pbem": _pbem_version()},
        "game": {"id": game.id, "title": game.title, "status": game.status, "options": dict(game.options or {}),
                 "players": game.num_seats, "turn_seconds": game.turn_seconds, "origin": game.origin,
                 "created_at": _moment(game.created_at), "started_at": _moment(game.started_at),
                 "finished_at": _moment(game.finished_at)},
        "seed": game.seed if complete and game.state is not None else None,
        "players": [{"seat": s.position, "name": player_name(s), "bot": s.is_bot and not s.replaced}
                    for s in seats],
        "moves": listed,
        "result": copy.deepcopy(game.result) if over else None,
        "complete": complete,
        "viewer_seat": None if complete else seat,
        "view": None if complete or game.state is None else rules.view(game.state, seat),
    }


def finished_games() -> Iterator[Game]:
    """Every finished game, oldest first, read a hundred at a time."""
    last = 0
    while True:
        batch = db.session.scalars(select(Game).where(Game.status == "finished", Game.id > last)
                                   .order_by(Game.id).limit(100)).all()
        if not batch:
            return
        last = batch[-1].id
        yield from batch


def _checked(data: Any) -> tuple[Any, dict, int, str, list[dict], list[dict]]:
    """The rules, options, player count, seed, players and moves of a record; Refused when it is not one."""
    if unstorable(data):
        raise Refused("the record holds a NUL character or a lone surrogate, which no text here may hold")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise Refused(f"not a game record: \"format\" must be {FORMAT!r}")
    if data.get("version") != VERSION:
        raise Refused(f"record version {data.get('version')!r} is not one this server reads (it reads {VERSION})")
    slug = (data.get("engine") or {}).get("slug") if isinstance(data.get("engine"), dict) else None
    try:
        rules = engine.get(slug) if isinstance(slug, str) else None
    except KeyError:
        rules = None
    if rules is None:
        raise Refused(f"unknown game {slug!r}; known: {', '.join(engine.games())}")
    about = data.get("game") if isinstance(data.get("game"), dict) else {}
    try:
        options = engine.check_options(rules, about.get("options") or {})
    except engine.CommandError as exc:
        raise Refused(f"options: {exc.message}") from exc
    seed = data.get("seed")
    if not isinstance(seed, str) or not 0 < len(seed) <= 64:
        raise Refused("the record has no seed (a record of a game not over gives none): it cannot be replayed")
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise Refused("the record names no players")
    count = len(players)
    if count not in engine.players_allowed(rules, options):
        raise Refused(f"{rules.NAME} is not for {count} players with these options")
    if sorted(p.get("seat") if isinstance(p, dict) else None for p in players
              if isinstance(p, dict) and isinstance(p.get("seat"), int)) != list(range(count)):
        raise Refused(f"the players must hold seats 0 to {count - 1}, each once")
    for p in players:
        if not isinstance(p.get("name"), str) or not 0 < len(p["name"].strip()) <= NAME_MAX or \
                any(ord(c) < 32 or 0x7f <= ord(c) < 0xa0 for c in p["name"]):
            raise Refused(f"player {p.get('seat')}: a name of 1 to {NAME_MAX} characters, no control characters, "
                          "is needed")
    moves = data.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise Refused(f"\"moves\" must be a list of at most {MAX_MOVES} moves")
    return rules, options, count, seed, sorted(players, key=lambda p: p["seat"]), moves


def replayed(data: Any) -> tuple[Any, dict, int, str, list[dict], list[tuple[dict, int, str, list, dict]]]:
    """Replay a record's moves through the engine: the rules, options, seats, seed, players and each move with
    (seat, canonical text, events, state after); Refused naming the first move that fails."""
    rules, options, count, seed, players, moves = _checked(data)
    state = rules.setup(count, options, seed)
    done = []
    for n, entry in enumerate(moves, start=1):
        seq = entry.get("seq", n) if isinstance(entry, dict) else n
        seat, text = (entry.get("seat"), entry.get("text")) if isinstance(entry, dict) else (None, None)
        where = f"move {seq}" + (f" ({text!r} by seat {seat})" if isinstance(text, str) else "")
        if not isinstance(seat, int) or not 0 <= seat < count or not isinstance(text, str) or not text.strip():
            raise Refused(f"{where}: a move needs a seat from 0 to {count - 1} and its text", move=seq)
        if not rules.pending(state):
            raise Refused(f"{where}: the game was already over", move=seq)
        try:
            parsed = rules.parse(text, state, seat)
            if [str(m) for m in parsed] != [text]:
                raise Refused(f"{where}: not the canonical text of one move (it reads as "
                              f"{'; '.join(str(m) for m in parsed)!r})", move=seq)
            state, events = rules.apply(state, seat, parsed[0])
        except engine.CommandError as exc:
            raise Refused(f"{where} does not replay: {exc.message}", move=seq) from exc
        done.append((entry, seat, text, events, state))
    if rules.pending(state):
        asked = ", ".join(str(p.seat) for p in rules.pending(state))
        raise Refused(f"the moves end before the game does (seat {asked} is still asked): only a finished game is "
                      "imported")
    result = rules.result(state)
    given = data.get("result")
    if isinstance(given, dict) and result is not None:
        mine = result.to_dict()
        if any(key in given and given[key] != mine[key] for key in ("scores", "ranking", "places")):
            raise Refused("the replayed result differs from the record's result")
    return rules, options, count, seed, players, done


def import_record(data: Any, host: User) -> Game:
    """Replay a record and store it as a finished game of `host`'s (never rated), its moves as played; commits.
    Refused (nothing stored) when the record does not replay."""
    rules, options, count, seed, players, done = replayed(data)
    about = data.get("game") if isinstance(data.get("game"), dict) else {}
    try:
        title = checked_title(about.get("title") if isinstance(about.get("title"), str) else None) or rules.NAME
    except TextRefused:
        title = rules.NAME
    moment = now()
    game = Game(slug=rules.SLUG, title=title, options=options, seed=seed,
                host=host, num_seats=count, random_seating=False, status="active", rated=False, origin="import",
                turn_seconds=about.get("turn_seconds") if isinstance(about.get("turn_seconds"), int) and
                600 <= about["turn_seconds"] <= 90 * 86400 else 2 * 24 * 3600,
                created_at=_read_moment(about.get("created_at")) or moment,
                started_at=_read_moment(about.get("started_at")) or moment,
                state=rules.setup(count, options, seed))
    game.seats = [Seat(position=p["seat"], imported_name=" ".join(p["name"].split())[:NAME_MAX],
                       is_bot=p.get("bot") is True) for p in players]
    db.session.add(game)
    db.session.flush()
    try:
        for entry, seat, text, events, state in done:
            game.state = state
            move = append_move(game, rules, seat, text, "import", events)
            move.created_at = _read_moment(entry.get("at")) or moment
        game.status = "finished"
        game.finished_at = _read_moment(about.get("finished_at")) or moment
        result = rules.result(game.state)
        game.result = result.to_dict() if result else None
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return game

"""The JSON API under /api/v1: games, moves, lobby actions, game records, players, leaderboards and the finder of open
games, for scripts, authenticated by personal tokens."""
from __future__ import annotations

import json
import re
from datetime import datetime, timedelta

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Blueprint, current_app, g, jsonify, request, url_for
from marshmallow import Schema, ValidationError
from sqlalchemy import literal, select, tuple_, update
from sqlalchemy.orm import joinedload, selectinload
from werkzeug.exceptions import HTTPException

from .. import engine, play, records
from ..clock import now
from ..extensions import csrf, db
from ..models import ApiToken, Game, Seat, User
from ..text_input import normalise_command_text, unstorable
from . import finder, players, rate_limits, schemas
from .dashboard import dashboard_json
from .errors import error_response
from .tokens_page import hash_token

bp = Blueprint("api", __name__, url_prefix="/api/v1")
# No CSRF tokens here: calls authenticate by `Authorization: Bearer`, which a browser never
# adds on its own. That holds only because the session cookie is accepted for reads alone
# (see authenticate): were it enough for a POST, any site could make a visitor's browser move.
csrf.exempt(bp)

READS = ("GET", "HEAD")
EPOCH = datetime(1970, 1, 1)  # cursors count microseconds from here, in UTC as stored
MAX_BODY = 256 * 1024
MAX_RECORD = 1024 * 1024  # an imported record: up to records.MAX_MOVES moves (the app's own cap on any body)


class ApiError(Exception):
    """A refusal answered as `{"error": message, **extra}` with `status`."""

    def __init__(self, status: int, message: str, headers: dict | None = None, **extra):
        super().__init__(message)
        self.status, self.message, self.headers, self.extra = status, message, headers or {}, extra


def documented(summary: str, *, body: type[Schema] | None = None, response: type[Schema] | None = None,
               status: int = 200, errors: tuple[int, ...] = (), query: type[Schema] | None = None):
    """Attach what /openapi.json says about a view (every route of this blueprint carries it)."""
    def mark(view):
        view.openapi = {"summary": summary, "body": body, "response": response, "status": status,
                        "errors": errors, "query": query}
        return view
    return mark


# --- authentication and errors -------------------------------------------------

@bp.after_request
def kept_by_no_cache(response):
    """Every answer is the caller's own (their seat's hand, their games): no shared cache or browser keeps it."""
    if request.endpoint != "api.openapi":
        response.headers["Cache-Control"] = "no-store"
    return response


@bp.before_request
def authenticate():
    """Set g.user from the bearer token; the session (already loaded) counts only for reads."""
    if request.endpoint == "api.openapi":
        return
    header = request.headers.get("Authorization")
    if header is not None:
        scheme, _, raw = header.strip().partition(" ")
        if scheme.lower() != "bearer" or not raw.strip():
            _bad_token("the Authorization header must be 'Bearer <token>'")
        # The token and its user in one indexed query: this runs before every call.
        found = db.session.execute(select(ApiToken.id, ApiToken.last_used_at, User).join(ApiToken.user)
                                   .where(ApiToken.token_hash == hash_token(raw.strip()))).one_or_none()
        if found is None:
            _bad_token("this API token is not valid (mistyped or revoked); create one at /settings/tokens")
        token_id, last_used_at, g.user = found
        _touch(token_id, last_used_at)
    elif request.method not in READS:
        raise ApiError(401, "changes need 'Authorization: Bearer <token>' (create one at /settings/tokens); "
                            "the browser session is accepted for reading only")
    elif g.user is None:
        raise ApiError(401, "send 'Authorization: Bearer <token>' (create one at /settings/tokens)")


def _bad_token(why: str):
    """401, or 429 once the client sent more bad tokens than RATELIMIT_API_BAD_TOKENS allows: each bad string
    has its own budget under RATELIMIT_API (keyed on the token), so the client's address counts these."""
    wait = rate_limits.failed_authentication()
    if wait is not None:
        raise ApiError(429, "too many requests with an invalid token from this address: wait the seconds the "
                            "Retry-After header gives", headers={"Retry-After": str(wait)})
    raise ApiError(401, why)


def _touch(token_id: int, last_used_at: datetime | None) -> None:
    # At most one write a minute: a script polling every few seconds need not write each time.
    moment = now()
    if last_used_at is None or moment - last_used_at > timedelta(minutes=1):
        db.session.execute(update(ApiToken).where(ApiToken.id == token_id).values(last_used_at=moment))
        db.session.commit()


@bp.errorhandler(ApiError)
def _api_error(exc: ApiError):
    # RFC 6750: a 401 names the scheme it wants.
    headers = {"WWW-Authenticate": 'Bearer realm="pbem"'} if exc.status == 401 else {}
    return error_response(exc.status, exc.message, {**headers, **exc.headers}, **exc.extra)


@bp.errorhandler(play.PlayError)
def _refused(exc: play.PlayError):
    status = 403 if isinstance(exc, play.NotAllowed) else 404 if isinstance(exc, play.NoSuchGame) else 409
    return error_response(status, str(exc))


def not_found(exc: HTTPException):
    """The app's 404 answer for /api/ paths (no route matched, so no blueprint handler runs)."""
    if request.url_rule is None:
        return error_response(404, f"there is no {request.method} {request.path} in this API; "
                                   "see /api/v1/openapi.json")
    return error_response(404, exc.description or "not found")


def wrong_method(exc: HTTPException):
    """The app's 405 answer for /api/ paths, naming the methods the path takes."""
    allowed = sorted(set(getattr(exc, "valid_methods", None) or ()) - {"HEAD", "OPTIONS"})
    return error_response(405, f"{request.method} is not allowed on {request.path}; use {', '.join(allowed)}",
                          headers={"Allow": ", ".join(allowed)})


def _load(schema: Schema, limit: int = MAX_BODY) -> dict:
    """The JSON object in the request body, validated by `schema`; 400 with the reasons otherwise."""
    if (request.content_length or 0) > limit:
        raise ApiError(413, f"the request body is larger than {limit} bytes")
    raw = request.get_data(cache=True)  # kept: a request run again on a fresh connection reads it again
    try:
        data = json.loads(raw) if raw.strip() else {}
    except (ValueError, RecursionError) as exc:
        raise ApiError(400, f"the request body is not valid JSON ({exc}); send a JSON object "
                            "with 'Content-Type: application/json'") from exc
    if not isinstance(data, dict):
        raise ApiError(400, "the request body must be a JSON object")
    if unstorable(data):
        # PostgreSQL stores neither NUL nor a lone surrogate ("\ud800" is valid JSON, not UTF-8): refuse
        # them here rather than fail there. The OpenAPI patterns say so for NUL.
        raise ApiError(400, "the request body contains a NUL character (\\u0000) or a lone surrogate "
                            "(\\ud800-\\udfff), which no text here may hold")
    return _validate(schema, data)


def _validate(schema: Schema, data) -> dict:
    try:
        return schema.load(data)
    except ValidationError as exc:
        reasons = "; ".join(_flatten(exc.messages))
        raise ApiError(400, f"invalid request: {reasons}", fields=exc.messages) from exc


def _flatten(messages, path: str = "") -> list[str]:
    if isinstance(messages, dict):
        return [line for key, value in messages.items()
                for line in _flatten(value, f"{path}.{key}" if path else str(key))]
    if isinstance(messages, list):
        return [line for item in messages for line in _flatten(item, path)]
    return [f"{path}: {messages}" if path else str(messages)]


# --- what a caller sees --------------------------------------------------------

def _game(game_id: int) -> Game:
    # Ids are 32-bit in the database: a larger number is simply no game, not a database error.
    # Its seats in the same query: every caller reads them.
    game = db.session.execute(select(Game).where(Game.id == game_id).options(joinedload(Game.seats))
                              ).unique().scalar_one_or_none() if game_id < 2**31 else None
    if game is None:
        raise ApiError(404, f"there is no game {game_id}")
    return game


def _playing_seat(game: Game) -> int:
    """The caller's engine seat in a started game: 403 if they do not play in it, 409 before the start."""
    seat = game.seat_of(g.user)
    if seat is None:
        raise ApiError(403, f"you are not playing in game {game.id}")
    if seat.position is None:
        raise ApiError(409, f"game {game.id} has not started (it is {game.status})")
    return seat.position


def _summary(game: Game, user: User) -> dict:
    mine = game.seat_of(user)
    return {
        "id": game.id, "slug": game.slug, "game": engine.get(game.slug).NAME, "title": game.title,
        "status": game.status, "host": game.host.name, "num_seats": game.num_seats, "version": game.version,
        "your_seat": mine.position if mine else None,
        "your_turn": bool(mine and game.status == "active" and mine.prompt_version is not None),
        "created_at": game.created_at, "updated_at": game.updated_at,
    }


def _seat(seat: Seat, game: Game, user: User) -> dict:
    invited = seat.user_id is None and not seat.is_bot
    return {
        "id": seat.id, "position": seat.position,
        # An invitation's address is the host's business, not every caller's.
        "name": "(invited)" if invited and game.host_id != user.id else seat.display_name,
        "is_bot": seat.is_bot, "invited": invited, "you": seat.user_id == user.id,
        "to_act": seat.prompt_version is not None,
        "waiting_since": seat.waiting_since, "deadline": seat.deadline,
    }


def _detail(game: Game, user: User) -> dict:
    rules = engine.get(game.slug)
    mine = game.seat_of(user)
    prompts = rules.pending(game.state) if game.status == "active" else []
    return {
        **_summary(game, user),
        "options": game.options, "turn_seconds": game.turn_seconds, "random_seating": game.random_seating,
        "started_at": game.started_at, "finished_at": game.finished_at,
        "seats": [_seat(s, game, user) for s in sorted(
            game.seats, key=lambda s: (s.position is None, s.position or 0, s.id))],
        "waiting_for": [{"seat": p.seat, "kind": p.kind} for p in prompts],
        "view": rules.view(game.state, mine.position if mine else None) if game.state is not None else None,
        "result": game.result,
    }


def _game_response(game_id: int, status: int = 200):
    response = jsonify(schemas.shared(schemas.GameDetailSchema).dump(_detail(_game(game_id), g.user)))
    response.status_code = status
    return response


# --- games and moves -----------------------------------------------------------

@bp.get("/games")
@documented("The caller's games, most recently changed first", response=schemas.GameListSchema,
            query=schemas.GameQuerySchema, errors=(400, 401))
def list_games():
    query = _validate(schemas.shared(schemas.GameQuerySchema), request.args.to_dict())
    stmt = (select(Game).join(Seat).where(Seat.user_id == g.user.id)
            .options(selectinload(Game.seats), selectinload(Game.host))
            .order_by(Game.updated_at.desc(), Game.id.desc()))
    if "status" in query:
        stmt = stmt.where(Game.status == query["status"])
    if "after" in query:
        # Keyset paging on (updated_at, id): a page never repeats or skips a game that did not change meanwhile.
        micros, game_id = (int(part) for part in query["after"].split("."))
        moment = EPOCH + timedelta(microseconds=micros)
        stmt = stmt.where(tuple_(Game.updated_at, Game.id) < tuple_(literal(moment), literal(game_id)))
    rows = db.session.scalars(stmt.limit(query["limit"] + 1)).unique().all()
    page, more = rows[:query["limit"]], len(rows) > query["limit"]
    last = page[-1] if more else None
    cursor = f"{(last.updated_at - EPOCH) // timedelta(microseconds=1)}.{last.id}" if last else None
    games = [_summary(game, g.user) for game in page]
    return jsonify(schemas.shared(schemas.GameListSchema).dump({"games": games, "next": cursor}))


@bp.post("/games")
@documented("Create a game in the lobby, the caller seated as host", body=schemas.CreateGameSchema,
            response=schemas.GameDetailSchema, status=201, errors=(400, 401))
def create_game():
    data = _load(schemas.shared(schemas.CreateGameSchema))
    try:
        game = play.create_game(g.user, data["slug"], seats=data["seats"], title=data.get("title"),
                                options=data["options"], turn_seconds=data.get("turn_seconds"),
                                random_seating=data["random_seating"], bots=data["bots"])
    except play.PlayError as exc:
        # Refused settings (players, bots, options) are a bad request, not a conflict with the game.
        raise ApiError(400, str(exc)) from exc
    if data.get("rated") is not None:
        game.rated = data["rated"]  # None: rated when every seat is a person (docs/ratings.md)
        db.session.commit()
    response = _game_response(game.id, 201)
    response.headers["Location"] = url_for("api.show_game", game_id=game.id)
    return response


@bp.get("/games/<int:game_id>")
@documented("One game as the caller may see it (a spectator's view unless they play in it)",
            response=schemas.GameDetailSchema, errors=(401, 404))
def show_game(game_id: int):
    return _game_response(game_id)


@bp.get("/games/<int:game_id>/legal")
@documented("What the caller is asked now and the commands legal for their seat",
            response=schemas.LegalSchema, errors=(401, 403, 404, 409))
def legal_moves(game_id: int):
    game = _game(game_id)
    seat = _playing_seat(game)
    rules = engine.get(game.slug)
    prompts = [p.kind for p in rules.pending(game.state) if p.seat == seat] if game.status == "active" else []
    try:
        commands = [str(m) for m in rules.legal(game.state, seat)] if prompts else []
    except engine.CommandError:
        commands = []
    return jsonify(schemas.shared(schemas.LegalSchema).dump(
        {"game_id": game.id, "seat": seat, "version": game.version, "prompts": prompts, "commands": commands}))


@bp.post("/games/<int:game_id>/moves")
@documented("Submit commands for the caller's seat (422: refused by the rules, with what is legal)",
            body=schemas.MoveSchema, response=schemas.OutcomeSchema, errors=(400, 401, 403, 404, 409, 422))
def submit_moves(game_id: int):
    if game_id >= 2**31:  # ids are 32-bit in the database: a larger number is simply no game
        raise ApiError(404, f"there is no game {game_id}")
    data = _load(schemas.shared(schemas.MoveSchema))
    # Scoped to the caller and game: someone else's key can never return their outcome.
    key = f"api:{g.user.id}:{game_id}:{data['key']}" if data.get("key") else None  # None: a fresh one, no lookup
    try:
        # The caller's seat is found in the game read under its lock (a read of its own was a statement more).
        outcome = play.submit(game_id, None, normalise_command_text(data["commands"]), "api", key, player=g.user,
                              expect_version=data.get("version"))
    except play.StaleForm as exc:
        raise ApiError(409, f"the game has moved on (you sent version {exc.shown}, it is now {exc.current}); "
                            "nothing was applied: look again and choose anew", version=exc.current) from exc
    response = jsonify(schemas.shared(schemas.OutcomeSchema).dump(outcome))
    response.status_code = 200 if outcome.ok else 422
    return response


@bp.get("/dashboard")
@documented("The caller's games grouped as on the dashboard page (also `GET /` with `Accept: application/json`)",
            response=schemas.DashboardSchema, errors=(401,))
def dashboard():
    return jsonify(dashboard_json(g.user))


# --- lobby ---------------------------------------------------------------------

@bp.post("/games/<int:game_id>/join")
@documented("Take a seat: your invitation if you have one, else a free seat",
            response=schemas.GameDetailSchema, errors=(401, 404, 409))
def join(game_id: int):
    play.join(_game(game_id).id, g.user)
    return _game_response(game_id)


@bp.post("/games/<int:game_id>/leave")
@documented("Give up your seat before the start (the host cancels the game instead)",
            response=schemas.GameDetailSchema, errors=(401, 404, 409))
def leave(game_id: int):
    play.leave(_game(game_id).id, g.user)
    return _game_response(game_id)


@bp.post("/games/<int:game_id>/start")
@documented("Start a full game (host only), optionally in a given seat order", body=schemas.StartSchema,
            response=schemas.GameDetailSchema, errors=(400, 401, 403, 404, 409))
def start(game_id: int):
    body = _load(schemas.shared(schemas.StartSchema))
    play.start_game(_game(game_id).id, g.user, body.get("order"))
    return _game_response(game_id)


@bp.post("/games/<int:game_id>/bots")
@documented("Fill one free seat with a bot (host only)", response=schemas.GameDetailSchema,
            errors=(401, 403, 404, 409))
def add_bot(game_id: int):
    play.add_bot(_game(game_id).id, g.user)
    return _game_response(game_id)


@bp.post("/games/<int:game_id>/invite")
@documented("Reserve a seat for an email address and mail an invitation (host only)",
            body=schemas.InviteSchema, response=schemas.GameDetailSchema, errors=(400, 401, 403, 404, 409))
def invite(game_id: int):
    game = _game(game_id)
    data = _load(schemas.shared(schemas.InviteSchema))
    play.invite(game.id, g.user, data["email"])
    rate_limits.invitation_sent()
    return _game_response(game_id)


# --- records, players, the finder ---------------------------------------------

@bp.get("/games/<int:game_id>/record")
@documented("The game's record (docs/records.md): all of it once finished; before that what the caller may see",
            response=schemas.RecordSchema, errors=(401, 404))
def game_record(game_id: int):
    game = _game(game_id)
    return jsonify(schemas.shared(schemas.RecordSchema).dump(records.record(game, g.user, whole=False)))


@bp.post("/games/import")
@documented("Import a finished game's record: every move is replayed through the rules (422 names the first that "
            "fails); the game is stored finished, unrated, with the caller as host",
            body=schemas.RecordSchema, response=schemas.GameDetailSchema, status=201, errors=(400, 401, 422))
def import_game():
    data = _load(schemas.shared(schemas.RecordSchema), MAX_RECORD)
    try:
        game = records.import_record(data, g.user)
    except records.Refused as exc:
        raise ApiError(422, exc.message, move=exc.move) from exc
    response = _game_response(game.id, 201)
    response.headers["Location"] = url_for("api.show_game", game_id=game.id)
    return response


@bp.get("/players/<int:player_id>")
@documented("A player's profile: games finished, wins, places, ratings and their history, recent and current games",
            response=schemas.ProfileSchema, errors=(401, 403, 404))
def player(player_id: int):
    user = players.find_player(player_id)
    if user is None:
        raise ApiError(404, f"there is no player {player_id}")
    if not players.may_see(g.user, user):
        raise ApiError(403, "this player shows their profile only to the players they have shared a table with")
    return jsonify(schemas.shared(schemas.ProfileSchema).dump(players.profile_data(user)))


@bp.get("/leaderboards/<slug>")
@documented("A game's leaderboard: players with enough rated games, best rating first",
            response=schemas.LeaderboardSchema, errors=(401, 404))
def leaderboard(slug: str):
    if slug not in engine.games():
        raise ApiError(404, f"there is no game {slug[:40]!r}; known: {', '.join(engine.games())}")
    return jsonify(schemas.shared(schemas.LeaderboardSchema).dump(players.leaderboard_data(slug, g.user)))


@bp.get("/open-games")
@documented("Games in the lobby with a free seat, filtered (game, seats free, players, pace, options, host's "
            "language, rated)", response=schemas.OpenGameListSchema, query=schemas.FinderQuerySchema, errors=(400, 401))
def open_games():
    query = _validate(schemas.shared(schemas.FinderQuerySchema), request.args.to_dict())
    found = finder.open_games(finder.Filters.from_query(query), limit=query["limit"])
    return jsonify(schemas.shared(schemas.OpenGameListSchema).dump({"games": [finder.summary(e) for e in found]}))


# --- the description -----------------------------------------------------------

ERRORS = {400: "The request is malformed; `fields` holds the reasons by field",
          401: "No valid bearer token (or a session cookie on a change)",
          403: "Not your game or seat, or only the host may do that", 404: "No such game",
          409: "Refused in the game's present state",
          413: f"The body is over {MAX_BODY} bytes ({MAX_RECORD} for an imported record)",
          422: "A command was refused by the rules: the outcome says which line, why, and what is legal",
          429: "Too many requests from this token or address (see docs/security.md): try again after "
               "`Retry-After` seconds",
          503: "The database is briefly unreachable: try again after `Retry-After` seconds"}
REFUSED_RECORD = "The record does not replay: `error` says why and `move` names the first move that fails"
# What a script may do next with a game it was answered (created, joined, started...): its id is the key.
GAME_LINKS = ("show_game", "legal_moves", "submit_moves", "join", "leave", "start", "add_bot", "invite", "game_record")


@bp.get("/openapi.json")
@documented("This API's description (OpenAPI 3); no authentication needed")
def openapi():
    return jsonify(openapi_document())


def openapi_document() -> dict:
    """The OpenAPI 3 description of every route of this blueprint, from the schemas and `documented`."""
    plugin = MarshmallowPlugin()
    spec = APISpec(
        title="pbem API", version="1", openapi_version="3.0.3", plugins=[plugin],
        info={"description": "Play-by-email board games for scripts. See docs/api.md."},
        servers=[{"url": current_app.config.get("BASE_URL") or request.host_url.rstrip("/")}],
    )
    spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer",
                                               "description": "a personal token from /settings/tokens"})
    spec.components.security_scheme("session", {"type": "apiKey", "in": "cookie",
                                                "name": current_app.config["SESSION_COOKIE_NAME"],
                                                "description": "the browser session; GET only"})
    spec.components.schema("Error", schema=schemas.ErrorSchema)
    spec.components.schema("Outcome", schema=schemas.OutcomeSchema)
    spec.components.schema("GameDetail", schema=schemas.GameDetailSchema)
    spec.components.schema("CreateGame", component=schemas.create_game_variants(
        plugin.converter.schema2jsonschema(schemas.CreateGameSchema)))
    spec.components.header("Retry-After", {"description": "seconds to wait before trying again",
                                           "schema": {"type": "integer", "minimum": 1}})
    paths: dict[str, dict] = {}
    for rule in sorted(current_app.url_map.iter_rules(), key=lambda r: r.rule):
        if rule.endpoint.partition(".")[0] != bp.name:
            continue
        doc = current_app.view_functions[rule.endpoint].openapi
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            paths.setdefault(re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule), {})[method.lower()] = \
                _operation(rule.endpoint, method, doc)
    for path, operations in paths.items():
        # Ids are 32-bit in the database; a larger one is answered 404 like any unknown game.
        params = [{"name": name, "in": "path", "required": True,
                   "schema": {"type": "string", "enum": list(engine.games())} if name == "slug" else {"type": "integer"}}
                  for name in re.findall(r"{(\w+)}", path)]
        spec.path(path=path, operations=operations, parameters=params)
    return spec.to_dict()


def _operation(endpoint: str, method: str, doc: dict) -> dict:
    def content(schema) -> dict:
        return {"application/json": {"schema": schema}}

    name = endpoint.partition(".")[2]
    ok = {"description": "Created" if doc["status"] == 201 else "OK",
          "content": content(doc["response"] or {"type": "object"})}
    if doc["response"] is schemas.GameDetailSchema:
        ok["links"] = {target: {"operationId": target, "parameters": {"game_id": "$response.body#/id"}}
                       for target in GAME_LINKS}
    op = {"operationId": name, "summary": doc["summary"], "responses": {str(doc["status"]): ok}}
    if endpoint == "api.openapi":
        op["security"] = []
    else:
        op["security"] = [{"bearer": []}, {"session": []}] if method in READS else [{"bearer": []}]
    if doc["body"] is not None:
        # The body as create_game takes it: one variant per game and player count (see schemas).
        body = "CreateGame" if doc["body"] is schemas.CreateGameSchema else doc["body"]
        op["requestBody"] = {"required": True, "content": content(body)}
        doc = {**doc, "errors": sorted({*doc["errors"], 400, 413})}
    if doc["query"] is not None:
        op["parameters"] = [{"in": "query", "schema": doc["query"]}]
    # Every request reads the database (the caller's session or token), so any may meet its absence;
    # every request counts against the caller's rate limit.
    for code in sorted({*doc["errors"], 429, 503}):
        replay = code == 422 and doc["response"] is not schemas.OutcomeSchema
        op["responses"][str(code)] = {"description": REFUSED_RECORD if replay else ERRORS[code],
                                      "content": content("Error" if replay or code != 422 else "Outcome")}
    for code in ("429", "503"):
        op["responses"][code]["headers"] = {"Retry-After": "Retry-After"}
    return op

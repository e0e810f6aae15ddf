"""The JSON API's request and response shapes (marshmallow), also the source of its OpenAPI description."""
from __future__ import annotations

import functools
import json
import re
from datetime import datetime, timezone

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from .. import addresses, engine, text_input

STATUSES = ("lobby", "active", "finished", "abandoned")
# The pattern of request text: the body is refused (400) for a NUL anywhere, PostgreSQL stores none.
NO_NUL = {"pattern": "^[^\\u0000]*$"}


class UtcDateTime(fields.DateTime):
    """A moment stored as naive UTC, written with its offset: 2026-11-24T01:02:15Z."""

    def _serialize(self, value: datetime | None, attr, obj, **kwargs) -> str | None:
        if value is None:
            return None
        moment = value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)
        return moment.isoformat(timespec="seconds").replace("+00:00", "Z")


class JsonBool(fields.Bool):
    """JSON true or false, nothing else (marshmallow would take 0, "yes" and "on", which the description does not)."""

    def _deserialize(self, value, attr, data, **kwargs) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


def _title(text: str | None) -> None:
    try:
        text_input.checked_title(text)
    except text_input.TextRefused as exc:
        raise ValidationError(str(exc)) from exc


def _known_game(slug: str) -> None:
    if slug not in engine.games():
        raise ValidationError(f"unknown game {slug!r}; known: {', '.join(engine.games())}")


class SeatSchema(Schema):
    """One place at the table as anyone may see it (no email addresses except to the host)."""

    id = fields.Int(metadata={"description": "the seat's id (what a start order names)"})
    position = fields.Int(allow_none=True, metadata={"description": "engine seat, from 0; null until the start"})
    name = fields.Str()
    is_bot = fields.Bool()
    invited = fields.Bool(metadata={"description": "an invitation not yet taken"})
    you = fields.Bool(metadata={"description": "this is the caller's seat"})
    to_act = fields.Bool(metadata={"description": "this seat is asked to act now"})
    waiting_since = UtcDateTime(allow_none=True)
    deadline = UtcDateTime(allow_none=True)


class PromptSchema(Schema):
    seat = fields.Int()
    kind = fields.Str(metadata={"description": "the decision asked, e.g. place or feed"})


class GameSummarySchema(Schema):
    id = fields.Int()
    slug = fields.Str(metadata={"description": "which rules engine"})
    game = fields.Str(metadata={"description": "the rules' display name"})
    title = fields.Str()
    status = fields.Str(validate=validate.OneOf(STATUSES))
    host = fields.Str()
    num_seats = fields.Int()
    version = fields.Int(metadata={"description": "number of moves applied; send it back to refuse stale moves"})
    your_seat = fields.Int(allow_none=True)
    your_turn = fields.Bool()
    created_at = UtcDateTime()
    updated_at = UtcDateTime()


class GameDetailSchema(GameSummarySchema):
    """A game as the caller may see it: the engine's view from their seat (a spectator's view otherwise)."""

    options = fields.Dict(keys=fields.Str(), values=fields.Raw())
    turn_seconds = fields.Int()
    random_seating = fields.Bool()
    started_at = UtcDateTime(allow_none=True)
    finished_at = UtcDateTime(allow_none=True)
    seats = fields.List(fields.Nested(SeatSchema))
    waiting_for = fields.List(fields.Nested(PromptSchema), metadata={"description": "who must act now, on what"})
    view = fields.Dict(keys=fields.Str(), values=fields.Raw(), allow_none=True,
                       metadata={"description": "the board from the caller's seat; null before the start"})
    result = fields.Dict(keys=fields.Str(), values=fields.Raw(), allow_none=True,
                         metadata={"description": "scores and ranking by seat, once finished"})


class GameListSchema(Schema):
    games = fields.List(fields.Nested(GameSummarySchema))
    next = fields.Str(allow_none=True, metadata={
        "description": "pass as `after` for the next page; null on the last page"})


class GameQuerySchema(Schema):
    status = fields.Str(validate=validate.OneOf(STATUSES))
    limit = fields.Int(load_default=50, validate=validate.Range(min=1, max=200),
                       metadata={"description": "games per page (1-200, default 50)"})
    # At most 17 digits of microseconds (the year 5138) and 10 of id: any cursor this allows is a
    # moment Python can hold and an id PostgreSQL can compare.
    after = fields.Str(validate=validate.Regexp(r"^\d{1,17}\.\d{1,10}$", error="not a `next` of this API"),
                       metadata={"description": "the `next` of the previous page"})


class StartSchema(Schema):
    order = fields.List(fields.Int(strict=True), validate=validate.Length(min=1, max=16), metadata={
        "description": "seat ids (`seats[].id`) in playing order; without it the order is random, "
                       "unless the game was created with random_seating false"})


class LegalSchema(Schema):
    game_id = fields.Int()
    seat = fields.Int()
    version = fields.Int()
    prompts = fields.List(fields.Str(), metadata={"description": "the kinds of decision asked of the caller"})
    commands = fields.List(fields.Str(), metadata={"description": "canonical command texts legal now"})


class MoveSchema(Schema):
    """Commands for the caller's seat, one per line or separated by ';', as in an email reply."""

    commands = fields.Str(required=True, validate=validate.Length(min=1, max=20_000), metadata={
        **NO_NUL, "description": "zero-width characters, bidi marks and full-width forms are made plain first"})
    key = fields.Str(validate=validate.Length(min=1, max=100),
                     metadata={**NO_NUL, "description": "idempotency key: a repeat returns the first outcome"})
    version = fields.Int(strict=True, allow_none=True,
                         metadata={"description": "the version you looked at; refused with 409 if it moved on"})


class AcknowledgedSchema(Schema):
    line = fields.Str(metadata={"description": "the command as sent"})
    message = fields.Str(metadata={"description": "what was already done there (English)"})


class OutcomeSchema(Schema):
    applied = fields.List(fields.Str())
    acknowledged = fields.List(fields.Nested(AcknowledgedSchema), metadata={
        "description": "commands naming what was already done (a place resolved by itself): not errors; the "
                       "commands after them ran"})
    error = fields.Str(allow_none=True)
    failed_line = fields.Str(allow_none=True)
    legal = fields.List(fields.Str())
    version = fields.Int()
    finished = fields.Bool()
    repeated = fields.Bool()
    queued = fields.List(fields.Str(), metadata={
        "description": "commands held behind another player's interrupt (a defence, a choice): applied as you when "
                       "the game asks you again this turn; dropped if the turn ends first"})
    queued_for = fields.List(fields.Str(), metadata={"description": "the names of the players answering it"})


class CreateGameSchema(Schema):
    slug = fields.Str(required=True, validate=_known_game)
    seats = fields.Int(strict=True, required=True, validate=validate.Range(min=1, max=16))
    title = fields.Str(allow_none=True, validate=_title, metadata={
        "maxLength": text_input.TITLE_MAX, "pattern": text_input.TITLE_PATTERN,
        "description": "one line of visible text, no control, bidi override or noncharacter characters (it is in "
                       "every mail's subject); blank: the game's name"})
    options = fields.Dict(keys=fields.Str(), values=fields.Raw(), load_default=dict)
    turn_seconds = fields.Int(strict=True, allow_none=True, validate=validate.Range(min=600, max=90 * 86400))
    bots = fields.Int(strict=True, load_default=0, validate=validate.Range(min=0))
    random_seating = JsonBool(load_default=True)
    rated = JsonBool(allow_none=True, load_default=None, metadata={
        "description": "whether the result counts for ratings; null or absent: rated when every seat is a person"})

    @validates_schema
    def _options_as_described(self, data: dict, **kwargs) -> None:
        # The engine's check compares loosely (0 == False, 15.0 == 15); the API takes what it describes.
        known = {option.name: option for option in engine.get(data["slug"]).OPTIONS}
        for name, value in data.get("options", {}).items():
            if name in known and not any(type(value) is type(v) and value == v for v in option_values(known[name])):
                raise ValidationError(f"option {name}={json.dumps(value)}: choose one of "
                                      f"{', '.join(json.dumps(v) for v in option_values(known[name]))}", "options")


def _address(text: str) -> None:
    try:
        addresses.normalise(text)
    except addresses.BadAddress as exc:
        raise ValidationError(f"not an address pbem can send to: {exc.why}") from exc


# The addresses the API takes, as its description says: ASCII local parts, domains of Latin letters
# (internationalised ones too: exämple.org is stored as xn--exmple-cua.org) that are not special-use.
# The web form takes what addresses.normalise takes; no JSON Schema can say all that it does.
_LABEL = "[A-Za-z0-9\u00e0-\u00f6\u00f8-\u00ff]([A-Za-z0-9\u00e0-\u00f6\u00f8-\u00ff-]{0,20}[A-Za-z0-9\u00e0-\u00f6\u00f8-\u00ff])?"
ADDRESS_PATTERN = (r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]{1,32}(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]{1,16}){0,2}"
                   rf"@({_LABEL}\.){{1,3}}(?!(test|localhost|invalid|local|onion|arpa)$)[A-Za-z]{{2,12}}$")


def _api_address(text: str) -> None:
    _address(text)
    if not re.fullmatch(ADDRESS_PATTERN, text):
        raise ValidationError("not an address the API takes: ASCII before the @, Latin letters in the domain "
                              "(the web form takes other internationalised addresses too)")


class InviteSchema(Schema):
    email = fields.Str(required=True, validate=[validate.Length(max=320), _api_address],
                       metadata={"description": "the invitee's address (see docs/mail.md, \"Addresses\")",
                                 "pattern": ADDRESS_PATTERN})


class ErrorSchema(Schema):
    error = fields.Str(required=True)
    fields_ = fields.Dict(data_key="fields", metadata={"description": "per-field messages (400 only)"})
    version = fields.Int(metadata={"description": "the current version (stale moves only)"})
    move = fields.Int(allow_none=True, metadata={"description": "an imported record's first move that does not "
                                                                "replay (its seq), if a move is at fault"})


class AwaitedSchema(Schema):
    name = fields.Str()
    since = UtcDateTime(allow_none=True)
    deadline = UtcDateTime(allow_none=True)
    you = fields.Bool()


class RankSchema(Schema):
    name = fields.Str()
    score = fields.Int(allow_none=True)
    place = fields.Int(allow_none=True)


class ResultSummarySchema(Schema):
    ranking = fields.List(fields.Nested(RankSchema), metadata={"description": "best first"})
    your_place = fields.Int(allow_none=True)


class DashboardGameSchema(Schema):
    """One game on the dashboard."""

    id = fields.Int()
    slug = fields.Str()
    game = fields.Str()
    title = fields.Str()
    status = fields.Str(validate=validate.OneOf(STATUSES))
    url = fields.Str(metadata={"description": "the game page"})
    host = fields.Str()
    num_seats = fields.Int()
    seats_taken = fields.Int()
    players = fields.List(fields.Str())
    version = fields.Int()
    your_seat = fields.Int(allow_none=True)
    your_turn = fields.Bool()
    waiting_since = UtcDateTime(allow_none=True, metadata={"description": "since when you are asked (UTC)"})
    deadline = UtcDateTime(allow_none=True, metadata={"description": "your deadline (UTC)"})
    awaited = fields.List(fields.Nested(AwaitedSchema), metadata={"description": "who is asked now, since when"})
    result = fields.Nested(ResultSummarySchema, allow_none=True)
    updated_at = UtcDateTime()


class DashboardSchema(Schema):
    """The caller's games grouped as on the dashboard page."""

    email_status = fields.Str(metadata={"description": "ok, bounced or complained"})
    waiting_for_me = fields.List(fields.Nested(DashboardGameSchema), metadata={"description": "oldest first"})
    waiting_for_others = fields.List(fields.Nested(DashboardGameSchema))
    lobby = fields.List(fields.Nested(DashboardGameSchema), metadata={"description": "your games not started"})
    invitations = fields.List(fields.Nested(DashboardGameSchema), metadata={"description": "seats kept for you"})
    open_games = fields.List(fields.Nested(DashboardGameSchema), metadata={"description": "games you may join"})
    finished = fields.List(fields.Nested(DashboardGameSchema))


# --- records (docs/records.md) ---------------------------------------------------

RECORD_TEXT = {**NO_NUL, "maxLength": 200}


class RecordEngineSchema(Schema):
    slug = fields.Str(required=True, validate=_known_game, metadata={"enum": list(engine.games())})
    name = fields.Str(validate=validate.Length(max=120), metadata=NO_NUL)
    pbem = fields.Str(validate=validate.Length(max=40), metadata={
        **NO_NUL, "description": "the version of pbem that wrote the record"})


class RecordGameSchema(Schema):
    id = fields.Int(allow_none=True, metadata={"description": "the game's id on the server that wrote the record"})
    title = fields.Str(allow_none=True, validate=validate.Length(max=text_input.TITLE_MAX), metadata=NO_NUL)
    status = fields.Str(allow_none=True, validate=validate.OneOf(STATUSES))
    options = fields.Dict(keys=fields.Str(), values=fields.Raw(), load_default=dict)
    players = fields.Int(allow_none=True)
    turn_seconds = fields.Int(allow_none=True)
    origin = fields.Str(allow_none=True, validate=validate.Length(max=16), metadata=NO_NUL)
    created_at = fields.Str(allow_none=True, validate=validate.Length(max=40), metadata=NO_NUL)
    started_at = fields.Str(allow_none=True, validate=validate.Length(max=40), metadata=NO_NUL)
    finished_at = fields.Str(allow_none=True, validate=validate.Length(max=40), metadata=NO_NUL)


class RecordPlayerSchema(Schema):
    seat = fields.Int(strict=True, allow_none=True, metadata={"description": "engine seat from 0; null before the start"})
    name = fields.Str(required=True, validate=validate.Length(min=1, max=80), metadata={
        **NO_NUL, "description": "the display name (never an address)"})
    bot = fields.Bool()


class RecordMoveSchema(Schema):
    seq = fields.Int(strict=True, metadata={"description": "the move's number in the record, from 1"})
    seat = fields.Int(strict=True, required=True)
    text = fields.Str(allow_none=True, validate=validate.Length(max=200), metadata={
        **RECORD_TEXT, "description": "the canonical command; null where the caller may not see it"})
    hidden = fields.Bool(metadata={"description": "another seat's move that told something the caller may not see"})
    at = fields.Str(allow_none=True, validate=validate.Length(max=40), metadata={**NO_NUL, "description": "UTC"})
    source = fields.Str(allow_none=True, validate=validate.Length(max=16), metadata=NO_NUL)


class RecordSchema(Schema):
    """A game record, version 1 (docs/records.md): what `GET .../record` answers and `POST /games/import` takes."""

    format = fields.Str(required=True, validate=validate.OneOf(["pbem-record"]))
    version = fields.Int(strict=True, required=True, validate=validate.OneOf([1]))
    engine = fields.Nested(RecordEngineSchema, required=True)
    game = fields.Nested(RecordGameSchema, load_default=dict)
    seed = fields.Str(allow_none=True, validate=validate.Length(max=64), metadata={
        **NO_NUL, "description": "the game's seed; null unless the record is complete (a game not over)"})
    players = fields.List(fields.Nested(RecordPlayerSchema), required=True, validate=validate.Length(max=16))
    moves = fields.List(fields.Nested(RecordMoveSchema), required=True, validate=validate.Length(max=5000))
    result = fields.Dict(keys=fields.Str(), values=fields.Raw(), allow_none=True)
    complete = fields.Bool(metadata={"description": "false: what one reader may see of a game not over"})
    viewer_seat = fields.Int(allow_none=True)
    view = fields.Dict(keys=fields.Str(), values=fields.Raw(), allow_none=True, metadata={
        "description": "the board as the caller sees it, for a game not over"})


# --- players and leaderboards -------------------------------------------------------

class LanguageSchema(Schema):
    code = fields.Str()
    name = fields.Str()


class PlaceCountSchema(Schema):
    place = fields.Int()
    count = fields.Int()


class RatingSchema(Schema):
    score = fields.Float(metadata={"description": "the shown rating, mu - 3 sigma"})
    mu = fields.Float()
    sigma = fields.Float()
    games = fields.Int(metadata={"description": "rated games counted"})


class RatingPointSchema(Schema):
    game_id = fields.Int()
    at = UtcDateTime()
    place = fields.Int()
    score = fields.Float()


class GameStatsSchema(Schema):
    slug = fields.Str()
    game = fields.Str()
    finished = fields.Int()
    wins = fields.Int()
    places = fields.List(fields.Nested(PlaceCountSchema))
    rating = fields.Nested(RatingSchema, allow_none=True)
    history = fields.List(fields.Nested(RatingPointSchema), metadata={"description": "oldest first"})


class ProfileGameSchema(Schema):
    id = fields.Int()
    title = fields.Str()
    slug = fields.Str()
    game = fields.Str()
    players = fields.Int()
    url = fields.Str()
    finished_at = UtcDateTime()
    place = fields.Int(allow_none=True)
    replay_url = fields.Str()


class CurrentGameSchema(Schema):
    id = fields.Int()
    title = fields.Str()
    slug = fields.Str()
    game = fields.Str()
    players = fields.Int()
    url = fields.Str()


class ProfileSchema(Schema):
    """A player as their profile shows them (no address)."""

    id = fields.Int()
    name = fields.Str()
    languages = fields.List(fields.Nested(LanguageSchema))
    member_since = UtcDateTime()
    games = fields.List(fields.Nested(GameStatsSchema))
    recent = fields.List(fields.Nested(ProfileGameSchema), metadata={"description": "finished games, newest first"})
    current = fields.List(fields.Nested(CurrentGameSchema), metadata={"description": "games being played"})


class LeaderSchema(Schema):
    rank = fields.Int()
    name = fields.Str()
    player_id = fields.Int(allow_none=True, metadata={"description": "null when the profile is hidden from you"})
    score = fields.Float()
    mu = fields.Float()
    sigma = fields.Float()
    games = fields.Int()


class LeaderboardSchema(Schema):
    slug = fields.Str()
    game = fields.Str()
    least_games = fields.Int(metadata={"description": "rated games needed to be listed"})
    players = fields.List(fields.Nested(LeaderSchema))


# --- the finder of open games -------------------------------------------------------

PACES = ("day", "days", "week")


class FinderQuerySchema(Schema):
    game = fields.Str(validate=_known_game, metadata={"enum": list(engine.games())})
    free = fields.Int(validate=validate.Range(min=1, max=16), metadata={"description": "at least this many seats free"})
    players = fields.Int(validate=validate.Range(min=1, max=16), metadata={"description": "the table's size"})
    pace = fields.Str(validate=validate.OneOf(PACES), metadata={
        "description": "time per turn: day (at most a day), days (over a day, at most 3), week (over 3 days)"})
    option = fields.Str(validate=validate.Regexp(r"^[a-z_][a-z0-9_]{0,39}=[^\u0000]{1,40}$"), metadata={
        "description": "an option's name and value, e.g. `pile=21`"})
    language = fields.Str(validate=validate.OneOf(("en", "ja", "fr", "de")), metadata={
        "description": "the host's language"})
    rated = fields.Str(validate=validate.OneOf(("true", "false")))
    limit = fields.Int(load_default=50, validate=validate.Range(min=1, max=200))


class OpenGameSchema(Schema):
    id = fields.Int()
    slug = fields.Str()
    game = fields.Str()
    title = fields.Str()
    host = fields.Str()
    host_language = fields.Str()
    num_seats = fields.Int()
    free = fields.Int(metadata={"description": "seats free (not taken nor invited)"})
    options = fields.Dict(keys=fields.Str(), values=fields.Raw())
    turn_seconds = fields.Int()
    pace = fields.Str(validate=validate.OneOf(PACES))
    rated = fields.Bool()
    created_at = UtcDateTime()
    url = fields.Str()


class OpenGameListSchema(Schema):
    games = fields.List(fields.Nested(OpenGameSchema))


def option_values(option, offered_only: bool = False) -> list:
    """The JSON values the API takes for a game option: each choice, also as text (as forms send it)."""
    choices = [option.default] if offered_only and option.unavailable else list(option.choices)
    return choices + [str(choice) for choice in choices if not isinstance(choice, str)]


def _choice(option, value):
    """The option's choice a JSON value stands for (forms and the API may send a choice as its text)."""
    return next((choice for choice in option.choices if str(choice) == str(value)), value)


def create_game_variants(common: dict) -> dict:
    """CreateGame as the API documents it: one variant per game and player count, so that every body the
    description allows is one create_game takes (the player count, bots below it, the options offered)."""
    variants = []
    for slug in engine.games():
        rules = engine.get(slug)
        defaults = {option.name: option.default for option in rules.OPTIONS}
        # Each player count the options offered allow (Stone Age's fifth seat with its expansion, when the host
        # offers it), with the choices that allow it: the other options kept at what allows the count.
        bases = [defaults] + [{**defaults, option.name: choice} for option in rules.OPTIONS
                              if not option.unavailable for choice in option.choices]
        for seats in sorted({n for base in bases for n in engine.players_allowed(rules, base)}):
            base = next(b for b in bases if seats in engine.players_allowed(rules, b))
            offered = {option.name: [value for value in option_values(option, offered_only=True)
                                     if seats in engine.players_allowed(rules, {**base,
                                                                                option.name: _choice(option, value)})]
                       for option in rules.OPTIONS}
            needed = [name for name in base if base[name] != defaults[name]]  # the choice that allows the count
            options = {"type": "object", "additionalProperties": False, "default": {},
                       "properties": {name: {"enum": choices} for name, choices in offered.items()}}
            variant = {**common, "title": f"{rules.NAME}, {seats} players", "properties": {
                **common["properties"],
                "slug": {"type": "string", "enum": [slug]},
                "seats": {"type": "integer", "enum": [seats]},
                "bots": {"type": "integer", "minimum": 0, "maximum": seats - 1, "default": 0},
                "options": {**options, "required": needed} if needed else options,
            }}
            if needed:
                variant["required"] = sorted({*common.get("required", ()), "options"})
            variants.append(variant)
    return {"oneOf": variants}


@functools.cache
def shared(schema: type[Schema]) -> Schema:
    """One instance of `schema` for every request: building one (its fields bound, its hooks found) cost more
    than the load or dump itself, and a marshmallow 4 schema keeps nothing between calls."""
    return schema()

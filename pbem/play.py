"""The domain verbs: each owns one transaction (lobby, start, submit a move, replay)."""
from __future__ import annotations

import random
import re
import secrets
from dataclasses import asdict, dataclass, field
from typing import Iterable

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from . import engine
from .clock import now
from .deadlines import (VACATION_DAYS_PER_YEAR, deadline_after, deadline_after_pause, reminder_due, time_left,
                        vacation_days, whole_days)
from .extensions import db
from .languages import in_each_locale
from .mail import outbound
from .models import ChatMessage, Game, GameNote, Move, Seat, Submission, User

MAX_BOT_MOVES = 20_000  # a safety net: one submission never runs bots forever


class PlayError(Exception):
    """A request the service refuses (not your game, not started, full...); the message says why.

    `message` is an English sentence with %(name)s places for `values`; it is also the key of
    its translations (pybabel extracts it: `-k PlayError` and the subclasses, see babel.cfg).
    `str()` is English, for logs and the API; people read `localized()`.
    """

    def __init__(self, message: str, **values):
        super().__init__(message % values if values else message)
        self.message, self.values = message, values

    def localized(self) -> str:
        """The message in the current locale (the page's, or the one an answer is written in)."""
        from flask_babel import gettext

        return gettext(self.message, **self.values)


class NotAllowed(PlayError):
    """The caller may not do this (not the host, not seated)."""


class NoSuchGame(PlayError):
    """There is no game with that id."""


class StaleForm(PlayError):
    """The form was built for an earlier version of the game."""

    def __init__(self, shown: int, current: int):
        super().__init__("the game has moved on since this form was shown (move %(shown)d, now move %(current)d); "
                         "nothing was applied: look at the board again and choose anew", shown=shown, current=current)
        self.shown, self.current = shown, current


@dataclass
class Outcome:
    """What a submission did: the commands applied, or the line that failed and why."""

    applied: list[str] = field(default_factory=list)
    error: str | None = None
    failed_line: str | None = None
    legal: list[str] = field(default_factory=list)
    version: int = 0
    finished: bool = False
    repeated: bool = False  # the key was seen before: this is the first outcome, returned again
    error_local: dict[str, str] = field(default_factory=dict)  # `error` in the other languages, by locale

    @property
    def ok(self) -> bool:
        return self.error is None

    def error_in(self, locale: str) -> str | None:
        """Why the failing line failed, in `locale` where the game or service has the words."""
        return self.error_local.get(locale, self.error)

    def fail(self, exc: engine.CommandError, line: str | None, legal: list[str]) -> None:
        self.error, self.failed_line, self.legal = exc.message, line, legal
        self.error_local = in_each_locale(exc.in_locale)

    def to_dict(self) -> dict:
        data = asdict(self)
        data.pop("repeated")
        return data

    @classmethod
    def from_dict(cls, data: dict, **extra) -> "Outcome":
        return cls(**{**data, **extra})


def _commit() -> None:
    """Commit, then ask for delivery of any mail this transaction queued (never before the commit)."""
    queued = db.session.info.pop("outbox_queued", False)
    db.session.commit()
    if queued:
        from .tasks import kick_delivery
        kick_delivery()


# --- lobby ---------------------------------------------------------------------

def create_game(host: User, slug: str, *, seats: int, title: str | None = None, options: dict | None = None,
                turn_seconds: int | None = None, random_seating: bool = True, bots: int = 0,
                seed: str | None = None, weekend_pause: bool = False, timeout_extensions: int = 1,
                replace_after: int = 3) -> Game:
    """A new game in the lobby with the host seated (and `bots` bot seats); refuses bad settings.

    The timeout policy: extend a missed deadline `timeout_extensions` times, then let the bot
    play the turn; after `replace_after` such turns the bot keeps the seat.
    """
    try:
        rules = engine.get(slug)
    except KeyError as exc:
        raise PlayError("%(why)s", why=str(exc.args[0])) from exc
    try:
        options = engine.check_options(rules, options)
    except engine.CommandError as exc:
        raise PlayError("%(why)s", why=exc.message) from exc
    for option in rules.OPTIONS:
        if option.unavailable and options[option.name] != option.default:
            raise PlayError("option %(option)s is not available yet: %(why)s",
                            option=f"{option.name}={options[option.name]}", why=option.unavailable)
    allowed = rules.players_allowed(options) if hasattr(rules, "players_allowed") else rules.PLAYERS
    if seats not in allowed:
        raise PlayError("%(game)s is for %(allowed)s players, not %(seats)d",
                        game=rules.NAME, allowed=", ".join(map(str, allowed)), seats=seats)
    if not 0 <= bots < seats:
        raise PlayError("a game of %(seats)d can have 0 to %(most)d bots", seats=seats, most=seats - 1)
    if not 0 <= timeout_extensions <= 10:
        raise PlayError("a missed deadline can be extended 0 to 10 times, not %(n)s", n=timeout_extensions)
    if not 1 <= replace_after <= 20:
        raise PlayError("the bot may take a seat after 1 to 20 missed turns, not %(n)s", n=replace_after)
    game = Game(slug=slug, title=(title or rules.NAME).strip()[:120], options=options,
                seed=seed or secrets.token_hex(8), host=host, num_seats=seats,
                random_seating=random_seating,
                turn_seconds=turn_seconds or 2 * 24 * 3600, weekend_pause=bool(weekend_pause),
                timeout_extensions=timeout_extensions, replace_after=replace_after)
    game.seats.append(Seat(user=host))
    for _ in range(bots):
        game.seats.append(Seat(is_bot=True))
    db.session.add(game)
    _commit()
    return game


def _lobby_game(game_id: int) -> Game:
    game = _lock(game_id)
    if game.status != "lobby":
        if game.status == "active":
            raise PlayError("game %(game)d has already started", game=game_id)
        raise PlayError("game %(game)d is over or was cancelled", game=game_id)
    return game


def invite(game_id: int, host: User, email: str) -> Seat:
    """Reserve a seat for `email` and mail them an invitation."""
    email = email.strip().lower()
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", email):
        raise PlayError("%(address)s is not an email address", address=repr(email))
    try:
        game = _lobby_game(game_id)
        _check_host(game, host)
        if any(s.invited_email == email or (s.user and s.user.email == email) for s in game.seats):
            raise PlayError("%(address)s is already invited to this game", address=email)
        _check_room(game)
        seat = Seat(invited_email=email)
        game.seats.append(seat)
        db.session.flush()
        outbound.queue_invitation(game, email)
        _commit()
        return seat
    except BaseException:
        db.session.rollback()
        raise


def join(game_id: int, user: User) -> Seat:
    """Seat `user` in a lobby game: their invitation if they have one, else a free seat."""
    try:
        game = _lobby_game(game_id)
        if any(s.user_id == user.id for s in game.seats):
            raise PlayError("you are already seated in this game")
        seat = next((s for s in game.seats if s.user_id is None and s.invited_email == user.email), None)
        if seat is None:
            _check_room(game)
            seat = Seat()
            game.seats.append(seat)
        seat.user = user
        seat.invited_email = None
        _commit()
        return seat
    except BaseException:
        db.session.rollback()
        raise


def leave(game_id: int, user: User) -> None:
    """Give up a seat in a lobby game; the host cancels the game instead."""
    try:
        game = _lobby_game(game_id)
        seat = next((s for s in game.seats if s.user_id == user.id), None)
        if seat is None:
            raise PlayError("you are not seated in this game")
        if game.host_id == user.id:
            game.status = "abandoned"
        else:
            game.seats.remove(seat)
        _commit()
    except BaseException:
        db.session.rollback()
        raise


def add_bot(game_id: int, host: User) -> Seat:
    """Fill one free seat with a bot."""
    try:
        game = _lobby_game(game_id)
        _check_host(game, host)
        _check_room(game)
        seat = Seat(is_bot=True)
        game.seats.append(seat)
        _commit()
        return seat
    except BaseException:
        db.session.rollback()
        raise


def start_game(game_id: int, user: User, order: list[int] | None = None) -> Game:
    """Start a full lobby game: seat order (random unless the host fixed it), setup, first prompts."""
    try:
        game = _lobby_game(game_id)
        _check_host(game, user)
        taken = [s for s in game.seats if s.is_bot or s.user_id is not None]
        if len(taken) != game.num_seats:
            waiting = [s.invited_email for s in game.seats if s.user_id is None and not s.is_bot]
            if waiting:
                raise PlayError("%(taken)d of %(seats)d seats are taken; waiting for %(waiting)s",
                                taken=len(taken), seats=game.num_seats, waiting=", ".join(waiting))
            raise PlayError("%(taken)d of %(seats)d seats are taken", taken=len(taken), seats=game.num_seats)
        seats = list(taken)
        if order is not None:
            if sorted(order) != sorted(s.id for s in seats):
                raise PlayError("the seat order must name every seat once")
            seats.sort(key=lambda s: order.index(s.id))
        elif game.random_seating:
            random.Random(game.seed).shuffle(seats)
        for position, seat in enumerate(seats):
            seat.position = position
        rules = engine.get(game.slug)
        game.state = rules.setup(game.num_seats, game.options, game.seed)
        game.status = "active"
        game.started_at = now()
        game.version = 0
        db.session.flush()
        _advance(game, rules, _Waits(game))
        _commit()
        return game
    except BaseException:
        db.session.rollback()
        raise


def _check_host(game: Game, user: User) -> None:
    if game.host_id != user.id:
        raise NotAllowed("only the host may do that")


def _check_room(game: Game) -> None:
    if len(game.seats) >= game.num_seats:
        raise PlayError("all %(seats)d seats are taken or invited", seats=game.num_seats)


# --- moves ---------------------------------------------------------------------

def split_commands(text: str) -> list[str]:
    """The command lines of a text: one per line or separated by ';', blanks dropped."""
    return [part.strip() for line in text.splitlines() for part in line.split(";") if part.strip()]


def submit(game_id: int, seat: int, text: str, source: str, key: str, expect_version: int | None = None) -> Outcome:
    """Apply `text` (one or more commands) for `seat` in one transaction; a repeated `key` returns the first outcome.

    Commands apply in order and stop at the first that fails: the ones before it stay
    applied (each was legal), and the outcome names the failing line and what is legal.
    A form passes `expect_version`: if the game has moved since it was shown, nothing applies.
    """
    try:
        game = _lock(game_id)
        seen = db.session.scalar(select(Submission).where(Submission.key == key))
        if seen is not None and (seen.game_id, seen.seat) != (game.id, seat):
            # Keys come from outside (Message-IDs, form nonces): never hand one seat another's outcome.
            db.session.rollback()
            raise PlayError("this submission key was already used for another game or seat; nothing was applied")
        if seen is not None:
            first = Outcome.from_dict(seen.outcome, repeated=True)
            db.session.rollback()
            return first
        if expect_version is not None and expect_version != game.version:
            db.session.rollback()
            raise StaleForm(expect_version, game.version)
        submission = Submission(game_id=game.id, key=key, seat=seat, source=source, text=text[:20_000],
                                outcome={})
        db.session.add(submission)
        outcome = _apply_commands(game, seat, text, source, submission)
        submission.outcome = outcome.to_dict()
        _commit()
        return outcome
    except IntegrityError:
        # The same key raced in on another connection and won: report its outcome.
        db.session.rollback()
        seen = db.session.scalar(select(Submission).where(Submission.key == key))
        if seen is None:
            raise
        return Outcome.from_dict(seen.outcome, repeated=True)
    except BaseException:
        db.session.rollback()
        raise


def _apply_commands(game: Game, seat: int, text: str, source: str, submission: Submission) -> Outcome:
    if game.status != "active":
        raise PlayError("game %(game)d is not being played (it is %(status)s)", game=game.id, status=game.status)
    if not 0 <= seat < game.num_seats:
        raise PlayError("game %(game)d has no seat %(seat)d", game=game.id, seat=seat)
    rules = engine.get(game.slug)
    outcome = Outcome(version=game.version)
    lines = split_commands(text)
    if not lines:
        outcome.fail(_service_error("no command found"), None, _legal_texts(rules, game.state, seat))
        return outcome
    waits = _Waits(game)
    state = game.state
    pending = [p.seat for p in rules.pending(state)]
    for line in lines:
        try:
            for move in _parse_in_turn(game, rules, line, state, seat, pending):
                state, events = rules.apply(state, seat, move)
                game.state = state
                _append_move(game, seat, str(move), source, events, submission)
                pending = [p.seat for p in rules.pending(state)]
                waits.update(pending, game.version)
                outcome.applied.append(str(move))
        except engine.CommandError as exc:
            outcome.fail(exc, line, list(exc.legal) or _legal_texts(rules, state, seat))
            break
    game.state = state
    if outcome.applied:
        _advance(game, rules, waits)
    outcome.version = game.version
    outcome.finished = game.status == "finished"
    return outcome


def _parse_in_turn(game: Game, rules, line: str, state, seat: int, pending: list[int]) -> list:
    """The moves of `line`; a seat that is not asked may still make moves the engine allows any time."""
    if seat in pending:
        return rules.parse(line, state, seat)
    try:
        moves = rules.parse(line, state, seat)
        for move in moves:
            rules.apply(state, seat, move)  # a dry run: only moves legal out of turn pass
        return moves
    except engine.CommandError as exc:
        raise _not_your_turn(game, pending, line) from exc


def _service_error(message: str, text: str | None = None, **values) -> engine.IllegalMove:
    """A refusal worded by the service (not the game), translated like the rest of its texts."""
    from flask_babel import gettext

    return engine.IllegalMove(message % values, text=text, local=lambda _locale: gettext(message, **values))


def _not_your_turn(game: Game, waiting: list[int], line: str) -> engine.IllegalMove:
    if not waiting:
        return _service_error("the game is over", line)
    names = [game.seat_at(s).display_name for s in sorted(set(waiting)) if game.seat_at(s)]
    return _service_error("it is not your turn: waiting for %(names)s", line, names=", ".join(names))


def _legal_texts(rules, state, seat: int, limit: int = 12) -> list[str]:
    """A short list of what `seat` could send now (a game may summarise: templates and examples)."""
    try:
        if hasattr(rules, "legal_texts"):
            return list(rules.legal_texts(state, seat))[:limit]
        return [str(m) for m in rules.legal(state, seat)[:limit]]
    except engine.CommandError:
        return []


def _append_move(game: Game, seat: int, text: str, source: str, events: list,
                 submission: Submission | None = None) -> Move:
    game.version += 1
    rules = engine.get(game.slug)
    # Scores after the move, for the score-over-time chart (games without a score track keep None).
    scores = rules.scores(game.state) if hasattr(rules, "scores") else None
    move = Move(game_id=game.id, seq=game.version, seat=seat, text=text, source=source, events=events,
                submission=submission, scores=scores)
    db.session.add(move)
    return move


class _Waits:
    """Which seats are asked since which version: a prompt lasts while its seat stays pending."""

    def __init__(self, game: Game):
        self.asked = {s.position: s.prompt_version for s in game.seats if s.prompt_version is not None}

    def update(self, pending: list[int], version: int) -> None:
        for seat in list(self.asked):
            if seat not in pending:
                del self.asked[seat]
        for seat in pending:
            self.asked.setdefault(seat, version)


def _advance(game: Game, rules, waits: _Waits) -> None:
    """Let bots play their turns, then record who is now asked and since when, and queue their mail."""
    bot_seats = {s.position for s in game.seats if s.is_bot}
    state = game.state
    pending = [p.seat for p in rules.pending(state)]
    waits.update(pending, game.version)
    for _ in range(MAX_BOT_MOVES):
        bot = next((s for s in pending if s in bot_seats), None)
        if bot is None:
            break
        # Seeded by position in the log, so a bot's choice is the same on every run.
        move = rules.bot_move(state, bot, random.Random(f"{game.seed}:{game.version}"))
        state, events = rules.apply(state, bot, move)
        game.state = state
        _append_move(game, bot, str(move), "bot", events)
        pending = [p.seat for p in rules.pending(state)]
        waits.update(pending, game.version)
    game.state = state
    moment = now()
    for seat in game.seats:
        version = waits.asked.get(seat.position)
        if version == seat.prompt_version:
            continue
        seat.prompt_version = version
        seat.waiting_since = moment if version is not None else None
        seat.deadline = (deadline_after(turn_clock_start(seat, moment), game.turn_seconds, game.weekend_pause)
                         if version is not None else None)
        seat.reminded = 0
        seat.extensions_used = 0
        if version is not None and not seat.is_bot and seat.user is not None:
            outbound.queue_turn(game, seat)
    if not pending:
        game.status = "finished"
        game.finished_at = moment
        result = rules.result(state)
        game.result = result.to_dict() if result else None
        for seat in game.seats:
            if seat.user is not None:
                outbound.queue_game_over(game, seat)


def _lock(game_id: int) -> Game:
    """The game row, locked for this transaction (SELECT ... FOR UPDATE; SQLite locks at BEGIN)."""
    game = db.session.execute(
        select(Game).where(Game.id == game_id).with_for_update().execution_options(populate_existing=True)
    ).scalar_one_or_none()
    if game is None:
        raise NoSuchGame("there is no game %(game)s", game=game_id)
    return game


# --- table talk -----------------------------------------------------------------

def say(game_id: int, user: User, text: str) -> ChatMessage:
    """Table talk from a seated player to everyone at the table (mailed to the others)."""
    text = text.strip()[:2000]
    if not text:
        raise PlayError("say what? write the text after the word")
    try:
        game = _lock(game_id)
        if not any(s.user_id == user.id for s in game.seats):
            raise NotAllowed("only players at this table may talk here")
        message = ChatMessage(game_id=game.id, user_id=user.id, text=text)
        db.session.add(message)
        db.session.flush()
        outbound.queue_chat(game, user, message)
        _commit()
        return message
    except BaseException:
        db.session.rollback()
        raise


# --- deadlines -------------------------------------------------------------------

def due_seats(moment) -> list[tuple[int, int]]:
    """(game id, seat) of every human seat whose deadline has passed, oldest first."""
    rows = db.session.execute(
        select(Seat.game_id, Seat.position).join(Game)
        .where(Game.status == "active", Seat.deadline <= moment, Seat.is_bot.is_(False))
        .order_by(Seat.deadline)).all()
    return [(g, s) for g, s in rows]


def expire_turn(game_id: int, seat: int, moment=None) -> str | None:
    """Apply the host's timeout policy to a seat whose deadline passed; what was done (None: nothing was due).

    Safe to run twice: it re-checks the deadline under the game lock.
    """
    moment = moment or now()
    try:
        game = _lock(game_id)
        row = game.seat_at(seat)
        if game.status != "active" or row is None or row.is_bot or row.deadline is None or row.deadline > moment:
            db.session.rollback()
            return None
        rules = engine.get(game.slug)
        name = row.display_name
        played: list[str] = []
        replaced = False
        if row.extensions_used < game.timeout_extensions:
            row.extensions_used += 1
            row.deadline = deadline_after(moment, game.turn_seconds, game.weekend_pause)
            row.reminded = 0
            done = f"{name} did not move in time: the deadline is extended to {row.deadline:%Y-%m-%d %H:%M} UTC " \
                   f"(extension {row.extensions_used} of {game.timeout_extensions})"
        else:
            waits = _Waits(game)
            state = game.state
            # The bot answers this seat's whole prompt: every decision it is asked in a row.
            for _ in range(MAX_BOT_MOVES):
                move = rules.bot_move(state, seat, random.Random(f"{game.seed}:{game.version}"))
                state, events = rules.apply(state, seat, move)
                game.state = state
                _append_move(game, seat, str(move), "timeout", events)
                played.append(str(move))
                waits.update([p.seat for p in rules.pending(state)], game.version)
                if waits.asked.get(seat) != row.prompt_version:
                    break
            game.state = state
            row.timeouts += 1
            done = f"{name} did not move in time: the bot played {'; '.join(played)}"
            if row.timeouts >= game.replace_after:
                row.is_bot = True
                row.replaced = True
                replaced = True
                done += f". After {row.timeouts} missed turns the bot takes over {name}'s seat for good"
            _advance(game, rules, waits)
        if played:
            _note(game, "bot_played", seat, moves=played, replaced=replaced, timeouts=row.timeouts)
        else:
            _note(game, "extended", seat, deadline=row.deadline.isoformat(), n=row.extensions_used,
                  of=game.timeout_extensions)
        outbound.queue_timeout_notice(game, row, f"timeout:{game.id}:{seat}:{game.version}:{row.extensions_used}",
                                      extended=not played, played=played, replaced=replaced)
        _commit()
        return done
    except BaseException:
        db.session.rollback()
        raise


def send_reminders(moment=None) -> int:
    """Queue the reminders that are due (24 h and 4 h before a deadline); the number queued.

    Players on vacation get none: their deadlines wait, and the reminders come after.
    """
    moment = moment or now()
    seats = db.session.scalars(
        select(Seat).join(Game).where(Game.status == "active", Seat.deadline.is_not(None),
                                      Seat.is_bot.is_(False), Seat.reminded < 2)
        .with_for_update(of=Seat, skip_locked=True)).all()
    count = 0
    for seat in seats:
        if seat.user is not None and on_vacation(seat.user, moment):
            continue
        if reminder_due(seat.deadline, seat.reminded, moment):
            seat.reminded += 1
            if seat.user is not None and seat.user.reminders:
                outbound.queue_reminder(seat.game, seat)
                count += 1
    _commit()
    return count


def on_vacation(user: User, moment) -> bool:
    return user.vacation_from is not None and user.vacation_until is not None and user.vacation_until > moment


def turn_clock_start(seat: Seat, moment):
    """When a new prompt's clock starts: now, or when the player's vacation ends."""
    if seat.user is not None and on_vacation(seat.user, moment):
        return seat.user.vacation_until
    return moment


def vacation_days_left(user: User, moment=None) -> int:
    """Days of vacation `user` may still take this (UTC) year."""
    moment = moment or now()
    used = user.vacation_days_used if user.vacation_year == moment.year else 0
    return max(0, vacation_allowance() - used)


def vacation_allowance() -> int:
    from flask import current_app

    return int(current_app.config.get("VACATION_DAYS_PER_YEAR", VACATION_DAYS_PER_YEAR))


def _active_games_of(user: User) -> list[Game]:
    """Every active game `user` plays in, locked, in id order (one order for every caller: no deadlock)."""
    ids = db.session.scalars(select(Seat.game_id).join(Game).where(
        Seat.user_id == user.id, Game.status == "active", Seat.is_bot.is_(False)).order_by(Seat.game_id)).all()
    return [_lock(game_id) for game_id in ids]


def _note(game: Game, kind: str, seat: int | None, **data) -> None:
    """Write a step of the service into the game's log (shown on the game page beside the moves)."""
    row = game.seat_at(seat) if seat is not None else None
    if row is not None:
        data["name"] = row.user.name if row.user is not None else row.display_name  # as they were called then
    db.session.add(GameNote(game_id=game.id, seat=seat, kind=kind, data=data))


def _seat_of(game: Game, user: User) -> int | None:
    return next((s.position for s in game.seats if s.user_id == user.id), None)


def start_vacation(user: User, until, moment=None) -> list[Game]:
    """Pause `user`'s deadlines in every active game until `until`, within the yearly allowance; the games told.

    The pause shifts each waiting deadline by the vacation's length, and a prompt that comes
    during the vacation gets its clock started at its end; the other players are mailed.
    """
    moment = moment or now()
    try:
        user = db.session.execute(select(User).where(User.id == user.id).with_for_update()
                                  .execution_options(populate_existing=True)).scalar_one()
        if on_vacation(user, moment):
            raise PlayError("you are already on vacation until %(until)s UTC; end it first",
                            until=f"{user.vacation_until:%Y-%m-%d %H:%M}")
        if until <= moment:
            raise PlayError("a vacation must end in the future")
        days = vacation_days(moment, until)
        left = vacation_days_left(user, moment)
        if days > left:
            raise PlayError("%(days)d days of vacation asked, %(left)d left this year", days=days, left=left)
        if user.vacation_year != moment.year:
            user.vacation_year, user.vacation_days_used = moment.year, 0
        user.vacation_days_used += days
        user.vacation_from, user.vacation_until = moment, until
        games = _active_games_of(user)
        for game in games:
            for seat in game.seats:
                if seat.user_id == user.id and seat.deadline is not None and not seat.is_bot:
                    seat.deadline = deadline_after_pause(seat.deadline, moment, until, game.weekend_pause)
        for game in games:
            _note(game, "vacation_start", _seat_of(game, user), until=until.isoformat())
        outbound.queue_vacation_notice(user, games, True, f"{user.id}:{moment:%Y%m%d%H%M%S}:start")
        _commit()
        return games
    except BaseException:
        db.session.rollback()
        raise


def end_vacation(user: User, moment=None) -> list[Game]:
    """End `user`'s vacation (early, or when it is over): deadlines run again; unused whole days come back."""
    moment = moment or now()
    try:
        user = db.session.execute(select(User).where(User.id == user.id).with_for_update()
                                  .execution_options(populate_existing=True)).scalar_one()
        if user.vacation_from is None:
            db.session.rollback()
            return []
        started, until = user.vacation_from, user.vacation_until
        early = time_left(until, moment) if until is not None else None
        games = _active_games_of(user)
        if early:
            # Back early: take back the part of the pause not used (a prompt that came during the
            # vacation had its clock started at `until`, so this starts it now instead).
            for game in games:
                for seat in game.seats:
                    if seat.user_id == user.id and seat.deadline is not None and not seat.is_bot:
                        seat.deadline = deadline_after_pause(seat.deadline, until, moment, game.weekend_pause)
            if user.vacation_year == moment.year:
                user.vacation_days_used = max(0, user.vacation_days_used - whole_days(early))
        user.vacation_until = min(until, moment) if until is not None else moment
        for game in games:
            _note(game, "vacation_end", _seat_of(game, user))
        outbound.queue_vacation_notice(user, games, False, f"{user.id}:{started:%Y%m%d%H%M%S}:end")
        user.vacation_from = None
        _commit()
        return games
    except BaseException:
        db.session.rollback()
        raise


def end_due_vacations(moment=None) -> int:
    """End every vacation whose time is up (the beat calls this); the number ended."""
    moment = moment or now()
    users = db.session.scalars(select(User).where(User.vacation_from.is_not(None),
                                                  User.vacation_until <= moment)).all()
    for user in users:
        end_vacation(user, moment)
    return len(users)


def scan(moment=None) -> dict:
    """Everything the clock makes due, for the beat: timeouts, reminders, vacations ending, daily digests.

    Each step is safe to run twice (row locks and dedupe keys); a PostgreSQL advisory lock
    keeps two overlapping scans from doing the same work at once.
    """
    moment = moment or now()
    done = {"expired": 0, "reminders": 0, "vacations": 0, "digests": 0, "skipped": False}
    with _ScanLock() as mine:
        if not mine:
            done["skipped"] = True
            return done
        for game_id, seat in due_seats(moment):
            if expire_turn(game_id, seat, moment):
                done["expired"] += 1
        done["vacations"] = end_due_vacations(moment)
        done["reminders"] = send_reminders(moment)
        done["digests"] = outbound.queue_digests(moment)
        _commit()
    return done


class _ScanLock:
    """A session-level advisory lock on its own connection (PostgreSQL); elsewhere always granted."""

    KEY = 0x70626D73  # "pbms"

    def __enter__(self) -> bool:
        self.conn = None
        if db.engine.dialect.name != "postgresql":
            return True
        self.conn = db.engine.connect()
        got = self.conn.exec_driver_sql(f"SELECT pg_try_advisory_lock({self.KEY})").scalar()
        self.conn.commit()
        return bool(got)

    def __exit__(self, *exc) -> None:
        if self.conn is not None:
            self.conn.exec_driver_sql(f"SELECT pg_advisory_unlock({self.KEY})")
            self.conn.commit()
            self.conn.close()


# --- checks --------------------------------------------------------------------

def replay(game: Game) -> list[str]:
    """Re-apply the stored moves from the seed; the differences from the stored state (empty: all good)."""
    rules = engine.get(game.slug)
    if game.state is None:
        return []
    state = rules.setup(game.num_seats, game.options, game.seed)
    problems = []
    moves: Iterable[Move] = db.session.scalars(
        select(Move).where(Move.game_id == game.id).order_by(Move.seq))
    expected = 1
    for move in moves:
        if move.seq != expected:
            problems.append(f"move seq {move.seq} found where {expected} was expected")
            expected = move.seq
        expected += 1
        try:
            parsed = rules.parse(move.text, state, move.seat)
            if [str(m) for m in parsed] != [move.text]:
                problems.append(f"move {move.seq} {move.text!r} parses as {[str(m) for m in parsed]}")
            for m in parsed:
                state, _events = rules.apply(state, move.seat, m)
        except engine.CommandError as exc:
            problems.append(f"move {move.seq} {move.text!r} by seat {move.seat} is refused: {exc.message}")
            return problems
    if state != game.state:
        problems.append("the replayed state differs from the stored state"
                        + "".join(f"\n  {k}" for k in _diff_keys(state, game.state)))
    count = db.session.scalar(select(func.count()).select_from(Move).where(Move.game_id == game.id))
    if count != game.version:
        problems.append(f"game version {game.version} but {count} moves stored")
    return problems


def _diff_keys(a, b, path: str = "") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b), key=str):
            out += _diff_keys(a.get(k), b.get(k), f"{path}/{k}")
        return out
    return [] if a == b else [path or "/"]

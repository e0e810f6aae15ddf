"""The one path of a move: submit() parses, applies, appends and advances in one transaction; bots play in it too."""
from __future__ import annotations

import logging
import random
import secrets
from dataclasses import asdict, dataclass, field

from flask_babel import gettext
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from .. import engine, outbox, ratings
from ..clock import now
from ..deadlines import deadline_after
from ..extensions import db
from ..languages import N_, in_each_locale
from ..models import Game, Submission, User
from ..presentation.words import seat_names
from .errors import NotAllowed, PlayError, StaleForm, service_error
from .log import append_move
from .replay import state_at
from .transaction import commit, lock
from .undo import UNDO, take_back, undo_rest
from .vacations import turn_clock_start

log = logging.getLogger(__name__)

MAX_BOT_MOVES = 20_000  # a safety net: one submission never runs bots forever


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
    moved_on: bool = False  # lines were not applied: the game had left the part of it they were written for
    error_local: dict[str, str] = field(default_factory=dict)  # `error` in the other languages, by locale
    # Lines naming what the seat had already done (engine.AlreadyDone): not failures, and the lines
    # after them run. Each is {"line", "message" (English), "local" (by locale)}.
    acknowledged: list[dict] = field(default_factory=list)
    # Lines held behind another seat's interrupt, applied when this seat is asked again in the turn (Seat.queued),
    # and the names of the seats answering it.
    queued: list[str] = field(default_factory=list)
    queued_for: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.error is None

    def error_in(self, locale: str) -> str | None:
        """Why the failing line failed, in `locale` where the game or service has the words."""
        return self.error_local.get(locale, self.error)

    def fail(self, exc: engine.CommandError, line: str | None, legal: list[str]) -> None:
        self.error, self.failed_line, self.legal = exc.message, line, legal
        self.error_local = in_each_locale(exc.in_locale)

    def acknowledge(self, exc: engine.AlreadyDone, line: str) -> None:
        self.acknowledged.append({"line": line, "message": exc.message, "local": in_each_locale(exc.in_locale)})

    def to_dict(self) -> dict:
        """The fields that differ from a fresh Outcome's (stored with every submission: most are empty)."""
        blank = _BLANK_OUTCOME
        return {name: value for name, value in asdict(self).items() if name != "repeated" and value != blank[name]}

    @classmethod
    def from_dict(cls, data: dict, **extra) -> "Outcome":
        return cls(**{**data, **extra})


_BLANK_OUTCOME = asdict(Outcome())


def split_commands(text: str) -> list[str]:
    """The command lines of a text: one per line or separated by ';', blanks dropped."""
    return [part.strip() for line in text.splitlines() for part in line.split(";") if part.strip()]


def submit(game_id: int, seat: int | None, text: str, source: str, key: str | None, expect_version: int | None = None,
           written_for: int | None = None, mail_own_turn: bool = True, player: User | None = None) -> Outcome:
    """Apply `text` (one or more commands) for `seat` in one transaction; a repeated `key` returns the first outcome.

    Commands apply in order and stop at the first that fails: the ones before it stay
    applied (each was legal), and the outcome names the failing line and what is legal. A line
    naming what the seat already did (engine.AlreadyDone) is acknowledged, and the next ones run.
    A form passes `expect_version`: if the game has moved since it was shown, nothing applies.
    A reply to a turn mail passes `written_for`, the game version its prompt was asked at: its
    lines apply only while the game is in the part (round and phase) that prompt belonged to.
    A reply's answer carries what a turn mail would (`mail_own_turn=False`): then `seat` gets
    no separate turn mail from this submission, so each reply gets exactly one mail back.
    `player` instead of `seat`: the seat that user holds (NotAllowed if none).
    `key` None: the caller gave none, so this cannot be a repeat (a fresh key, and no lookup).
    """
    fresh = key is None
    if fresh:
        key = f"{source}:{secrets.token_urlsafe(16)}"
    try:
        game = lock(game_id)
        if player is not None:
            seat = _held_by(game, player)
        seen = None if fresh else db.session.scalar(select(Submission).where(Submission.key == key))
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
        outcome = _apply_commands(game, seat, text, source, submission, written_for,
                                  quiet_seat=None if mail_own_turn else seat)
        submission.outcome = outcome.to_dict()
        commit()
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


def _held_by(game: Game, player: User) -> int:
    """The engine seat `player` holds in `game`."""
    row = game.seat_of(player)
    if row is None:
        raise NotAllowed("you are not seated in this game")
    if row.position is None:
        raise PlayError("game %(game)d has not started yet", game=game.id)
    return row.position


def _apply_commands(game: Game, seat: int, text: str, source: str, submission: Submission,
                    written_for: int | None = None, quiet_seat: int | None = None) -> Outcome:
    if game.status != "active":
        raise PlayError("game %(game)d is not being played (it is %(status)s)", game=game.id, status=game.status)
    if not 0 <= seat < game.num_seats:
        raise PlayError("game %(game)d has no seat %(seat)d", game=game.id, seat=seat)
    rules = engine.get(game.slug)
    outcome = Outcome(version=game.version)
    lines = split_commands(text)
    if not lines:
        outcome.fail(service_error("no command found"), None, _legal_texts(rules, game.state, seat))
        return outcome
    seat_row = game.seat_at(seat)
    held, seat_row.queued = seat_row.queued, None  # a new submission replaces what the seat held (but see below)
    waits = Waits(game)
    reach, written_in = _reach(game, rules, seat, written_for)
    in_passing = _run_lines(game, rules, seat, lines, source, submission, waits, outcome, reach, written_in)
    if held and in_passing and seat_row.queued is None and outcome.ok:
        seat_row.queued = held  # it only answered what it was asked in passing (a discard): the plan goes on
    if outcome.applied:
        own = advance(game, rules, waits, quiet_seat)
        _fold_queue(outcome, own, seat_row.queued)
    outcome.version = game.version
    outcome.finished = game.status == "finished"
    return outcome


def _run_lines(game: Game, rules, seat: int, lines: list[str], source: str, submission: Submission | None,
               waits: "Waits", outcome: Outcome, reach: str | None = None, written_in=None) -> bool:
    """Apply `lines` for `seat` in order into `outcome`, stopping at the first that fails; whether every line
    applied answered a prompt asked in passing (engine `aside_prompts`).

    A line the engine says is for later (engine.NotNow: a discard named before it is asked, a resolution line
    sent with the placements) waits, and is tried again after each line that moves the game; lines that wait
    when nothing more can be applied, or that the seat is not asked for after others answered between them
    (bots at once; humans: an interrupt, another's placement), are held in Seat.queued as long as the game stays
    in the part the engine's `plan_key` names (the seat's turn, the round), and run when it is asked for them."""
    state = game.state
    pending = [p.seat for p in rules.pending(state)]
    plan = _plan(rules, state, seat)
    span = _plan(rules, written_in, seat) if written_in is not None else None
    todo, later, moved, in_passing = list(lines), [], source == "queue", True
    waited = None  # the first line that waited, and why: its refusal if nothing ever lets it run
    while todo:
        if moved and seat not in pending:
            # Bots answer between the lines of one mail: a player can send a round's moves at once.
            game.state = state
            pending = play_bots(game, rules, waits)
            state = game.state
        line = todo.pop(0)
        # A reply's lines act in the part of the game its mail asked about (turn_key), or a later step of the
        # same plan (plan_key: the rest of the turn or round); elsewhere they apply nothing.
        shifted = reach is not None and rules.CAPABILITIES.turn_key(state, seat) != reach
        if reach is not None and not shifted:
            written_in = state  # the latest state of the part the lines were written for
        elif shifted and (span is None or _plan(rules, state, seat) != span):
            if not _moved_on_line(rules, line, written_in, state, seat, reach, outcome):
                return in_passing
            continue
        aside = _asked_aside(rules, state, seat)
        before = game.version
        try:
            if undo_rest(line) is not None:
                state = take_back(game, rules, seat, line, source, submission)
                pending = [p.seat for p in rules.pending(state)]
                waits.update(pending, game.version)
                outcome.applied.append(UNDO)
                in_passing = False
            else:
                for move in _parse_in_turn(game, rules, line, state, seat, pending, plan is not None):
                    state, pending = play_move(game, rules, seat, move, source, waits, submission)
                    outcome.applied.append(str(move))
        except engine.AlreadyDone as exc:
            outcome.acknowledge(exc, line)
        except engine.NotNow as exc:
            if plan is None or _plan(rules, state, seat) != plan:
                outcome.fail(exc, line, list(exc.legal) or _legal_texts(rules, state, seat))
                return in_passing
            later.append(line)  # for a later step of the plan: tried again once the game moves
            waited = waited or (line, exc)
        except engine.CommandError as exc:
            if shifted:  # written for a step that is over: said as such
                if not _moved_on_line(rules, line, written_in, state, seat, reach, outcome):
                    return in_passing
                continue
            outcome.fail(exc, line, list(exc.legal) or _legal_texts(rules, state, seat))
            return in_passing
        if game.version != before:
            moved = True
            in_passing = in_passing and aside
            todo, later = later + todo, []  # what waited may fit now
    game.state = state
    if later:
        if moved and plan is not None and _plan(rules, state, seat) == plan:
            _hold(game, seat, plan, later, pending, outcome)
        else:  # nothing moved the game on: the first line that waited fails as it would alone
            line, exc = waited
            outcome.fail(exc, line, list(exc.legal) or _legal_texts(rules, state, seat))
    return in_passing


def _moved_on_line(rules, line: str, written_in, state, seat: int, reach: str, outcome: Outcome) -> bool:
    """A reply's line once the game left the part it was written for: acknowledged (True: read on) when it only
    names what the seat did there, else refused with where the game is now."""
    done = _already_done(rules, line, written_in, state, seat, reach)
    if done is not None:
        outcome.acknowledge(done, line)
        return True
    outcome.fail(_moved_on(rules, reach, rules.CAPABILITIES.turn_key(state, seat)), line,
                 _legal_texts(rules, state, seat))
    outcome.moved_on = True
    return False


def _fold_queue(outcome: Outcome, results: list[tuple], held: dict | None) -> None:
    """What the seat's own held lines did after its submission, in the same transaction (others' moves between
    them: bots, or queues of theirs), told in the submission's outcome rather than in a mail of its own."""
    for _lines, ran, _since in results:
        outcome.applied += ran.applied
        outcome.acknowledged += ran.acknowledged
        if not ran.ok:
            outcome.error, outcome.failed_line, outcome.legal = ran.error, ran.failed_line, ran.legal
            outcome.error_local = ran.error_local
    if results:
        outcome.queued = list(held["lines"]) if held else []
        outcome.queued_for = outcome.queued_for if held else []


def _plan(rules, state, seat: int) -> str | None:
    """The engine's key of how far ahead `seat`'s lines may reach now (optional `plan_key`); None: not held."""
    return rules.CAPABILITIES.plan_key(state, seat) if rules.CAPABILITIES.plan_key else None


def _asked_aside(rules, state, seat: int) -> bool:
    """Whether `seat` is asked something in passing (a discard, an event's choice: engine `aside_prompts`)."""
    return any(p.seat == seat and p.kind in rules.CAPABILITIES.aside_prompts for p in rules.pending(state))


def _hold(game: Game, seat: int, plan: str, lines: list[str], pending: list[int], outcome: Outcome) -> None:
    """Keep `lines` as the seat's queue until it is asked for them while the game stays in `plan`."""
    game.seat_at(seat).queued = {"turn": plan, "lines": lines, "since": game.version}
    outcome.queued = list(lines)
    outcome.queued_for = [game.seat_at(s).display_name for s in sorted(set(pending))
                          if s != seat and game.seat_at(s)]


def _over(game: Game, rules, row, pending: list[int]) -> bool:
    """Whether the part of the game `row`'s queue was written for is over (or the whole game is)."""
    return not pending or _plan(rules, game.state, row.position) != row.queued["turn"]


def _ready(game: Game, rules, row, pending: list[int]) -> bool:
    """Whether `row`'s queue can run: its seat is asked, and for what one of its lines does (not all are for a
    later step; a line for what it is asked in passing may come after others, as a discard named last)."""
    if row.position not in pending:
        return False
    for line in row.queued["lines"]:
        state, seat = game.state, row.position
        try:
            for move in _parse_in_turn(game, rules, line, state, seat, pending):
                state, _ = rules.apply(state, seat, move)  # a dry run: nothing is kept
        except engine.NotNow:
            continue
        except engine.CommandError:
            return True  # it fails: run it, so that the seat hears why
        return True
    return False


def _run_queues(game: Game, rules, waits: "Waits") -> tuple[list[int], dict[int, list[tuple]]]:
    """Apply each seat's queue once the game asks that seat for it in the part it was written for, and drop those
    whose part has moved on; the seats asked after that, and what became of each queue by seat ((lines, outcome,
    since), outcome None: dropped; `since` the version it was held at) for advance() to tell the seat. A queue
    that runs in part and is held again is told once, when it is done."""
    pending = play_bots(game, rules, waits)
    told: dict[int, list[tuple]] = {}
    # Each pass drops a queue, or runs one: that applies a line at least (a ready queue's first line is one the
    # seat is asked for), or ends it.
    for _ in range(sum(len(s.queued["lines"]) for s in game.seats if s.queued) + game.num_seats + 1):
        row = next((s for s in game.seats if s.queued and (_over(game, rules, s, pending)
                                                            or _ready(game, rules, s, pending))), None)
        if row is None:
            break
        over, queued, row.queued = _over(game, rules, row, pending), row.queued, None
        lines, since, done = queued["lines"], queued.get("since"), queued.get("applied", [])
        if over:
            if done:
                told.setdefault(row.position, []).append((done, Outcome(applied=done), since))
            told.setdefault(row.position, []).append((lines, None, since))
            continue
        outcome = Outcome(version=game.version)
        _run_lines(game, rules, row.position, lines, "queue", None, waits, outcome)
        if row.queued is not None and outcome.ok:  # held again: told with the rest, when it is done
            row.queued = {**row.queued, "since": since, "applied": done + outcome.applied}
        else:
            outcome.applied = done + outcome.applied
            told.setdefault(row.position, []).append((lines, outcome, since))
        pending = play_bots(game, rules, waits)
    return pending, told


MOVED_ON = N_("this mail answered %(then)s; the game is in %(now)s now, so this line and the ones after it were "
              "not applied: here is what is asked now")


def _reach(game: Game, rules, seat: int, written_for: int | None) -> tuple[str | None, dict | None]:
    """The part of the game (the engine's turn key) the lines of a reply may act in, and a state of that
    part to read them in; (None, None): anywhere."""
    if written_for is None or rules.CAPABILITIES.turn_key is None or not 0 <= written_for <= game.version:
        return None, None
    seat_row = game.seat_at(seat)
    if seat_row is not None and seat_row.prompt_version == written_for:
        return rules.CAPABILITIES.turn_key(game.state, seat), game.state  # the prompt is still open: the game is where it was asked
    try:
        then = state_at(game, written_for)
    except engine.CommandError:
        # The log does not replay to that version (a position arranged by hand): the turn it answered is unknown,
        # but it is not this prompt's, so the reply applies nothing.
        log.warning("game %s: the move log does not replay to version %s", game.id, written_for)
        return EARLIER, None
    return rules.CAPABILITIES.turn_key(then, seat), then


EARLIER = ""  # the turn key of a reply written for a turn the service cannot name
MOVED_ON_UNNAMED = N_("this mail answered an earlier turn; the game is in %(now)s now, so this line and the ones "
                      "after it were not applied: here is what is asked now")


def _moved_on(rules, then: str, now: str) -> engine.IllegalMove:
    """The refusal of a line written for an earlier part of the game, in the reader's language."""
    text = rules.CAPABILITIES.turn_key_text
    if then == EARLIER:
        return engine.IllegalMove(MOVED_ON_UNNAMED % {"now": text(now, "en")},
                                  local=lambda locale: gettext(MOVED_ON_UNNAMED, now=text(now, locale)))
    message = MOVED_ON
    return engine.IllegalMove(
        message % {"then": text(then, "en"), "now": text(now, "en")},
        local=lambda locale: gettext(message, then=text(then, locale), now=text(now, locale)))


def _already_done(rules, line: str, written_in, state, seat: int, reach: str) -> engine.AlreadyDone | None:
    """The engine's AlreadyDone when `line`, read as written (in the part `reach`), names only what `seat`
    did in that part; None otherwise."""
    if written_in is None:
        return None
    try:
        for move in rules.parse(line, written_in, seat):
            rules.apply(state, seat, move)  # a dry run: nothing is kept
    except engine.AlreadyDone as exc:
        return exc if exc.part == reach else None
    except engine.CommandError:
        return None
    return None


def _parse_in_turn(game: Game, rules, line: str, state, seat: int, pending: list[int], later: bool = False) -> list:
    """The moves of `line`; a seat that is not asked may still make moves the engine allows any time. `later`:
    a line the seat is not asked for now waits (engine.NotNow) rather than failing as "not your turn"."""
    names = {"names": seat_names(game)} if rules.CAPABILITIES.parse_names else {}
    if seat in pending:
        return rules.parse(line, state, seat, **names)
    try:
        moves = rules.parse(line, state, seat, **names)
        for move in moves:
            rules.apply(state, seat, move)  # a dry run: only moves legal out of turn pass
        return moves
    except engine.AlreadyDone:
        raise  # what the seat did this turn is answered, whoever plays now
    except engine.CommandError as exc:
        refusal = _not_your_turn(game, pending, line)
        if later and pending and not isinstance(exc, engine.NotACommand):
            refusal = engine.NotNow(refusal.message, text=line, local=refusal.local)
        raise refusal from exc


def _not_your_turn(game: Game, waiting: list[int], line: str) -> engine.IllegalMove:
    if not waiting:
        return service_error("the game is over", line)
    names = [game.seat_at(s).display_name for s in sorted(set(waiting)) if game.seat_at(s)]
    return service_error("it is not your turn: waiting for %(names)s", line, names=", ".join(names))


def _legal_texts(rules, state, seat: int, limit: int = 500) -> list[str]:
    """What `seat` could send now, whole (a game may summarise: templates and examples); whoever shows it
    decides how much to show and says how many more there are."""
    try:
        if rules.CAPABILITIES.legal_texts:
            return list(rules.CAPABILITIES.legal_texts(state, seat))[:limit]
        return [str(m) for m in rules.legal(state, seat)[:limit]]
    except engine.CommandError:
        return []


def play_move(game: Game, rules, seat: int, move, source: str, waits: "Waits",
              submission: Submission | None = None) -> tuple[dict, list[int]]:
    """Apply one engine move for `seat` and append its row: the one place every way in (a player's line, a bot,
    the clock) changes a game. The new state, and the seats asked after it."""
    state, events = rules.apply(game.state, seat, move)
    game.state = state
    append_move(game, rules, seat, str(move), source, events, submission)
    pending = [p.seat for p in rules.pending(state)]
    waits.update(pending, game.version)
    return state, pending


class Waits:
    """Which seats are asked since which version: a prompt lasts while its seat stays pending."""

    def __init__(self, game: Game):
        self.asked = {s.position: s.prompt_version for s in game.seats if s.prompt_version is not None}

    def update(self, pending: list[int], version: int) -> None:
        for seat in list(self.asked):
            if seat not in pending:
                del self.asked[seat]
        for seat in pending:
            self.asked.setdefault(seat, version)


def play_bots(game: Game, rules, waits: Waits) -> list[int]:
    """Let the bots answer every prompt of theirs; the seats asked after that."""
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
        state, pending = play_move(game, rules, bot, move, "bot", waits)
    return pending


def advance(game: Game, rules, waits: Waits, quiet_seat: int | None = None) -> list[tuple]:
    """Let bots play their turns, then record who is now asked and since when, and queue their mail.

    `quiet_seat` gets no turn mail here: the answer to its mail says what a turn mail would, and what its held
    lines did meanwhile (returned: (lines, outcome, since) for each queue of its that ran or was dropped). Any
    other seat whose queued lines ran (or were dropped) hears of it in its turn mail when it gets one, else in a
    mail of its own.
    """
    pending, told = _run_queues(game, rules, waits)
    # The quiet seat's queues that ran are told in its answer; one dropped still gets its mail.
    own = [r for r in told.get(quiet_seat, []) if r[1] is not None]
    if own:
        told[quiet_seat] = [r for r in told[quiet_seat] if r[1] is None]
        if not told[quiet_seat]:
            del told[quiet_seat]
    state = game.state
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
        if version is not None and not seat.is_bot and seat.user is not None and seat.position != quiet_seat:
            if outbox.turn(game, seat, outbox.queued_results(told.get(seat.position, ()))):
                told.pop(seat.position, None)
    for position, results in told.items():
        outbox.queued_result(game, game.seat_at(position), outbox.queued_results(results))
    if not pending:
        game.status = "finished"
        game.finished_at = moment
        result = rules.result(state)
        game.result = result.to_dict() if result else None
        ratings.rate_finished(game)  # in the transaction that finishes the game
        for seat in game.seats:
            if seat.user is not None:
                outbox.game_over(game, seat)
    return own

"""Carrying out the lines of a received mail: moves through play.submit, and the service words (join, start, say,
status, help, new, language, timezone), each checked against what the mail proves of its sender."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from flask import current_app

from .. import engine, keywords, play
from ..extensions import db
from ..languages import N_
from ..models import Game, InboundMessage, User
from ..presentation.words import seat_names
from . import dkim, requests, suggest, throttle
from .decode import Received
from .reply import signer_names
from .report import Report, Step

_NUMBER_RE = re.compile(r"#?\s*(\d{1,18})\b")
UNVOUCHED = N_("this mail does not carry your seat's reply address, and its sender could not be verified "
               "(no valid DKIM signature of your domain), so pbem plays nothing from it: reply to your turn mail "
               "keeping its reply address, or play on the web")
SAY_PER_MESSAGE = N_("pbem sends at most %(n)d say lines from one mail, so this line and the rest were not sent: "
                     "send them in another mail, or talk on the game page")
SAY_PER_HOUR = N_("you have reached the limit for table talk by mail (%(limit)s), so this line and the rest were not "
                  "sent: talk on the game page, or try again later")
UNCONFIRMED = N_("a From line can be forged, so pbem does this only for mail that proves it is yours: reply to "
                 "this answer (its reply address is made for your address and this request) and it is done")
NOT_YOUR_GAME = N_("you have no seat in game %(game)d, so pbem plays nothing from a mail of its thread: reply to "
                   "the turn mails of your own games (each carries your seat's reply address), or see game "
                   "%(game)d on the web: %(url)s")
UNPROVEN_LOBBY = N_("a From line can be forged, so pbem changes game %(game)d by mail only when the mail proves "
                    "it is yours: reply to this answer (its reply address is signed for you), or use the web: "
                    "%(url)s")


@dataclass
class Context:
    """Who wrote, which game and seat the message is about, and what the mail proves about its sender."""

    raw: bytes
    sender: str
    source: str
    user: User | None = None
    game: Game | None = None
    seat: int | None = None
    written_for: int | None = None  # the game version of the prompt the mail answers, when it says
    # The game whose signed reply address (a seat's, or a lobby table's) the mail was sent to, by
    # the player that address was made for. A From header alone proves nothing: anyone can write it.
    proven_game: int | None = None
    domain_signature: bool | None = None  # looked up once, when first needed
    said: int = 0  # "say" lines of this mail so far
    confirmed: bool = False  # the mail answers our confirmation address for its sender
    needs_confirmation: bool = False  # a request waits for the sender to reply to the answer

    def may_ask(self) -> bool:
        """Whether this mail may change its sender's account (new games, language, time zone)."""
        return self.confirmed or self.proven()

    def domain_signed(self) -> bool:
        """Whether the sender's own domain DKIM-signed the whole mail (a reply typed on the dev mailbox counts)."""
        if self.domain_signature is None:
            self.domain_signature = self.source == "dev" or dkim.signed_by_sender(self.raw, self.sender)
        return self.domain_signature

    def may_change(self, game_id: int | None) -> bool:
        """Whether this mail may change game `game_id` (moves, talk, join, start) in its sender's name."""
        return game_id is not None and (game_id == self.proven_game or self.domain_signed())

    def proven(self) -> bool:
        """Whether the mail proves its sender at all (a signed reply address, or their domain's signature)."""
        return self.proven_game is not None or self.domain_signed()




def _submission_key(message_key: str, group: int) -> str:
    # One key per message; a reply whose commands are interrupted by "say" has a second run.
    return f"email:{message_key}" + (f"#{group}" if group > 1 else "")


def run(row: InboundMessage, received: Received, ctx: Context, steps: list[Step]) -> Report:
    report = Report(user=ctx.user, game=ctx.game, seat=ctx.seat, steps=steps)
    groups = 0
    for index, step in enumerate(steps):
        if step.verb == "moves":
            groups += 1
            _moves(step, ctx, _submission_key(row.message_id, groups))
            if not step.ok and step.failed_line is not None:
                later = step.rest + [line for after in steps[index + 1:] for line in after.lines]
                _read_failure(step, ctx, steps[:index], later, _names(received, ctx))
        else:
            _ACTIONS[step.verb](step, ctx, row)
        report.game, report.seat = ctx.game, ctx.seat
        if not step.ok:
            report.steps = steps[:index + 1]
            report.unread = step.rest + [line for later in steps[index + 1:] for line in later.lines]
            break
    return report


def _names(received: Received, ctx: Context) -> frozenset[str]:
    """The ways the writer signs (their mail's display name, their address, their account's name)."""
    return signer_names(received.from_name, ctx.sender) | (signer_names(ctx.user.name, "") if ctx.user else frozenset())


def _moves(step: Step, ctx: Context, key: str) -> None:
    if ctx.game is None:
        step.refuse(step.lines[0], "pbem cannot tell which game this is for: reply to a mail of that game "
                                   "(its reply address names your seat)")
        return
    if ctx.seat is None and ctx.game.status != "lobby":
        # A player's mail in the thread of a game they are not in: where to reply instead.
        step.refuse(step.lines[0], NOT_YOUR_GAME, game=ctx.game.id,
                    url=f"{current_app.config['BASE_URL']}/games/{ctx.game.id}")
        return
    if not ctx.may_change(ctx.game.id):
        step.refuse(step.lines[0], UNVOUCHED)
        return
    if ctx.seat is None:
        if ctx.game.status == "lobby":
            step.refuse(step.lines[0], "game %(game)d has not started yet", game=ctx.game.id)
        else:
            step.refuse(step.lines[0], "you have no seat in game %(game)d", game=ctx.game.id)
        return
    step.game_id = ctx.game.id
    step.version_before = ctx.game.version
    try:
        # Lines act only on the part of the game the answered mail asked about, and the answer
        # to this mail doubles as the next turn mail (one mail back per reply).
        written_for = ctx.written_for if ctx.proven_game == ctx.game.id else None
        outcome = play.submit(ctx.game.id, ctx.seat, "\n".join(step.lines), "email", key,
                              written_for=written_for, mail_own_turn=False)
    except play.PlayError as exc:
        step.refused(step.lines[0], exc)
        return
    step.applied = list(outcome.applied)
    step.acknowledged = list(outcome.acknowledged)
    step.queued, step.queued_for = list(outcome.queued), list(outcome.queued_for)
    if outcome.error is not None:
        step.moved_on = outcome.moved_on
        step.fail(outcome.failed_line or step.lines[0], outcome.error, outcome.legal, outcome.error_local)
        step.rest = _after_failure(step.lines, step.failed_line, len(outcome.applied) + len(outcome.acknowledged))


def _after_failure(lines: list[str], failed: str, applied: int) -> list[str]:
    """The commands submit did not reach: those after the failing one (each usually gives one move)."""
    parts = play.split_commands("\n".join(lines))
    at = [i for i, part in enumerate(parts) if part == failed]
    if not at:
        return []
    index = max((i for i in at if i <= applied), default=at[0])
    return parts[index + 1:]


def _read_failure(step: Step, ctx: Context, before: list[Step], later: list[str], signers: frozenset[str]) -> None:
    """Say what the failing line is: a closing after the commands ("Thanks!", the writer's name: `trailing`,
    answered quietly), or a line that stops the reading, with the legal commands nearest it (`suggestions`)."""
    done = bool(step.applied or step.acknowledged or any(s.ok for s in before))
    game = db.session.get(Game, ctx.game.id) if ctx.game is not None else None
    if ctx.seat is None or game is None or game.state is None:
        # After "join 12", nothing can be played yet: whatever follows is set aside, with the reason.
        step.trailing = done
        return
    if step.moved_on:
        return  # the line may have been right where it was written: the answer says why it was not applied
    rules = engine.get(game.slug)
    names = {"names": seat_names(game)} if rules.CAPABILITIES.parse_names else {}
    suggester = suggest.Suggester(rules, game.state, ctx.seat, step.legal)

    def prose(line: str) -> bool:
        # No command of the game nor of the service, nor one mistyped: a closing, a signature, a name.
        if _understood(rules, game, ctx.seat, line, names) is not False:
            return False
        return _signed(line, signers) or not suggester.read(line).near

    understood = _understood(rules, game, ctx.seat, step.failed_line, names)
    step.understood = understood is not False
    # A closing ends a mail quietly only below the last command: a line that is no command, with a command
    # after it, is a command gone wrong, and nothing after it may be applied.
    if done and all(prose(line) for line in [step.failed_line, *later]):
        step.trailing = True
    elif understood is not True:
        step.suggestions = [text for text in suggester.read(step.failed_line).suggestions
                            if text.casefold() != step.failed_line.casefold()]


def _understood(rules, game: Game, seat: int, line: str, names: dict) -> bool | None:
    """True when `line` reads as moves of the game now or as a service word, None when it reads as a command
    refused here (no such card, a number out of range), False when it is no command at all."""
    said = keywords.match(line)
    if said is not None and not (said[0] == "new" and said[1] and not requests.names_a_game(said[1])):
        return True  # "undo", "say …"; "New idea: …" is chat, as inbound.route reads it
    try:
        rules.parse(line, game.state, seat, **names)
    except engine.NotACommand:
        return False
    except engine.Ambiguous:
        return True  # the refusal names the candidates
    except engine.CommandError:
        return None
    return True


def _signed(line: str, names: frozenset[str]) -> bool:
    """Whether `line` is the writer's own name ("Bob", "Bob Smith.")."""
    return " ".join(line.strip().rstrip(".").split()).casefold() in names


def _join(step: Step, ctx: Context, row: InboundMessage) -> None:
    game_id = number(step.text) or (ctx.game.id if ctx.game is not None else None)
    if game_id is None:
        step.refuse(step.lines[0], "which game? write its number: join 12")
        return
    step.game_id = game_id
    game = db.session.get(Game, game_id)
    if _unproven_in_lobby(step, ctx, game):
        return
    if game is not None and any(s.user_id == ctx.user.id for s in game.seats):
        step.note = "already"  # a second "join", or this very message handled again after a crash
    else:
        try:
            play.join(game_id, ctx.user)
        except play.PlayError as exc:
            step.refused(step.lines[0], exc)
            return
    ctx.game = db.session.get(Game, game_id)
    ctx.seat = position(ctx.game, ctx.user)


def _start(step: Step, ctx: Context, row: InboundMessage) -> None:
    game_id = number(step.text) or (ctx.game.id if ctx.game is not None else None)
    if game_id is None:
        step.refuse(step.lines[0], "which game? write its number: start 12")
        return
    step.game_id = game_id
    if _unproven_in_lobby(step, ctx, db.session.get(Game, game_id)):
        return
    try:
        play.start_game(game_id, ctx.user, host_answered=True)
    except play.PlayError as exc:
        step.refused(step.lines[0], exc)
        return
    ctx.game = db.session.get(Game, game_id)
    ctx.seat = position(ctx.game, ctx.user)


def _unproven_in_lobby(step: Step, ctx: Context, game: Game | None) -> bool:
    """Refuse `join`/`start` for a lobby game the mail does not prove its sender may act in; whether refused.

    The answer goes to the user's own address with the game's table address as its Reply-To,
    so replying to it is the proof. Other games are left to play.join/start to refuse.
    """
    if game is None or game.status != "lobby" or ctx.may_change(game.id):
        return False
    ctx.game, ctx.seat = game, None
    step.refuse(step.lines[0], UNPROVEN_LOBBY, game=game.id, url=f"{current_app.config['BASE_URL']}/games/{game.id}")
    return True


def _say(step: Step, ctx: Context, row: InboundMessage) -> None:
    if ctx.game is None:
        step.refuse(step.lines[0], "pbem cannot tell which game this is for: reply to a mail of that game")
        return
    step.game_id = ctx.game.id
    if not ctx.may_change(ctx.game.id):
        step.refuse(step.lines[0], UNVOUCHED)
        return
    # Each line said is mailed to everyone at the table: one mail must not become hundreds.
    ctx.said += 1
    if ctx.said > current_app.config["MAIL_SAY_PER_MESSAGE"]:
        step.refuse(step.lines[0], SAY_PER_MESSAGE, n=current_app.config["MAIL_SAY_PER_MESSAGE"])
        return
    if throttle.check("MAIL_SAY_LIMIT", str(ctx.user.id)) is not throttle.Verdict.OK:
        step.refuse(step.lines[0], SAY_PER_HOUR, limit=throttle.describe("MAIL_SAY_LIMIT"))
        return
    text = step.text.strip()[:2000]
    # Keyed by message and words: handled again after a crash, it is not said twice.
    key = f"email:{row.message_id}:{hashlib.sha256(text.encode()).hexdigest()[:16]}"
    try:
        play.say(ctx.game.id, ctx.user, text, key=key)
    except play.PlayError as exc:
        step.refused(step.lines[0], exc)


def _status(step: Step, ctx: Context, row: InboundMessage) -> None:
    game_id = number(step.text)
    if game_id is not None:
        game = db.session.get(Game, game_id)
        if game is None or not any(s.user_id == ctx.user.id for s in game.seats):
            step.refuse(step.lines[0], "you have no seat in game %(game)d", game=game_id)
            return
        ctx.game, ctx.seat = game, position(game, ctx.user)
    step.game_id = ctx.game.id if ctx.game is not None else None


def _help(step: Step, ctx: Context, row: InboundMessage) -> None:
    step.game_id = ctx.game.id if ctx.game is not None else None


def _new(step: Step, ctx: Context, row: InboundMessage) -> None:
    """`new stone-age 3 players with ann@… bob@…`: a game hosted by the sender, invitations sent, started when full."""
    if not ctx.may_ask():
        ctx.needs_confirmation = True
        step.refuse(step.lines[0], UNCONFIRMED)
        return
    try:
        wanted = requests.read_new_game(step.text, ctx.user.email)
    except requests.RequestProblem as problem:
        step.refuse(step.lines[0], problem.message, **problem.values)
        return
    try:
        game = play.create_game(ctx.user, wanted.slug, seats=wanted.seats, bots=wanted.bots,
                                options=wanted.options)
        step.game_id = game.id
        for address in wanted.invite:
            play.invite(game.id, ctx.user, address)
        if wanted.open_seats == 0 and not wanted.invite:
            play.start_game(game.id, ctx.user, host_answered=True)  # every other seat is a bot: play at once
    except play.PlayError as exc:
        step.refused(step.lines[0], exc)
        return
    ctx.game = db.session.get(Game, step.game_id)
    ctx.seat = position(ctx.game, ctx.user)
    ctx.proven_game = ctx.game.id  # the host's own new game: their next lines may play in it


def _language(step: Step, ctx: Context, row: InboundMessage) -> None:
    _set_account(step, ctx, "locale", lambda: requests.read_language(step.text, current_app.config["LANGUAGES"]))


def _timezone(step: Step, ctx: Context, row: InboundMessage) -> None:
    _set_account(step, ctx, "timezone", lambda: requests.read_time_zone(step.text))


def _set_account(step: Step, ctx: Context, attribute: str, read) -> None:
    if not ctx.may_ask():
        ctx.needs_confirmation = True
        step.refuse(step.lines[0], UNCONFIRMED)
        return
    try:
        value = read()
    except requests.RequestProblem as problem:
        step.refuse(step.lines[0], problem.message, **problem.values)
        return
    setattr(ctx.user, attribute, value)
    db.session.commit()
    step.note = value


_ACTIONS = {"join": _join, "start": _start, "say": _say, "status": _status, "help": _help,
            "new": _new, "language": _language, "timezone": _timezone}


def position(game: Game, user: User) -> int | None:
    seat = game.seat_of(user)
    return seat.position if seat is not None else None


def number(text: str) -> int | None:
    match = _NUMBER_RE.search(text or "")
    return int(match.group(1)) if match else None

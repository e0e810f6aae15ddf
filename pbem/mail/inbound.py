"""Every received email, however it arrived: stored once, classified, matched to a seat, its lines played, answered."""
from __future__ import annotations

import hashlib
import logging
import re
from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from .. import addresses, keywords, outbox, tokens
from ..clock import now
from ..extensions import db
from ..models import Game, GameNote, InboundMessage, Seat, User
from ..play.transaction import note
from . import acting, answers, bounces, outbound, requests, throttle
from .report import Held, Report, Step
from .command_text import command_lines
from .reply import signer_names
from .decode import MAX_RAW_BYTES, Received, decode

log = logging.getLogger(__name__)

# Outcomes of a message still being worked on; every other outcome is final.
RECEIVED, HANDLING = "received", "handling"
# A message claimed this long ago by a process that never finished (it crashed) may be taken
# over by the next delivery of the same message. Handling one takes well under a second.
LEASE = timedelta(minutes=2)
# A message begun this many times without finishing (its process died or was killed each time) is
# given up: a message that kills whatever handles it must not take a worker every sweep.
MAX_ATTEMPTS = 2
_HANDLING_RE = re.compile(r"since (\S+?)(?:, attempt (\d{1,9}))?")
_THREAD_RE = re.compile(r"<game-(\d{1,18})@([^<>\s]+)>")
_PROMPT_RE = re.compile(r"<(?:turn|answer)\.([a-z0-9-]{1,60})\.(\d{1,12})[.@]", re.IGNORECASE)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")





def receive(raw: bytes, source: str) -> InboundMessage:
    """Store a received message once (by Message-ID) and act on it; a repeat returns the stored row, doing nothing."""
    received = _decode(raw, source)
    row_id = _store(raw, source, received)
    _process(row_id, received)
    row = db.session.get(InboundMessage, row_id)
    db.session.refresh(row)
    return row


def resume_unfinished(limit: int = 100) -> int:
    """Handle stored messages that no process finished (it died, or lost its database, mid-way); how many.

    The sender's retry would do the same, but not every sender retries: a webhook that got its
    200 and an IMAP message flagged by hand do not. A message begun MAX_ATTEMPTS times without
    finishing is given up instead (see `_claim`).
    """
    stale = now() - LEASE
    rows = db.session.execute(
        select(InboundMessage.id, InboundMessage.raw, InboundMessage.source)
        .where(InboundMessage.outcome.in_((RECEIVED, HANDLING)), InboundMessage.received_at < stale)
        .order_by(InboundMessage.id).limit(limit)).all()
    db.session.rollback()
    for row_id, raw, source in rows:
        # Claimed before decoding: a message given up is not even read again.
        if _claim(row_id):
            _run(row_id, _decode(raw, source))
    return len(rows)


def _decode(raw: bytes, source: str) -> Received:
    # A reply typed on the dev mailbox page carries our own domain in its Message-ID.
    own_domains = () if source == "dev" else (current_app.config["INBOUND_DOMAIN"],)
    return decode(raw, own_domains)


def _process(row_id: int, received: Received) -> None:
    if _claim(row_id):
        _run(row_id, received)


def _run(row_id: int, received: Received) -> None:
    """Handle a claimed message; an exception costs this message (outcome "error"), not the caller."""
    try:
        _handle(row_id, received)
    except Exception:  # noqa: BLE001 - a bug must cost this one message, recorded, not the mailbox
        db.session.rollback()
        log.exception("inbound message %s could not be handled", received.message_id)
        _finish_error(row_id, received)


def is_final(row: InboundMessage) -> bool:
    """Whether the message has been dealt with (an IMAP poller may mark it done)."""
    return row.outcome not in (RECEIVED, HANDLING)


# --- storing once ------------------------------------------------------------------


def _clean(text: str, limit: int) -> str:
    # PostgreSQL refuses NUL and text that is not UTF-8 (undecodable header bytes arrive as surrogates).
    return _CONTROL.sub("", text or "").encode("utf-8", "replace").decode("utf-8")[:limit]


def _message_key(message_id: str) -> str:
    """The Message-ID as stored: itself, or its hash when it is too long or holds what a column cannot."""
    if len(message_id) <= 190 and _clean(message_id, 190) == message_id:
        return message_id
    return "sha256:" + hashlib.sha256(message_id.encode("utf-8", "surrogatepass")).hexdigest()


def _store(raw: bytes, source: str, received: Received) -> int:
    """The id of the stored row for this Message-ID, inserting and committing it if it is new."""
    message_id = _message_key(received.message_id)
    found = db.session.scalar(select(InboundMessage.id).where(InboundMessage.message_id == message_id))
    if found is not None:
        db.session.rollback()
        return found
    row = InboundMessage(message_id=message_id, source=source[:16],
                         from_address=_clean(received.from_address, 320).lower(),
                         subject=_clean(received.subject, 300), raw=bytes(raw[:MAX_RAW_BYTES]), outcome=RECEIVED)
    db.session.add(row)
    try:
        db.session.commit()
    except IntegrityError:
        # The same message arrived at the same moment by another way (a provider retry, two pollers).
        db.session.rollback()
        return db.session.scalar(select(InboundMessage.id).where(InboundMessage.message_id == message_id))
    return row.id


def _claim(row_id: int) -> bool:
    """Take the message for handling unless it is done or another process is handling it now.

    `detail` counts the attempts while it is handled ("since <moment>, attempt 2"); a message whose
    MAX_ATTEMPTS attempts all ended without finishing is given up instead (outcome "error").
    """
    row = db.session.execute(select(InboundMessage).where(InboundMessage.id == row_id).with_for_update()
                             .execution_options(populate_existing=True)).scalar_one()
    moment = now()
    since, attempts = _handling(row.detail)
    if row.outcome == RECEIVED:
        attempts = 0
    elif row.outcome != HANDLING or (since is not None and moment - since <= LEASE):
        db.session.rollback()
        return False
    if attempts >= MAX_ATTEMPTS:
        row.outcome = "error"
        row.detail = (f"given up after {attempts} attempts that did not finish (the process handling it died or "
                      f"was stopped each time; see the log): not handled again, not answered")
        db.session.commit()
        log.warning("inbound message %s given up after %d attempts that did not finish", row_id, attempts)
        return False
    row.outcome = HANDLING
    row.detail = f"since {moment.isoformat()}, attempt {attempts + 1}"
    db.session.commit()
    return True


def _handling(detail: str | None) -> tuple[datetime | None, int]:
    """When the latest attempt began and how many there were, from the detail of a message being handled.

    A detail without the count (stored before it was kept) is one attempt; an unreadable one, no moment.
    """
    match = _HANDLING_RE.fullmatch(detail or "")
    try:
        since = datetime.fromisoformat(match.group(1)) if match else None
    except ValueError:
        since = None
    return since, int(match.group(2) or 1) if match else 1


def _finish(row: InboundMessage, outcome: str, detail: str, ctx: acting.Context | None = None,
            held: Held | None = None) -> None:
    """Record what was done with the message and commit, with any answer queued in the same transaction.

    A mail from a player's own seat whose answer a cap held back (`held`) is also written in the game's
    log, at most once an hour per seat: neither a mail loop nor a forged From may fill the log.
    """
    row.outcome = outcome
    row.detail = detail[:4000]
    if ctx is not None and ctx.game is not None:
        row.game_id = ctx.game.id
        row.seat = ctx.seat
        if held is not None and ctx.seat is not None and ctx.proven_game == ctx.game.id \
                and not _held_lately(ctx.game.id, ctx.seat):
            note(ctx.game, "mail_held", ctx.seat, cap=held.cap, limit=held.limit)
    db.session.commit()


def _held_lately(game_id: int, seat: int) -> bool:
    return db.session.scalar(select(GameNote.id).where(
        GameNote.game_id == game_id, GameNote.seat == seat, GameNote.kind == "mail_held",
        GameNote.created_at > now() - timedelta(hours=1)).limit(1)) is not None


def _finish_error(row_id: int, received: Received) -> None:
    try:
        row = db.session.get(InboundMessage, row_id)
        user = outbox.user_by_address(received.from_address)
        if user is not None:
            answers.queue_error(row, received, user)
        _finish(row, "error", "an internal error; see the log")
    except Exception:  # noqa: BLE001 - the row stays "handling" and the next delivery retries it
        db.session.rollback()
        log.exception("could not record the failure of inbound message %s", received.message_id)


# --- understanding -------------------------------------------------------------------


def _handle(row_id: int, received: Received) -> None:
    row = db.session.get(InboundMessage, row_id)
    if received.bounce is not None:
        return _bounce(row, received)
    if received.is_loop:
        return _finish(row, "loop", "our own mail came back")
    # The mailto half of List-Unsubscribe: mail programs send it for the reader, whoever they are.
    for address in (*received.to, *received.delivered_to, *received.cc):
        user_id = tokens.find_unsubscribe_address(address)
        if user_id is not None:
            user = db.session.get(User, user_id)
            if user is not None:
                outbound.unsubscribe(user)
            return _finish(row, "unsubscribed", "the List-Unsubscribe address: from now on only turn mails")
    if received.is_auto_reply:
        return _finish(row, "auto_reply", "written by a machine (auto-reply, list or report): not read")
    if any(tokens.find_bounce_token(a) is not None for a in (*received.to, *received.delivered_to, *received.cc)):
        # Only mail servers write to a return path; answering what they send there could start a loop.
        return _finish(row, "auto_reply", "sent to a return path, but not a report pbem can read: not read")
    sender = received.from_address.strip().lower()
    if not sender or _clean(sender, 320) != sender:
        return _finish(row, "unknown_sender", "no usable sender address: not answered")
    user = outbox.user_by_address(sender)
    # The writer's names: a name signed above "Sent from my iPhone" is no command.
    names = signer_names(received.from_name, sender) | (signer_names(user.name, "") if user else frozenset())
    lines = command_lines(received.text, names)
    ctx = acting.Context(raw=row.raw, sender=sender, source=row.source, user=user)
    request = _confirmed_request(received, sender)
    if request is not None:
        # A reply to our confirmation address: carry out the stored request it confirms.
        ctx.confirmed = True
        lines = [line for line in request if keywords.match(line) and keywords.match(line)[0] in ACCOUNT_VERBS]
        if ctx.user is None:
            ctx.user = _new_account(sender, received, request)
    hint: Game | None = None  # the game the mail is about, when it names no seat
    signed = _signed_seat(received)
    if signed is not None:
        game = db.session.get(Game, signed.game_id)
        seat = game.seat_at(signed.seat) if game is not None else None
        # The token travels with forwarded mail, so it alone does not say who writes: the
        # sender must also be the seat's player (see docs/mail.md, "Who may answer").
        if seat is None or seat.user is None or seat.user.email.strip().lower() != sender:
            if ctx.user is not None:
                # A player of ours who wrote to another seat's address (a wrong thread): told where to
                # reply, with their own allowance, not strangers' one explanation an hour.
                held = answers.queue_misdirected(row, received, ctx.user, game, lines)
            else:
                held = answers.queue_refusal(row, received, "wrong_sender", sender, None, game,
                                             requests.language_of(lines))
            detail = f"the reply address of game {signed.game_id} seat {signed.seat} used by another address; "
            ctx.game, ctx.seat = game, signed.seat
            return _finish(row, "wrong_sender", detail + _answered(held), ctx)
        ctx.user, ctx.game, ctx.seat, ctx.proven_game = seat.user, game, signed.seat, game.id
        ctx.written_for = _answered_prompt(received, game.id, signed.seat)
        bounces.record_reachable(sender)  # a reply came through: the soft-bounce count starts again
    else:
        ctx.proven_game = _table_game(received, sender)
        hint = db.session.get(Game, ctx.proven_game) if ctx.proven_game is not None else _thread_game(received)
        if ctx.user is None:
            ctx.user = _invited_user(ctx, received, lines, hint)
        if ctx.user is not None and hint is not None:
            ctx.game = hint
            ctx.seat = acting.position(hint, ctx.user)
    if ctx.user is None and any(step.verb == "new" for step in route(lines)):
        # A stranger asks for a game: their address must first show it reads our mail.
        held = answers.queue_confirmation(row, received, sender, requests.language_of(lines), _bots_asked(lines))
        return _finish(row, "confirm", "a request from a new address; " + (
            "asked to confirm it by replying" if held is None else str(held)))
    if ctx.user is None:
        invited = _invitation(sender, lines, hint)
        reason = "unproven_invitee" if invited is not None else "unknown_sender"
        held = answers.queue_refusal(row, received, reason, sender, None, invited, requests.language_of(lines))
        detail = (f"an invited address without its invitation's reply address (game {invited.id}); "
                  if invited is not None else "not a player's address; ")
        return _finish(row, "unknown_sender", detail + _answered(held))
    if not lines:
        report = Report(user=ctx.user, game=ctx.game, seat=ctx.seat, steps=[])
        held = _answer(row, received, report, ctx)
        return _finish(row, "no_command", "no command found" + ("" if held is None else f"; {held}"), ctx, held)
    report = acting.run(row, received, ctx, route(lines))
    held = _answer(row, received, report, ctx)
    _finish(row, report.outcome, report.summary() + ("" if held is None else f"; {held}"), ctx, held)


def _answered(held: Held | None) -> str:
    return "answered" if held is None else str(held)


ACCOUNT_VERBS = ("new", "language", "timezone")


def _confirmed_request(received: Received, sender: str) -> list[str] | None:
    """The command lines of the stored mail whose request this mail confirms (sent to its confirmation address)."""
    for address in (*received.to, *received.delivered_to, *received.cc):
        row_id = tokens.find_confirm_token(address, sender)
        if row_id is None:
            continue
        stored = db.session.get(InboundMessage, row_id)
        if stored is not None and stored.from_address == sender:
            confirmed = _decode(stored.raw, stored.source)
            return command_lines(confirmed.text, signer_names(confirmed.from_name, sender))
    return None


def _bots_asked(lines: list[str]) -> int:
    """How many bots the first `new` request among `lines` asks for (0 when it cannot be read)."""
    for step in route(lines):
        if step.verb == "new":
            try:
                return requests.read_new_game(step.text, "").bots
            except requests.RequestProblem:
                return 0
    return 0


def _new_account(sender: str, received: Received, request: list[str]) -> User:
    """The account of an address that confirmed its first request; its language is the one it wrote in."""
    locale = requests.language_of(request) or "en"
    name = (_clean(received.from_name, 80).strip() or sender.split("@")[0])[:80]
    user = User(email=sender, name=name, locale=locale if locale in current_app.config["LANGUAGES"] else "en")
    db.session.add(user)
    db.session.commit()
    return user


def _answer(row: InboundMessage, received: Received, report: Report, ctx: acting.Context) -> Held | None:
    """Queue the answer, unless the mail proves nothing of its sender and their address had its share this hour.

    The answer goes to the player's own address, never to the From, but a forger could still
    fill that mailbox; mail from a reply address (a player at their seat) is always answered.
    """
    if not ctx.proven():
        verdict = throttle.check("MAIL_UNPROVEN_LIMIT", ctx.user.email.lower())
        if verdict is throttle.Verdict.SILENT:
            return Held("MAIL_UNPROVEN_LIMIT", throttle.describe("MAIL_UNPROVEN_LIMIT"))
        if verdict is throttle.Verdict.NOTICE:
            report.limit = throttle.describe("MAIL_UNPROVEN_LIMIT")
    if ctx.needs_confirmation:
        report.reply_to = tokens.confirm_address(row.id, ctx.sender)
    return answers.queue_answer(row, received, report)


def _signed_seat(received: Received) -> tokens.SeatAddress | None:
    """The seat named by a correctly signed token: in a recipient address, else in the thread's Message-IDs."""
    for address in (*received.to, *received.delivered_to, *received.cc):
        found = tokens.find_reply_token(address)
        if found is not None:
            return found
    # Our turn mails' Message-IDs are <turn.<token>.<prompt>@domain>; the newest reference is last.
    for message_id in (received.in_reply_to or "", *reversed(received.references)):
        found = tokens.find_reply_token(message_id)
        if found is not None:
            return found
    return None


def _answered_prompt(received: Received, game_id: int, seat: int) -> int | None:
    """The prompt (game version) of the turn mail or answer this mail replies to, from the thread's Message-IDs.

    Both carry the seat token and the prompt (<turn.<token>.<prompt>@…>, <answer.<token>.<prompt>.…@…>);
    the newest reference counts. None when the mail replies to no such mail of this seat.
    """
    for message_id in (received.in_reply_to or "", *reversed(received.references)):
        match = _PROMPT_RE.search(message_id)
        if match is None:
            continue
        found = tokens.find_reply_token(match.group(1))
        if found is not None and (found.game_id, found.seat) == (game_id, seat):
            return int(match.group(2))
    return None


def _table_game(received: Received, sender: str) -> int | None:
    """The game of a table address (an invitation's, a lobby answer's) the mail went to, if signed for `sender`."""
    for address in (*received.to, *received.delivered_to, *received.cc):
        found = tokens.find_table_token(address, sender)
        if found is not None:
            return found
    return None


def _thread_game(received: Received) -> Game | None:
    """The game of the thread (every game mail refers to <game-<id>@domain>); unsigned, so only a hint."""
    domain = current_app.config["INBOUND_DOMAIN"].lower()
    for message_id in (received.in_reply_to or "", *reversed(received.references)):
        match = _THREAD_RE.fullmatch(message_id)
        if match and match.group(2).lower() == domain:
            return db.session.get(Game, int(match.group(1)))
    return None



def _invitation(sender: str, lines: list[str], hint: Game | None) -> Game | None:
    """The game a `join` line names (or the mail's game) if it holds an open invitation for `sender`."""
    for line in lines:
        matched = keywords.match(line)
        if matched is None or matched[0] != "join":
            continue
        game_id = acting.number(matched[1]) or (hint.id if hint else None)
        invited = game_id is not None and db.session.scalar(
            select(Seat.id).where(Seat.game_id == game_id, Seat.user_id.is_(None),
                                  func.lower(Seat.invited_email) == sender)) is not None
        if invited:
            return db.session.get(Game, game_id)
    return None


def _invited_user(ctx: acting.Context, received: Received, lines: list[str], hint: Game | None) -> User | None:
    """A new user for an invited address that answers its invitation with `join`, proven; None for anyone else."""
    game = _invitation(ctx.sender, lines, hint)
    # Replying to the invitation (its signed reply address) proves the mail comes from the invitee.
    if game is None or not ctx.may_change(game.id) or not addresses.is_stored_form(ctx.sender):
        return None
    # The same rule as a first sign-in: the name comes from the mail, else the address; the language is the
    # one its service words are written in ("参加 12": Japanese).
    locale = requests.language_of(lines)
    user = User(email=ctx.sender, name=(_clean(received.from_name, 80).strip() or ctx.sender.split("@")[0])[:80],
                locale=locale if locale in current_app.config["LANGUAGES"] else "en")
    db.session.add(user)
    db.session.commit()  # kept even if the seat is gone by the time "join" runs: they were invited
    return user



def route(lines: list[str]) -> list[Step]:
    """The steps of a reply: service words one by one, and each run of game command lines as one step."""
    steps: list[Step] = []
    for index, line in enumerate(lines):
        matched = keywords.match(line)
        if matched is None:
            if steps and steps[-1].verb == "moves":
                steps[-1].lines.append(line)
            else:
                steps.append(Step("moves", [line]))
            continue
        verb, rest = matched
        if verb == "undo" or (verb == "new" and rest and not requests.names_a_game(rest)):
            # `undo` is played like a move (play.submit takes it back in the same run of lines);
            # "New idea: ..." is chat, not a request: read both as any other line.
            if steps and steps[-1].verb == "moves":
                steps[-1].lines.append(line)
            else:
                steps.append(Step("moves", [line]))
            continue
        if verb == "say" and not rest:
            # "say" alone: everything after it is the message to the table.
            steps.append(Step("say", lines[index:], text="\n".join(lines[index + 1:])))
            break
        steps.append(Step(verb, [line], text=rest))
    return steps


# --- bounces -------------------------------------------------------------------------


def _bounce(row: InboundMessage, received: Received) -> None:
    bounce = received.bounce
    detail = _clean(" ".join(part for part in (bounce.status, bounce.action, bounce.diagnostic, bounce.feedback_type)
                             if part), 1000)
    outcome = "complaint" if bounce.kind == "complaint" else "bounce"
    mail = bounces.answered_mail(bounce, (*received.to, *received.delivered_to, *received.cc))
    if mail is None:
        # Anyone can write a report naming any address: one that does not prove it answers our
        # mail is kept for the record and changes nothing.
        named = _clean(bounce.recipient or "", 320) or "no recipient named"
        return _finish(row, f"{outcome}_unproven", f"{bounce.kind} for {named}, ignored: neither sent to the "
                                                    f"signed return path of a mail we sent there nor quoting "
                                                    f"its Message-ID; {detail}")
    address = mail.to_address.strip().lower()
    if bounce.kind == "complaint":
        bounces.record_complaint(address, f"{detail} (about our mail {mail.message_id})")
    else:
        bounces.record_bounce(address, bounce.kind == "hard", detail)
    _finish(row, outcome, f"{bounce.kind} for {address}, about outbox mail {mail.id}; {detail}")

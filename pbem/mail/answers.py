"""The one answer to each accepted mail: what was done and the situation now, or what failed, why, and what is legal."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import timedelta

from email_validator import EmailNotValidError, validate_email
from flask import current_app
from flask_babel import force_locale, gettext as _, ngettext
from sqlalchemy import func, select

from .. import engine, tokens
from ..clock import now
from ..extensions import db
from ..languages import translated
from ..models import Game, InboundMessage, Move, Outbox, Seat, User
from ..play import undo
from . import keywords, outbound, throttle
from .decode import Received
from .folding import fold

# An address gets at most one "who are you?" answer an hour, and at most this many answers of
# any kind: a mail program that answers every answer must not start an endless exchange.
REFUSAL_EVERY = timedelta(hours=1)
_CLEAN_ID = re.compile(r"<[!-;=?-~]{1,250}>")  # printable ASCII: safe to repeat in our headers
MAX_ANSWERS_PER_HOUR = 30
# A player writing from their seat in a game being played is answered far beyond that: the
# answer is their turn mail. The ceiling only stops a mail program that answers every answer.
MAX_SEAT_ANSWERS_PER_HOUR = 300
# "What happened" in an answer: the first lines (what the sender's own lines did and brought) and the latest,
# with a count of those left out between; a reply that ends a TtA turn is followed by every other seat's turn.
HISTORY_LINES = 60
LEGAL_SHOWN = 24  # legal commands listed in an answer; the rest are counted
EXAMPLES = 8


@dataclass(frozen=True)
class Held:
    """Why a mail got no answer: the cap that held the answer back (recorded, never silent to the operator)."""

    cap: str  # the limit's name: MAX_SEAT_ANSWERS_PER_HOUR, MAIL_STRANGER_LIMIT, ...
    limit: str  # the limit in words: "300 per 1 hour"

    def __str__(self) -> str:
        return f"{HELD_BACK} {self.cap} ({self.limit})"


# The stored detail of a mail whose answer a cap held back says this (the dev mailbox lists them by it).
HELD_BACK = "not answered: held back by"


def _per_hour(n: int) -> str:
    return f"{n} per 1 hour"


@dataclass
class Step:
    """What one line of a reply did (a run of game command lines is one step)."""

    verb: str  # "moves" (game commands and `undo`), "join", "start", "say", "status", "help", ...
    lines: list[str]
    text: str = ""  # what follows the service word: a game number, the words said
    ok: bool = True
    applied: list[str] = field(default_factory=list)
    acknowledged: list[dict] = field(default_factory=list)  # lines naming what was already done (play.Outcome)
    queued: list[str] = field(default_factory=list)  # lines held behind another seat's interrupt (play.Outcome)
    queued_for: list[str] = field(default_factory=list)  # the names of the seats answering it
    error: str | None = None  # English, for the stored summary
    error_local: dict[str, str] = field(default_factory=dict)  # the same in the other languages
    failed_line: str | None = None
    legal: list[str] = field(default_factory=list)
    trailing: bool = False  # the failing line is a closing ("Thanks!") after something was done
    rest: list[str] = field(default_factory=list)  # this step's lines after the failing one
    note: str | None = None
    game_id: int | None = None
    version_before: int | None = None

    def fail(self, line: str, error: str, legal=(), local: dict[str, str] | None = None) -> None:
        self.ok = False
        self.failed_line = line
        self.error = error
        self.error_local = dict(local or {})
        self.legal = list(legal)

    def refuse(self, line: str, message: str, legal=(), **values) -> None:
        """Fail with a sentence of the service's own (a msgid with %(name)s places)."""
        self.fail(line, message % values if values else message, legal, translated(message, **values))

    def refused(self, line: str, exc: "play.PlayError") -> None:
        self.refuse(line, exc.message, **exc.values)

    def error_in(self, locale: str) -> str | None:
        return self.error_local.get(locale, self.error)


@dataclass
class Report:
    """Everything one answer tells: who asked, about which game and seat, and each step up to the first failure."""

    user: User
    game: Game | None
    seat: int | None
    steps: list[Step]
    unread: list[str] = field(default_factory=list)  # lines after the failing one
    limit: str | None = None  # the answer limit this mail reached ("10 per 1 hour"): said once, at the end
    reply_to: str | None = None  # where a reply goes when the answer asks for one (a confirmation address)

    @property
    def outcome(self) -> str:
        if not self.steps:
            return "no_command"
        last = self.steps[-1]
        return "done" if last.ok or last.trailing else "stopped"

    def summary(self) -> str:
        """One line for the stored message: what was done, and where it stopped."""
        parts = []
        for step in self.steps:
            if step.applied:
                parts.append("applied " + "; ".join(step.applied))
            if step.acknowledged:
                parts.append("already done " + "; ".join(repr(done["line"]) for done in step.acknowledged))
            if step.verb != "moves" and step.ok:
                parts.append(step.verb + (f" {step.game_id}" if step.game_id else ""))
            if not step.ok:
                where = "ignored from" if step.trailing else "stopped at"
                parts.append(f"{where} {step.failed_line!r}: {step.error}")
        return "; ".join(parts) or "nothing to do"


# --- queueing ------------------------------------------------------------------------


def queue_answer(row: InboundMessage, received: Received, report: Report) -> Held | None:
    """Queue the answer to a player's mail; None when queued, else the hourly cap that held it back.

    When the player is asked to act again, the answer is also their turn mail: it carries the
    board, what is asked, the commands, the link and the deadline, and its Message-ID names the
    prompt, so that a reply to it acts on that prompt.
    """
    user = report.user
    game, seat = report.game, report.seat
    seated = game is not None and seat is not None and game.status == "active"
    cap = (("MAX_SEAT_ANSWERS_PER_HOUR", MAX_SEAT_ANSWERS_PER_HOUR) if seated
           else ("MAX_ANSWERS_PER_HOUR", MAX_ANSWERS_PER_HOUR))
    if _answers_lately(user.email, ("answer", "refusal")) >= cap[1]:
        return Held(cap[0], _per_hour(cap[1]))
    with force_locale(_locale(user)):
        text = fold(_render(report, _locale(user)))  # a phone's reader: 78 columns, as the turn mail
    asked = _asked_seat(game, seat)
    message_id = None
    if asked is not None:
        message_id = (f"<answer.{tokens.reply_token(game.id, seat)}.{asked.prompt_version}."
                      f"{hashlib.sha256(row.message_id.encode()).hexdigest()[:12]}@{current_app.config['INBOUND_DOMAIN']}>")
    if report.reply_to is not None:
        reply_to = report.reply_to
    elif game is not None and seat is not None:
        reply_to = tokens.reply_address(game.id, seat)
    elif game is not None and game.status == "lobby":
        reply_to = tokens.table_address(game.id, user.email)  # a reply to it may join or start
    else:
        reply_to = f"play@{current_app.config['INBOUND_DOMAIN']}"
    _send(row, received, "answer", user.email, text, reply_to, user=user, game=game, message_id=message_id)
    return None


def _asked_seat(game: Game | None, seat: int | None) -> Seat | None:
    """The seat row when `seat` is asked to act now in `game`, else None."""
    if game is None or seat is None or game.status != "active":
        return None
    db.session.refresh(game)
    row = game.seat_at(seat)
    return row if row is not None and row.prompt_version is not None else None


def queue_confirmation(row: InboundMessage, received: Received, address: str, locale: str | None) -> Held | None:
    """Ask a new address to confirm its request (a new game) by replying; None when queued, else what held it.

    Limited like the explanations to strangers: a From line costs nothing to forge.
    """
    address = _mailable(address)
    held = _stranger_cap(address)
    if held is not None:
        return held
    locale = locale if locale in current_app.config["LANGUAGES"] else "en"
    with force_locale(locale):
        text = "\n".join([
            _("Hello,"), "",
            _("pbem received your request for a new game from %(address)s. A From line can be forged, so pbem "
              "does it only once this address shows that it reads our mail: reply to this mail (what you write "
              "does not matter) and the game is created, with an account for this address.", address=address),
            "", _("If you did not ask for anything, ignore this mail: nothing happens."),
            "", _("(pbem sends this explanation at most once an hour.)"), ""])
    _send(row, received, "refusal", address, text, tokens.confirm_address(row.id, address), user=None, game=None)
    return None


def _stranger_cap(address: str | None) -> Held | None:
    """What holds back an explanation to `address`: none to an address SMTP cannot take, one an hour each, and
    MAIL_STRANGER_LIMIT for all such addresses together."""
    if address is None:
        return Held("UNMAILABLE", "no mail server takes this address")
    if _answers_lately(address, ("refusal",), REFUSAL_EVERY) > 0:
        return Held("REFUSAL_EVERY", "1 per 1 hour")
    if throttle.check("MAIL_STRANGER_LIMIT") is not throttle.Verdict.OK:
        return Held("MAIL_STRANGER_LIMIT", throttle.describe("MAIL_STRANGER_LIMIT"))
    return None


def queue_refusal(row: InboundMessage, received: Received, reason: str, address: str, user: User | None,
                  game: Game | None) -> Held | None:
    """Explain to an unknown or wrong sender why nothing was done, once an hour per address; None when queued,
    else the cap that held it back."""
    address = _mailable(address)
    if address is not None and _answers_lately(address, ("answer", "refusal")) >= MAX_ANSWERS_PER_HOUR:
        return Held("MAX_ANSWERS_PER_HOUR", _per_hour(MAX_ANSWERS_PER_HOUR))
    # Strangers' From addresses are free to forge: all together, they get MAIL_STRANGER_LIMIT answers an hour.
    held = _stranger_cap(address)
    if held is not None:
        return held
    base = current_app.config["BASE_URL"]
    locale = _locale(user)
    reply_to = f"play@{current_app.config['INBOUND_DOMAIN']}"
    with force_locale(locale):
        if reason == "unproven_invitee":
            # Sent to the invited address itself, so its Reply-To may carry the invitation's token.
            reply_to = tokens.table_address(game.id, address)
            body = [
                _("pbem received your mail, but nothing was done: a From line can be forged, so an invitation "
                  "to game #%(game)s is taken up by mail only in a reply to the invitation (its reply address "
                  "is signed for you). Reply to this mail with the line \"join %(game)s\", or join on the web:",
                  game=game.id),
                f"  {base}/games/{game.id}",
            ]
        elif reason == "wrong_sender":
            body = [
                _("pbem received your mail, but nothing was done: it was sent to the reply address of a seat "
                  "in game #%(game)s from an address that is not that seat's player.", game=game.id if game else "?"),
                "",
                _("A reply address travels with forwarded mail, so pbem takes commands only from the player's "
                  "own address. Send your reply from the address the turn mail was sent to, or play on the web:"),
                f"  {base}/games/{game.id}" if game is not None else f"  {base}/",
            ]
        else:
            body = [
                _("pbem received your mail, but nothing was done: %(address)s is not the address of a pbem "
                  "player.", address=address),
                "",
                _("To play, sign in once with this address at %(url)s and join a game; then answer the turn "
                  "mails by replying. If you play with another address, send from that one.",
                  url=f"{base}/signin"),
            ]
        body += ["", _("(pbem sends this explanation at most once an hour.)")]
        text = "\n".join([_("Hello,"), "", *body, ""])
    _send(row, received, "refusal", address, text, reply_to, user=user, game=None)
    return None


def queue_error(row: InboundMessage, received: Received, user: User) -> None:
    """Tell a player that their mail could not be handled (a fault on pbem's side, logged)."""
    with force_locale(_locale(user)):
        text = "\n".join([
            _("Hello %(name)s,", name=user.name), "",
            _("pbem could not finish handling your mail because of an error on its side; the error is logged. "
              "Some of your commands may have been applied: please look at the game before sending them again."),
            "", f"  {current_app.config['BASE_URL']}/", ""])
    _send(row, received, "answer", user.email, text, f"play@{current_app.config['INBOUND_DOMAIN']}", user=user)


def _send(row: InboundMessage, received: Received, kind: str, to: str, text: str, reply_to: str, *,
          user: User | None = None, game: Game | None = None, message_id: str | None = None) -> None:
    own = received.message_id if _CLEAN_ID.fullmatch(received.message_id) else None
    references = [ref for ref in received.references[-8:] if ref != own and _CLEAN_ID.fullmatch(ref)]
    headers = {
        # Marked as an automatic answer so that the player's autoresponder stays quiet and, if
        # it does not, pbem drops what it sends.
        "Auto-Submitted": "auto-replied",
        "X-Auto-Response-Suppress": "All",
        "Reply-To": reply_to,
    }
    if own is not None:  # threaded under the player's mail
        headers["In-Reply-To"] = own
        headers["References"] = " ".join(references + [own])
    outbound._queue(_dedupe_key(row.message_id), kind, to, _subject(received, game), text, user=user, game=game,
                    headers=headers, message_id=message_id)


def _mailable(address: str) -> str | None:
    """A stranger's address as SMTP takes it (an IDN domain in ASCII), or None when it cannot be mailed.

    A From is whatever the sender wrote: a local part that needs SMTPUTF8, or no address at all,
    gets no answer rather than a mail that no server would take.
    """
    try:
        return validate_email(address, check_deliverability=False).ascii_email
    except EmailNotValidError:
        return None


def _dedupe_key(message_id: str) -> str:
    key = f"answer:{message_id}"
    return key if len(key) <= 200 else "answer:sha256:" + hashlib.sha256(key.encode()).hexdigest()


def _answers_lately(address: str, kinds: tuple[str, ...], within: timedelta = timedelta(hours=1)) -> int:
    return db.session.scalar(select(func.count()).select_from(Outbox).where(
        func.lower(Outbox.to_address) == address.strip().lower(), Outbox.kind.in_(kinds),
        Outbox.created_at > now() - within)) or 0


def _locale(user: User | None) -> str:
    locale = user.locale if user is not None else None
    return locale if locale in current_app.config["LANGUAGES"] else "en"


def _subject(received: Received, game: Game | None) -> str:
    subject = re.sub(r"[\x00-\x1f\x7f]", "", received.subject).encode("utf-8", "replace").decode().strip()
    if not subject:
        subject = outbound.game_tag(game) if game is not None else "pbem"
    return subject if re.match(r"(?i)(re|aw|sv|antw|réf)\s*:", subject) else f"Re: {subject}"


# --- the text ------------------------------------------------------------------------


def legal_examples(game: Game, seat: int, limit: int = EXAMPLES) -> list[str]:
    """A few commands `seat` could send now (templates for payments, where the game offers them)."""
    rules = engine.get(game.slug)
    try:
        if hasattr(rules, "legal_texts"):
            texts = list(rules.legal_texts(game.state, seat))[:limit]
        else:
            texts = [str(m) for m in rules.legal(game.state, seat)[:limit]]
    except engine.CommandError:
        return []
    return outbound.shown_commands(game, seat, texts)


def _render(report: Report, locale: str) -> str:
    out = [_("Hello %(name)s,", name=report.user.name), ""]
    if not report.steps:
        out += [_("pbem found no command in your mail. Type your commands above the quoted text, one per "
                  "line; write \"help\" for the list."), ""]
    for step in report.steps:
        out += _RENDERERS[step.verb](step, report, locale)
        out.append("")
    out += _situation(report, locale)
    if report.limit:
        out += ["", _("pbem answers at most %(limit)s mails that come from your address without a reply address "
                      "of yours or a signature of your domain; further ones get no answer for now.",
                      limit=report.limit)]
    return "\n".join(out).rstrip("\n") + "\n"


def _quoted(lines: list[str]) -> list[str]:
    return [f"  > {line}" for line in lines]


def _applied(step: Step, report: Report) -> list[str]:
    if not step.applied:
        return []
    moves = outbound.told_moves(report.game, step.applied) if report.game is not None else step.applied
    return [_("Applied: %(moves)s.", moves="; ".join(moves))]


def _shown_legal(step: Step, report: Report, locale: str) -> list[str]:
    """The first of what the seat could send, players named as in its turn mail (the step keeps them canonical)."""
    legal = step.legal[:LEGAL_SHOWN]
    game = report.game
    if step.verb != "moves" or game is None or report.seat is None or game.state is None:
        return outbound.worded(legal, locale)
    return outbound.worded(outbound.shown_commands(game, report.seat, legal), locale)


def _failure(step: Step, report: Report, locale: str) -> list[str]:
    if step.trailing:
        if report.seat is None or report.game is None or report.game.state is None:
            out = [_("Ignored the rest: \"%(line)s\" (%(why)s).", line=step.failed_line, why=step.error_in(locale))]
        else:
            out = [_("Ignored the rest: \"%(line)s\" is not a command.", line=step.failed_line)]
        if report.unread:
            out += [_("Not read either:"), *_quoted(report.unread)]
        return out
    out = [_("This line was not applied:"), *_quoted([step.failed_line or ""]),
           _("Why: %(error)s", error=step.error_in(locale))]
    if report.unread:
        out += [_("The lines after it were not read:"), *_quoted(report.unread)]
    if step.legal:
        out += [_("What you could send now:"), *(f"  {c}" for c in _shown_legal(step, report, locale))]
        if len(step.legal) > LEGAL_SHOWN:
            # Never a silent cut: say how many more, and where the whole list is.
            more = len(step.legal) - LEGAL_SHOWN
            url = f"{current_app.config['BASE_URL']}/games/{report.game.id}" if report.game else \
                current_app.config["BASE_URL"]
            out.append("  " + ngettext("… and %(num)d more: the game page lists them all: %(url)s",
                                       "… and %(num)d more: the game page lists them all: %(url)s", more, url=url))
    return out


def _acknowledged(step: Step, locale: str) -> list[str]:
    """Lines that named what was already done: not failures; each says what happened there."""
    if not step.acknowledged:
        return []
    return [_("Already done, nothing more to do:"),
            *(f"  {done['local'].get(locale, done['message'])}" for done in step.acknowledged)]


def _queued(step: Step) -> list[str]:
    """Lines kept until the game asks this seat again in its turn (docs/mail.md)."""
    if not step.queued:
        return []
    return [_("queued until %(names)s answers: %(lines)s", names=", ".join(step.queued_for),
              lines="; ".join(step.queued))]


def _render_moves(step: Step, report: Report, locale: str) -> list[str]:
    return (_applied(step, report) + _acknowledged(step, locale) + _queued(step)
            + ([] if step.ok else _failure(step, report, locale)))


def _render_join(step: Step, report: Report, locale: str) -> list[str]:
    if not step.ok:
        return _failure(step, report, locale)
    game = db.session.get(Game, step.game_id)
    taken = sum(1 for s in game.seats if s.is_bot or s.user_id is not None)
    if step.note == "already":
        out = [_("You already have a seat in game #%(id)s \"%(title)s\".", id=game.id, title=game.title)]
    else:
        out = [_("You joined game #%(id)s \"%(title)s\" (%(name)s).", id=game.id, title=game.title,
                 name=engine.get(game.slug).NAME)]
    out.append(_("%(taken)s of %(seats)s seats are taken.", taken=taken, seats=game.num_seats))
    if game.status == "lobby":
        out.append(_("You are the host: send \"start\" when every seat is taken.") if game.host_id == report.user.id
                   else _("The game starts when the host starts it; your first turn mail will follow."))
    return out


def _render_start(step: Step, report: Report, locale: str) -> list[str]:
    if not step.ok:
        return _failure(step, report, locale)
    game = db.session.get(Game, step.game_id)
    return [_("Game #%(id)s \"%(title)s\" has started.", id=game.id, title=game.title)]


def _render_say(step: Step, report: Report, locale: str) -> list[str]:
    if not step.ok:
        return _failure(step, report, locale)
    return [_("Said to the table of game #%(id)s:", id=step.game_id),
            *(f"  {line}" for line in step.text.strip().split("\n"))]


def _render_status(step: Step, report: Report, locale: str) -> list[str]:
    if not step.ok:
        return _failure(step, report, locale)
    if report.game is None:
        return _game_list(report.user)
    game = report.game
    db.session.refresh(game)
    out = [_("Game #%(id)s \"%(title)s\" (%(name)s), move %(version)s.", id=game.id, title=game.title,
             name=engine.get(game.slug).NAME, version=game.version)]
    if game.state is None:
        return out + [_("It has not started yet.")]
    rules = engine.get(game.slug)
    names = _names(game)
    if hasattr(rules, "board_text"):
        # The game's own text board, as the turn mail shows it.
        out += ["", rules.board_text(rules.view(game.state, report.seat), locale, names).rstrip("\n")]
    else:
        scores = rules.scores(game.state) if hasattr(rules, "scores") else None
        for position, name in enumerate(names):
            you = _(" (you)") if position == report.seat else ""
            score = _(": %(score)s points", score=scores[position]) if scores else ""
            out.append(f"  {name}{you}{score}")
    last = _history(game, max(game.version - 12, 0), report.seat, locale)
    if last:
        out += ["", _("Lately:"), *(f"  {line}" for line in last)]
    return out


def _game_list(user: User) -> list[str]:
    games = db.session.scalars(select(Game).join(Seat).where(Seat.user_id == user.id,
                                                             Game.status.in_(("lobby", "active")))
                               .order_by(Game.id)).all()
    if not games:
        return [_("You are not playing any game now.")]
    out = [_("Your games:")]
    for game in games:
        seat = game.seat_of(user)
        yours = seat is not None and seat.prompt_version is not None
        state = _("your turn") if yours else (_("not started") if game.status == "lobby" else _("waiting"))
        out.append(f"  #{game.id} {game.title}: {state}")
    return out


def _render_help(step: Step, report: Report, locale: str) -> list[str]:
    words = {verb: ", ".join(w for w in keywords.WORDS[verb][1:]) for verb in keywords.WORDS}
    return [
        _("How to play by email: reply to a turn mail and type your commands above the quoted text, one per "
          "line. They apply in order; the first line that cannot be used stops the reading."),
        "",
        _("Besides the game's own commands:"),
        "  join 12       " + _("take a seat in game 12") + f"  ({words['join']})",
        "  start         " + _("start your game when every seat is taken (host)") + f"  ({words['start']})",
        "  say <text>    " + _("talk to everyone at the table") + f"  ({words['say']})",
        "  status        " + _("the game again") + f"  ({words['status']})",
        "  help          " + _("this text") + f"  ({words['help']})",
        "  undo          " + _("take back your moves of this turn, while they revealed nothing and asked "
                               "nobody") + f"  ({words['undo']})",
        "  new stone-age 3 players with ann@example.org bob@example.org",
        "                " + _("a new game you host: invite by address, or \"with 2 bots\"") + f"  ({words['new']})",
        "  language ja   " + _("write to me in en, ja, fr or de") + f"  ({words['language']})",
        "  timezone Asia/Tokyo",
        "                " + _("show deadlines in this zone (and in UTC)") + f"  ({words['timezone']})",
        "",
        _("Game commands may be written in English, Japanese, French or German; when a line is not "
          "understood, the answer says why and what would be legal."),
    ]


def _render_new(step: Step, report: Report, locale: str) -> list[str]:
    if not step.ok:
        return _failure(step, report, locale)
    game = db.session.get(Game, step.game_id)
    db.session.refresh(game)
    out = [_("You created game #%(id)s \"%(title)s\" (%(name)s) with %(seats)s seats.", id=game.id,
             title=game.title, name=engine.get(game.slug).NAME, seats=game.num_seats)]
    invited = [s.invited_email for s in game.seats if s.invited_email and s.user_id is None]
    if invited:
        out.append(_("Invited: %(addresses)s. The game starts when you send \"start\" once every seat is taken.",
                     addresses=", ".join(invited)))
    if game.status == "active":
        out.append(_("It has started."))
    elif not invited:
        out.append(_("Seats are open: others may join with \"join %(id)s\"; send \"start\" when every seat is "
                     "taken.", id=game.id))
    return out


def _render_language(step: Step, report: Report, locale: str) -> list[str]:
    if not step.ok:
        return _failure(step, report, locale)
    return [_("From now on pbem writes to you in English.")]


def _render_timezone(step: Step, report: Report, locale: str) -> list[str]:
    if not step.ok:
        return _failure(step, report, locale)
    return [_("Your time zone is now %(zone)s: deadlines are shown in it and in UTC.", zone=step.note)]


_RENDERERS = {"new": _render_new, "language": _render_language, "timezone": _render_timezone,
              "moves": _render_moves, "join": _render_join, "start": _render_start, "say": _render_say,
              "status": _render_status, "help": _render_help}


def _names(game: Game) -> list[str]:
    seated = sorted((s for s in game.seats if s.position is not None), key=lambda s: s.position)
    return [s.display_name for s in seated]


def _history(game: Game, since: int, viewer: int | None, locale: str) -> list[str]:
    """The game's own lines for the moves after `since`, as `viewer` may see them."""
    rules = engine.get(game.slug)
    names = _names(game)
    moves = db.session.scalars(select(Move).where(Move.game_id == game.id, Move.seq > since)
                               .order_by(Move.seq)).all()
    lines = [undo.describe(rules, ev, viewer, locale, names) for move in moves if move.undone_by is None
             for ev in move.events]
    lines = [line for line in lines if line]
    if len(lines) <= HISTORY_LINES:
        return lines
    head, tail = HISTORY_LINES * 2 // 3, HISTORY_LINES // 3
    left_out = len(lines) - head - tail
    return lines[:head] + [ngettext("… %(num)d more line, on the game page …",
                                    "… %(num)d more lines, on the game page …", left_out)] + lines[-tail:]


def _situation(report: Report, locale: str) -> list[str]:
    """What happened since the mail's first move, and who is asked now; nothing without a game and seat."""
    game, seat = report.game, report.seat
    if game is None or seat is None:
        return []
    db.session.refresh(game)
    if game.state is None:
        return []
    rules = engine.get(game.slug)
    out = []
    befores = [s.version_before for s in report.steps if s.version_before is not None and s.applied]
    if befores:
        lines = _history(game, min(befores), seat, locale)
        if lines:
            out += [_("What happened:"), *(f"  {line}" for line in lines), ""]
    if game.status == "finished":
        out += _result(game)
    else:
        pending = sorted({p.seat for p in rules.pending(game.state)})
        asked_seat = _asked_seat(game, seat)
        if seat in pending and asked_seat is not None:
            names = outbound.seat_names(game)
            asked = ", ".join(outbound.prompt_words(p, names, rules) for p in rules.pending(game.state) if p.seat == seat)
            out += [_("It is your turn: %(asked)s.", asked=asked), ""]
            # What the turn mail would say (this answer is the turn mail): the commands, the
            # link, the deadline and the board; "what happened" is above already.
            block = outbound.turn_block(game, asked_seat, report.user)
            block.since = []
            out += outbound.render("_game.txt", block=block, commands_doc=outbound.commands_doc()).rstrip("\n").split("\n")
            return out
        else:
            names = _names(game)
            out.append(_("Now waiting for %(names)s.", names=", ".join(names[s] for s in pending if s < len(names))))
    out += ["", _("The game: %(url)s", url=f"{current_app.config['BASE_URL']}/games/{game.id}")]
    return out


def _result(game: Game) -> list[str]:
    result = game.result or {}
    names = _names(game)
    out = [_("The game is over.")]
    for position in result.get("ranking", []):
        place = result.get("places", {}).get(str(position))
        score = result.get("scores", {}).get(str(position))
        name = names[position] if position < len(names) else str(position)
        out.append(f"  {place}. {name}: {score}")
    return out

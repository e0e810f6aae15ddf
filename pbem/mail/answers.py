"""The one answer to each accepted mail: what was done and the situation now, or what failed, why, and what is legal."""
from __future__ import annotations

import hashlib
import re
from datetime import timedelta

from email_validator import EmailNotValidError, validate_email
from flask import current_app
from flask_babel import force_locale, gettext as _
from sqlalchemy import func, select

from .. import engine, outbox, tokens
from ..clock import now
from ..extensions import db
from ..models import Game, InboundMessage, Outbox, User
from ..presentation.words import prompt_words, seat_names
from . import outbound, throttle
from .answer_text import asked_seat, bots_line, render
from .decode import Received
from .folding import fold
from .report import Held, Report, per_hour

# An address gets at most one "who are you?" answer an hour, and at most this many answers of
# any kind: a mail program that answers every answer must not start an endless exchange.
REFUSAL_EVERY = timedelta(hours=1)
_CLEAN_ID = re.compile(r"<[!-;=?-~]{1,250}>")  # printable ASCII: safe to repeat in our headers
MAX_ANSWERS_PER_HOUR = 30
# A player writing from their seat in a game being played is answered far beyond that: the
# answer is their turn mail. The ceiling only stops a mail program that answers every answer.
MAX_SEAT_ANSWERS_PER_HOUR = 300


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
        return Held(cap[0], per_hour(cap[1]))
    with force_locale(_locale(user)):
        text = fold(render(report, _locale(user)))  # a phone's reader: 78 columns, as the turn mail
    asked = asked_seat(game, seat)
    message_id = subject = None
    if asked is not None:
        message_id = (f"<answer.{tokens.reply_token(game.id, seat)}.{asked.prompt_version}."
                      f"{hashlib.sha256(row.message_id.encode()).hexdigest()[:12]}@{current_app.config['INBOUND_DOMAIN']}>")
        with force_locale(_locale(user)):
            subject = _turn_subject(game, seat)
    if report.reply_to is not None:
        reply_to = report.reply_to
    elif game is not None and seat is not None:
        reply_to = tokens.reply_address(game.id, seat)
    elif game is not None and game.status == "lobby":
        reply_to = tokens.table_address(game.id, user.email)  # a reply to it may join or start
    else:
        reply_to = f"play@{current_app.config['INBOUND_DOMAIN']}"
    _send(row, received, "answer", user.email, text, reply_to, user=user, game=game, message_id=message_id,
          subject=subject)
    return None


def _turn_subject(game: Game, seat: int) -> str | None:
    """The subject of the turn mail an answer doubles as ("[pbem #12 Title] Your turn: …", as writing._turn
    words it), when it tells the seat "It is your turn"; None otherwise (the answer is "Re: " their subject)."""
    rules = engine.get(game.slug)
    names = seat_names(game)
    prompts = [p for p in rules.pending(game.state) if p.seat == seat] if game.state is not None else []
    if not prompts:
        return None
    return outbound.turn_subject(game, [prompt_words(p, names, rules) for p in prompts])


def queue_misdirected(row: InboundMessage, received: Received, user: User, game: Game | None,
                      lines: list[str]) -> Held | None:
    """Tell a registered player why their mail to another seat's reply address was not played, and where to
    reply; None when queued, else the cap that held it back.

    Their own allowance (MAIL_MISDIRECTED_LIMIT per player), apart from strangers' REFUSAL_EVERY: a player's
    request confirmed minutes before must not leave this mail unanswered. The answer goes to their own address.
    """
    if _answers_lately(user.email, ("answer", "refusal")) >= MAX_ANSWERS_PER_HOUR:
        return Held("MAX_ANSWERS_PER_HOUR", per_hour(MAX_ANSWERS_PER_HOUR))
    if throttle.check("MAIL_MISDIRECTED_LIMIT", str(user.id)) is not throttle.Verdict.OK:
        return Held("MAIL_MISDIRECTED_LIMIT", throttle.describe("MAIL_MISDIRECTED_LIMIT"))
    base = current_app.config["BASE_URL"]
    own = game.seat_of(user) if game is not None else None
    if own is not None and own.position is not None:
        reply_to = tokens.reply_address(game.id, own.position)
    else:
        reply_to = f"play@{current_app.config['INBOUND_DOMAIN']}"
    number = game.id if game is not None else "?"
    with force_locale(_locale(user)):
        body = [_("pbem received your mail, but played nothing from it: it was sent to the reply address of "
                  "another seat in game #%(game)s, and a seat's reply address takes commands only from that "
                  "seat's player.", game=number), ""]
        if own is not None and own.position is not None:
            body += [_("Your own seat in game #%(game)s has its own reply address; reply to your own turn mails, "
                       "or to this mail (it goes there):", game=number), f"  {reply_to}"]
        else:
            body += [_("You have no seat in game #%(game)s. The game's page:", game=number),
                     f"  {base}/games/{game.id}" if game is not None else f"  {base}/"]
        if lines:
            body += ["", _("Not played:"), *(f"  > {line}" for line in lines[:10])]
        text = fold("\n".join([_("Hello %(name)s,", name=user.name), "", *body, ""]))
    _send(row, received, "answer", user.email, text, reply_to, user=user, game=game)
    return None


def queue_confirmation(row: InboundMessage, received: Received, address: str, locale: str | None,
                       bots: int = 0) -> Held | None:
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
            *([bots_line(bots)] if bots else []),
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
                  game: Game | None, locale: str | None = None) -> Held | None:
    """Explain to an unknown or wrong sender why nothing was done, once an hour per address; None when queued,
    else the cap that held it back."""
    address = _mailable(address)
    if address is not None and _answers_lately(address, ("answer", "refusal")) >= MAX_ANSWERS_PER_HOUR:
        return Held("MAX_ANSWERS_PER_HOUR", per_hour(MAX_ANSWERS_PER_HOUR))
    # Strangers' From addresses are free to forge: all together, they get MAIL_STRANGER_LIMIT answers an hour.
    held = _stranger_cap(address)
    if held is not None:
        return held
    base = current_app.config["BASE_URL"]
    # A stranger is answered in the language their service words are written in (`locale`), a user in theirs.
    locale = _locale(user) if user is not None or locale not in current_app.config["LANGUAGES"] else locale
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
          user: User | None = None, game: Game | None = None, message_id: str | None = None,
          subject: str | None = None) -> None:
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
    outbox.store(_dedupe_key(row.message_id), kind, to, subject=_subject(received, game, subject),
                 text=fold(text), user=user,
                 game=game, headers=headers, message_id=message_id, status="pending")


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


def _subject(received: Received, game: Game | None, chosen: str | None = None) -> str:
    """`chosen`, else "Re: " and the subject of the mail answered; under 78 columns either way."""
    subject = chosen or re.sub(r"[\x00-\x1f\x7f]", "", received.subject).encode("utf-8", "replace").decode().strip()
    if not subject:
        subject = outbound.subject(game, "") if game is not None else "pbem"
    if not chosen and not re.match(r"(?i)(re|aw|sv|antw|réf)\s*:", subject):
        subject = f"Re: {subject}"
    return outbound.shorten(subject, outbound.SUBJECT_WIDTH)



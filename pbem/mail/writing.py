"""Writing the mail the domain verbs stored unwritten (pbem/outbox.py), after their commit, in each reader's
language and time zone: turn mails, notices, results, table talk, invitations, reminders, the host's "everyone is
seated".

Rendering a mail (the board, the news, the legal commands) costs more than the move that caused it,
so it is done here, by whoever delivers, while the game takes other moves. A turn mail whose seat
has answered (or whose game moved on) before it is written is not sent: the prompt it was for is
gone. A row is written once it is due: a turn mail held for a player at the table (outbox.held_until)
waits until then, and is dropped if its seat answered on the page meanwhile. One mail that cannot be
written fails alone; the others are written.
"""
from __future__ import annotations

import logging
from datetime import datetime
from types import SimpleNamespace

from flask_babel import force_locale, gettext
from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload, selectinload

from .. import engine, keywords, tokens
from ..clock import now
from ..languages import duration
from ..models import Game, Outbox, Seat, User
from ..outbox import UNWRITTEN, withheld
from ..presentation.news import news_lines, queued_text
from ..presentation.times import deadline_for, local_time, reader_locale
from ..presentation.turn import commands_doc, game_link, seat_link, turn_block
from ..presentation.words import columns
from .folding import fold
from .outbound import footer, game_headers, list_headers, render, subject, turn_subject

log = logging.getLogger(__name__)

# The two reads of a run, built once: building them cost more than running them. Only rows due: a held turn
# mail waits for its moment (the beat's run writes it then), and runs before that neither write nor spin on it.
# Their users are read afresh (populate_existing): whether an address bounced since decides a claim.
_UNWRITTEN = (select(Outbox).options(joinedload(Outbox.user))
              .where(Outbox.status == UNWRITTEN, Outbox.next_attempt_at <= bindparam("moment"))
              .order_by(Outbox.id).limit(bindparam("most")).with_for_update(of=Outbox, skip_locked=True)
              .execution_options(populate_existing=True))
# populate_existing: the run's session outlives its batches, and a game read for an earlier batch
# may have moved on since (its seats asked anew).
_GAMES = (select(Game).where(Game.id.in_(bindparam("ids", expanding=True)))
          .options(selectinload(Game.seats).joinedload(Seat.user)).execution_options(populate_existing=True))


def write_unwritten(session, most: int, lease: datetime | None = None) -> list[Outbox]:
    """Write up to `most` unwritten mails that are due, oldest first, in `session` (delivery's own), and commit;
    the rows looked at.

    Rows another run is writing are skipped (SKIP LOCKED), so two runs never write one mail twice.
    With `lease`, the rows written are claimed for the caller's run in the same statement (status
    "sending", as delivery._claim leaves a row): claiming them afterwards was a second UPDATE, a
    second new version, of each row.
    """
    rows = session.scalars(_UNWRITTEN, {"most": most, "moment": now()}).all()
    if not rows:
        session.rollback()
        return rows
    games = {game.id: game for game in session.scalars(_GAMES, {"ids": list({r.game_id for r in rows if r.game_id})})}
    with session.no_autoflush:
        for row in rows:
            try:
                _write(row, games.get(row.game_id))
            except Exception as exc:  # noqa: BLE001 - this mail alone fails; the others are written
                log.exception("mail %d could not be written", row.id)
                why = f"the mail could not be written: {type(exc).__name__}: {exc}"
                row.status, row.last_error = "failed", why[:2000]
            else:
                if row.status == UNWRITTEN and lease is not None:
                    _claim_written(row, lease)
                elif row.status == UNWRITTEN:
                    row.status, row.next_attempt_at = "pending", now()
            if row.status != UNWRITTEN:
                row.data = None  # what it was about is in the mail now
    session.commit()
    return rows


def _claim_written(row: Outbox, lease: datetime) -> None:
    """Take a row just written for the run that wrote it, as delivery's claim would (the lease, an attempt counted),
    unless its address bounced (or complained) since it was stored."""
    why = withheld(row.user.email_status, row.kind) if row.user is not None else None
    if why is not None:
        row.status, row.last_error = "suppressed", why
    else:
        row.status, row.attempts, row.next_attempt_at = "sending", row.attempts + 1, lease


def _write(row: Outbox, game: Game | None) -> None:
    kind = row.dedupe_key.split(":", 1)[0]
    user = row.user
    with force_locale(reader_locale(user if user is not None else game.host if game is not None else None)):
        if kind == "invite":
            _invitation(row, game, user)
        elif game is None:
            _drop(row, "not sent: the game is gone")
        elif kind == "turn":
            _turn(row, game, user)
        elif kind == "queued":
            _notice(row, game, game.seat_at(int(row.dedupe_key.split(":")[2])), user,
                    queued_text(row.data["queued"], user.locale, game, int(row.dedupe_key.split(":")[2])))
        elif kind in ("notice", "vacation"):
            _notice(row, game, game.seat_at(row.data["seat"]), user, _notice_text(row.data, user))
        elif kind == "end":
            _game_over(row, game, user)
        elif kind == "chat":
            _chat(row, game, user)
        elif kind == "remind":
            _reminder(row, game, user)
        elif kind == "seated":
            _seated(row, game, user)
        else:
            raise ValueError(f"no writer for mail {row.dedupe_key!r}")
    row.subject = " ".join(row.subject.split())[:300]
    # Every kind's text folded here, at one place: a phone's reader, 78 columns (a link whole on its line).
    row.text = fold(row.text or "")


def _drop(row: Outbox, why: str) -> None:
    row.status, row.last_error = "suppressed", why


def _turn(row: Outbox, game: Game, user: User | None) -> None:
    _, _, position, version = row.dedupe_key.split(":")
    seat = game.seat_at(int(position))
    queued = (row.data or {}).get("queued") or []
    if seat is None or game.status != "active" or str(seat.prompt_version) != version or user is None:
        if queued and user is not None:
            # What became of its queued lines is still news: that alone goes.
            row.kind = "notice"
            _notice(row, game, seat, user, queued_text(queued, user.locale, game, int(position)))
            return
        if (row.data or {}).get("held"):
            _drop(row, "not sent: held while the player was at the table (QUIET_WINDOW_SECONDS), and the seat "
                       "had answered (or the game had moved on) before it was due")
            return
        _drop(row, "not sent: the seat had answered (or the game had moved on) before the mail was written")
        return
    block = turn_block(game, seat, user)
    told = queued_text(queued, user.locale, game, seat.position) if queued else ""
    context = {"block": block, "user": user, "commands_doc": commands_doc(), **footer(user),
               "queued": told.split("\n\n") if told else []}
    row.subject = turn_subject(game, block.asked)
    row.text, row.html = render("turn.txt", **context), render("turn.html", **context)
    row.headers = game_headers(game, seat)


def _notice(row: Outbox, game: Game, seat: Seat | None, user: User, body: str) -> None:
    row.subject = subject(game, body)
    row.text = render("notice.txt", text=body, link=game_link(game), **footer(user))
    row.headers = game_headers(game, seat, user)


def _moment(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def _notice_text(data: dict, reader: User) -> str:
    """A notice's words for `reader` (in the current locale, their time zone)."""
    name = data["name"]
    if "starts" in data:  # a vacation
        if data["starts"]:
            return gettext("%(name)s is on vacation until %(until)s: their deadlines wait until then",
                           name=name, until=local_time(_moment(data["until"]), reader))
        return gettext("%(name)s is back from vacation: their deadlines run again", name=name)
    if data["extended"]:  # a timeout
        return gettext("%(name)s did not move in time: the deadline is extended to %(deadline)s "
                       "(extension %(n)s of %(of)s)", name=name, deadline=local_time(_moment(data["deadline"]), reader),
                       n=data["n"], of=data["of"])
    text = gettext("%(name)s did not move in time: the bot played %(moves)s", name=name,
                   moves="; ".join(data["played"]))
    if data["replaced"]:
        text += ". " + gettext("After %(n)s missed turns the bot takes over %(name)s's seat for good",
                               n=data["timeouts"], name=name)
    return text


def _game_over(row: Outbox, game: Game, user: User) -> None:
    seat = game.seat_at(int(row.dedupe_key.split(":")[2]))
    result = game.result or {}
    names = {s.position: s.display_name for s in game.seats}
    ranking = result.get("ranking", [])
    places = [{"place": result.get("places", {}).get(str(s)), "name": names.get(int(s), str(s)),
               "score": result.get("scores", {}).get(str(s))} for s in ranking]
    locale = reader_locale(user)
    optional = engine.get(game.slug).CAPABILITIES
    sheet = optional.score_sheet(result, locale) if result and optional.score_sheet else []
    sheet_lines = columns([["", *(names.get(s, str(s)) for s in ranking)]]
                          + [[label, *(str(points.get(s, "")) for s in ranking)] for label, points in sheet])
    context = {"game": game, "user": user, "places": places, "ranking": ranking,
               "history": news_lines(game, seat, locale), "link": game_link(game), **footer(user)}
    row.subject = subject(game, gettext("Game over"))
    row.text = render("end.txt", **context, sheet=sheet_lines if sheet else [])
    row.html = render("end.html", **context, sheet=sheet)
    row.headers = game_headers(game, seat)


def _chat(row: Outbox, game: Game, user: User) -> None:
    author = SimpleNamespace(name=row.data["author"])
    says = gettext("%(name)s says", name=author.name)
    row.subject = subject(game, says)
    row.text = render("chat.txt", author=author, text=row.data["text"], link=f"{game_link(game)}#talk",
                      say=keywords.word("say", reader_locale(user)), **footer(user))
    row.headers = game_headers(game, game.seat_at(row.data["seat"]))


def _invitation(row: Outbox, game: Game | None, user: User | None) -> None:
    """An invitation to a lobby game, in the invitee's language if they have an account, else the host's."""
    if game is None:
        _drop(row, "not sent: the game is gone")
        return
    email = row.data["email"]
    invited = gettext("You are invited")  # outside the f-string: pybabel does not read calls inside one
    row.subject = subject(game, invited)
    row.text = render("invite.txt", game=game, rules=engine.get(game.slug), link=game_link(game),
                      turn_time=duration(game.turn_seconds), **footer(user))
    # Signed for this game and address: a reply saying "join" proves the invitee wrote it.
    row.headers = {"Reply-To": tokens.table_address(game.id, email), "Auto-Submitted": "auto-generated",
                   **(list_headers(user) if user else {})}


def _reminder(row: Outbox, game: Game, user: User) -> None:
    """A reminder that a seat's deadline is near, with the link of the prompt it was due for."""
    seat = game.seat_at(row.data["seat"])
    deadline = _moment(row.data["deadline"])
    asked = SimpleNamespace(position=seat.position, prompt_version=row.data["prompt"])
    context = {"game": game, "user": user, "deadline": deadline_for(deadline, user), "link": seat_link(game, asked),
               "reply_address": tokens.reply_address(game.id, seat.position), **footer(user)}
    row.subject = subject(game, gettext("Reminder: your move is due %(deadline)s",
                                        deadline=local_time(deadline, user)))
    row.text, row.html = render("reminder.txt", **context), render("reminder.html", **context)
    row.headers = game_headers(game, seat)


def _seated(row: Outbox, game: Game, user: User | None) -> None:
    """The host's "everyone is seated: reply start", with the game's table address to reply to and its page."""
    taken = [s for s in game.seats if s.is_bot or s.user_id is not None]
    if user is None or game.status != "lobby" or len(taken) != game.num_seats:
        _drop(row, "not sent: the game was started or cancelled, or a seat was freed, before the mail was written")
        return
    start = f"{keywords.word('start', reader_locale(user))} {game.id}"
    row.subject = subject(game, gettext("Everyone is seated: reply %(start)s", start=start))
    row.text = render("seated.txt", game=game, rules=engine.get(game.slug), start=start, link=game_link(game),
                      names=[s.display_name for s in game.seats], **footer(user))
    # Signed for this game and the host's address: a reply saying "start" proves the host wrote it.
    row.headers = {**game_headers(game, None, user), "Reply-To": tokens.table_address(game.id, user.email)}

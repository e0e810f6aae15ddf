"""Outgoing mail: compose and queue it in the caller's transaction, and deliver it later from the outbox."""
from __future__ import annotations

import smtplib
import ssl
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

from flask import current_app
from sqlalchemy import select

from .. import engine, tokens
from ..clock import now
from ..extensions import db
from ..models import Game, Move, Outbox, Seat, User

# --- queueing (inside the caller's transaction) ----------------------------------


def _queue(dedupe_key: str, kind: str, to: str, subject: str, text: str, *, user: User | None = None,
           game: Game | None = None, headers: dict | None = None, message_id: str | None = None,
           html: str | None = None) -> Outbox | None:
    """Add one outbox row unless one with the same dedupe key exists (then nothing is added)."""
    if db.session.scalar(select(Outbox.id).where(Outbox.dedupe_key == dedupe_key)) is not None:
        return None
    row = Outbox(dedupe_key=dedupe_key, kind=kind, to_address=to, subject=subject[:300], text=text, html=html,
                 headers=headers or {}, user=user, game_id=game.id if game else None,
                 message_id=message_id or make_msgid(domain=current_app.config["INBOUND_DOMAIN"]))
    db.session.add(row)
    db.session.info["outbox_queued"] = True
    return row


def game_tag(game: Game) -> str:
    return f"[pbem #{game.id} {game.title}]"


def thread_id(game: Game) -> str:
    """The Message-ID every mail of one game refers to, so mail clients thread them."""
    return f"<game-{game.id}@{current_app.config['INBOUND_DOMAIN']}>"


def _game_headers(game: Game, seat: Seat | None) -> dict:
    headers = {"In-Reply-To": thread_id(game), "References": thread_id(game),
               "Auto-Submitted": "auto-generated"}
    if seat is not None and seat.position is not None:
        headers["Reply-To"] = tokens.reply_address(game.id, seat.position)
    return headers


def seat_link(game: Game, seat: Seat) -> str:
    token = tokens.seat_link_token(game.id, seat.position, seat.prompt_version)
    return f"{current_app.config['BASE_URL']}/play/{token}"


def queue_signin(email: str, link: str) -> None:
    """The sign-in link mail."""
    _queue(f"signin:{link[-40:]}", "signin", email, "Your pbem sign-in link",
           "Open this link to sign in to pbem (it works once and for one hour):\n\n"
           f"{link}\n\nIf you did not ask for it, ignore this mail.\n")


def queue_invitation(game: Game, email: str) -> None:
    """An invitation to a lobby game."""
    base = current_app.config["BASE_URL"]
    _queue(f"invite:{game.id}:{email}", "invite", email, f"{game_tag(game)} You are invited",
           f"{game.host.name} invites you to play {engine.get(game.slug).NAME} ({game.num_seats} players).\n\n"
           f"Join in the browser: {base}/games/{game.id}\n"
           f"Or reply to this mail with the line:  join {game.id}\n",
           game=game, headers={"Reply-To": f"play@{current_app.config['INBOUND_DOMAIN']}",
                               "Auto-Submitted": "auto-generated"})


def seat_names(game: Game) -> list[str]:
    """Display names by engine seat, for the engine's describe lines."""
    return [s.display_name for s in sorted(game.seats, key=lambda s: s.position if s.position is not None else 99)]


def history_lines(game: Game, since_seq: int, viewer: int | None, locale: str, limit: int = 60) -> list[str]:
    """The engine's lines for the moves after `since_seq`, as `viewer` may see them."""
    rules = engine.get(game.slug)
    moves = db.session.scalars(select(Move).where(Move.game_id == game.id, Move.seq > since_seq)
                               .order_by(Move.seq)).all()
    names = seat_names(game)
    lines = [rules.describe(ev, viewer, locale, names) for m in moves for ev in m.events]
    lines = [line for line in lines if line]
    return lines[-limit:]


def queue_turn(game: Game, seat: Seat) -> None:
    """One turn mail for this seat's current prompt (the dedupe key makes it one, whatever retries)."""
    rules = engine.get(game.slug)
    user = seat.user
    last_own = db.session.scalar(select(Move.seq).where(Move.game_id == game.id, Move.seat == seat.position)
                                 .order_by(Move.seq.desc()).limit(1)) or 0
    prompts = [p for p in rules.pending(game.state) if p.seat == seat.position]
    asked = ", ".join(p.kind for p in prompts) or "a move"
    legal = [str(m) for m in rules.legal(game.state, seat.position)[:10]]
    since = history_lines(game, last_own, seat.position, user.locale)
    deadline = seat.deadline.strftime("%Y-%m-%d %H:%M UTC") if seat.deadline else "none"
    text = "\n".join([
        f"Hello {user.name},",
        "",
        f"It is your turn in \"{game.title}\" ({rules.NAME}, game #{game.id}): {asked}.",
        "",
        *(["Since your last move:", *(f"  {line}" for line in since), ""] if since else []),
        "Answer by replying to this mail with your commands above the quoted text, for example:",
        *(f"  {c}" for c in legal),
        "",
        f"Or open the move form: {seat_link(game, seat)}",
        f"Deadline: {deadline}",
        "",
    ])
    _queue(f"turn:{game.id}:{seat.position}:{seat.prompt_version}", "turn", user.email,
           f"{game_tag(game)} Your turn: {asked}", text, user=user, game=game,
           headers=_game_headers(game, seat),
           message_id=f"<turn.{tokens.reply_token(game.id, seat.position)}.{seat.prompt_version}"
                      f"@{current_app.config['INBOUND_DOMAIN']}>")


def queue_notice(game: Game, text: str, key: str) -> None:
    """A short notice about the game (a timeout, a replaced player) to every human at the table."""
    for seat in game.seats:
        if seat.user is not None:
            _queue(f"notice:{key}:{seat.position}", "notice", seat.user.email, f"{game_tag(game)} {text[:120]}",
                   f"{text}.\n\n{current_app.config['BASE_URL']}/games/{game.id}\n", user=seat.user, game=game,
                   headers=_game_headers(game, seat))


def queue_reminder(game: Game, seat: Seat) -> None:
    """A reminder that this seat's deadline is near (the dedupe key makes it one per prompt and threshold)."""
    _queue(f"remind:{game.id}:{seat.position}:{seat.prompt_version}:{seat.reminded}", "reminder", seat.user.email,
           f"{game_tag(game)} Reminder: your move is due {seat.deadline:%Y-%m-%d %H:%M} UTC",
           f"Hello {seat.user.name},\n\nyour move in \"{game.title}\" is due {seat.deadline:%Y-%m-%d %H:%M} UTC.\n"
           f"Reply to the turn mail, or open: {seat_link(game, seat)}\n",
           user=seat.user, game=game, headers=_game_headers(game, seat))


def queue_chat(game: Game, author: User, message) -> None:
    """Table talk, to everyone at the table but its author."""
    for seat in game.seats:
        if seat.user is not None and seat.user_id != author.id and seat.user.notices:
            _queue(f"chat:{message.id}:{seat.position}", "chat", seat.user.email,
                   f"{game_tag(game)} {author.name} says", f"{author.name} says:\n\n{message.text}\n\n"
                   f"Answer with a line starting \"say\" in a reply, or at {current_app.config['BASE_URL']}"
                   f"/games/{game.id}#talk\n", user=seat.user, game=game, headers=_game_headers(game, seat))


def queue_game_over(game: Game, seat: Seat) -> None:
    """The final result mail for one seat."""
    result = game.result or {}
    names = {s.position: s.display_name for s in game.seats}
    lines = [f"{place}. {names.get(int(s), s)}: {result.get('scores', {}).get(str(s))} points"
             for place, s in ((result.get("places", {}).get(str(s)), s) for s in result.get("ranking", []))]
    _queue(f"end:{game.id}:{seat.position}", "end", seat.user.email, f"{game_tag(game)} Game over",
           "The game is over.\n\n" + "\n".join(lines) + f"\n\n{current_app.config['BASE_URL']}/games/{game.id}\n",
           user=seat.user, game=game, headers=_game_headers(game, None))


# --- delivery ------------------------------------------------------------------


def build_message(row: Outbox) -> EmailMessage:
    """The MIME message for an outbox row."""
    msg = EmailMessage()
    msg["From"] = current_app.config["MAIL_FROM"]
    msg["To"] = row.to_address
    msg["Subject"] = row.subject
    msg["Message-ID"] = row.message_id
    for name, value in (row.headers or {}).items():
        msg[name] = value
    msg.set_content(row.text)
    if row.html:
        msg.add_alternative(row.html, subtype="html")
    return msg


class FolderBackend:
    """The embedded default: each mail is written to the outbox folder, read on the dev mailbox page."""

    def __init__(self, folder: str):
        self.folder = Path(folder)

    def send(self, row: Outbox, msg: EmailMessage) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{row.id:08d}.eml"
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(msg.as_bytes())
        tmp.replace(path)  # readers never see half a mail


class SmtpBackend:
    """SMTP from MAIL_URL: smtp://user:pass@host:port (STARTTLS when offered, ?tls=required to insist), smtps:// for TLS."""

    def __init__(self, url: str):
        parts = urlparse(url)
        self.tls_wrapped = parts.scheme == "smtps"
        self.host = parts.hostname or "localhost"
        self.port = parts.port or (465 if self.tls_wrapped else 25)
        self.user = unquote(parts.username) if parts.username else None
        self.password = unquote(parts.password) if parts.password else None
        query = parse_qs(parts.query)
        self.require_tls = query.get("tls", [""])[0] == "required"
        self.timeout = float(query.get("timeout", ["30"])[0])

    def send(self, row: Outbox, msg: EmailMessage) -> None:
        context = ssl.create_default_context()
        if self.tls_wrapped:
            client = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout, context=context)
        else:
            client = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
        with client:
            client.ehlo()
            if not self.tls_wrapped and (client.has_extn("starttls") or self.require_tls):
                client.starttls(context=context)
                client.ehlo()
            if self.user:
                client.login(self.user, self.password or "")
            client.send_message(msg, to_addrs=[row.to_address])


def backend():
    url = current_app.config.get("MAIL_URL")
    if url and url.startswith(("smtp://", "smtps://")):
        return SmtpBackend(url)
    return FolderBackend(current_app.config["OUTBOX_DIR"])


RETRY_DELAYS = (60, 300, 900, 3600, 3 * 3600, 6 * 3600)  # seconds; then keep trying every 6 hours


def deliver_due(limit: int = 200) -> int:
    """Send due outbox rows, each under a row lock so two workers never send the same one; the count sent."""
    from datetime import timedelta

    sender = backend()
    sent = 0
    for _ in range(limit):
        row = db.session.execute(
            select(Outbox).where(Outbox.status == "pending", Outbox.next_attempt_at <= now())
            .order_by(Outbox.id).limit(1).with_for_update(skip_locked=True)
        ).scalar_one_or_none()
        if row is None:
            db.session.rollback()
            break
        row.attempts += 1
        try:
            sender.send(row, build_message(row))
        except (OSError, smtplib.SMTPException) as exc:
            row.last_error = f"{type(exc).__name__}: {exc}"[:2000]
            delay = RETRY_DELAYS[min(row.attempts - 1, len(RETRY_DELAYS) - 1)]
            row.next_attempt_at = now() + timedelta(seconds=delay)
        else:
            row.status = "sent"
            row.sent_at = now()
            row.last_error = None
            sent += 1
        db.session.commit()
    return sent

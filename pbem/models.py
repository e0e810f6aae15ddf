"""The database tables: people, games and seats, the move log, mail in and out, table talk."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, ForeignKey, Index, LargeBinary, String, Text, UniqueConstraint
from sqlalchemy import text as sql
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .clock import now
from .extensions import db

Json = JSON().with_variant(JSONB(), "postgresql")
# SQLite only auto-increments INTEGER primary keys.
BigId = BigInteger().with_variant(db.Integer(), "sqlite")


class User(db.Model):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(320), unique=True)
    name: Mapped[str] = mapped_column(String(80))
    locale: Mapped[str] = mapped_column(String(8), default="en")
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")
    # "ok", "bounced" (a hard bounce, or SOFT_BOUNCE_LIMIT soft ones in a row: only sign-in mail goes)
    # or "complained" (marked as spam: only turn and sign-in mail goes); shown on the dashboard.
    email_status: Mapped[str] = mapped_column(String(16), default="ok")
    email_status_detail: Mapped[str | None] = mapped_column(Text, default=None)  # the bounce or complaint text
    email_status_at: Mapped[datetime | None] = mapped_column(default=None)
    soft_bounces: Mapped[int] = mapped_column(default=0, server_default="0")  # in a row, since the last sign of life
    digest: Mapped[bool] = mapped_column(default=False)
    reminders: Mapped[bool] = mapped_column(default=True)
    notices: Mapped[bool] = mapped_column(default=True)  # mail other than turn emails
    # On vacation from `vacation_from` to `vacation_until`: the player's deadlines wait (play.start_vacation).
    vacation_from: Mapped[datetime | None] = mapped_column(default=None)
    vacation_until: Mapped[datetime | None] = mapped_column(default=None)
    vacation_days_used: Mapped[int] = mapped_column(default=0, server_default="0")  # in `vacation_year`
    vacation_year: Mapped[int | None] = mapped_column(default=None)
    created_at: Mapped[datetime] = mapped_column(default=now)
    # Raised by "sign out everywhere": a session cookie issued under an older generation opens nothing.
    session_generation: Mapped[int] = mapped_column(default=0, server_default="0")
    # The profile (/players/<id>) is shown only to the player and those who shared a table with them.
    profile_hidden: Mapped[bool] = mapped_column(default=False, server_default=sql("false"))

    seats: Mapped[list[Seat]] = relationship(back_populates="user")


class ApiToken(db.Model):
    """A personal token for scripts; only its hash is stored."""
    __tablename__ = "api_tokens"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=now)
    last_used_at: Mapped[datetime | None] = mapped_column(default=None)

    user: Mapped[User] = relationship()


class UsedToken(db.Model):
    """Nonces of single-use links (sign-in) that have been spent."""
    __tablename__ = "used_tokens"
    nonce: Mapped[str] = mapped_column(String(64), primary_key=True)
    used_at: Mapped[datetime] = mapped_column(default=now)


class Game(db.Model):
    __tablename__ = "games"
    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(32))  # which rules engine
    title: Mapped[str] = mapped_column(String(120))
    options: Mapped[dict[str, Any]] = mapped_column(Json, default=dict)
    seed: Mapped[str] = mapped_column(String(64))
    # "lobby" -> "active" -> "finished"; "abandoned" when the host cancels in the lobby.
    status: Mapped[str] = mapped_column(String(16), default="lobby", index=True)
    host_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    num_seats: Mapped[int]
    random_seating: Mapped[bool] = mapped_column(default=True)
    turn_seconds: Mapped[int] = mapped_column(default=2 * 24 * 3600)
    # The host's timeout policy: extend this many times, then the bot moves for the seat,
    # and after `replace_after` such bot turns the bot takes the seat for good.
    weekend_pause: Mapped[bool] = mapped_column(default=False)
    timeout_extensions: Mapped[int] = mapped_column(default=1)
    replace_after: Mapped[int] = mapped_column(default=3)
    # The engine state is a cache of setup + the move log; `pbem replay` checks it.
    state: Mapped[dict[str, Any] | None] = mapped_column(Json, default=None)
    version: Mapped[int] = mapped_column(default=0)  # = seq of the last move
    result: Mapped[dict[str, Any] | None] = mapped_column(Json, default=None)
    created_at: Mapped[datetime] = mapped_column(default=now)
    started_at: Mapped[datetime | None] = mapped_column(default=None)
    finished_at: Mapped[datetime | None] = mapped_column(default=None)
    updated_at: Mapped[datetime] = mapped_column(default=now, onupdate=now)
    # Rated as the host chose at creation; None: rated when no seat is a bot (docs/ratings.md has the whole rule).
    rated: Mapped[bool | None] = mapped_column(default=None)
    # The order the game's result was rated in (pbem/ratings.py), which `pbem ratings rebuild` follows.
    rating_seq: Mapped[int | None] = mapped_column(default=None)
    # "import" for a game brought in from a record (pbem/records.py); None for one played here.
    origin: Mapped[str | None] = mapped_column(String(16), default=None)

    host: Mapped[User] = relationship()
    seats: Mapped[list[Seat]] = relationship(back_populates="game", order_by="Seat.id",
                                             cascade="all, delete-orphan")

    def seat_at(self, position: int) -> Seat | None:
        return next((s for s in self.seats if s.position == position), None)

    def seat_of(self, user: User) -> Seat | None:
        """The seat `user` holds at this table, if any (at most one: unique per game and user)."""
        return next((s for s in self.seats if s.user_id == user.id), None)


class Seat(db.Model):
    """A place at a game's table: a user, a bot, or an invitation not yet taken."""
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "position"), UniqueConstraint("game_id", "user_id"))
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    position: Mapped[int | None] = mapped_column(default=None)  # engine seat, set when the game starts
    is_bot: Mapped[bool] = mapped_column(default=False)
    invited_email: Mapped[str | None] = mapped_column(String(320), default=None)
    joined_at: Mapped[datetime] = mapped_column(default=now)
    # The prompt this seat is answering: the game version when it was asked, and since when.
    prompt_version: Mapped[int | None] = mapped_column(default=None)
    waiting_since: Mapped[datetime | None] = mapped_column(default=None)
    deadline: Mapped[datetime | None] = mapped_column(default=None, index=True)
    extensions_used: Mapped[int] = mapped_column(default=0)  # for the current prompt
    timeouts: Mapped[int] = mapped_column(default=0)  # bot turns played for this seat, over the game
    replaced: Mapped[bool] = mapped_column(default=False)  # a player replaced by the bot after timeouts
    reminded: Mapped[int] = mapped_column(default=0)  # reminders sent for the current prompt
    # The seat's last move from the game page (outbox.AT_THE_TABLE): its turn mails wait a while after it.
    table_move_at: Mapped[datetime | None] = mapped_column(default=None)
    # Lines of a submission held for later (play/moves.py): {"turn": the engine's plan_key they were written in,
    # "lines": [...], "since": the version they were held at, "applied": lines of it run so far}; applied when this
    # seat is asked for them while the plan lasts (issues 13, 23).
    queued: Mapped[dict | None] = mapped_column(JSON, default=None)
    # The player's name as an imported record gives it (pbem/records.py): no user of this server holds the seat.
    imported_name: Mapped[str | None] = mapped_column(String(80), default=None)

    game: Mapped[Game] = relationship(back_populates="seats")
    user: Mapped[User | None] = relationship(back_populates="seats")

    @property
    def display_name(self) -> str:
        if self.imported_name is not None:
            return self.imported_name
        if self.replaced and self.user is not None:
            return f"{self.user.name} (bot)"
        if self.is_bot:
            return f"Bot {self.position + 1 if self.position is not None else ''}".strip()
        if self.user is not None:
            return self.user.name
        return self.invited_email or "(open)"


class Submission(db.Model):
    """One arrival of commands (an email, a form post, an API call) under its idempotency key."""
    __tablename__ = "submissions"
    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(200), unique=True)
    seat: Mapped[int]
    source: Mapped[str] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(Text)
    outcome: Mapped[dict[str, Any]] = mapped_column(Json)  # what the caller was told, returned on a repeat
    created_at: Mapped[datetime] = mapped_column(default=now)


class Move(db.Model):
    """The move log: one row per applied command or undo, `seq` gap-free within a game; rows are only ever
    added, and an undo marks the moves it took back (`undone_by`) without removing them."""
    __tablename__ = "moves"
    # The page finds a game's latest rounds through the few moves that open one (ix_moves_opens).
    __table_args__ = (UniqueConstraint("game_id", "seq"),
                      Index("ix_moves_opens", "game_id", "seq", postgresql_where=sql("opens_round IS NOT NULL"),
                            sqlite_where=sql("opens_round IS NOT NULL")))
    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int]
    seat: Mapped[int]
    text: Mapped[str] = mapped_column(Text)  # the canonical command
    source: Mapped[str] = mapped_column(String(16))  # web, email, api, bot, timeout
    submission_id: Mapped[int | None] = mapped_column(ForeignKey("submissions.id"), default=None)
    # Plain JSON text, not JSONB: the log is written once and read whole, never queried inside,
    # and text is about a third smaller per move (docs/performance.md).
    events: Mapped[list[Any]] = mapped_column(JSON, default=list)
    scores: Mapped[list[int] | None] = mapped_column(JSON, default=None)  # score track after the move
    # The round this move's last "round" event opened (most moves open none).
    opens_round: Mapped[int | None] = mapped_column(default=None)
    # The seq of the undo row that took this move back (play/undo.py); the move stays in the log.
    undone_by: Mapped[int | None] = mapped_column(default=None)
    created_at: Mapped[datetime] = mapped_column(default=now)

    submission: Mapped[Submission | None] = relationship()


class Outbox(db.Model):
    """Mail waiting to go out, written in the same transaction as the change it reports."""
    __tablename__ = "outbox"
    # ix_outbox_bodies holds only mail that still has a body: retention finds what to empty in it.
    # ix_outbox_due holds only mail not yet done, in the order delivery claims it (mail/delivery.py).
    __table_args__ = (Index("ix_outbox_pending", "status", "next_attempt_at"),
                      Index("ix_outbox_due", "next_attempt_at", postgresql_where=sql("status IN ('pending', 'sending')"),
                            sqlite_where=sql("status IN ('pending', 'sending')")),
                      Index("ix_outbox_bodies", "created_at", postgresql_where=sql("text <> '' OR html IS NOT NULL"),
                            sqlite_where=sql("text <> '' OR html IS NOT NULL")))
    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    # At most one mail per dedupe key: "turn:<game>:<seat>:<prompt>", "signin:<nonce>", ...
    dedupe_key: Mapped[str] = mapped_column(String(200), unique=True)
    kind: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"), default=None)
    to_address: Mapped[str] = mapped_column(String(320))
    subject: Mapped[str] = mapped_column(String(300))
    text: Mapped[str] = mapped_column(Text)
    html: Mapped[str | None] = mapped_column(Text, default=None)
    headers: Mapped[dict[str, str]] = mapped_column(Json, default=dict)
    # What an unwritten mail is about (pbem/outbox.py), for the writer; None once written.
    data: Mapped[dict | None] = mapped_column(JSON, default=None)
    message_id: Mapped[str] = mapped_column(String(300))
    # unwritten (stored by a domain verb with its `data`, written after the commit: mail/writing.py);
    # pending; sending (claimed by a delivery run, see mail/delivery.py); sent; failed (a 5xx answer,
    # an address pbem cannot send to, or MAX_ATTEMPTS failures); suppressed (the address bounced
    # or complained meanwhile)
    status: Mapped[str] = mapped_column(String(16), default="pending")
    attempts: Mapped[int] = mapped_column(default=0)
    last_error: Mapped[str | None] = mapped_column(Text, default=None)
    # When the row is next due: a pending row after its backoff; a sending row when its claim's
    # lease runs out (the run that claimed it died) and another run may take it.
    next_attempt_at: Mapped[datetime] = mapped_column(default=now)
    created_at: Mapped[datetime] = mapped_column(default=now)
    sent_at: Mapped[datetime | None] = mapped_column(default=None)

    user: Mapped[User | None] = relationship()


class InboundMessage(db.Model):
    """Every received email, stored once by Message-ID, with what we did about it."""
    __tablename__ = "inbound_messages"
    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    message_id: Mapped[str] = mapped_column(String(300), unique=True)
    source: Mapped[str] = mapped_column(String(16))  # raw, mailgun, sendgrid, postmark, imap, dev
    from_address: Mapped[str] = mapped_column(String(320))
    subject: Mapped[str] = mapped_column(String(300), default="")
    raw: Mapped[bytes] = mapped_column(LargeBinary)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"), default=None)
    seat: Mapped[int | None] = mapped_column(default=None)
    outcome: Mapped[str] = mapped_column(String(32), default="received")
    detail: Mapped[str | None] = mapped_column(Text, default=None)
    received_at: Mapped[datetime] = mapped_column(default=now)


class GameNote(db.Model):
    """The service's own entries in a game's log: extended deadlines, bot turns for absent players, vacations,
    a player's mail left unanswered by a cap."""
    __tablename__ = "game_notes"
    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int | None] = mapped_column(default=None)
    # extended, bot_played, vacation_start, vacation_end, mail_held (a cap left a player's mail unanswered)
    kind: Mapped[str] = mapped_column(String(24))
    data: Mapped[dict[str, Any]] = mapped_column(Json, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=now)


class ChatMessage(db.Model):
    """Table talk: what a player said to everyone at the table."""
    __tablename__ = "chat_messages"
    # A form's nonce or a mail's Message-ID: the same words sent twice (a double click, a mail
    # handled again after a crash) are said once.
    __table_args__ = (UniqueConstraint("game_id", "user_id", "key"),)
    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    text: Mapped[str] = mapped_column(Text)
    key: Mapped[str | None] = mapped_column(String(200), default=None)
    created_at: Mapped[datetime] = mapped_column(default=now)

    user: Mapped[User] = relationship()


class Heartbeat(db.Model):
    """When each background job last finished a run (delivery, the clock's scan), for the operator's health check."""
    __tablename__ = "heartbeats"
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    at: Mapped[datetime] = mapped_column(default=now)
    detail: Mapped[dict[str, Any]] = mapped_column(Json, default=dict)


class Rating(db.Model):
    """A player's current rating at one game (openskill's Plackett-Luce mu and sigma; pbem/ratings.py)."""
    __tablename__ = "ratings"
    __table_args__ = (UniqueConstraint("user_id", "slug"), Index("ix_ratings_slug", "slug"))
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    slug: Mapped[str] = mapped_column(String(32))
    mu: Mapped[float]
    sigma: Mapped[float]
    games: Mapped[int] = mapped_column(default=0)  # rated games counted
    updated_at: Mapped[datetime] = mapped_column(default=now)

    user: Mapped[User] = relationship()


class RatingChange(db.Model):
    """One rated game's change of one player's rating: the history a profile charts, rebuilt by `pbem ratings
    rebuild`."""
    __tablename__ = "rating_changes"
    __table_args__ = (Index("ix_rating_changes_user", "user_id", "slug", "id"),)
    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    slug: Mapped[str] = mapped_column(String(32))
    place: Mapped[int]
    mu_before: Mapped[float]
    sigma_before: Mapped[float]
    mu: Mapped[float]
    sigma: Mapped[float]
    created_at: Mapped[datetime] = mapped_column(default=now)

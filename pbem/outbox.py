"""The outbox as the domain verbs fill it: one row per mail, stored in the verb's own transaction with its dedupe
key and what it is about, nothing rendered.

A row stored here is `unwritten`: after the commit, the mail package writes it (mail/writing.py) in the reader's
language from its `data`, then delivers it. So the verbs (pbem.play) never import the mail package, a move's
transaction carries no rendering, and a mail is still never lost nor sent twice (the row commits with the change
it reports; its dedupe key makes it one). The after-commit hook that asks for delivery is set up where Celery is
wired (tasks.init_app), on the flag `store` leaves in the session.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from email.utils import make_msgid

from flask import current_app
from sqlalchemy import func, select

from . import tokens
from .clock import now
from .extensions import db
from .models import Game, Outbox, Seat, User

UNWRITTEN = "unwritten"
QUEUED_FLAG = "outbox_queued"  # session.info: this transaction stored mail (the after-commit hook kicks delivery)

# Mail a player can turn off (User.notices = False, the one-click unsubscribe) and that a spam
# complaint stops; turn mails, digests, reminders, sign-in links and answers to the player's
# own mail always go. A hard-bounced address gets sign-in links only.
OPTIONAL_KINDS = frozenset({"invite", "notice", "chat", "end", "vacation"})

# Where a player at the table plays: the game page's forms (a seat link's form too), moves stored with source
# "web". Not the API: a bearer token posts there, never the page, and a script may well be woken by its turn mails.
AT_THE_TABLE = ("web",)


def may_mail(user: User, kind: str, *, chosen: bool = True) -> bool:
    """Whether `user` takes mail of `kind`: a bounced address only sign-in links; optional mail not after a
    complaint, nor (with `chosen`, the player's own choice) after they turned notices off."""
    if withheld(user.email_status, kind) is not None:
        return False
    return not (chosen and kind in OPTIONAL_KINDS and not user.notices)


def withheld(email_status: str | None, kind: str) -> str | None:
    """Why mail of `kind` may not go to an address whose status is `email_status`, in the words delivery records
    on a row stored before the address bounced or complained; None: it may."""
    if email_status == "bounced" and kind != "signin":
        return "not sent: the address bounced"
    if email_status == "complained" and kind in OPTIONAL_KINDS:
        return "not sent: the player reported our mail as spam"
    return None


def store(dedupe_key: str, kind: str, to: str, *, user: User | None = None, game: Game | None = None,
          data: dict | None = None, subject: str = "", text: str = "", html: str | None = None,
          headers: dict | None = None, message_id: str | None = None, status: str = UNWRITTEN,
          due: datetime | None = None, stored_before: bool = True) -> Outbox | None:
    """Add one outbox row unless one with the same dedupe key exists or the address bounced (then None).

    The verbs store rows unwritten with `data`; the mail package stores the mail it has already written (an
    answer, a sign-in link) as `pending` with its subject and text. A row `due` later is written and sent
    from then on, by the beat's delivery run: its commit kicks no delivery. `stored_before=False`: the caller
    knows no earlier transaction can have stored this key, so the database is not asked (the unique key
    still stands guard).
    """
    if user is not None and user.email_status == "bounced" and kind != "signin":
        return None
    if any(isinstance(row, Outbox) and row.dedupe_key == dedupe_key for row in db.session.new):
        return None
    # Not flushing the transaction's other changes for this: they go in one flush at its commit.
    with db.session.no_autoflush:
        if stored_before and db.session.scalar(select(Outbox.id).where(Outbox.dedupe_key == dedupe_key)) is not None:
            return None
    row = Outbox(dedupe_key=dedupe_key, kind=kind, to_address=to, subject=" ".join(subject.split())[:300],
                 text=text, html=html, headers=headers or {}, data=data, user=user,
                 game_id=game.id if game else None,
                 message_id=message_id or make_msgid(domain=current_app.config["INBOUND_DOMAIN"]), status=status)
    if due is not None:
        row.next_attempt_at = due
    db.session.add(row)
    if due is None or due <= now():
        db.session.info[QUEUED_FLAG] = True
    return row


def user_by_address(email: str | None) -> User | None:
    """The user with this address (any case), or None."""
    email = (email or "").strip().lower()
    return db.session.scalar(select(User).where(func.lower(User.email) == email)) if email else None


# --- what the verbs store ----------------------------------------------------------------------


def turn_message_id(game: Game, seat: Seat) -> str:
    """The turn mail's Message-ID: the seat token (for replies that lose plus-addressing) and the prompt, stable."""
    return (f"<turn.{tokens.reply_token(game.id, seat.position)}.{seat.prompt_version}"
            f"@{current_app.config['INBOUND_DOMAIN']}>")


def turn(game: Game, seat: Seat, queued: list[dict] = ()) -> bool:
    """One turn mail for this seat's current prompt (its dedupe key makes it one, whatever retries); whether it
    was stored. `queued`: what became of the seat's queued lines (`queued_results`), told first in the mail.
    A player who chose the daily digest gets none: the digest lists every game waiting on them.

    A seat that played on the game page lately is at the table: its mail is held (`held_until`) and written
    then, or dropped if the seat has answered the prompt meanwhile (mail/writing.py)."""
    user = seat.user
    if user is None or user.digest:
        return False
    data = {"queued": list(queued)} if queued else {}
    held = held_until(seat)
    if held is not None:
        data["held"] = True  # the writer says why, should it drop the mail
    # The prompt's version is one this transaction made, under the game's lock (versions only grow, an undo
    # included): no earlier turn mail can have its key.
    return store(f"turn:{game.id}:{seat.position}:{seat.prompt_version}", "turn", user.email, user=user, game=game,
                 data=data or None, message_id=turn_message_id(game, seat), due=held, stored_before=False) is not None


def held_until(seat: Seat) -> datetime | None:
    """When a turn mail for `seat` is due if the seat played on the game page within QUIET_WINDOW_SECONDS:
    QUIET_DELAY_SECONDS from now (the player is likely to answer there first); None: at once."""
    config = current_app.config
    window, delay = config.get("QUIET_WINDOW_SECONDS") or 0, config.get("QUIET_DELAY_SECONDS") or 0
    if window <= 0 or delay <= 0:
        return None
    moment, played = now(), seat.table_move_at
    at_the_table = played is not None and played >= moment - timedelta(seconds=window)
    return moment + timedelta(seconds=delay) if at_the_table else None


def queued_results(results: list[tuple]) -> list[dict]:
    """What became of a seat's queued lines, as a row's data: (lines, outcome, since) triples, outcome None when
    dropped, `since` the game version they were held at (what others did meanwhile is told with them)."""
    return [{"lines": list(lines), "outcome": outcome.to_dict() if outcome is not None else None, "since": since}
            for lines, outcome, since in results]


def queued_result(game: Game, seat: Seat, queued: list[dict]) -> None:
    """A mail about the lines `seat` had queued behind an interrupt, when no turn mail of its tells it."""
    if seat.user is not None:
        store(f"queued:{game.id}:{seat.position}:{game.version}", "notice", seat.user.email, user=seat.user,
              game=game, data={"queued": queued})


def game_over(game: Game, seat: Seat) -> None:
    """The final result mail for one seat."""
    if seat.user is not None and may_mail(seat.user, "end"):
        store(f"end:{game.id}:{seat.position}", "end", seat.user.email, user=seat.user, game=game, data={})


def chat(game: Game, author: User, message) -> None:
    """Table talk, to everyone at the table but its author."""
    for seat in game.seats:
        user = seat.user
        if user is not None and seat.user_id != author.id and may_mail(user, "chat"):
            store(f"chat:{message.id}:{seat.position}", "chat", user.email, user=user, game=game,
                  data={"author": author.name, "text": message.text, "seat": seat.position})


def invitation(game: Game, email: str) -> None:
    """An invitation to a lobby game."""
    user = user_by_address(email)
    if user is None or may_mail(user, "invite"):
        store(f"invite:{game.id}:{email}", "invite", email, user=user, game=game, data={"email": email})


def seated(game: Game, joined: User) -> None:
    """Tell the host of a lobby game that `joined` took its last seat: everyone is seated, the host may start.

    Not optional mail: the game waits for the host's `start`, as a game in play waits for a turn."""
    host = game.host
    if host is not None:
        store(f"seated:{game.id}:{joined.id}", "seated", host.email, user=host, game=game, data={"joined": joined.name})


def reminder(game: Game, seat: Seat) -> None:
    """A reminder that this seat's deadline is near (the dedupe key makes it one per prompt and threshold)."""
    store(f"remind:{game.id}:{seat.position}:{seat.prompt_version}:{seat.reminded}", "reminder", seat.user.email,
          user=seat.user, game=game,
          data={"seat": seat.position, "prompt": seat.prompt_version, "deadline": _moment(seat.deadline)})


def notice(game: Game, key: str, data: dict, *, concerns: int | None = None) -> None:
    """A short notice about the game to every human at the table; the player whose seat it `concerns` gets it
    even with notices off (it is about their own turn). `data["what"]` names the notice (mail/writing.py)."""
    for seat in game.seats:
        user, own = seat.user, concerns is not None and seat.position == concerns
        if user is None or not may_mail(user, "notice", chosen=not own):
            continue
        store(f"notice:{key}:{seat.position}", "notice", user.email, user=user, game=game,
              data={**data, "seat": seat.position})


def timeout_notice(game: Game, seat: Seat, key: str, *, extended: bool, played: list[str], replaced: bool) -> None:
    """Tell the table what the timeout policy did for `seat`: extended its deadline, or played the bot for it."""
    name = seat.user.name if seat.user is not None else seat.display_name
    notice(game, key, {"what": "timeout", "name": name, "extended": extended, "played": played,
                       "replaced": replaced, "deadline": _moment(seat.deadline), "n": seat.extensions_used,
                       "of": game.timeout_extensions, "timeouts": seat.timeouts}, concerns=seat.position)


def vacation_notice(user: User, games: list[Game], starts: bool, key: str) -> None:
    """Tell the other players of `games` that `user`'s vacation starts (until when) or has ended."""
    for game in games:
        for seat in game.seats:
            reader = seat.user
            if reader is None or reader.id == user.id or seat.replaced or not may_mail(reader, "vacation"):
                continue
            store(f"vacation:{key}:{game.id}:{seat.position}", "vacation", reader.email, user=reader, game=game,
                  data={"name": user.name, "starts": starts, "until": _moment(user.vacation_until),
                        "seat": seat.position})


def _moment(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None

"""Outgoing mail: compose it and queue it in the caller's transaction (delivery.py sends it later)."""
from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import re
from collections import Counter
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime, timezone
from email.utils import make_msgid
from functools import lru_cache
from typing import Callable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import jinja2
from babel import dates as babel_dates
from flask import current_app, has_request_context
from flask_babel import force_locale, get_domain, get_locale, gettext, lazy_gettext, ngettext
from sqlalchemy import Integer, bindparam, func, select
from sqlalchemy.orm import joinedload, object_session, selectinload

from .. import engine, tokens
from ..clock import now
from ..engine.base import text_width
from ..extensions import db
from ..languages import duration
from ..models import Game, Move, Outbox, Seat, User
from ..play import undo
from .folding import fold

log = logging.getLogger(__name__)

# Mail a player can turn off (User.notices = False, the one-click unsubscribe) and that a spam
# complaint stops; turn mails, digests, reminders, sign-in links and answers to the player's
# own mail always go. A hard-bounced address gets sign-in links only.
OPTIONAL_KINDS = frozenset({"invite", "notice", "chat", "end", "vacation"})
DIGEST_HOUR = 7  # local time of the daily digest, in each player's own time zone
EXAMPLES = 8  # example commands in a turn mail

# --- rendering ----------------------------------------------------------------


@lru_cache(maxsize=1)
def _templates() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("pbem.mail", "templates"),
        # HTML parts escape every value (player names, titles, chat); text parts are plain text.
        autoescape=jinja2.select_autoescape(enabled_extensions=("html",), default_for_string=False),
        extensions=["jinja2.ext.i18n"], trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
        # Templates change only with a deploy: no stat() of each template file on every mail.
        auto_reload=False, undefined=jinja2.StrictUndefined)
    env.install_gettext_callables(_gettext, _ngettext, newstyle=True)
    return env


# The translations of the mail being rendered: looked up once per render() instead of once per string
# (flask_babel finds the locale and its catalogue anew on every call, a fifth of a turn mail's rendering).
_RENDERING: ContextVar = ContextVar("mail_translations", default=None)


def _gettext(string: str) -> str:
    translations = _RENDERING.get()
    return gettext(string) if translations is None else translations.ugettext(string)


def _ngettext(singular: str, plural: str, num: int) -> str:
    translations = _RENDERING.get()
    if translations is None:
        return ngettext(singular, plural, num)
    return translations.ungettext(singular, plural, num) % {"num": num}  # as flask_babel.ngettext formats it


def render(name: str, **context) -> str:
    """Render mail template `name` (under pbem/mail/templates) in the current locale."""
    token = _RENDERING.set(get_domain().get_translations())
    try:
        return _templates().get_template(name).render(**context)
    finally:
        _RENDERING.reset(token)


def _zone(name: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def local_time(moment: datetime, user: User | None) -> str:
    """A naive UTC moment as the reader reads it: "Thu, Nov 26, 2026 6:00 PM (Asia/Tokyo)", in their language."""
    locale = _user_locale(user) if user is not None else "en"
    zone = _zone(user.timezone if user is not None else None)
    aware = moment.replace(tzinfo=timezone.utc).astimezone(zone)
    day = babel_dates.format_skeleton("yMMMEd", aware, tzinfo=zone, locale=locale, fuzzy=True)
    return f"{day} {babel_dates.format_time(aware, 'short', tzinfo=zone, locale=locale)} ({zone.key})"


def utc_time(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M} UTC"


@dataclass
class Deadline:
    local: str
    utc: str
    same_zone: bool


def deadline_for(moment: datetime | None, user: User | None) -> Deadline | None:
    if moment is None:
        return None
    zone = _zone(user.timezone if user is not None else None)
    return Deadline(local_time(moment, user), utc_time(moment), zone.key in ("UTC", "Etc/UTC"))


# --- addresses, links, headers ---------------------------------------------------


def game_tag(game: Game) -> str:
    return f"[pbem #{game.id} {game.title}]"


def thread_id(game: Game) -> str:
    """The Message-ID every mail of one game refers to, so mail clients thread them."""
    return f"<game-{game.id}@{current_app.config['INBOUND_DOMAIN']}>"


def seat_link(game: Game, seat: Seat) -> str:
    token = tokens.seat_link_token(game.id, seat.position, seat.prompt_version)
    return f"{current_app.config['BASE_URL']}/play/{token}"


def game_link(game: Game) -> str:
    return f"{current_app.config['BASE_URL']}/games/{game.id}"


def unsubscribe_link(user: User) -> str:
    """The one-click (RFC 8058) unsubscribe URL: signed, for this user and address, without expiry."""
    token = tokens.sign("unsubscribe", {"u": user.id, "e": user.email})
    return f"{current_app.config['BASE_URL']}/unsubscribe/{token}"


def read_unsubscribe_token(token: str) -> User:
    """The user a one-click unsubscribe token names; BadToken when it is forged or the address changed."""
    data = tokens.unsign("unsubscribe", token, None)
    user = db.session.get(User, data.get("u"))
    if user is None or user.email != data.get("e"):
        raise tokens.BadToken("this link is not valid any more")
    return user


def _unsubscribe_mac(user_id: int) -> str:
    key = current_app.config["SECRET_KEY"].encode()
    digest = hmac.new(key, f"unsubscribe:{user_id}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:10]).decode().lower()


def unsubscribe_address(user: User) -> str:
    """`unsubscribe+u<id>-<mac>@INBOUND_DOMAIN`: the mailto form of List-Unsubscribe (short: local parts are limited)."""
    return f"unsubscribe+u{user.id}-{_unsubscribe_mac(user.id)}@{current_app.config['INBOUND_DOMAIN']}"


_UNSUBSCRIBE_RE = re.compile(r"unsubscribe\+u(\d+)-([a-z2-7]{16})@")


def find_unsubscribe_address(text: str) -> int | None:
    """The user id of a correctly signed unsubscribe address in `text` (for the inbound side), else None."""
    for match in _UNSUBSCRIBE_RE.finditer(text.lower()):
        if hmac.compare_digest(match.group(2), _unsubscribe_mac(int(match.group(1)))):
            return int(match.group(1))
    return None


def unsubscribe(user: User) -> None:
    """Stop every mail but turn mails, digests, reminders and sign-in links for `user` (the caller commits)."""
    user.notices = False


def _game_headers(game: Game, seat: Seat | None, user: User | None = None) -> dict:
    headers = {"In-Reply-To": thread_id(game), "References": thread_id(game),
               "Auto-Submitted": "auto-generated", "X-Auto-Response-Suppress": "All"}
    if seat is not None and seat.position is not None:
        headers["Reply-To"] = tokens.reply_address(game.id, seat.position)
    user = user or (seat.user if seat is not None else None)
    if user is not None:
        headers.update(_list_headers(user))
    return headers


def _list_headers(user: User) -> dict:
    return {"List-Unsubscribe": f"<mailto:{unsubscribe_address(user)}?subject=unsubscribe>, "
                                f"<{unsubscribe_link(user)}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}


def _user_locale(user: User | None) -> str:
    if user is not None and user.locale in current_app.config["LANGUAGES"]:
        return user.locale
    if has_request_context():
        return str(get_locale() or "en")
    return "en"


def _footer(user: User | None) -> dict:
    base = current_app.config["BASE_URL"]
    return {"settings_url": f"{base}/settings", "unsubscribe_url": unsubscribe_link(user) if user else None}


# --- queueing (inside the caller's transaction) ----------------------------------


def _queue(dedupe_key: str, kind: str, to: str, subject: str, text: str, *, user: User | None = None,
           game: Game | None = None, headers: dict | None = None, message_id: str | None = None,
           html: str | None = None, status: str = "pending") -> Outbox | None:
    """Add one outbox row unless one with the same dedupe key exists or the address bounced (then None)."""
    if user is not None and user.email_status == "bounced" and kind != "signin":
        return None
    if any(isinstance(row, Outbox) and row.dedupe_key == dedupe_key for row in db.session.new):
        return None
    # Not flushing the transaction's other changes for this: they go in one flush at its commit.
    with db.session.no_autoflush:
        if db.session.scalar(select(Outbox.id).where(Outbox.dedupe_key == dedupe_key)) is not None:
            return None
    row = Outbox(dedupe_key=dedupe_key, kind=kind, to_address=to, subject=" ".join(subject.split())[:300],
                 text=text, html=html, headers=headers or {}, user=user, game_id=game.id if game else None,
                 message_id=message_id or make_msgid(domain=current_app.config["INBOUND_DOMAIN"]), status=status)
    db.session.add(row)
    db.session.info["outbox_queued"] = True
    return row


def may_mail(user: User, kind: str, *, chosen: bool = True) -> bool:
    """Whether `user` takes mail of `kind`: a bounced address only sign-in links; optional mail not after a
    complaint, nor (with `chosen`, the player's own choice) after they turned notices off."""
    if kind == "signin":
        return True
    if user.email_status == "bounced":
        return False
    if kind in OPTIONAL_KINDS:
        return user.email_status != "complained" and (user.notices or not chosen)
    return True


def queue_signin(email: str, link: str) -> None:
    """The sign-in link mail."""
    user = db.session.scalar(select(User).where(func.lower(User.email) == email.lower()))
    with force_locale(_user_locale(user)):
        # The whole link, hashed: each link is one mail, and no part of a request can crowd the token out.
        _queue("signin:" + hashlib.sha256(link.encode()).hexdigest(), "signin", email,
               gettext("Your pbem sign-in link"), render("signin.txt", link=link), user=user)


def queue_invitation(game: Game, email: str) -> None:
    """An invitation to a lobby game, in the invitee's language if they have an account, else the host's."""
    user = db.session.scalar(select(User).where(func.lower(User.email) == email.lower()))
    if user is not None and not may_mail(user, "invite"):
        return
    with force_locale(_user_locale(user or game.host)):
        # gettext outside the f-string: pybabel does not read calls inside one (the subject went untranslated).
        invited = gettext("You are invited")
        _queue(f"invite:{game.id}:{email}", "invite", email, f"{game_tag(game)} {invited}",
               render("invite.txt", game=game, rules=engine.get(game.slug), link=game_link(game),
                      turn_time=duration(game.turn_seconds), **_footer(user)),
               user=user, game=game,
               # Signed for this game and address: a reply saying "join" proves the invitee wrote it.
               headers={"Reply-To": tokens.table_address(game.id, email),
                        "Auto-Submitted": "auto-generated", **(_list_headers(user) if user else {})})


def seat_names(game: Game) -> list[str]:
    """Display names by engine seat, for the engine's describe lines."""
    return [s.display_name for s in sorted(game.seats, key=lambda s: s.position if s.position is not None else 99)]


def shown_commands(game: Game, seat: int, texts: list[str]) -> list[str]:
    """Commands `seat` may send, as a player reads them: the engine's optional `shown_command` names the players
    ("aggression Raid I Bob" for "... player 2"); stored moves, the API and other games keep the texts as they are."""
    show = getattr(engine.get(game.slug), "shown_command", None)
    if show is None or not texts:
        return list(texts)
    names = seat_names(game)
    return [show(text, game.state, seat, names) for text in texts]


def worded(texts: list[str], locale: str) -> list[str]:
    """A list of legal commands as the reader reads it: a line that is no command but an engine's hint (a str with
    `render`, e.g. Stone Age's "(add "tools auto" ... to decide ahead)") in the reader's language."""
    return [text.render(locale) if callable(getattr(text, "render", None)) else text for text in texts]


_PLAYER_N = re.compile(r"\bplayer (\d+)\b")


def told_moves(game: Game, texts: list[str]) -> list[str]:
    """Moves as told back to players ("Applied: ..."): each "player N" as that seat's name where no other seat
    shares it; the stored moves and the API keep "player N". Not a command to send, so it need not parse back."""
    names = [name.strip() for name in seat_names(game)]
    counts = Counter(name.casefold() for name in names)

    def name(m: re.Match) -> str:
        n = int(m.group(1)) - 1
        one = 0 <= n < len(names) and names[n] and counts[names[n].casefold()] == 1
        return names[n] if one else m.group(0)
    return [_PLAYER_N.sub(name, text) for text in texts]


def _columns(rows: list[list[str]]) -> list[str]:
    """Rows of cells as aligned text: the first column left, the others right, wide (CJK) characters as two."""
    widths = [max(text_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell + " " * (widths[i] - text_width(cell)) if i == 0
                      else " " * (widths[i] - text_width(cell)) + cell
                      for i, cell in enumerate(row)).rstrip() for row in rows]


# A turn mail tells at most what happened in the last HISTORY_MOVES moves: a seat that has not
# moved for long gets the recent news, and the mail costs the same at move 100 and 100,000.
HISTORY_MOVES = 200


def _news_query():
    """The moves after the seat's newest move since `oldest` (else after `oldest`), newest first: built once, since
    building the statement cost more than running it."""
    game, oldest = bindparam("game", type_=Integer), bindparam("oldest", type_=Integer)
    own = (select(func.max(Move.seq)).where(Move.game_id == game, Move.seat == bindparam("seat", type_=Integer),
                                            Move.seq > oldest).scalar_subquery())
    return (select(Move.events, Move.undone_by).where(Move.game_id == game, Move.seq > func.coalesce(own, oldest))
            .order_by(Move.seq.desc()).limit(HISTORY_MOVES))


_NEWS = _news_query()


def news_lines(game: Game, seat: Seat, locale: str, limit: int = 60) -> list[str]:
    """The engine's last `limit` lines for the moves since `seat` last moved, as it sees them, from one query.

    News starts after the seat's newest move among the last HISTORY_MOVES (else where they begin).
    """
    # In the game's own session: delivery writes turn mails in a session of its own (write_turns).
    session = object_session(game) or db.session
    rows = session.execute(_NEWS, {"game": game.id, "seat": seat.position,
                                   "oldest": max(0, game.version - HISTORY_MOVES)}).all()
    rules, names = engine.get(game.slug), seat_names(game)
    # Moves taken back are left out: the undo's own line says so.
    lines = [undo.describe(rules, ev, seat.position, locale, names)
             for events, undone_by in rows[::-1] if undone_by is None for ev in events or ()]
    lines = [line for line in lines if line]
    return lines[-limit:]


# What each prompt kind asks, in words (games add theirs here; an unknown kind is shown as it is).
PROMPT_WORDS = {
    "place": lazy_gettext("place your people"),
    "act": lazy_gettext("use the places where your people stand"),
    "tools": lazy_gettext("decide which tools to add to your roll"),
    "pick": lazy_gettext("pick a die from the dice card"),
    "feed": lazy_gettext("feed your people"),
    "actions": lazy_gettext("take your actions (cards from the row, building, then done)"),
    "politics": lazy_gettext("your political action (an event, an aggression, a war or a pact; or done)"),
    "discard": lazy_gettext("discard military cards down to your hand limit"),
    "event_choice": lazy_gettext("choose what the event or the attack takes or gives (answers below)"),
    "bid": lazy_gettext("bid for the territory, or pass"),
    "colonize": lazy_gettext("pay for the territory you won (units to sacrifice, bonus cards)"),
    "defend": lazy_gettext("you are attacked: defend with bonus cards and sacrifices, or defend none"),
    "sacrifice": lazy_gettext("your war is resolved: sacrifice units for strength, or sacrifice none"),
    "pact_answer": lazy_gettext("a pact is offered to you: accept or refuse"),
}


def _card_words(prompt, names, card_name) -> str | None:
    """A prompt about a card (TtA's), in words naming the card (`card_name`: the game's, which stays English), the
    player and the amount it is about; None when the prompt has no card or the game names none."""
    data = prompt.data or {}
    if card_name is None or "card" not in data or prompt.kind not in ("bid", "colonize", "defend", "pact_answer",
                                                                      "event_choice", "sacrifice"):
        return None
    card = card_name(data["card"])
    by = data.get("on") if prompt.kind == "sacrifice" else data.get("by")
    who = (names[by] if by is not None and by < len(names) and names[by] else
           gettext("Player %(n)d", n=(by or 0) + 1))
    if prompt.kind == "sacrifice":
        return gettext("your war on %(on)s (%(card)s) is resolved now: your strength %(attack)s, theirs %(defence)s "
                       "before sacrifices; sacrifice units for strength, or sacrifice none", on=who, card=card,
                       attack=data.get("attack", 0), defence=data.get("defence", 0))
    if prompt.kind == "bid":
        return gettext("bid for %(card)s or pass; to beat: %(high)s (a bid is the colonization strength you will pay "
                       "if you win: sacrificed units plus bonus cards)", card=card, high=data.get("high", 0))
    if prompt.kind == "colonize":
        words = gettext("pay for %(card)s, won with a bid of %(bid)s: units to sacrifice and bonus cards worth at "
                        "least %(bid)s", card=card, bid=data.get("bid", 0))
        if data.get("pays"):  # what a bare "colonize" gives up
            words += " " + gettext("(“colonize” alone is %(command)s)", command=data["pays"])
        return words
    if prompt.kind == "defend" and data.get("war"):
        return gettext("%(by)s is at war with you (%(card)s), strength %(attack)s: sacrifice units for strength, "
                       "or defend none", by=who, card=card, attack=data.get("attack", 0))
    if prompt.kind == "defend":
        return gettext("%(by)s attacks you with %(card)s, strength %(attack)s: reach %(attack)s with bonus cards "
                       "and sacrifices to hold (a tie holds), or defend none", by=who, card=card,
                       attack=data.get("attack", 0))
    if prompt.kind == "pact_answer":
        return gettext("%(by)s offers you the pact %(card)s, you as %(side)s: accept or refuse", by=who, card=card,
                       side="A" if data.get("a") == prompt.seat else "B")
    if prompt.kind == "event_choice":
        words = gettext("choose what %(card)s takes or gives (answers below)", card=card)
        victim = data.get("victim")
        if victim is not None and victim != prompt.seat:
            words += " " + gettext("(the loser is %(name)s)", name=names[victim] if victim < len(names) and
                                   names[victim] else gettext("Player %(n)d", n=victim + 1))
        if "budget" in data:
            words += " " + gettext("(worth up to %(budget)s civil actions)", budget=data["budget"])
        return words
    return None


def prompt_words(prompt, names=(), rules=None) -> str:
    """One prompt in the reader's words, with the counts that matter ("place your people (3 left)"), and for a
    prompt about a card (the game module `rules` names cards: `card_name`) the card, the player (by `names`, the
    seats' names) and the amount it is about."""
    words = _card_words(prompt, names, getattr(rules, "card_name", None))
    if words is not None:
        return words
    words = str(PROMPT_WORDS.get(prompt.kind, prompt.kind))
    data = prompt.data or {}
    if "left" in data:
        words += " " + ngettext("(%(num)s person left)", "(%(num)s people left)", data["left"])
    if data.get("short"):
        words += " " + gettext("(%(short)s food short)", short=data["short"])
    if "limit" in data and "hand" in data:
        words += " " + gettext("(you hold %(hand)s, keep %(limit)s)", hand=data["hand"], limit=data["limit"])
    if "high" in data:
        words += " " + gettext("(highest bid so far: %(high)s)", high=data["high"])
    if "total" in data and "dice" in data:
        words += " " + gettext("(you rolled %(dice)s, total %(total)s)",
                               dice=" ".join(map(str, data["dice"])), total=data["total"])
    return words


def _spread(items: list) -> list:
    """`items` reordered so that any first few are spread over the whole list (0, n/2, n/4, 3n/4, ...)."""
    order, seen, step = [], set(), len(items)
    while len(order) < len(items):
        for i in range(0, len(items), max(step, 1)):
            if i not in seen:
                seen.add(i)
                order.append(items[i])
        step //= 2
    return order


def _by_form(shapes: list[str]) -> list[str]:
    """A verb's shapes, each form in turn, the simplest first. A form is a shape with its words blanked too:
    "place # hunt" and "place # forest" share one, "place # civ #" has another, so that a card and a
    building are shown beside the places (issue 11). Variants of a shape ("place # hunt tools auto") come
    after all the rest."""
    ordered = sorted(shapes, key=lambda shape: shape.count(" "))
    variant = {shape for shape in ordered if any(shape.startswith(other + " ") for other in ordered)}
    forms: dict[str, list[str]] = {}
    for shape in ordered:
        if shape not in variant:
            forms.setdefault(" ".join(w if w == "#" else "_" for w in shape.split(" ")[1:]), []).append(shape)
    groups = list(forms.values())
    interleaved = [group[i] for i in range(max(map(len, groups), default=0)) for group in groups if i < len(group)]
    return interleaved + [shape for shape in ordered if shape in variant]


def game_examples(rules, moves: list, limit: int = EXAMPLES) -> list[str]:
    """example_commands with the game's giving-up verbs last (its optional EXAMPLES_LAST)."""
    return example_commands(moves, limit, getattr(rules, "EXAMPLES_LAST", ()))


def example_commands(moves: list, limit: int = EXAMPLES, last: tuple[str, ...] = ()) -> list[str]:
    """Up to `limit` legal commands showing the variety of what is legal: one per kind of command, in turn.

    A kind (a shape) is the command with its numbers blanked out; the verbs take turns, and
    within a verb the simplest shapes come first (the plain form before its "tools auto" variant),
    taking each form of shape in turn (_by_form). Verbs in `last` (a game's EXAMPLES_LAST: giving
    something up, such as TtA's "destroy" and "disband") come after every other verb.
    """
    shapes: dict[str, list[str]] = {}
    for move in moves:
        text = str(move)
        shapes.setdefault(re.sub(r"\d+", "#", text), []).append(text)
    by_verb: dict[str, list[str]] = {}
    for shape in sorted(shapes, key=lambda shape: shape.split(" ")[0] in last):  # stable: legal order otherwise
        by_verb.setdefault(shape.split(" ")[0], []).append(shape)
    # Each shape's commands, a middle one first ("place 3 hunt" reads better than always "1").
    for shape, texts in shapes.items():
        middle = len(texts) // 2
        shapes[shape] = [texts[middle]] + _spread(texts[:middle] + texts[middle + 1:])
    chosen: list[str] = []
    while len(chosen) < limit and any(shapes.values()):
        # One round: a command of each shape, taking the verbs in turn and spreading over each verb's shapes.
        queues = [_by_form(group) for group in by_verb.values()]
        while len(chosen) < limit and any(queues):
            for queue in queues:
                while queue and len(chosen) < limit:
                    texts = shapes[queue.pop(0)]
                    if texts:
                        chosen.append(texts.pop(0))
                        break
    return chosen


def board_text(game: Game, seat: int | None, locale: str) -> str:
    """The board from `seat`'s view as text: the game's own `board_text` if it has one, else a generic listing."""
    rules = engine.get(game.slug)
    view = rules.view(game.state, seat)
    # callable(): importing a submodule named board_text sets a module attribute of that name on the package.
    if callable(getattr(rules, "board_text", None)):
        return rules.board_text(view, locale, seat_names(game))
    return "\n".join(_generic_lines(view)) + "\n"


def _generic_lines(value, indent: str = "") -> list[str]:
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item and not _flat(item):
                lines += [f"{indent}{key}:"] + _generic_lines(item, indent + "  ")
            else:
                lines.append(f"{indent}{key}: {_scalar(item)}")
        return lines
    if isinstance(value, list):
        return [line for i, item in enumerate(value) for line in ([f"{indent}{i + 1}."] + _generic_lines(item, indent + "  ")
                                                              if isinstance(item, (dict, list)) and not _flat(item)
                                                              else [f"{indent}{i + 1}. {_scalar(item)}"])]
    return [f"{indent}{_scalar(value)}"]


def _flat(value) -> bool:
    items = value.values() if isinstance(value, dict) else value
    return all(not isinstance(v, (dict, list)) for v in items)


def _scalar(value) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_scalar(v)}" for k, v in value.items()) or "-"
    if isinstance(value, list):
        return " ".join(_scalar(v) for v in value) or "-"
    return "-" if value is None else str(value)


@dataclass
class TurnBlock:
    """Everything a turn mail (or one game of a digest) says about one seat's prompt."""

    game: Game
    seat: Seat
    rules_name: str
    asked: list[str]
    since: list[str]
    board: str
    examples: list[str]
    forms: list[str]
    link: str
    game_url: str
    reply_address: str
    deadline: Deadline | None
    extensions_left: int = 0
    replace_after: int = 0
    stakes: list[str] = field(default_factory=list)  # what the asked cards do (web.games.stakes)


def turn_block(game: Game, seat: Seat, user: User) -> TurnBlock:
    """The contents of a turn mail for `seat`, in the current locale (call inside force_locale)."""
    rules = engine.get(game.slug)
    locale = user.locale
    prompts = [p for p in rules.pending(game.state) if p.seat == seat.position]
    moves = rules.legal(game.state, seat.position) if prompts else []
    examples = shown_commands(game, seat.position, game_examples(rules, moves))
    # Templates for what cannot be listed in full (payments, tool sets), when the game offers them.
    forms = ([t for t in rules.legal_texts(game.state, seat.position) if "<" in t or t.startswith("(")]
             if prompts and hasattr(rules, "legal_texts") else [])
    forms = worded(shown_commands(game, seat.position, forms[:8]), locale)
    from ..web.games import stakes  # the game's presentation words the cards (imported late: web builds on mail)

    return TurnBlock(
        game=game, seat=seat, rules_name=rules.NAME, asked=[prompt_words(p, seat_names(game), rules) for p in prompts],
        since=news_lines(game, seat, locale), board=board_text(game, seat.position, locale),
        examples=examples, forms=forms, link=seat_link(game, seat), game_url=game_link(game),
        reply_address=tokens.reply_address(game.id, seat.position), deadline=deadline_for(seat.deadline, user),
        extensions_left=max(0, game.timeout_extensions - seat.extensions_used),
        replace_after=max(0, game.replace_after - seat.timeouts), stakes=stakes(game.slug, prompts))


def turn_message_id(game: Game, seat: Seat) -> str:
    """The turn mail's Message-ID: the seat token (for replies that lose plus-addressing) and the prompt, stable."""
    return (f"<turn.{tokens.reply_token(game.id, seat.position)}.{seat.prompt_version}"
            f"@{current_app.config['INBOUND_DOMAIN']}>")


# A turn mail is queued under the game's lock as a row with its dedupe key and no text yet
# (status UNWRITTEN): rendering it (the board, the news, the legal commands) costs more than the
# move, and is done after the commit by whoever delivers (write_turns), while the game takes
# other moves. The dedupe key keeps it one mail per prompt, written once.
UNWRITTEN = "unwritten"


def _turn_key(game_id: int, position: int, prompt_version: int | None) -> str:
    return f"turn:{game_id}:{position}:{prompt_version}"


def queue_turn(game: Game, seat: Seat, queued: list[tuple] = ()) -> bool:
    """One turn mail for this seat's current prompt (the dedupe key makes it one, whatever retries), written
    after the commit (write_turns); whether it was queued.

    `queued`: what became of the seat's queued lines (queued_text), said first in the mail. It is
    written now, in the reader's language, and kept in the unwritten row's text until the mail is.
    A player who chose the daily digest gets none: the digest lists every game waiting on them.
    """
    user = seat.user
    if user is None or user.digest:
        return False
    with force_locale(_user_locale(user)):
        note = queued_text(list(queued), user.locale, game, seat.position) if queued else ""
    return _queue(_turn_key(game.id, seat.position, seat.prompt_version), "turn", user.email, "", note, user=user,
                  game=game, message_id=turn_message_id(game, seat), status=UNWRITTEN) is not None


# write_turns' two reads, built once: building them cost more than running them.
_UNWRITTEN = (select(Outbox).options(joinedload(Outbox.user)).where(Outbox.status == UNWRITTEN)
              .order_by(Outbox.id).limit(bindparam("most")).with_for_update(of=Outbox, skip_locked=True))
# populate_existing: the run's session outlives its batches, and a game read for an earlier batch
# may have moved on since (its seats asked anew).
_GAMES = (select(Game).where(Game.id.in_(bindparam("ids", expanding=True)))
          .options(selectinload(Game.seats).joinedload(Seat.user)).execution_options(populate_existing=True))


def write_turns(session, most: int) -> int:
    """Write up to `most` queued turn mails (each from its game as it is now), in `session`; how many.

    Rows are taken with SKIP LOCKED, so two delivery runs never write one. A seat that has answered
    its prompt (or a game that ended) before its mail was written gets none: the mail would ask for
    a move already made. A mail that cannot be written fails alone, with the reason.
    """
    rows = session.scalars(_UNWRITTEN, {"most": most}).unique().all()
    if not rows:
        return 0  # nothing to commit: the caller's next statement goes on in this transaction
    games = _games(session, {int(row.dedupe_key.split(":")[1]) for row in rows})
    # The rows' changes go in one flush at the commit, not one round trip before each mail's news query.
    with session.no_autoflush:
        for row in rows:
            _write_row(row, games)
    session.commit()
    return len(rows)


def _games(session, ids: set[int]) -> dict[int, Game]:
    """The games of a batch of turn mails with their seats and players, as they are now, in two queries."""
    games = session.scalars(_GAMES, {"ids": list(ids)}).all()
    return {game.id: game for game in games}


def _write_row(row: Outbox, games: dict[int, Game]) -> None:
    _, game_id, position, version = row.dedupe_key.split(":")
    game = games.get(int(game_id))
    seat = game.seat_at(int(position)) if game is not None else None
    if seat is None or game.status != "active" or str(seat.prompt_version) != version or row.user is None:
        if row.text and row.user is not None and game is not None:
            # What became of its queued lines is still news: that alone goes.
            _write_queued_only(row, game, seat, row.user)
            return
        row.status, row.last_error = "suppressed", ("not sent: the seat had answered (or the game had moved on) "
                                                    "before the mail was written")
        return
    try:
        _write_turn(row, game, seat, row.user)
    except Exception as exc:  # noqa: BLE001 - this mail alone fails; the others are written
        log.exception("turn mail %d could not be written", row.id)
        row.status, row.last_error = "failed", f"the mail could not be written: {type(exc).__name__}: {exc}"[:2000]
    else:
        row.status, row.next_attempt_at = "pending", now()


def _write_turn(row: Outbox, game: Game, seat: Seat, user: User) -> None:
    with force_locale(_user_locale(user)):
        block = turn_block(game, seat, user)
        context = {"block": block, "user": user, "commands_doc": commands_doc(), **_footer(user),
                   "queued": row.text.split("\n\n") if row.text else []}
        asked = ", ".join(_short(words) for words in block.asked) or gettext("your move")
        your_turn = gettext("Your turn: %(asked)s", asked=asked)
        row.subject = " ".join(f"{game_tag(game)} {your_turn}".split())[:300]
        row.text, row.html = fold(render("turn.txt", **context)), render("turn.html", **context)
        row.headers = _game_headers(game, seat)


def _short(words: str, width: int = 80) -> str:
    """A prompt's words for a subject line: a long one without the explanation in brackets at its end (the mail
    has it)."""
    return words if len(words) <= width else re.sub(r" ?[(（][^()（）]*[)）]$", "", words)


def _write_queued_only(row: Outbox, game: Game, seat: Seat | None, user: User) -> None:
    """A turn mail no longer to be sent that carried what became of queued lines: it says only that, as a notice."""
    with force_locale(_user_locale(user)):
        row.kind, row.subject = "notice", " ".join(f"{game_tag(game)} {row.text[:120]}".split())[:300]
        row.text = fold(render("notice.txt", text=row.text, link=game_link(game), **_footer(user)))
        row.headers = _game_headers(game, seat, user)
        row.status, row.next_attempt_at = "pending", now()


def commands_doc() -> str:
    """Where the command guide is: COMMANDS_URL, else this site's guide page."""
    return current_app.config.get("COMMANDS_URL") or f"{current_app.config['BASE_URL']}/help/commands"


def waiting_seats(user: User) -> list[Seat]:
    """The seats of `user` that are asked to act now, in active games, oldest prompt first."""
    return list(db.session.scalars(
        select(Seat).join(Game).where(Seat.user_id == user.id, Game.status == "active",
                                      Seat.prompt_version.is_not(None), Seat.is_bot.is_(False))
        .order_by(Seat.waiting_since, Seat.id)))


def digest_due(user: User, moment: datetime) -> str | None:
    """The local date of the digest due for `user` at `moment` (DIGEST_HOUR has passed there), else None."""
    local = moment.replace(tzinfo=timezone.utc).astimezone(_zone(user.timezone))
    return local.date().isoformat() if local.hour >= DIGEST_HOUR else None


def queue_digests(moment: datetime | None = None) -> int:
    """One digest per digest player with games waiting, once per local day after DIGEST_HOUR; the number queued."""
    moment = moment or now()
    users = db.session.scalars(
        select(User).where(User.digest.is_(True), User.email_status != "bounced",
                           User.id.in_(select(Seat.user_id).join(Game).where(
                               Game.status == "active", Seat.prompt_version.is_not(None),
                               Seat.is_bot.is_(False))))
        .order_by(User.id)).all()
    count = 0
    for user in users:
        day = digest_due(user, moment)
        if day is not None and queue_digest(user, day) is not None:
            count += 1
    return count


def queue_digest(user: User, day: str) -> Outbox | None:
    """The digest of `day` for `user`: every game waiting on them, each as in a turn mail."""
    key = f"digest:{user.id}:{day}"
    if db.session.scalar(select(Outbox.id).where(Outbox.dedupe_key == key)) is not None:
        return None  # rendering is the costly part: skip it when the day's digest exists
    seats = waiting_seats(user)
    if not seats:
        return None
    with force_locale(_user_locale(user)):
        blocks = [turn_block(seat.game, seat, user) for seat in seats]
        context = {"blocks": blocks, "user": user, "commands_doc": commands_doc(), **_footer(user)}
        subject = ngettext("[pbem] %(num)s game is waiting for you", "[pbem] %(num)s games are waiting for you",
                           len(blocks))
        return _queue(key, "digest", user.email, subject, fold(render("digest.txt", **context)),
                      html=render("digest.html", **context), user=user,
                      headers={"Auto-Submitted": "auto-generated", "X-Auto-Response-Suppress": "All",
                               **_list_headers(user)})


def queue_notice(game: Game, text: str, key: str, *, concerns: int | None = None,
                 message: Callable[[User], str] | None = None) -> None:
    """A short notice about the game (a timeout, a vacation) to every human at the table.

    `message(reader)` gives the text in the reader's language and time zone (called inside
    force_locale); `text` is the fallback. The player whose seat it `concerns` gets it even
    with notices off: it is about their own turn.
    """
    for seat in game.seats:
        user = seat.user
        if user is None:
            continue
        own = concerns is not None and seat.position == concerns
        if not may_mail(user, "notice", chosen=not own):
            continue
        with force_locale(_user_locale(user)):
            body = message(user) if message is not None else text
            _queue(f"notice:{key}:{seat.position}", "notice", user.email,
                   f"{game_tag(game)} {body[:120]}",
                   fold(render("notice.txt", text=body, link=game_link(game), **_footer(user))),
                   user=user, game=game, headers=_game_headers(game, seat))


def queue_timeout_notice(game: Game, seat: Seat, key: str, *, extended: bool, played: list[str],
                         replaced: bool) -> None:
    """Tell the table what the timeout policy did for `seat`: extended its deadline, or played the bot for it."""
    name = seat.user.name if seat.user is not None else seat.display_name

    def message(reader: User) -> str:
        if extended:
            return gettext("%(name)s did not move in time: the deadline is extended to %(deadline)s "
                           "(extension %(n)s of %(of)s)", name=name, deadline=local_time(seat.deadline, reader),
                           n=seat.extensions_used, of=game.timeout_extensions)
        text = gettext("%(name)s did not move in time: the bot played %(moves)s", name=name,
                       moves="; ".join(played))
        if replaced:
            text += ". " + gettext("After %(n)s missed turns the bot takes over %(name)s's seat for good",
                                   n=seat.timeouts, name=name)
        return text

    queue_notice(game, name, key, concerns=seat.position, message=message)


QUEUED_LEGAL_SHOWN = 24  # legal commands listed after a queued line failed


def queued_text(results: list[tuple], locale: str, game: Game | None = None, position: int | None = None) -> str:
    """What became of a seat's queued lines, in the current locale: for each (lines, outcome) what was applied, what
    failed (with what it may send, players named when `game` and the seat's `position` are given), what waits
    again; `outcome` None: dropped, the turn they were written for is over. Paragraphs are separated by a blank
    line."""
    parts = []
    for lines, outcome in results:
        if outcome is None:
            parts.append(gettext("Your queued lines were dropped: the turn they were written for is over: %(lines)s",
                                 lines="; ".join(lines)))
            continue
        if outcome.applied:
            applied = told_moves(game, outcome.applied) if game is not None else outcome.applied
            parts.append(gettext("Your queued lines were applied: %(moves)s", moves="; ".join(applied)))
        if outcome.error is not None:
            legal = outcome.legal[:QUEUED_LEGAL_SHOWN]
            if game is not None and position is not None:
                legal = shown_commands(game, position, legal)
            parts.append(gettext("Your queued line \"%(line)s\" failed (%(why)s); the lines after it were not "
                                 "applied. You can send: %(legal)s", line=outcome.failed_line,
                                 why=outcome.error_in(locale), legal="; ".join(legal)))
        if outcome.queued:
            parts.append(gettext("queued until %(names)s answers: %(lines)s",
                                 names=", ".join(outcome.queued_for), lines="; ".join(outcome.queued)))
    return "\n\n".join(parts)


def queue_queued_result(game: Game, seat: Seat, results: list[tuple]) -> None:
    """One mail to `seat` about the lines it had queued behind an interrupt (see queued_text), when no turn mail
    of its says it (the seat is not asked now, or takes the digest)."""
    user = seat.user
    if user is None:
        return
    with force_locale(_user_locale(user)):
        body = queued_text(results, user.locale, game, seat.position)
        _queue(f"queued:{game.id}:{seat.position}:{game.version}", "notice", user.email,
               f"{game_tag(game)} {body[:120]}",
               fold(render("notice.txt", text=body, link=game_link(game), **_footer(user))),
               user=user, game=game, headers=_game_headers(game, seat))


def queue_reminder(game: Game, seat: Seat) -> None:
    """A reminder that this seat's deadline is near (the dedupe key makes it one per prompt and threshold)."""
    user = seat.user
    with force_locale(_user_locale(user)):
        context = {"game": game, "user": user, "deadline": deadline_for(seat.deadline, user),
                   "link": seat_link(game, seat), "reply_address": tokens.reply_address(game.id, seat.position),
                   **_footer(user)}
        _queue(f"remind:{game.id}:{seat.position}:{seat.prompt_version}:{seat.reminded}", "reminder", user.email,
               f"{game_tag(game)} "
               + gettext("Reminder: your move is due %(deadline)s", deadline=local_time(seat.deadline, user)),
               render("reminder.txt", **context), html=render("reminder.html", **context), user=user, game=game,
               headers=_game_headers(game, seat))


def queue_chat(game: Game, author: User, message) -> None:
    """Table talk, to everyone at the table but its author."""
    for seat in game.seats:
        user = seat.user
        if user is not None and seat.user_id != author.id and may_mail(user, "chat"):
            with force_locale(_user_locale(user)):
                says = gettext("%(name)s says", name=author.name)
                _queue(f"chat:{message.id}:{seat.position}", "chat", user.email, f"{game_tag(game)} {says}",
                       render("chat.txt", author=author, text=message.text, link=f"{game_link(game)}#talk",
                              **_footer(user)),
                       user=user, game=game, headers=_game_headers(game, seat))


def queue_game_over(game: Game, seat: Seat) -> None:
    """The final result mail for one seat."""
    user = seat.user
    if not may_mail(user, "end"):
        return
    result = game.result or {}
    names = {s.position: s.display_name for s in game.seats}
    ranking = result.get("ranking", [])
    places = [{"place": result.get("places", {}).get(str(s)), "name": names.get(int(s), str(s)),
               "score": result.get("scores", {}).get(str(s))} for s in ranking]
    locale = _user_locale(user)
    rules = engine.get(game.slug)
    sheet = rules.score_sheet(result, locale) if result and hasattr(rules, "score_sheet") else []
    sheet_lines = _columns([["", *(names.get(s, str(s)) for s in ranking)]]
                           + [[label, *(str(points.get(s, "")) for s in ranking)] for label, points in sheet])
    history = news_lines(game, seat, locale)
    context = {"game": game, "user": user, "places": places, "ranking": ranking, "history": history,
               "link": game_link(game), **_footer(user)}
    with force_locale(locale):
        over = gettext("Game over")
        _queue(f"end:{game.id}:{seat.position}", "end", user.email, f"{game_tag(game)} {over}",
               render("end.txt", **context, sheet=sheet_lines if sheet else []),
               html=render("end.html", **context, sheet=sheet),
               user=user, game=game, headers=_game_headers(game, seat))


def queue_vacation_notice(user: User, games: list[Game], starts: bool, key: str) -> None:
    """Tell the other players of `games` that `user`'s vacation starts (until when) or has ended."""
    until = user.vacation_until
    for game in games:
        def message(reader: User) -> str:
            if starts:
                return gettext("%(name)s is on vacation until %(until)s: their deadlines wait until then",
                               name=user.name, until=local_time(until, reader))
            return gettext("%(name)s is back from vacation: their deadlines run again", name=user.name)

        for seat in game.seats:
            reader = seat.user
            if reader is None or reader.id == user.id or seat.replaced or not may_mail(reader, "vacation"):
                continue
            with force_locale(_user_locale(reader)):
                body = message(reader)
                _queue(f"vacation:{key}:{game.id}:{seat.position}", "vacation", reader.email,
                       f"{game_tag(game)} {body[:120]}",
                       render("notice.txt", text=body, link=game_link(game), **_footer(reader)),
                       user=reader, game=game, headers=_game_headers(game, seat))

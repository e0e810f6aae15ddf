"""Mail as pbem writes it: templates rendered in the reader's language, the headers that thread a game's mail
and offer one-click unsubscribing, and the sign-in mail (sent at once, from the web).

What a game looks like to the reader (names, prompts, the board, the news) is the presentation's
(pbem/presentation); the domain verbs store their mail unwritten (pbem/outbox.py) and writing.py
writes it after their commit; delivery.py sends it.
"""
from __future__ import annotations

import hashlib
import re
from contextvars import ContextVar
from functools import lru_cache

import jinja2
from flask import current_app
from flask_babel import force_locale, get_domain, gettext, ngettext

from .. import outbox, tokens
from ..engine.base import char_width, text_width
from ..extensions import db
from ..models import Game, Seat, User
from ..presentation.times import reader_locale
from .folding import fold

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


# --- addresses, links, headers ---------------------------------------------------


def game_tag(game: Game) -> str:
    return f"[pbem #{game.id} {game.title}]"


SUBJECT_WIDTH = 77  # columns (text_width): a subject stays under 78, the width of a mail's lines
_OWN_SUBJECT = SUBJECT_WIDTH - len("Re: ")  # ours leave room for the "Re: " of a reply, which is then not cut
_TITLE_AT_LEAST = 16  # columns of a long title kept in a subject before its prompt is shortened


def shorten(text: str, width: int) -> str:
    """`text` on one line, cut to at most `width` columns (wide characters count two) with an ellipsis."""
    text = " ".join(text.split())
    if text_width(text) <= width:
        return text
    kept, used = [], 1  # the ellipsis takes one column
    for ch in text:
        used += char_width(ch)
        if used > width:
            break
        kept.append(ch)
    return "".join(kept).rstrip() + "…"


def subject(game: Game | None, prompt: str) -> str:
    """A mail's subject under 78 columns, even after a reply's "Re: ": the game's tag ("[pbem #12 Title]", a long
    title shortened) and a short prompt (cut with an ellipsis if still too long: the mail's body says it all)."""
    prompt = " ".join(prompt.split())
    if game is None:
        return shorten(prompt, _OWN_SUBJECT)
    bare = f"[pbem #{game.id} ] "
    room = max(_OWN_SUBJECT - text_width(bare) - text_width(prompt), _TITLE_AT_LEAST)
    return shorten(f"[pbem #{game.id} {shorten(game.title, room)}] {prompt}".strip(), _OWN_SUBJECT)


def turn_subject(game: Game, asked: list[str]) -> str:
    """A turn mail's subject, "[pbem #12 Title] Your turn: …", from what its seat is asked (in words): a long
    prompt without the explanation in brackets at its end (the mail has it). An answer that is a turn mail too
    says the same."""
    short = [re.sub(r" ?[(（][^()（）]*[)）]$", "", words) if len(words) > 80 else words for words in asked]
    return subject(game, gettext("Your turn: %(asked)s", asked=", ".join(short) or gettext("your move")))


def thread_id(game: Game) -> str:
    """The Message-ID every mail of one game refers to, so mail clients thread them."""
    return f"<game-{game.id}@{current_app.config['INBOUND_DOMAIN']}>"


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


def unsubscribe(user: User) -> None:
    """Stop every mail but turn mails, digests, reminders and sign-in links for `user` (the caller commits)."""
    user.notices = False


def game_headers(game: Game, seat: Seat | None, user: User | None = None) -> dict:
    headers = {"In-Reply-To": thread_id(game), "References": thread_id(game),
               "Auto-Submitted": "auto-generated", "X-Auto-Response-Suppress": "All"}
    if seat is not None and seat.position is not None:
        headers["Reply-To"] = tokens.reply_address(game.id, seat.position)
    user = user or (seat.user if seat is not None else None)
    if user is not None:
        headers.update(list_headers(user))
    return headers


def list_headers(user: User) -> dict:
    return {"List-Unsubscribe": f"<mailto:{tokens.unsubscribe_address(user.id)}?subject=unsubscribe>, "
                                f"<{unsubscribe_link(user)}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}


def footer(user: User | None) -> dict:
    base = current_app.config["BASE_URL"]
    return {"settings_url": f"{base}/settings", "unsubscribe_url": unsubscribe_link(user) if user else None}


def queue_signin(email: str, link: str) -> None:
    """The sign-in link mail, written at once (the web commits it, and the hook sends it)."""
    user = outbox.user_by_address(email)
    with force_locale(reader_locale(user)):
        # The whole link, hashed: each link is one mail, and no part of a request can crowd the token out.
        outbox.store("signin:" + hashlib.sha256(link.encode()).hexdigest(), "signin", email,
                     subject=subject(None, gettext("Your pbem sign-in link")),
                     text=fold(render("signin.txt", link=link)), user=user, status="pending")

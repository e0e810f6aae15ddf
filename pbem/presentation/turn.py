"""A turn's block: everything a turn mail (or one game of a digest, or a mail's answer) says about one seat's
prompt, and the links it gives."""
from __future__ import annotations

from dataclasses import dataclass, field

from flask import current_app

from .. import engine, tokens
from ..models import Game, Seat, User
from .board import board_text
from .examples import game_examples
from .games import stakes
from .news import news
from .times import Deadline, deadline_for
from .words import prompt_words, seat_names, shown_commands, worded


def seat_link(game: Game, seat: Seat) -> str:
    token = tokens.seat_link_token(game.id, seat.position, seat.prompt_version)
    return f"{current_app.config['BASE_URL']}/play/{token}"


def game_link(game: Game) -> str:
    return f"{current_app.config['BASE_URL']}/games/{game.id}"


def commands_doc() -> str:
    """Where the command guide is: COMMANDS_URL, else this site's guide page."""
    return current_app.config.get("COMMANDS_URL") or f"{current_app.config['BASE_URL']}/help/commands"


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
    against: list[str] = field(default_factory=list)  # what others did to this seat since it moved: told first


def turn_block(game: Game, seat: Seat, user: User) -> TurnBlock:
    """The contents of a turn mail for `seat`, in the current locale (call inside force_locale)."""
    rules = engine.get(game.slug)
    locale = user.locale
    prompts = [p for p in rules.pending(game.state) if p.seat == seat.position]
    moves = rules.legal(game.state, seat.position) if prompts else []
    examples = shown_commands(game, seat.position, game_examples(rules, moves))
    # Templates for what cannot be listed in full (payments, tool sets), when the game offers them.
    legal_texts = rules.CAPABILITIES.legal_texts
    forms = ([t for t in legal_texts(game.state, seat.position) if "<" in t or t.startswith("(")]
             if prompts and legal_texts else [])
    forms = worded(shown_commands(game, seat.position, forms[:8]), locale)
    against, since = news(game, seat, locale)
    return TurnBlock(
        game=game, seat=seat, rules_name=rules.NAME, asked=[prompt_words(p, seat_names(game), rules) for p in prompts],
        since=since, against=against, board=board_text(game, seat.position, locale),
        examples=examples, forms=forms, link=seat_link(game, seat), game_url=game_link(game),
        reply_address=tokens.reply_address(game.id, seat.position), deadline=deadline_for(seat.deadline, user),
        extensions_left=max(0, game.timeout_extensions - seat.extensions_used),
        replace_after=max(0, game.replace_after - seat.timeouts), stakes=stakes(game.slug, prompts))

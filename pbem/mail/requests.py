"""Requests an email-only player makes of the service itself: a new game, their language, their time zone."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from zoneinfo import available_timezones

from .. import engine

_ADDRESS = re.compile(r"[^\s,;:<>()\[\]\"']+@[^\s,;:<>()\[\]\"']+\.[^\s,;:<>()\[\]\"'.]+")
_PLAYERS = re.compile(r"(\d{1,2})\s*(?:players?|joueurs?|joueuses?|spieler(?:innen|n)?|personen|人|名|プレイヤー)",
                      re.IGNORECASE)
_BOTS = re.compile(r"(\d{1,2})\s*(?:bots?|robots?|ボット|ロボット|computer)", re.IGNORECASE)
# A game option as `name=value` (`expansion=style`), the words the CLI's --option takes.
_OPTION = re.compile(r"(?<![\w@.])([a-z][a-z_]*)=([\w-]+)", re.IGNORECASE)
# "with bots" or "against bots" without a number: fill every seat not given to someone.
_BOTS_ALONE = re.compile(r"\b(?:bots?|robots?)\b|ボット", re.IGNORECASE)

# The language a player writes a service word in is the language of a new account.
LANGUAGE_NAMES = {
    "en": ("en", "english", "anglais", "englisch", "英語"),
    "ja": ("ja", "japanese", "japonais", "japanisch", "日本語"),
    "fr": ("fr", "french", "francais", "français", "französisch", "franzosisch", "フランス語"),
    "de": ("de", "german", "allemand", "deutsch", "ドイツ語"),
}


class RequestProblem(ValueError):
    """A request that cannot be read; `message` is a service msgid with %(name)s places, `values` fill it."""

    def __init__(self, message: str, **values):
        super().__init__(message % values if values else message)
        self.message, self.values = message, values


@dataclass
class NewGame:
    """What `new stone-age 3 players with ann@… bob@…` asks for."""

    slug: str
    seats: int
    invite: list[str] = field(default_factory=list)
    bots: int = 0
    options: dict = field(default_factory=dict)

    @property
    def open_seats(self) -> int:
        """Seats nobody is invited to: anyone may join them (or the host adds bots on the web)."""
        return self.seats - 1 - len(self.invite) - self.bots


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _squash(text: str) -> str:
    return re.sub(r"[\W_]+", "", _fold(text))


def read_new_game(text: str, own_address: str) -> NewGame:
    """The game asked for by the words after `new`; RequestProblem says what is missing or wrong."""
    invite = []
    for address in _ADDRESS.findall(text):
        address = address.strip(".").lower()
        if address != own_address.lower() and address not in invite:
            invite.append(address)
    words = _ADDRESS.sub(" ", text)
    options = {name.lower(): value for name, value in _OPTION.findall(words)}
    words = _OPTION.sub(" ", words)
    slug = _game_named(words)
    if slug is None:
        names = ", ".join(f"{s} ({engine.get(s).NAME})" for s in engine.games() if not s.startswith("test-"))
        raise RequestProblem("which game? write its name after \"new\": %(games)s", games=names)
    players = _PLAYERS.search(words)
    counted = _BOTS.search(words)
    bots = int(counted.group(1)) if counted else 0
    if players is not None:
        seats = int(players.group(1))
        if counted is None and _BOTS_ALONE.search(words):
            bots = seats - 1 - len(invite)  # "3 players with bots": the seats nobody was invited to
    else:
        seats = 1 + len(invite) + bots
    request = NewGame(slug, seats, invite, max(bots, 0), offered_options(slug, seats, options))
    if request.open_seats < 0:
        raise RequestProblem("%(seats)d seats cannot hold you, %(invited)d invited players and %(bots)d bots",
                             seats=seats, invited=len(invite), bots=bots)
    if seats < 2:
        raise RequestProblem("a game needs at least two seats: invite someone (\"with ann@example.org\") or "
                             "add bots (\"with 2 bots\")")
    return request


def offered_options(slug: str, seats: int, options: dict) -> dict:
    """The options asked for, with the one choice a player count needs when an offered option allows it (Stone
    Age's fifth seat: its expansion, when the host offers it); create_game refuses whatever is not offered."""
    rules = engine.get(slug)
    chosen = {o.name: o.default for o in rules.OPTIONS} | options
    if seats in engine.players_allowed(rules, chosen):
        return options
    for option in rules.OPTIONS:
        if option.unavailable or option.name in options:
            continue
        for choice in option.choices:
            if seats in engine.players_allowed(rules, {**chosen, option.name: choice}):
                return {**options, option.name: choice}
    return options


def names_a_game(words: str) -> bool:
    """Whether `words` name a game this installation offers (so a line "new ..." is a request)."""
    return _game_named(words) is not None


def _game_named(words: str) -> str | None:
    squashed = _squash(words)
    for slug in engine.games():
        if slug.startswith("test-"):
            continue
        rules = engine.get(slug)
        names = (slug, rules.NAME, *rules.CAPABILITIES.other_names)
        if any(_squash(name) and _squash(name) in squashed for name in names):
            return slug
    return None


def read_language(text: str, languages: tuple[str, ...]) -> str:
    """The language code named by the words after `language`."""
    folded = _fold(text).strip()
    for code, names in LANGUAGE_NAMES.items():
        if code in languages and folded in {_fold(n) for n in names}:
            return code
    raise RequestProblem("which language? pbem speaks %(languages)s", languages=", ".join(languages))


def read_time_zone(text: str) -> str:
    """The IANA time zone named after `timezone` (`Asia/Tokyo`, `europe/paris`, `UTC`)."""
    wanted = text.strip().replace(" ", "_")
    zones = {z.lower(): z for z in available_timezones()}
    zone = zones.get(wanted.lower())
    if zone is None:
        raise RequestProblem("\"%(zone)s\" is not a time zone pbem knows: write it as Region/City, for example "
                             "Asia/Tokyo, Europe/Paris, Europe/Berlin or UTC", zone=text.strip()[:60])
    return zone


def language_of(words: list[str]) -> str | None:
    """The language a first mail is written in, from its service words and script; None when it cannot tell."""
    from ..keywords import language_of_word

    text = " ".join(words)
    if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text):
        return "ja"
    for line in words:
        found = language_of_word(line)
        if found is not None:
            return found
    return None

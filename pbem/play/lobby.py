"""Before the first move: create a game, invite, join, leave, add bots, start."""
from __future__ import annotations

import random
import secrets

from .. import addresses, engine, outbox
from ..clock import now
from ..extensions import db
from ..models import Game, Seat, User
from .errors import NotAllowed, PlayError
from .moves import Waits, advance
from .transaction import commit, lock, rolls_back


def create_game(host: User, slug: str, *, seats: int, title: str | None = None, options: dict | None = None,
                turn_seconds: int | None = None, random_seating: bool = True, bots: int = 0,
                seed: str | None = None, weekend_pause: bool = False, timeout_extensions: int = 1,
                replace_after: int = 3) -> Game:
    """A new game in the lobby with the host seated (and `bots` bot seats); refuses bad settings.

    The timeout policy: extend a missed deadline `timeout_extensions` times, then let the bot
    play the turn; after `replace_after` such turns the bot keeps the seat.
    """
    try:
        rules = engine.get(slug)
    except KeyError as exc:
        raise PlayError("%(why)s", why=str(exc.args[0])) from exc
    try:
        options = engine.check_options(rules, options)
    except engine.CommandError as exc:
        raise PlayError("%(why)s", why=exc.message) from exc
    for option in rules.OPTIONS:
        if option.unavailable and options[option.name] != option.default:
            raise PlayError("option %(option)s is not available yet: %(why)s",
                            option=f"{option.name}={options[option.name]}", why=option.unavailable)
    allowed = engine.players_allowed(rules, options)
    if seats not in allowed:
        raise PlayError("%(game)s is for %(allowed)s players, not %(seats)d",
                        game=rules.NAME, allowed=", ".join(map(str, allowed)), seats=seats)
    try:  # options the engine cannot play together (the spielbox tiles alone) are refused now, not at the start
        rules.setup(seats, options, "options")
    except engine.CommandError as exc:
        raise PlayError("%(why)s", why=exc.message) from exc
    if not 0 <= bots < seats:
        raise PlayError("a game of %(seats)d can have 0 to %(most)d bots", seats=seats, most=seats - 1)
    if not 0 <= timeout_extensions <= 10:
        raise PlayError("a missed deadline can be extended 0 to 10 times, not %(n)s", n=timeout_extensions)
    if not 1 <= replace_after <= 20:
        raise PlayError("the bot may take a seat after 1 to 20 missed turns, not %(n)s", n=replace_after)
    game = Game(slug=slug, title=(title or rules.NAME).strip()[:120], options=options,
                seed=seed or secrets.token_hex(8), host=host, num_seats=seats,
                random_seating=random_seating,
                turn_seconds=turn_seconds or 2 * 24 * 3600, weekend_pause=bool(weekend_pause),
                timeout_extensions=timeout_extensions, replace_after=replace_after)
    game.seats.append(Seat(user=host))
    for _ in range(bots):
        game.seats.append(Seat(is_bot=True))
    db.session.add(game)
    commit()
    return game


def _lobby_game(game_id: int) -> Game:
    game = lock(game_id)
    if game.status != "lobby":
        if game.status == "active":
            raise PlayError("game %(game)d has already started", game=game_id)
        raise PlayError("game %(game)d is over or was cancelled", game=game_id)
    return game


@rolls_back
def invite(game_id: int, host: User, email: str) -> Seat:
    """Reserve a seat for `email` and mail them an invitation."""
    try:
        email = addresses.normalise(email)
    except addresses.BadAddress as exc:
        raise PlayError("%(address)s is not an address pbem can send to: %(why)s",
                        address=repr(exc.address), why=exc.why) from exc
    game = _lobby_game(game_id)
    _check_host(game, host)
    if any(s.invited_email == email or (s.user and s.user.email == email) for s in game.seats):
        raise PlayError("%(address)s is already invited to this game", address=email)
    _check_room(game)
    seat = Seat(invited_email=email)
    game.seats.append(seat)
    db.session.flush()
    outbox.invitation(game, email)
    commit()
    return seat


@rolls_back
def join(game_id: int, user: User) -> Seat:
    """Seat `user` in a lobby game: their invitation if they have one, else a free seat. When that was the last
    seat, the host is mailed that everyone is seated (a game starts only when its host says so)."""
    game = _lobby_game(game_id)
    if any(s.user_id == user.id for s in game.seats):
        raise PlayError("you are already seated in this game")
    seat = next((s for s in game.seats if s.user_id is None and s.invited_email == user.email), None)
    if seat is None:
        _check_room(game)
        seat = Seat()
        game.seats.append(seat)
    seat.user = user
    seat.invited_email = None
    if len(_taken(game)) == game.num_seats:
        outbox.seated(game, user)
    commit()
    return seat


@rolls_back
def leave(game_id: int, user: User) -> None:
    """Give up a seat in a lobby game; the host cancels the game instead."""
    game = _lobby_game(game_id)
    seat = game.seat_of(user)
    if seat is None:
        raise PlayError("you are not seated in this game")
    if game.host_id == user.id:
        game.status = "abandoned"
    else:
        game.seats.remove(seat)
    commit()


@rolls_back
def add_bot(game_id: int, host: User) -> Seat:
    """Fill one free seat with a bot."""
    game = _lobby_game(game_id)
    _check_host(game, host)
    _check_room(game)
    seat = Seat(is_bot=True)
    game.seats.append(seat)
    commit()
    return seat


@rolls_back
def start_game(game_id: int, user: User, order: list[int] | None = None, host_answered: bool = False) -> Game:
    """Start a full lobby game: seat order (random unless the host fixed it), setup, first prompts.

    `host_answered`: the host started it by mail, and the answer to that mail carries their first turn (one
    mail back per mail), so no separate turn mail goes to them.
    """
    game = _lobby_game(game_id)
    _check_host(game, user)
    taken = _taken(game)
    if len(taken) != game.num_seats:
        waiting = [s.invited_email for s in game.seats if s.user_id is None and not s.is_bot]
        if waiting:
            raise PlayError("%(taken)d of %(seats)d seats are taken; waiting for %(waiting)s",
                            taken=len(taken), seats=game.num_seats, waiting=", ".join(waiting))
        raise PlayError("%(taken)d of %(seats)d seats are taken", taken=len(taken), seats=game.num_seats)
    seats = list(taken)
    if order is not None:
        if sorted(order) != sorted(s.id for s in seats):
            raise PlayError("the seat order must name every seat once")
        seats.sort(key=lambda s: order.index(s.id))
    elif game.random_seating:
        random.Random(game.seed).shuffle(seats)
    for position, seat in enumerate(seats):
        seat.position = position
    rules = engine.get(game.slug)
    game.state = rules.setup(game.num_seats, game.options, game.seed)
    game.status = "active"
    game.started_at = now()
    game.version = 0
    db.session.flush()
    host = next((s.position for s in seats if s.user_id == user.id), None) if host_answered else None
    advance(game, rules, Waits(game), quiet_seat=host)
    commit()
    return game


def _taken(game: Game) -> list[Seat]:
    """The seats a bot or a player holds (not those only invited)."""
    return [s for s in game.seats if s.is_bot or s.user is not None]


def _check_host(game: Game, user: User) -> None:
    if game.host_id != user.id:
        raise NotAllowed("only the host may do that")


def _check_room(game: Game) -> None:
    if len(game.seats) >= game.num_seats:
        raise PlayError("all %(seats)d seats are taken or invited", seats=game.num_seats)

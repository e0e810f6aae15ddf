"""The engine contract, run over every registered game and each of its option sets: games end, state is JSON,
replay, round trips, hidden info.

A game module may list the option sets to play in `TEST_OPTION_SETS` (default: the defaults only) and
say which player counts a set allows with `players_allowed(options)` (default: PLAYERS).
"""
import json
import random

import pytest

from pbem import engine
from pbem.engine import CommandError
from pbem.engine.base import may_see

MAX_MOVES = 5000
GAMES = engine.games(unoffered=True)  # every engine, offered to hosts or not yet


def option_sets(g) -> tuple:
    """The option sets the contract plays for game module `g`."""
    return tuple(getattr(g, "TEST_OPTION_SETS", ({},)))


def player_counts(g, options) -> tuple:
    """The player counts `options` allow."""
    allowed = getattr(g, "players_allowed", None)
    return tuple(allowed(options)) if allowed else tuple(g.PLAYERS)


def _cases():
    # Importing must work: a game that fails to import fails the collection, it is never skipped.
    return [(slug, i) for slug in GAMES for i in range(len(option_sets(engine.get(slug))))]


@pytest.fixture(params=GAMES)
def game(request):
    return engine.get(request.param)


@pytest.fixture(params=_cases(), ids=lambda case: f"{case[0]}-options{case[1]}")
def played(request):
    """(game module, option set) pairs: every game with each of its test option sets."""
    g = engine.get(request.param[0])
    return g, option_sets(g)[request.param[1]]


def bot_game(g, players: int, seed: int, every=None, options=None):
    """Play a whole game with the game's bot; call every(state) after each move; return (state, log)."""
    state = g.setup(players, dict(options or {}), seed)
    rnd = random.Random(seed)
    log = []
    for _ in range(MAX_MOVES):
        prompts = g.pending(state)
        if not prompts:
            return state, log
        seat = prompts[rnd.randrange(len(prompts))].seat
        move = g.bot_move(state, seat, rnd)
        state, events = g.apply(state, seat, move)
        for e in events:
            assert isinstance(e, dict) and "kind" in e and json.loads(json.dumps(e)) == e
            # Told to whoever may see it, and to nobody else (not even as "something hidden"); a public event may
            # be left untold to a seat that reads the same in full in a private event of the same move.
            told = bool(g.describe(e, seat, "en"))
            in_full = any(o is not e and o.get("to") == [seat] and g.describe(o, seat, "en") for o in events)
            assert told == may_see(e, seat) or (may_see(e, seat) and in_full), e
        log.append((seat, str(move)))
        if every:
            every(state)
    raise AssertionError(f"{g.SLUG}: no end after {MAX_MOVES} moves (seed {seed})")


def test_module_shape(game):
    for name in ("SLUG", "NAME", "PLAYERS", "OPTIONS", "setup", "pending", "legal", "parse", "apply", "view",
                 "result", "describe", "bot_move", "shuffle_hidden"):
        assert hasattr(game, name), name
    assert all(isinstance(o, engine.Option) for o in game.OPTIONS)
    assert engine.get(game.SLUG) is game


def test_random_games_end_with_a_result(played):
    game, options = played
    for players in player_counts(game, options):
        for seed in range(4):
            state, _ = bot_game(game, players, seed, options=options)
            assert game.pending(state) == []
            r = game.result(state)
            assert r is not None and sorted(r.ranking) == list(range(players))
            assert set(r.scores) == set(range(players)) and set(r.places) == set(range(players))
            assert json.dumps(r.to_dict())


def test_state_is_plain_json_after_every_move(played):
    game, options = played

    def check(state):
        assert json.loads(json.dumps(state)) == state

    for players in player_counts(game, options):
        bot_game(game, players, 11, every=check, options=options)


def test_apply_never_changes_its_input(played):
    game, options = played
    state = game.setup(player_counts(game, options)[-1], dict(options), 5)
    rnd = random.Random(5)
    for _ in range(300):
        prompts = game.pending(state)
        if not prompts:
            break
        seat = prompts[0].seat
        frozen = json.dumps(state, sort_keys=True)
        new, _ = game.apply(state, seat, game.bot_move(state, seat, rnd))
        assert json.dumps(state, sort_keys=True) == frozen
        state = new


def test_replaying_the_log_reproduces_the_state(played):
    game, options = played
    for players in player_counts(game, options):
        final, log = bot_game(game, players, 21, options=options)
        state = game.setup(players, dict(options), 21)
        for seat, text in log:
            moves = game.parse(text, state, seat)
            assert len(moves) == 1 and str(moves[0]) == text
            state, _ = game.apply(state, seat, moves[0])
        assert state == final


def test_every_legal_move_parses_back(played):
    game, options = played

    def check(state):
        check.n += 1
        if check.n % 3:
            return
        for prompt in game.pending(state):
            for move in game.legal(state, prompt.seat):
                assert game.parse(str(move), state, prompt.seat) == [move], str(move)

    check.n = 0
    for players in player_counts(game, options):
        bot_game(game, players, 31, every=check, options=options)


def test_prompted_seats_have_legal_moves(played):
    game, options = played

    def check(state):
        for prompt in game.pending(state):
            assert game.legal(state, prompt.seat), prompt

    bot_game(game, player_counts(game, options)[-1], 41, every=check, options=options)


def test_hidden_information_does_not_change_the_view(played):
    game, options = played
    rnd = random.Random(7)

    def check(state):
        for seat in (0, None):
            shuffled = game.shuffle_hidden(state, seat, rnd)
            assert game.view(shuffled, seat) == game.view(state, seat)
            assert json.loads(json.dumps(game.view(state, seat))) == game.view(state, seat)

    for players in player_counts(game, options):
        bot_game(game, players, 51, every=check, options=options)


def test_bad_input_raises_only_command_errors(played):
    game, options = played
    state = game.setup(player_counts(game, options)[0], dict(options), 1)
    for text in ("", "???", "place", "1 2 3", "\x00", "ｘ" * 200, "pay pay pay", "; ;", "9" * 40):
        try:
            for move in game.parse(text, state, 0):
                game.apply(state, 0, move)
        except CommandError:
            pass
    with pytest.raises(CommandError):
        game.setup(max(game.PLAYERS) + 1, dict(options), 1)
    for players in set(game.PLAYERS) - set(player_counts(game, options)):
        with pytest.raises(CommandError):  # a count other options allow, refused with these
            game.setup(players, dict(options), 1)

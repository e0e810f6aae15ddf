"""The engine contract, run over every registered game: games end, state is JSON, replay, round trips, hidden info."""
import json
import random

import pytest

from pbem import engine
from pbem.engine import CommandError

MAX_MOVES = 5000
GAMES = engine.games()


@pytest.fixture(params=GAMES)
def game(request):
    # Importing must work: a game that fails to import fails here, it is never skipped.
    return engine.get(request.param)


def bot_game(g, players: int, seed: int, every=None):
    """Play a whole game with the game's bot; call every(state) after each move; return (state, log)."""
    state = g.setup(players, {}, seed)
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
            assert g.describe(e, seat, "en")
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


def test_random_games_end_with_a_result(game):
    for players in game.PLAYERS:
        for seed in range(4):
            state, _ = bot_game(game, players, seed)
            assert game.pending(state) == []
            r = game.result(state)
            assert r is not None and sorted(r.ranking) == list(range(players))
            assert set(r.scores) == set(range(players)) and set(r.places) == set(range(players))
            assert json.dumps(r.to_dict())


def test_state_is_plain_json_after_every_move(game):
    def check(state):
        assert json.loads(json.dumps(state)) == state

    for players in game.PLAYERS:
        bot_game(game, players, 11, every=check)


def test_apply_never_changes_its_input(game):
    state = game.setup(game.PLAYERS[-1], {}, 5)
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


def test_replaying_the_log_reproduces_the_state(game):
    for players in game.PLAYERS:
        final, log = bot_game(game, players, 21)
        state = game.setup(players, {}, 21)
        for seat, text in log:
            moves = game.parse(text, state, seat)
            assert len(moves) == 1 and str(moves[0]) == text
            state, _ = game.apply(state, seat, moves[0])
        assert state == final


def test_every_legal_move_parses_back(game):
    def check(state):
        check.n += 1
        if check.n % 3:
            return
        for prompt in game.pending(state):
            for move in game.legal(state, prompt.seat):
                assert game.parse(str(move), state, prompt.seat) == [move], str(move)

    check.n = 0
    for players in game.PLAYERS:
        bot_game(game, players, 31, every=check)


def test_prompted_seats_have_legal_moves(game):
    def check(state):
        for prompt in game.pending(state):
            assert game.legal(state, prompt.seat), prompt

    bot_game(game, game.PLAYERS[-1], 41, every=check)


def test_hidden_information_does_not_change_the_view(game):
    rnd = random.Random(7)

    def check(state):
        for seat in (0, None):
            shuffled = game.shuffle_hidden(state, seat, rnd)
            assert game.view(shuffled, seat) == game.view(state, seat)
            assert json.loads(json.dumps(game.view(state, seat))) == game.view(state, seat)

    for players in game.PLAYERS:
        bot_game(game, players, 51, every=check)


def test_bad_input_raises_only_command_errors(game):
    state = game.setup(game.PLAYERS[0], {}, 1)
    for text in ("", "???", "place", "1 2 3", "\x00", "ｘ" * 200, "pay pay pay", "; ;", "9" * 40):
        try:
            for move in game.parse(text, state, 0):
                game.apply(state, 0, move)
        except CommandError:
            pass
    with pytest.raises(CommandError):
        game.setup(max(game.PLAYERS) + 1, {}, 1)

"""Ratings (docs/ratings.md): the update a finished game makes is the library's, unrated games change nothing, the
deadline rule, the leaderboard, and `pbem ratings rebuild` giving the same numbers for 200 seeded games."""
from __future__ import annotations

import random
from datetime import timedelta

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import select

from pbem import play, ratings
from pbem.clock import now
from pbem.extensions import db
from pbem.models import Game, Move, Rating, RatingChange, Seat, User


@pytest.fixture(autouse=True)
def rated_when_finished(monkeypatch):
    """The ratings update in the transaction that finishes a game, as play.moves.advance calls it (a second call
    changes nothing, so this holds whether advance already makes it or not)."""
    from pbem.play import moves

    original = moves.advance

    def advance(game, rules, waits, quiet_seat=None):
        told = original(game, rules, waits, quiet_seat)
        if game.status == "finished":
            ratings.rate_finished(game)
        return told
    monkeypatch.setattr(moves, "advance", advance)


def _finish(game, texts: list[tuple[int, str]]) -> Game:
    for seat, text in texts:
        outcome = play.submit(game.id, seat, text, "web", None)
        assert outcome.ok, outcome
    db.session.expire_all()
    return db.session.get(Game, game.id)


def _rating(user: User, slug: str = "test-countdown") -> Rating | None:
    return db.session.scalar(select(Rating).where(Rating.user_id == user.id, Rating.slug == slug))


def test_a_finished_three_player_game_updates_the_three_ratings_as_the_library_computes(make_game):
    game = make_game(humans=("ann", "bob", "cy"), options={"pile": 9})
    # 9 counters: ann 3, bob 3, cy 3 takes the last: cy wins, ann and bob share second place.
    game = _finish(game, [(0, "take 3"), (1, "take 3"), (2, "take 3")])
    assert game.status == "finished" and game.result["places"] == {"0": 2, "1": 2, "2": 1}
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[2, 2, 1])
    for seat, team in zip(sorted(game.seats, key=lambda s: s.position), expected):
        row = _rating(seat.user)
        assert (row.mu, row.sigma, row.games) == (team[0].mu, team[0].sigma, 1)
    assert _rating(game.seat_at(2).user).mu > 25 > _rating(game.seat_at(0).user).mu

    # A second game starts from the stored ratings.
    ann, bob, cy = (game.seat_at(n).user for n in range(3))
    before = [model.rating(mu=r.mu, sigma=r.sigma) for r in map(_rating, (ann, bob, cy))]
    second = make_game(humans=(ann, bob, cy), options={"pile": 9})
    _finish(second, [(0, "take 3"), (1, "take 3"), (2, "take 2"), (0, "take 1")])
    after = model.rate([[r] for r in before], ranks=[1, 2, 2])
    for user, team in zip((ann, bob, cy), after):
        row = _rating(user)
        assert (row.mu, row.sigma, row.games) == (team[0].mu, team[0].sigma, 2)
    history = ratings.history(ann, "test-countdown")
    assert [c.game_id for c in history] == [game.id, second.id] and history[1].mu_before == history[0].mu


def test_an_unrated_game_changes_no_rating(make_game, make_user):
    ann, bob = make_user("ann"), make_user("bob")
    game = make_game(humans=(ann, bob), options={"pile": 9})
    game.rated = False
    db.session.commit()
    game = _finish(game, [(0, "take 3"), (1, "take 3"), (0, "take 3")])
    assert game.status == "finished" and ratings.unrated_because(game) == "marked unrated"
    assert db.session.scalars(select(Rating)).all() == [] and db.session.scalars(select(RatingChange)).all() == []
    assert game.rating_seq is None


def test_a_game_with_a_bot_is_unrated_unless_the_host_said_rated_and_the_bot_never_changes(make_game):
    game = make_game(humans=("ann",), bots=1, options={"pile": 9})
    assert not ratings.marked_rated(game)
    assert db.session.get(Game, game.id).status in ("active", "finished")
    rated = make_game(humans=("bo",), bots=1, options={"pile": 9})
    rated.rated = True
    db.session.commit()
    # bo takes 1, the bot takes 8 % 4 = 0 -> random; play it out.
    for _ in range(10):
        rated = db.session.get(Game, rated.id)
        if rated.status == "finished":
            break
        play.submit(rated.id, 0, "take 1", "web", None)
        db.session.expire_all()
    rated = db.session.get(Game, rated.id)
    assert rated.status == "finished"
    bo = rated.seat_at(0).user
    model = PlackettLuce()
    places = rated.result["places"]
    expected = model.rate([[model.rating()], [model.rating(mu=ratings.BOT_MU, sigma=ratings.BOT_SIGMA)]],
                          ranks=[places["0"], places["1"]])
    assert (_rating(bo).mu, _rating(bo).sigma) == (expected[0][0].mu, expected[0][0].sigma)
    assert db.session.scalar(select(Rating).where(Rating.user_id != bo.id)) is None  # no row for a bot


def test_a_game_decided_by_deadlines_for_most_of_one_seats_moves_is_unrated(make_game):
    game = make_game(humans=("ann", "bob"), options={"pile": 15})
    for _ in range(3):  # bob misses every deadline: the clock plays for him
        play.submit(game.id, 0, "take 1", "web", None)
        db.session.expire_all()
        game = db.session.get(Game, game.id)
        seat = game.seat_at(1)
        seat.extensions_used = game.timeout_extensions
        seat.deadline = now() - timedelta(minutes=1)
        db.session.commit()
        play.expire_turn(game.id, 1)
    db.session.expire_all()
    game = db.session.get(Game, game.id)
    while game.status != "finished":
        turn = game.state["turn"]
        play.submit(game.id, turn, "take 1", "web", None)
        db.session.expire_all()
        game = db.session.get(Game, game.id)
    sources = db.session.scalars(select(Move.source).where(Move.game_id == game.id, Move.seat == 1)).all()
    assert sources.count("timeout") * 2 > len(sources)
    assert ratings.unrated_because(game) == "decided by deadlines for seat 2"
    assert db.session.scalars(select(Rating).where(Rating.games > 0)).all() == []


def test_the_leaderboard_lists_players_with_enough_rated_games_best_first(make_game, make_user):
    ann, bob, cy = make_user("ann"), make_user("bob"), make_user("cy")
    for n in range(ratings.LEADERBOARD_GAMES):
        game = make_game(humans=(ann, bob), options={"pile": 9})
        _finish(game, [(0, "take 1"), (1, "take 1"), (0, "take 3"), (1, "take 3"), (0, "take 1")])
    game = make_game(humans=(ann, cy), options={"pile": 9})
    _finish(game, [(0, "take 1"), (1, "take 1"), (0, "take 3"), (1, "take 3"), (0, "take 1")])
    board = ratings.leaderboard("test-countdown")
    assert [user.name for user, _s in board] == ["ann", "bob"]  # cy has one rated game
    assert board[0][1].games == ratings.LEADERBOARD_GAMES + 1 and board[0][1].score > board[1][1].score


def seed_finished_games(users: list[User], count: int, seed: int = 7) -> list[Game]:
    """`count` finished Countdown games among `users` (2-4 at a table, some with a bot, some marked unrated, some
    with a seat the clock played), written as the service writes them and rated in the order they finished."""
    import countdown

    rnd = random.Random(seed)
    moment = now() - timedelta(days=count)
    games = []
    for n in range(count):
        players = rnd.choice((2, 3, 4))
        bots = 1 if rnd.random() < 0.15 else 0
        people = rnd.sample(users, players - bots)
        options = {"pile": rnd.choice((9, 15, 21))}
        game = Game(slug="test-countdown", title=f"Seeded {n}", options=options, seed=f"s{n}", host=people[0],
                    num_seats=players, status="active", started_at=moment, random_seating=False,
                    rated=(rnd.random() < 0.5) if bots else (False if rnd.random() < 0.1 else None))
        game.seats = [Seat(user=u, position=i) for i, u in enumerate(people)] + \
            [Seat(is_bot=True, position=players - 1) for _ in range(bots)]
        db.session.add(game)
        db.session.flush()
        clock_seat = 0 if rnd.random() < 0.1 else None
        state = countdown.setup(players, options, game.seed)
        while countdown.pending(state):
            seat = state["turn"]
            move = countdown.bot_move(state, seat, rnd)
            state, events = countdown.apply(state, seat, move)
            game.version += 1
            source = "timeout" if seat == clock_seat else "bot" if bots and seat == players - 1 else "web"
            db.session.add(Move(game_id=game.id, seq=game.version, seat=seat, text=str(move), source=source,
                                events=events))
        moment += timedelta(hours=rnd.randint(1, 30))
        game.state, game.status, game.finished_at = state, "finished", moment
        game.result = countdown.result(state).to_dict()
        ratings.rate_finished(game)
        games.append(game)
    db.session.commit()
    return games


def _stored() -> tuple[list, list]:
    current = sorted((r.user_id, r.slug, r.mu, r.sigma, r.games, r.updated_at)
                     for r in db.session.scalars(select(Rating)))
    changes = [(c.game_id, c.user_id, c.place, c.mu_before, c.sigma_before, c.mu, c.sigma, c.created_at)
               for c in db.session.scalars(select(RatingChange).order_by(RatingChange.id))]
    return current, changes


def test_rebuild_reproduces_the_stored_ratings_of_200_seeded_games(app, make_user, monkeypatch, capsys):
    users = [make_user(f"p{n}") for n in range(12)]
    games = seed_finished_games(users, 200)
    rated = [g for g in games if g.rating_seq is not None]
    assert 120 < len(rated) < 200  # some unrated: marked so, a bot's table, or decided by deadlines
    assert any(ratings.unrated_because(g) == "decided by deadlines for seat 1" for g in games)
    before = _stored()
    assert len(before[1]) > 300
    # Spoil them, then rebuild through the console script.
    db.session.query(Rating).update({Rating.mu: 0.0})
    db.session.query(RatingChange).delete()
    db.session.commit()
    from pbem import cli

    monkeypatch.setattr("pbem.create_app", lambda: app)
    assert cli.main(["ratings", "rebuild"]) == 0
    assert f"from {len(rated)} rated games" in capsys.readouterr().out
    db.session.expire_all()
    assert _stored() == before

"""The dashboard: four groups, deadlines in the player's zone, invitations, results, JSON, bounded queries."""
from __future__ import annotations

from contextlib import contextmanager
from datetime import timedelta

from conftest import signin
from sqlalchemy import event, select

from pbem import play
from pbem.clock import now
from pbem.extensions import db
from pbem.models import Game, Seat, User


def _groups(client) -> dict:
    response = client.get("/", headers={"Accept": "application/json"})
    assert response.status_code == 200 and response.mimetype == "application/json"
    return response.get_json()


def test_the_four_groups_with_who_is_awaited_invitations_and_results(client, make_game, make_user):
    ann, bob = make_user("ann", timezone="Asia/Tokyo"), make_user("bob")
    mine = make_game(humans=(ann, bob), title="Ann to move")          # countdown: seat 0 (ann) moves first
    theirs = make_game(humans=(bob, ann), title="Bob to move")
    done = make_game(humans=(ann, bob), title="Over", options={"pile": 9})
    for n, seat in ((3, 0), (3, 1), (3, 0)):
        play.submit(done.id, seat, f"take {n}", "web", f"k{n}{seat}{done.version}")
        db.session.expire_all()
    lobby = play.create_game(ann, "test-countdown", seats=3, title="Ann's lobby")
    carol = make_user("carol")
    invited = play.create_game(carol, "test-countdown", seats=3, title="Carol invites")
    play.invite(invited.id, carol, "ANN@example.com")
    other = play.create_game(carol, "test-countdown", seats=2, title="Open to all")

    signin(client, "ann@example.com")
    data = _groups(client)
    assert [e["title"] for e in data["waiting_for_me"]] == ["Ann to move"]
    assert data["waiting_for_me"][0]["deadline"] is not None and data["waiting_for_me"][0]["your_turn"]
    assert [e["title"] for e in data["waiting_for_others"]] == ["Bob to move"]
    assert [(a["name"], a["you"]) for a in data["waiting_for_others"][0]["awaited"]] == [("bob", False)]
    assert [e["title"] for e in data["lobby"]] == ["Ann's lobby"]
    assert [e["title"] for e in data["invitations"]] == ["Carol invites"]
    assert "Open to all" in [e["title"] for e in data["open_games"]]
    assert "Carol invites" not in [e["title"] for e in data["open_games"]]
    [over] = data["finished"]
    assert over["result"]["your_place"] == 1 and over["result"]["ranking"][0] == {"name": "ann", "score": 1,
                                                                                  "place": 1}
    assert data["email_status"] == "ok"
    assert client.get("/?format=json").get_json() == data
    assert client.get("/api/v1/dashboard").get_json() == data  # the API answers the same (session read)

    html = client.get("/").get_data(as_text=True)
    for title in ("Ann to move", "Bob to move", "Ann&#39;s lobby", "Carol invites", "Open to all", "Over"):
        assert title in html
    assert "waiting for bob since" in html and "Your place: 1." in html
    assert "JST" in html  # deadlines and times in ann's zone
    seat = db.session.scalar(select(Seat).where(Seat.game_id == mine.id, Seat.user_id == ann.id))
    tokyo = (seat.deadline + timedelta(hours=9))
    assert f"{tokyo:%H:%M} JST" in html
    assert html.index("Ann to move") < html.index("Bob to move") < html.index("Ann&#39;s lobby") \
        < html.index("Over")
    assert other.id and theirs.id and lobby.id


def test_waiting_for_me_is_oldest_first(client, make_game, make_user):
    ann, bob = make_user("ann"), make_user("bob")
    games = [make_game(humans=(ann, bob), title=f"g{i}") for i in range(3)]
    for i, game in enumerate(games):
        seat = db.session.scalar(select(Seat).where(Seat.game_id == game.id, Seat.user_id == ann.id))
        seat.waiting_since = now() - timedelta(days=[2, 5, 1][i])
    db.session.commit()
    signin(client, "ann@example.com")
    assert [e["title"] for e in _groups(client)["waiting_for_me"]] == ["g1", "g0", "g2"]


def test_an_address_that_bounces_is_warned_about(client, make_user):
    ann = make_user("ann")
    signin(client, "ann@example.com")  # signing in clears a bounce: it comes after
    ann.email_status = "bounced"
    db.session.commit()
    html = client.get("/").get_data(as_text=True)
    assert 'id="email-status"' in html and "comes back undelivered" in html
    assert _groups(client)["email_status"] == "bounced"


def test_json_needs_a_user(client, ctx):
    response = client.get("/", headers={"Accept": "application/json"})
    assert response.status_code == 401 and "sign in" in response.get_json()["error"]
    assert client.get("/api/v1/dashboard").status_code == 401
    assert "Board games by email" in client.get("/", headers={"Accept": "text/html,*/*"}).get_data(as_text=True)


@contextmanager
def counted_statements():
    """Count the SQL statements sent to the database inside the block."""
    statements: list[str] = []

    def count(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)

    event.listen(db.engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        event.remove(db.engine, "before_cursor_execute", count)


def _many_games(user: User, others: list[User], n: int) -> None:
    """`n` games of every status for `user`, written in one go (the lobby verbs would take minutes)."""
    moment = now()
    statuses = ("active", "active", "lobby", "finished")
    for i in range(n):
        status = statuses[i % len(statuses)]
        game = Game(slug="test-countdown", title=f"Game {i}", options={"pile": 21}, seed=str(i), status=status,
                    host=user, num_seats=3, state={"players": 3, "pile": 21, "turn": 0, "taken": [0, 0, 0],
                                                   "winner": None},
                    result={"scores": {"0": 1, "1": 0, "2": 0}, "ranking": [0, 1, 2],
                            "places": {"0": 1, "1": 2, "2": 2}} if status == "finished" else None)
        asked = i % 8 == 0
        game.seats = [Seat(user=user, position=0, prompt_version=1 if asked else None,
                           waiting_since=moment - timedelta(hours=i) if asked else None,
                           deadline=moment + timedelta(days=1) if asked else None),
                      Seat(user=others[i % len(others)], position=1, prompt_version=None if asked else 1,
                           waiting_since=None if asked else moment),
                      Seat(is_bot=True, position=2)]
        db.session.add(game)
    db.session.commit()


def test_the_dashboard_of_200_games_takes_a_bounded_number_of_queries(client, make_user):
    ann = make_user("ann")
    others = [make_user(f"p{i}") for i in range(10)]
    signin(client, "ann@example.com")
    _many_games(ann, others, 4)
    db.session.expire_all()
    with counted_statements() as few:
        assert client.get("/").status_code == 200
    _many_games(ann, others, 196)
    db.session.expire_all()
    with counted_statements() as many:
        page = client.get("/")
    with counted_statements() as as_json:
        data = client.get("/?format=json").get_json()
    assert page.status_code == 200 and page.get_data(as_text=True).count('class="since"') == 1 + 25
    assert sum(len(data[k]) for k in ("waiting_for_me", "waiting_for_others", "lobby", "finished")) == 200
    # The same statements for 4 games as for 200: loading is by list, never per game.
    assert len(many) == len(few) and len(as_json) <= len(many), "\n".join(many)
    assert len(many) <= 12, "\n".join(many)

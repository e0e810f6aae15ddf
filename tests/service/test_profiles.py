"""Profiles (/players/<id> and the API's twin), hidden profiles, leaderboards, and a sweep of a seeded service's pages
and API answers for other players' addresses."""
from __future__ import annotations

import re

import pytest
from conftest import signin
from sqlalchemy import select

from pbem import play, ratings
from pbem.extensions import db
from pbem.models import Game, User
from pbem.web.tokens_page import issue_token


@pytest.fixture(autouse=True)
def rated_when_finished(monkeypatch):
    """Ratings update in the transaction that finishes a game (as play.moves.advance calls it; idempotent)."""
    from pbem.play import moves

    original = moves.advance

    def advance(game, rules, waits, quiet_seat=None):
        told = original(game, rules, waits, quiet_seat)
        if game.status == "finished":
            ratings.rate_finished(game)
        return told
    monkeypatch.setattr(moves, "advance", advance)


def _play_out(game_id: int, first_wins: bool = True) -> Game:
    """Play a 9-counter Countdown to its end: seat 0 wins (1, 1, 3, 3, 1) or seat 1 does (3, 3, 2, 1)."""
    texts = ["take 1", "take 1", "take 3", "take 3", "take 1"] if first_wins else ["take 3", "take 3", "take 2", "take 1"]
    for n, text in enumerate(texts):
        game = db.session.get(Game, game_id)
        assert play.submit(game_id, game.state["turn"], text, "web", None).ok
        db.session.expire_all()
    return db.session.get(Game, game_id)


@pytest.fixture
def seeded(make_game, make_user):
    """ann and bob played three games (ann won two); one still runs; cy played nobody; dee hides her profile."""
    ann, bob, cy = make_user("ann"), make_user("bob"), make_user("cy")
    dee = make_user("dee", profile_hidden=True)
    finished = [_play_out(make_game(humans=(ann, bob), options={"pile": 9}).id, first_wins=win)
                for win in (True, True, False)]
    running = make_game(humans=(ann, dee), options={"pile": 21}, title="Still on")
    return {"ann": ann, "bob": bob, "cy": cy, "dee": dee, "finished": finished, "running": running}


def test_a_profile_shows_games_places_rating_chart_recent_and_current_games(client, seeded):
    ann = seeded["ann"]
    page = client.get(f"/players/{ann.id}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert '<h1 id="player-name">ann</h1>' in html and "English" in html and "member since" in html
    row = re.search(r'<tr class="game-test-countdown">(.*?)</tr>', html, re.S).group(1)
    assert "<td>3</td><td>2</td>" in row and "1. ×2" in row and "2. ×1" in row
    assert "3 rated games" in row
    assert '<polyline class="line" points="' in html and 'id="rating-chart-test-countdown"' in html
    for game in seeded["finished"]:
        assert f'href="/games/{game.id}/replay"' in html
    assert f'href="/games/{seeded["running"].id}"' in html and "Still on" in html
    assert "@example.com" not in html


def test_the_api_profile_is_the_same_data(client, seeded):
    ann, bob = seeded["ann"], seeded["bob"]
    token = issue_token(bob, "t")
    answer = client.get(f"/api/v1/players/{ann.id}", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200
    data = answer.get_json()
    assert data["name"] == "ann" and data["languages"] == [{"code": "en", "name": "English"}]
    stats = data["games"][0]
    assert (stats["slug"], stats["finished"], stats["wins"]) == ("test-countdown", 3, 2)
    assert stats["places"] == [{"place": 1, "count": 2}, {"place": 2, "count": 1}]
    stored = ratings.standings_of(ann)["test-countdown"]
    assert stats["rating"] == {"score": round(stored.score, 2), "mu": stored.mu, "sigma": stored.sigma, "games": 3}
    assert [p["game_id"] for p in stats["history"]] == [g.id for g in seeded["finished"]]
    assert [g["id"] for g in data["recent"]] == [g.id for g in reversed(seeded["finished"])]
    assert data["recent"][0]["replay_url"].endswith(f"/games/{seeded['finished'][-1].id}/replay")
    assert [g["id"] for g in data["current"]] == [seeded["running"].id]
    assert "email" not in answer.get_data(as_text=True)
    assert client.get("/api/v1/players/99999", headers={"Authorization": f"Bearer {token}"}).status_code == 404


def test_a_hidden_profile_is_shown_only_to_its_player_and_those_who_shared_a_table(client, app, seeded):
    dee, ann, cy = seeded["dee"], seeded["ann"], seeded["cy"]
    assert client.get(f"/players/{dee.id}").status_code == 403  # a visitor
    signin(client, cy.email)
    refused = client.get(f"/players/{dee.id}")
    assert refused.status_code == 403 and "shared a table" in refused.get_data(as_text=True)
    token = issue_token(cy, "t")
    api = client.get(f"/api/v1/players/{dee.id}", headers={"Authorization": f"Bearer {token}"})
    assert api.status_code == 403 and "shared a table" in api.get_json()["error"]
    other = app.test_client()
    signin(other, ann.email)  # ann plays with dee
    assert other.get(f"/players/{dee.id}").status_code == 200
    own = app.test_client()
    signin(own, dee.email)
    page = own.get(f"/players/{dee.id}").get_data(as_text=True)
    assert "Only you and the players you have shared a table with see this page." in page


def test_the_setting_hides_and_shows_the_profile(client, make_user):
    eve = make_user("eve")
    signin(client, eve.email)
    form = {"name": "eve", "locale": "en", "timezone": "UTC", "notices": "on", "profile_hidden": "on"}
    assert client.post("/settings", data=form).status_code == 302
    db.session.expire_all()
    assert db.session.get(User, eve.id).profile_hidden
    assert 'name="profile_hidden" checked' in client.get("/settings").get_data(as_text=True)
    assert app_client_status(client.application, f"/players/{eve.id}") == 403
    del form["profile_hidden"]
    client.post("/settings", data=form)
    db.session.expire_all()
    assert not db.session.get(User, eve.id).profile_hidden
    assert app_client_status(client.application, f"/players/{eve.id}") == 200


def app_client_status(app, path: str) -> int:
    return app.test_client().get(path).status_code


def test_the_leaderboard_lists_players_with_enough_rated_games(client, app, seeded):
    page = client.get("/leaderboard/test-countdown").get_data(as_text=True)
    rows = re.findall(r"<tr><td>(\d+)</td><td>(.*?)</td>", page)
    assert [(rank, re.sub("<[^>]+>", "", name)) for rank, name in rows] == [("1", "ann"), ("2", "bob")]
    assert f'href="/players/{seeded["ann"].id}"' in page
    token = issue_token(seeded["cy"], "t")
    data = client.get("/api/v1/leaderboards/test-countdown", headers={"Authorization": f"Bearer {token}"}).get_json()
    assert [p["name"] for p in data["players"]] == ["ann", "bob"] and data["least_games"] == ratings.LEADERBOARD_GAMES
    assert client.get("/api/v1/leaderboards/chess", headers={"Authorization": f"Bearer {token}"}).status_code == 404
    assert client.get("/leaderboard/chess").status_code == 404
    assert client.get("/players/2147483648").status_code == 404


def test_no_page_or_api_answer_of_a_seeded_service_shows_another_players_address(app, seeded, make_game):
    """bob's view, and a visitor's: every page and API answer of the service as seeded, none with an address
    but bob's own (on his settings page)."""
    ann, bob = seeded["ann"], seeded["bob"]
    lobby = play.create_game(ann, "test-countdown", seats=4, title="Open table")
    play.invite(lobby.id, ann, "zed@example.net")
    play.join(lobby.id, bob)
    users = db.session.scalars(select(User)).all()
    games = db.session.scalars(select(Game)).all()
    addresses = {u.email for u in users if u.id != bob.id} | {"zed@example.net"}
    pages = ["/", "/games/open", "/games/open?game=test-countdown", "/leaderboard", "/leaderboard/test-countdown",
             "/settings", "/guide"]
    pages += [f"/players/{u.id}" for u in users]
    pages += [f"/games/{g.id}" for g in games] + [f"/games/{g.id}/history" for g in games]
    api = ["/api/v1/dashboard", "/api/v1/games", "/api/v1/open-games", "/api/v1/open-games?game=test-countdown",
           "/api/v1/leaderboards/test-countdown"]
    api += [f"/api/v1/players/{u.id}" for u in users]
    api += [f"/api/v1/games/{g.id}{part}" for g in games for part in ("", "/record")]
    token = issue_token(bob, "sweep")
    signed_in = app.test_client()
    signin(signed_in, bob.email)
    visitor = app.test_client()
    seen = 0
    for client, paths, headers in ((signed_in, pages, {}), (visitor, pages, {}),
                                   (app.test_client(), api, {"Authorization": f"Bearer {token}"})):
        for path in paths:
            answer = client.get(path, headers=headers)
            assert answer.status_code < 500, path
            body = answer.get_data(as_text=True)
            seen += answer.status_code == 200
            assert not [a for a in addresses if a in body], (path, [a for a in addresses if a in body])
    assert seen > 40

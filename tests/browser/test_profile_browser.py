"""In a real browser against `pbem serve`: a player's profile opened from a finished game's page (and found on the
leaderboard), and the finder filtering by game and pace."""
from __future__ import annotations

import random

import pytest
from browsing import click_and_wait, sign_in, text
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

pytestmark = pytest.mark.browser


def _seed(app) -> dict:
    """ann and bob finished three games of Stone Age (rated); three open games wait in the lobby."""
    from pbem import engine, play, ratings
    from pbem.clock import now
    from pbem.extensions import db
    from pbem.models import Game, Move, Seat, User

    ann, bob = User(email="ann@example.com", name="Ann"), User(email="bob@example.com", name="Bob")
    db.session.add_all([ann, bob])
    db.session.commit()
    rules = engine.get("stone-age")
    finished = []
    for n in range(3):
        game = Game(slug="stone-age", title=f"Done {n}", options=engine.check_options(rules, {}), seed=f"b{n}",
                    host=ann, num_seats=2, status="active", random_seating=False, started_at=now())
        game.seats = [Seat(user=ann, position=0), Seat(user=bob, position=1)]
        db.session.add(game)
        db.session.flush()
        state = rules.setup(2, game.options, game.seed)
        while prompts := rules.pending(state):
            seat = prompts[0].seat
            move = rules.bot_move(state, seat, random.Random(f"{game.seed}:{game.version}"))
            state, events = rules.apply(state, seat, move)
            game.version += 1
            db.session.add(Move(game_id=game.id, seq=game.version, seat=seat, text=str(move), source="web",
                                events=events))
        game.state, game.status, game.finished_at = state, "finished", now()
        game.result = rules.result(state).to_dict()
        ratings.rate_finished(game)
        db.session.commit()
        finished.append(game.id)
    play.create_game(bob, "stone-age", seats=3, turn_seconds=12 * 3600, title="Quick Stone Age")
    play.create_game(bob, "stone-age", seats=3, turn_seconds=7 * 86400, title="Slow Stone Age")
    play.create_game(bob, "tta", seats=3, turn_seconds=12 * 3600, title="Quick TtA")
    return {"finished": finished, "ann": ann.id}


def test_a_profile_opens_from_a_finished_games_page_and_the_finder_filters_by_game_and_pace(
        server, browser, tmp_path, fresh_pg):
    from served import set_up

    seeded = set_up(fresh_pg, tmp_path / "seed", _seed)
    base, driver = server, browser
    sign_in(driver, base, "bob@example.com")

    # The leaderboard of the game lists both; the finished game's page links its players to their profiles.
    driver.get(f"{base}/leaderboard/stone-age")
    rows = driver.find_elements(By.CSS_SELECTOR, "#leaderboard tbody tr")
    assert len(rows) == 2
    driver.get(f"{base}/games/{seeded['finished'][0]}")
    assert "Done 0" in text(driver, "h1")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, f"#timing a[href$='/players/{seeded['ann']}']"))
    assert driver.current_url == f"{base}/players/{seeded['ann']}"
    assert text(driver, "#player-name") == "Ann"
    assert driver.find_elements(By.CSS_SELECTOR, "#rating-chart-stone-age svg polyline")
    assert "3" in text(driver, "tr.game-stone-age")
    replay_links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "#recent a")]
    assert sorted(replay_links) == sorted(f"{base}/games/{g}/replay" for g in seeded["finished"])
    assert "@" not in driver.find_element(By.TAG_NAME, "main").text

    # The finder: Stone Age at a pace of up to a day per turn.
    driver.get(f"{base}/games/open")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#open-games li")) == 3
    Select(driver.find_element(By.ID, "f-game")).select_by_value("stone-age")
    Select(driver.find_element(By.ID, "f-pace")).select_by_value("day")
    click_and_wait(driver, driver.find_element(By.ID, "find"))
    found = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#open-games li > a")]
    assert len(found) == 1 and found[0].endswith("Quick Stone Age")
    assert "12 hours per turn" in text(driver, "#open-games")

"""Through the Ages on one screen, in real headless Chromium (issue 24): three-player games with a seat at turn in
Age I and in Age II, and a four-player game at move 500.

At 1280×900 the card row, the seat's own board and the controls of what is asked now lie within the first 1,350
px; a card is taken by clicking it; a card that may not be taken is greyed with its reason; at 390×844 what is asked
comes first. The whole page at move 500 is at most three screens tall and 80 KB. axe-core finds nothing, in English
and Japanese. Screenshots of both widths in both languages go to docs/images/ (docs/web.md shows them).
"""
from __future__ import annotations

import random

import pytest
from browsing import click_and_wait, sign_in, text
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from test_accessibility import violations

from conftest import ROOT
from served import set_up

pytestmark = pytest.mark.browser
IMAGES = ROOT / "docs" / "images"
FIRST_SCREENS = 1350  # px at 1280×900: the row, the board and the prompt's controls
MOVE_500_SCREENS = 3 * 900
MOVE_500_BYTES = 80 * 1024


def play_until(game_id: int, seat: int, reached, limit: int = 5000):
    """The seat's moves typed as the bot would choose them, until `reached(state)` with the seat asked."""
    from pbem import engine, play
    from pbem.extensions import db
    from pbem.models import Game

    rules = engine.get("tta")
    rnd = random.Random(game_id)
    for _ in range(limit):
        db.session.expire_all()
        game = db.session.get(Game, game_id)
        asked = [p.seat for p in rules.pending(game.state)]
        if asked[:1] == [seat] and reached(game):
            return game
        text = str(rules.bot_move(game.state, asked[0], rnd))
        assert play.submit(game.id, asked[0], text, "email", f"email:<{game.id}.{game.version}@t>").ok, text
    raise AssertionError("position not reached")


def at_actions(age: str | None = None, version: int = 0):
    """A test of a position: the seat's action phase (in `age`, from move `version` on)."""
    def reached(game) -> bool:
        s = game.state
        return s["phase"] == "actions" and s["stack"][-1]["kind"] == "actions" and game.version >= version \
            and (age is None or s["age"] == age)
    return reached


def arrange(app) -> dict:
    """Ann and her games: 3 players in Age I (two civil actions left, so the 3-action cards are greyed) and in Age
    II, 4 players at move 500; ann at turn in each, the bots playing the other seats."""
    from sqlalchemy.orm.attributes import flag_modified

    from pbem import play
    from pbem.extensions import db
    from pbem.models import User

    ann = User(email="ann@example.com", name="Ann")
    db.session.add(ann)
    db.session.commit()
    out = {}
    for key, seats, reached in (("age I", 3, at_actions("I")), ("age II", 3, at_actions("II")),
                                ("move 500", 4, at_actions(version=500))):
        game = play.create_game(ann, "tta", seats=seats, bots=seats - 1, random_seating=False, title=key,
                                seed=f"table-{key}")
        play.start_game(game.id, ann)
        game = play_until(game.id, 0, reached)
        if key == "age I":
            game.state["seats"][0]["ca"] = min(game.state["seats"][0]["ca"], 2)
            flag_modified(game, "state")
            db.session.commit()
        out[key] = game.id
    return out


@pytest.fixture
def tables(fresh_pg, tmp_path):
    return set_up(fresh_pg, tmp_path / "arranged", arrange)


def bottom(driver, css: str) -> float:
    return driver.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                                 "return r.bottom + window.scrollY;", css)


def top(driver, css: str) -> float:
    return driver.execute_script("return document.querySelector(arguments[0]).getBoundingClientRect().top"
                                 " + window.scrollY;", css)


def save(driver, name: str, width: int) -> None:
    """A screenshot of the page's first screens at `width` into docs/images/."""
    driver.set_window_size(width, 900 if width > 400 else 844)
    height = driver.execute_script("return document.documentElement.scrollHeight;")
    driver.set_window_size(width, min(height, 1800 if width > 400 else 2400))
    IMAGES.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(IMAGES / f"{name}-{width}.png"))


def html_bytes(driver) -> int:
    """The size of the page's HTML as served (fetched again from the page, with its cookies)."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(location.href).then(r => r.text()).then(t => done(new TextEncoder().encode(t).length));")


def set_language(driver, base: str, locale: str) -> None:
    driver.get(base + "/settings")
    Select(driver.find_element(By.ID, "locale")).select_by_value(locale)
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "main form[action$='/settings'] > button[type=submit]"))


def test_the_table_on_one_screen_take_by_click_greyed_cards_phone_order_and_axe(tables, server, browser):
    base, driver = server, browser
    driver.set_script_timeout(60)
    sign_in(driver, base, "ann@example.com")
    found = {}
    for key in ("age I", "age II"):
        driver.set_window_size(1280, 900)
        driver.get(f"{base}/games/{tables[key]}")
        assert f"Age {key.split()[1]}" in text(driver, "#tta-row-h")
        for part in (".tta-row-area", ".tta-me", "#move"):
            assert top(driver, part) >= 0 and bottom(driver, part) <= FIRST_SCREENS, (key, part, bottom(driver, part))
        assert len(driver.find_elements(By.CSS_SELECTOR, "ol.tta-row > li")) == 13
        found[f"{key} en"] = violations(driver)
        driver.set_window_size(390, 844)
        driver.get(f"{base}/games/{tables[key]}")
        # On a phone what is asked comes first, on the first screen, then the row and the board.
        assert top(driver, "#move") < 844 and top(driver, "#move") < top(driver, ".tta-row-area") \
            < top(driver, ".tta-me"), key
        assert driver.execute_script("return document.documentElement.scrollWidth <= "
                                     "document.documentElement.clientWidth;"), f"{key}: wider than a phone"
        found[f"{key} en phone"] = violations(driver)

    # Age I: the cards beyond ann's two civil actions are greyed, not buttons, with the reason in words.
    driver.set_window_size(1280, 900)
    driver.get(f"{base}/games/{tables['age I']}")
    greyed = driver.find_elements(By.CSS_SELECTOR, "li.tta-slot.cannot")
    assert greyed and all(not g.find_elements(By.TAG_NAME, "button") for g in greyed)
    assert any("it costs 3 civil actions and you have 2" in g.text for g in greyed), [g.text for g in greyed]
    style = driver.execute_script("const s = getComputedStyle(arguments[0]); return [s.borderTopStyle, "
                                  "s.backgroundColor];", greyed[0].find_element(By.CSS_SELECTOR, ".tta-card"))
    assert style[0] == "dashed" and style[1] != "rgb(255, 250, 240)", style
    save(driver, "tta-table-en", 1280)
    save(driver, "tta-table-en", 390)

    # A card is taken by clicking the card itself: the page says what happened in words, the command in small print.
    driver.set_window_size(1280, 900)
    card = driver.find_element(By.CSS_SELECTOR, "li.tta-slot.can button.tta-card")
    command, name = card.get_attribute("value"), card.find_element(By.CSS_SELECTOR, ".tta-name").text
    click_and_wait(driver, card)
    flash = text(driver, "p.flash.ok")
    assert f"You took {name}" in flash and f"Done: {command}" in flash, flash

    # The same tables in Japanese: the page's words and the buttons' labels in Japanese, the commands in small print.
    set_language(driver, base, "ja")
    for key in ("age I", "age II"):
        driver.set_window_size(1280, 900)
        driver.get(f"{base}/games/{tables[key]}")
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ja"
        assert "カード列" in text(driver, "#tta-row-h") and "あなたのボード" in text(driver, "#tta-me-h")
        for part in (".tta-row-area", ".tta-me", "#move"):
            assert bottom(driver, part) <= FIRST_SCREENS, (key, part, "ja")
        found[f"{key} ja"] = violations(driver)
        if key == "age II":
            save(driver, "tta-table-ja", 1280)
            save(driver, "tta-table-ja", 390)
    problems = [f"{page}: {line}" for page, lines in found.items() for line in lines]
    assert not problems, "\n".join(problems)


def test_a_four_player_game_at_move_500_is_three_screens_and_80_kb(tables, server, browser):
    base, driver = server, browser
    driver.set_script_timeout(60)
    sign_in(driver, base, "ann@example.com")
    driver.set_window_size(1280, 900)
    driver.get(f"{base}/games/{tables['move 500']}")
    assert "move 5" in text(driver, "h1")  # the game is past move 500
    height = driver.execute_script("return document.documentElement.scrollHeight;")
    size = html_bytes(driver)
    assert height <= MOVE_500_SCREENS, height
    assert size <= MOVE_500_BYTES, size
    for part in (".tta-row-area", "#move"):
        assert bottom(driver, part) <= FIRST_SCREENS, part

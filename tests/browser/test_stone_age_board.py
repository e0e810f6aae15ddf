"""The drawn Stone Age board in real headless Chromium (issue 25): Ann places people by pressing places on the board
and then a count, resolves her places by the buttons beside them, and reaches the next round.

At 1280×900 the drawn board (places, village, dice, card row, stacks, score track) and what is asked now lie on the
first screen; at 390×844 what is asked comes first and nothing scrolls sideways. axe-core finds nothing, in English
and Japanese, in the base game and with the expansion. Screenshots of both widths in both languages go to
docs/images/ (docs/web.md shows them).
"""
from __future__ import annotations

import random

import pytest
from browsing import click_and_wait, sign_in, text
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_accessibility import violations

from conftest import ROOT
from served import set_up

pytestmark = pytest.mark.browser
IMAGES = ROOT / "docs" / "images"
FIRST_SCREEN = 900


def play_bots_until(game_id: int, seat: int, reached) -> None:
    """Every seat's moves as the bot would choose them (typed by mail), until `reached(state)` with `seat` asked."""
    from pbem import engine, play
    from pbem.extensions import db
    from pbem.models import Game

    rules = engine.get("stone-age")
    rnd = random.Random(game_id)
    for _ in range(2000):
        db.session.expire_all()
        game = db.session.get(Game, game_id)
        asked = [p.seat for p in rules.pending(game.state)]
        if seat in asked and reached(game.state):
            return
        mover = asked[0]
        line = str(rules.bot_move(game.state, mover, rnd))
        assert play.submit(game.id, mover, line, "email", f"email:<{game.id}.{game.version}@t>").ok, line
    raise AssertionError("position not reached")


def arrange(app) -> dict:
    """Ann (seat 0) against bots: a four-player game at her second placing round, and a five-player game with the
    expansion at its second round."""
    from pbem import engine, play
    from pbem.extensions import db
    from pbem.models import Seat, User

    ann = User(email="ann@example.com", name="Ann")
    db.session.add(ann)
    db.session.commit()
    out = {}
    for key in ("base", "style"):
        game = play.create_game(ann, "stone-age", seats=4, bots=3, random_seating=False, title=key, seed=f"drawn-{key}")
        if key == "style":
            # The site does not offer the expansion yet (provisional data): its game is set up here, for 5.
            game.options = engine.check_options(engine.get("stone-age"), {"expansion": "style"})
            game.num_seats = 5
            game.seats.append(Seat(is_bot=True))
            db.session.commit()
        play.start_game(game.id, ann)
        play_bots_until(game.id, 0, lambda s: s["round"] == 2 and s["phase"] == "place")
        out[key] = game.id
    return out


@pytest.fixture
def games(fresh_pg, tmp_path):
    return set_up(fresh_pg, tmp_path / "arranged", arrange)


def set_viewport(driver, width: int, height: int) -> None:
    """Make the page's viewport (not the window around it) `width` × `height` CSS pixels."""
    driver.set_window_size(width, height)
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight];")
    driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])


def box(driver, css: str) -> dict:
    """The element's top and bottom in page pixels."""
    return driver.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                                 "return {top: r.top + window.scrollY, bottom: r.bottom + window.scrollY};", css)


def page_height(driver) -> int:
    return driver.execute_script("return document.documentElement.scrollHeight;")


def save(driver, name: str, width: int) -> None:
    """The page's first screens at `width` into docs/images/."""
    set_viewport(driver, width, 900 if width > 400 else 844)
    height = page_height(driver)
    set_viewport(driver, width, min(height, 1400 if width > 400 else 2600))
    IMAGES.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(IMAGES / f"{name}-{width}.png"))
    set_viewport(driver, width, 900 if width > 400 else 844)


def set_language(driver, base: str, locale: str) -> None:
    driver.get(base + "/settings")
    Select(driver.find_element(By.ID, "locale")).select_by_value(locale)
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "main form[action$='/settings'] > button[type=submit]"))


def people_on(driver, place: str, seat: int) -> int:
    """How many of the seat's people the drawing shows on `place` (its pieces counted)."""
    groups = driver.find_elements(By.CSS_SELECTOR, f"svg[data-place='{place}'] g.sa-people[data-seat='{seat}']")
    return len(groups[0].find_elements(By.TAG_NAME, "use")) if groups else 0


def press_place(driver, place: str) -> None:
    """Press the drawn place itself (the middle of its picture), as a player would, and wait for the next page."""
    picture = driver.find_element(By.CSS_SELECTOR, f"#sa-{place} svg.sa-svg")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); window.pbemOldPage = true;", picture)
    ActionChains(driver).move_to_element(picture).click().perform()
    WebDriverWait(driver, 30, poll_frequency=0.1, ignored_exceptions=(WebDriverException,)).until(
        lambda d: d.execute_script("return !window.pbemOldPage && document.readyState === 'complete';"))


def figures(driver, key: str) -> None:
    """Print what the page weighs: its HTML, the board in it and the board's SVG, its height at both widths."""
    sizes = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(location.href).then(r => r.text()).then(t => {"
        "  const board = new DOMParser().parseFromString(t, 'text/html').querySelector('.sa-board');"
        "  const svg = [...board.querySelectorAll('svg')].map(e => e.outerHTML).join('');"
        "  done([t, board.outerHTML, svg].map(x => new TextEncoder().encode(x).length)); });")
    heights = {}
    for width, height in ((1280, 900), (390, 844)):
        set_viewport(driver, width, height)
        heights[width] = page_height(driver)
    set_viewport(driver, 1280, 900)
    heights["board bottom at 1280"] = round(box(driver, ".sa-table")["bottom"])
    print(f"{key}: page {sizes[0] / 1024:.1f} KB, board {sizes[1] / 1024:.1f} KB of which SVG {sizes[2] / 1024:.1f} KB,"
          f" height {heights}")


def check_first_screen(driver, key: str) -> None:
    """At 1280×900 the drawn board and what is asked lie within the first screen; on a phone the question first."""
    set_viewport(driver, 1280, 900)
    for part in (".sa-table", "#move", "#sa-dice"):
        where = box(driver, part)
        assert where["top"] >= 0 and where["bottom"] <= FIRST_SCREEN, (key, part, where)
    set_viewport(driver, 390, 844)
    assert box(driver, "#move")["top"] < 844 and box(driver, "#move")["top"] < box(driver, ".sa-table")["top"], key
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 390, f"{key} scrolls sideways"
    set_viewport(driver, 1280, 900)


def test_place_by_pressing_the_board_resolve_by_its_buttons_first_screen_and_axe(games, server, browser):
    base, driver = server, browser
    driver.set_script_timeout(60)
    sign_in(driver, base, "ann@example.com")
    found = {}
    set_viewport(driver, 1280, 900)
    driver.get(f"{base}/games/{games['base']}")
    assert "Round 2" in text(driver, "#sa-status-h")
    check_first_screen(driver, "base")
    figures(driver, "base en")
    found["base en"] = violations(driver)
    save(driver, "stone-age-board-en", 1280)
    set_viewport(driver, 390, 844)
    found["base en phone"] = violations(driver)
    save(driver, "stone-age-board-en", 390)
    set_viewport(driver, 1280, 900)

    # Placing: press a place with room for several people, then the count beside it; a one-count place at once.
    placed = {}
    for _ in range(12):
        if "Round 2" not in text(driver, "#sa-status-h") or not driver.find_elements(By.CSS_SELECTOR, ".sa-placeable"):
            break
        spots = [s.get_attribute("id")[3:] for s in driver.find_elements(By.CSS_SELECTOR, ".sa-placeable")]
        place = next((p for p in ("forest", "toolmaker", "field", "clay", "hut", "civ1", "hunt") if p in spots),
                     spots[0])
        counts_asked = not driver.find_elements(By.CSS_SELECTOR, f"#sa-{place} button[name=move]")
        press_place(driver, place)
        if counts_asked:
            buttons = driver.find_elements(By.CSS_SELECTOR, f"#sa-count-{place} button[name=count]")
            assert buttons and "sa-chosen" in driver.find_element(By.ID, f"sa-{place}").get_attribute("class")
            button = buttons[min(1, len(buttons) - 1)]
            n = int(button.get_attribute("value"))
            click_and_wait(driver, button)
        else:
            n = 2 if place == "hut" else 1
        assert f"Done: place {n}" in text(driver, "p.flash.ok"), text(driver, "main")[:500]
        placed[place] = n
        if "Placing people" in text(driver, "#sa-status-h"):
            assert people_on(driver, place, 0) == n, place  # the drawing shows Ann's people where she put them
    assert placed, "nothing placed"

    # Resolving: the buttons beside each place (irreversible ones confirmed in place), until round 3 asks again.
    resolved = []
    for _ in range(30):
        if "Round 3" in text(driver, "#sa-status-h"):
            break
        buttons = driver.find_elements(By.CSS_SELECTOR, ".sa-table .sa-act button, .sa-tray .sa-pick button")
        if not buttons:
            other = driver.find_elements(By.CSS_SELECTOR, "#move form.panel:not(.panel-undo) button[name]")
            assert other, text(driver, "main")[:1500]
            click_and_wait(driver, other[0], accept_alert=other[0].get_attribute("name") == "confirm_move")
            continue
        button = buttons[0]
        confirm = button.get_attribute("name") == "confirm_move" or bool(
            button.find_elements(By.XPATH, "ancestor::form[@data-confirm-form]"))
        resolved.append(button.get_attribute("value") or "roll")
        click_and_wait(driver, button, accept_alert=confirm)
        assert not driver.find_elements(By.ID, "error"), text(driver, "#error")
    else:
        raise AssertionError("round 3 not reached")
    assert resolved, "nothing was resolved by a button beside its place"
    history = text(driver, "#history")
    assert "You placed" in history

    # The expansion's board: five colours, the trading post, ornaments, the trade track and a fifth card space.
    driver.get(f"{base}/games/{games['style']}")
    assert len(driver.find_elements(By.CSS_SELECTOR, "svg[data-place='tradingpost']")) == 1
    assert len(driver.find_elements(By.CSS_SELECTOR, ".sa-village")) == 5
    assert len(driver.find_elements(By.CSS_SELECTOR, "g[data-trade]")) == 5
    assert len(driver.find_elements(By.CSS_SELECTOR, "g[data-res='ornament']")) == 5
    assert len(driver.find_elements(By.CSS_SELECTOR, "svg[data-place^='civ']")) == 5
    found["style en"] = violations(driver)

    # Japanese: the page's words in Japanese (this machine has no CJK fonts: the words are checked as text).
    set_language(driver, base, "ja")
    for key in ("base", "style"):
        set_viewport(driver, 1280, 900)
        driver.get(f"{base}/games/{games[key]}")
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ja"
        hunt = driver.find_element(By.CSS_SELECTOR, "svg[data-place='hunt'] title").get_attribute("textContent")
        assert hunt.startswith("狩場"), hunt
        assert "ラウンド" in text(driver, "#sa-status-h")
        found[f"{key} ja"] = violations(driver)
        if key == "base":
            check_first_screen(driver, "base ja")
            assert "ここに置く" in text(driver, ".sa-table"), text(driver, ".sa-table")[:300]
            save(driver, "stone-age-board-ja", 1280)
            set_viewport(driver, 390, 844)
            found["base ja phone"] = violations(driver)
            save(driver, "stone-age-board-ja", 390)

    problems = [f"{page}: {line}" for page, lines in found.items() for line in lines]
    assert not problems, "\n".join(problems)

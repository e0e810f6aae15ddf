"""Real headless Chromium against `pbem serve`: sign in by the emailed link, play a round of Stone Age
against two bots on the drawn board (its places and the buttons beside them), watch the board and history
change, and have a stale form refused.

Screenshots of the game page and the dashboard (desktop and a 390 px phone) go to artifacts/.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from browsing import click_and_wait, sign_in, start_stone_age, text
from conftest import ROOT, chromium
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

pytestmark = pytest.mark.browser
ARTIFACTS = ROOT / "artifacts"


def screenshot(driver, name: str, width: int) -> Path:
    """The whole page at `width` CSS pixels, saved under artifacts/ (a phone also gets its first screen)."""
    ARTIFACTS.mkdir(exist_ok=True)
    if width < 600:
        driver.set_window_size(width, 844)
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(str(ARTIFACTS / f"{name}-{width}-first-screen.png"))
        print(f"screenshot: {ARTIFACTS / f'{name}-{width}-first-screen.png'}")
        assert driver.execute_script("return document.documentElement.scrollWidth") <= width, \
            f"{name} scrolls sideways on a {width} px phone"
    driver.set_window_size(width, 1000)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(width, min(height + 120, 12000))
    path = ARTIFACTS / f"{name}-{width}.png"
    driver.save_screenshot(str(path))
    print(f"screenshot: {path}")
    driver.set_window_size(1280, 1000)
    return path


def placeable(driver) -> list[str]:
    """The places the drawn board offers to stand on now (empty when the seat is not placing)."""
    return [spot.get_attribute("id")[3:] for spot in driver.find_elements(By.CSS_SELECTOR, ".sa-placeable")]


# The toolmaker first, then two resource places: a free tool and two rolls make a choice in phase 2.
PLACES = ("toolmaker", "forest", "clay", "quarry", "river", "hunt")


def place_by_board(driver, places: list[str]) -> str:
    """Press a place on the drawn board (the hunt last, with everyone left), then how many when it asks."""
    target = next((p for p in PLACES if p in places), places[0])
    direct = driver.find_elements(By.CSS_SELECTOR, f"#sa-{target} button.sa-go[name=move]")
    if direct:
        command = direct[0].get_attribute("value")
        click_and_wait(driver, direct[0])
        return command
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, f"#sa-{target} button.sa-go"))
    counts = driver.find_elements(By.CSS_SELECTOR, f"#sa-count-{target} button[name=count]")
    button = counts[-1] if target == "hunt" else counts[0]
    command = f"place {button.get_attribute('value')} {target}"
    click_and_wait(driver, button)
    return command


def act_by_buttons(driver) -> str | None:
    """Press a button beside a place on the board (or of the move section); irreversible ones are confirmed in
    place. A roll with tools to say ahead is a list and a button: the list's choice is what it sends."""
    buttons = driver.find_elements(By.CSS_SELECTOR, ".sa-act button[name], .sa-pick button[name], "
                                                    "#move form.panel:not(.panel-undo) button[name]")
    rolls = driver.find_elements(By.CSS_SELECTOR, ".sa-roll button:not([name])")
    plain = [b for b in buttons if b.get_attribute("name") == "move"]
    if rolls and not plain:
        command = Select(rolls[0].find_element(By.XPATH, "ancestor::form//select")).first_selected_option \
            .get_attribute("value")
        click_and_wait(driver, rolls[0])
        return command
    if not buttons:
        return None
    button = plain[0] if plain else buttons[0]
    command = button.get_attribute("value")
    click_and_wait(driver, button, accept_alert=not plain)
    return command


def test_sign_in_play_a_round_by_forms_and_meet_a_stale_form(server, browser):
    base, driver = server, browser
    # Sign in by the emailed link, read in the dev mailbox.
    sign_in(driver, base, "ada@example.com")
    assert text(driver, "h1") == "Your games"

    # A game of Stone Age against two bots.
    start_stone_age(driver, base, bots=2, title="Ada in the browser", seats=3, join_order=True)  # ada is seat 0
    game_url = driver.current_url
    assert "Round 1" in text(driver, "#sa-status-h")

    # One full round by the forms: placements, then resolving, then feeding (automatic with enough food).
    played = []
    for _ in range(40):
        status = text(driver, "#sa-status-h")
        places = placeable(driver)
        if "Round 2" in status and places:
            break
        if places:
            played.append(place_by_board(driver, places))
            if len(played) == 1:
                place = played[0].split()[-1]
                assert place == "toolmaker"
                piece = driver.find_element(By.CSS_SELECTOR, f"#sa-{place} g.sa-people[data-seat='0']")
                assert piece.get_attribute("aria-label") == "ada (you): 1 person"  # the board shows the people placed
        else:
            command = act_by_buttons(driver)
            assert command, driver.page_source[:3000]
            played.append(command)
        # The applied command is the canonical one ("forest tools auto" may apply as "... tools none").
        assert "Done: " + played[-1].split()[0] in text(driver, "main"), played
    else:
        raise AssertionError(f"round 2 not reached: {played}")
    assert any(c.startswith("place") for c in played) and not all(c.startswith("place") for c in played)
    history = text(driver, "#history")
    assert history.index("Round 2") < history.index("Round 1")
    for phase in ("Placing people", "Using the places", "Feeding the people"):
        assert phase in history
    assert "You placed" in history and "fed the people" in history
    screenshot(driver, "game", 1280)
    screenshot(driver, "game", 390)

    # A stale form: the game open in two tabs, a move in one, then the other tab's form.
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(game_url)
    moved = place_by_board(driver, placeable(driver))
    driver.close()
    driver.switch_to.window(first)
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, ".sa-table form[method=post] button.sa-go[name=move]"))
    refusal = text(driver, "#error")
    assert "Nothing was applied: the game has moved on since this form was shown" in refusal
    # ... shown with the board as it is now: the other tab's move is on it and in the history.
    assert "You placed " + moved.split()[1] in text(driver, "#history")

    driver.get(base + "/")
    assert "Ada in the browser" in text(driver, "#waiting-for-me")
    screenshot(driver, "dashboard", 1280)
    screenshot(driver, "dashboard", 390)
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 1280


def test_pages_and_forms_work_with_javascript_off(server, tmp_path):
    """The same browser with JavaScript disabled: the "Really?" step is a page of its own."""
    driver = chromium(tmp_path / "nojs", javascript=False)
    try:
        driver.set_window_size(390, 900)
        sign_in(driver, server, "bo@example.com")
        start_stone_age(driver, server, bots=2)
        assert "js" not in driver.find_element(By.TAG_NAME, "html").get_attribute("class")  # pbem.js is off
        click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#sa-hunt button.sa-go"))  # a page of its own
        click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#sa-count-hunt button[name=count][value='2']"))
        assert "Done: place 2 hunt" in text(driver, "main")
    finally:
        driver.quit()

"""Real headless Chromium against `pbem serve`: sign in by the emailed link, play a round of Stone Age
against two bots by the forms, watch the board and history change, and have a stale form refused.

Screenshots of the game page and the dashboard (desktop and a 390 px phone) go to artifacts/.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from browsing import click_and_wait, sign_in, start_stone_age, text
from conftest import ROOT, chromium
from selenium.common.exceptions import NoSuchElementException
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


def placement_form(driver):
    try:
        return driver.find_element(By.CSS_SELECTOR, "form.panel-placement")
    except NoSuchElementException:
        return None


# The toolmaker first, then two resource places: a free tool and two rolls make a choice in phase 2.
PLACES = ("toolmaker", "forest", "clay", "quarry", "river", "hunt")


def place_by_form(driver, form) -> str:
    """Choose a place (the hunt last, with everyone left) and send the placement form."""
    select = Select(form.find_element(By.NAME, "target"))
    values = [o.get_attribute("value") for o in select.options]
    target = next((p for p in PLACES if p in values), values[0])
    select.select_by_value(target)
    option = select.first_selected_option
    count = option.get_attribute("data-max" if target == "hunt" else "data-min")
    field = form.find_element(By.NAME, "count")
    assert field.get_attribute("min") == option.get_attribute("data-min")  # pbem.js fitted the count
    field.clear()
    field.send_keys(count)
    click_and_wait(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    return f"place {count} {target}"


def act_by_buttons(driver) -> str | None:
    """Press a button of the first panel that has one; irreversible ones go through the inline confirm."""
    buttons = driver.find_elements(By.CSS_SELECTOR, "#move form.panel button[name]")
    if not buttons:
        return None
    plain = [b for b in buttons if b.get_attribute("name") == "move"]
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
        form = placement_form(driver)
        if "Round 2" in status and form is not None:
            break
        if form is not None:
            played.append(place_by_form(driver, form))
            if len(played) == 1:
                place = played[0].split()[-1]
                assert place == "toolmaker"
                assert "ada (you)" in text(driver, f"#sa-{place}")  # the board shows the people placed
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
    moved = place_by_form(driver, placement_form(driver))
    driver.close()
    driver.switch_to.window(first)
    form = placement_form(driver)
    Select(form.find_element(By.NAME, "target")).select_by_index(0)
    click_and_wait(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
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
        form = placement_form(driver)
        field = form.find_element(By.NAME, "count")
        field.clear()
        field.send_keys("2")
        Select(form.find_element(By.NAME, "target")).select_by_value("hunt")
        click_and_wait(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        assert "Done: place 2 hunt" in text(driver, "main")
    finally:
        driver.quit()

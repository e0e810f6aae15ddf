"""Through the Ages in real headless Chromium: a 3-player game with two bots, two turns played by the forms
(take a card by clicking it, build with the cost confirmed, done) and one typed in the text box; screenshots
at 1280 and 390 px; axe-core finds nothing on the game page in English and Japanese."""
from __future__ import annotations

import pytest
from browsing import click_and_wait, sign_in, text
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from test_accessibility import violations
from test_play_in_browser import screenshot

pytestmark = pytest.mark.browser


def start_tta(driver, base: str) -> None:
    """Create a 3-seat TtA game on the lobby form, two seats for bots, the host first, and start it."""
    driver.get(base + "/games/new")
    Select(driver.find_element(By.ID, "slug")).select_by_value("tta")
    for field, value in {"title": "Ages in the browser", "seats": 3, "bots": 2}.items():
        driver.find_element(By.ID, field).clear()
        driver.find_element(By.ID, field).send_keys(str(value))
    driver.find_element(By.CSS_SELECTOR, "input[name=seating][value=join]").click()
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "main form.stack > button[type=submit]"))
    click_and_wait(driver, driver.find_element(By.ID, "start"))


def buttons(driver, prefix: str) -> list:
    """The move buttons sending a command that starts with `prefix`: in the move panel, on the row's cards and on
    the board beside what they act on."""
    return driver.find_elements(By.CSS_SELECTOR, f".tta-table button[value^='{prefix}']")


def take_by_click(driver) -> str:
    """Click the first card the take panel offers; returns its command."""
    card = buttons(driver, "take ")[0]
    command = card.get_attribute("value")
    click_and_wait(driver, card)
    assert f"Done: {command}" in text(driver, "main")
    return command


def end_turn(driver) -> None:
    """"Done" asks "Really?" in place (JavaScript's confirm); accepting it sends the move confirmed."""
    click_and_wait(driver, buttons(driver, "done")[0], accept_alert=True)
    assert "Done: done" in text(driver, "main")


def my_turn_in_round(driver, n: int) -> None:
    assert f"Round {n}," in text(driver, "#tta-row-h"), text(driver, ".tta-table")[:300]
    assert buttons(driver, "done"), "no move form: it is not ada's turn"


def test_three_turns_by_forms_and_text_box_with_screenshots_and_axe(server, browser):
    base, driver = server, browser
    driver.set_script_timeout(60)
    sign_in(driver, base, "ada@example.com")
    start_tta(driver, base)
    game_url = driver.current_url
    row = driver.find_elements(By.CSS_SELECTOR, "ol.tta-row > li")
    assert len(row) == 13 and "civil action" in row[0].text and "Age A" in row[0].text

    # Turn 1 (round 1: only cards may be taken), by the forms.
    my_turn_in_round(driver, 1)
    taken = take_by_click(driver)
    end_turn(driver)
    assert "took" in text(driver, "#history")  # the bots' turns followed: their takes are in the history

    # Turn 2, by the forms: a card, a building with its cost confirmed when one is affordable, done.
    my_turn_in_round(driver, 2)
    played = [taken, take_by_click(driver)]
    builds = buttons(driver, "build ")
    if builds:
        label, command = builds[0].text, builds[0].get_attribute("value")  # "Build one (2 resources)"
        assert "resources" in label  # the cost is on the button and in the question before anything is paid
        assert "resources" in builds[0].get_attribute("data-confirm")
        click_and_wait(driver, builds[0], accept_alert=True)
        assert f"Done: {command}" in text(driver, "main")
        played.append(command)
    end_turn(driver)

    # Turn 3, typed as a whole turn in the text box, as in an email reply. A military draw may first
    # ask ada to discard, to play an event or to choose for one: answered by the forms ("done" skips an event).
    for _ in range(6):
        if buttons(driver, "take "):
            break
        ticks = driver.find_elements(By.CSS_SELECTOR, "#move input[name=pick]")
        if ticks:  # discards: one form, a tick per card
            ticks[0].click()
            click_and_wait(driver, ticks[0].find_element(By.XPATH, "ancestor::form//button[@type='submit']"))
            continue
        answer = (buttons(driver, "done") or driver.find_elements(By.CSS_SELECTOR, "#move button[value]"))[0]
        click_and_wait(driver, answer, accept_alert=bool(answer.get_attribute("data-confirm")))
    my_turn_in_round(driver, 3)
    command = buttons(driver, "take ")[-1].get_attribute("value")
    driver.find_element(By.ID, "command").send_keys(f"{command}\ndone")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#command-form button[type=submit]"))
    assert f"Done: {command}; done" in text(driver, "main")
    # What comes next for ada depends on her military draw (a discard, an event to play, or round 4's
    # actions): the turn typed in the box was applied whole, which is what this part shows.

    screenshot(driver, "tta-game", 1280)
    screenshot(driver, "tta-game", 390)
    found = {"game": violations(driver)}
    driver.set_window_size(390, 900)
    found["game on a phone"] = violations(driver)
    driver.set_window_size(1280, 1000)
    driver.get(base + "/settings")
    Select(driver.find_element(By.ID, "locale")).select_by_value("ja")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR,
                                               "main form[action$='/settings'] > button[type=submit]"))
    driver.get(game_url)
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ja"
    found["game in Japanese"] = violations(driver)
    problems = [f"{page}: {line}" for page, lines in found.items() for line in lines]
    assert not problems, "\n".join(problems)

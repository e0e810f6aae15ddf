"""Real headless Chromium against `pbem serve`: sign in by the emailed link, play a round of Stone Age
against two bots by the forms, watch the board and history change, and have a stale form refused.

Screenshots of the game page and the dashboard (desktop and a 390 px phone) go to artifacts/.
"""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import ROOT, free_port

pytestmark = pytest.mark.browser
ARTIFACTS = ROOT / "artifacts"
CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"


@pytest.fixture
def server(tmp_path, fresh_pg):
    """`pbem serve` as its own process on a fresh PostgreSQL database; yields its base URL."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "MAIL_URL", "SECRET_KEY", "BASE_URL")}
    env.update(PBEM_INSTANCE=str(tmp_path / "instance"), DATABASE_URL=fresh_pg)
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        proc = subprocess.Popen([str(Path(sys.executable).parent / "pbem"), "serve", "--port", str(port)],
                                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while "is running at" not in log.read_text():
        assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
        time.sleep(0.2)
    yield f"http://127.0.0.1:{port}"
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=30)
    assert " 500 " not in log.read_text(), log.read_text()[-5000:]


@pytest.fixture
def browser(tmp_path):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1280,1000",
                "--lang=en-US"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.implicitly_wait(0)
    yield driver
    driver.quit()


def click_and_wait(driver, element, accept_alert: bool = False) -> None:
    """Click a submit button and wait for the next page (accepting the inline "Really?" if asked)."""
    old = driver.find_element(By.TAG_NAME, "html")
    element.click()
    if accept_alert:
        WebDriverWait(driver, 10).until(EC.alert_is_present()).accept()
    WebDriverWait(driver, 30).until(EC.staleness_of(old))


def text(driver, css: str) -> str:
    return driver.find_element(By.CSS_SELECTOR, css).text


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
    driver.get(base + "/signin")
    driver.find_element(By.ID, "email").send_keys("ada@example.com")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "main form button"))
    assert "ada@example.com" in text(driver, "main")
    driver.get(base + "/dev/mailbox")
    driver.find_element(By.PARTIAL_LINK_TEXT, "sign-in link").click()
    link = re.search(re.escape(base) + r"/signin/\S+", text(driver, "pre.mail")).group(0)
    driver.get(link)
    click_and_wait(driver, driver.find_element(By.ID, "confirm"))
    assert text(driver, "h1") == "Your games"

    # A game of Stone Age against two bots.
    driver.get(base + "/games/new")
    Select(driver.find_element(By.ID, "slug")).select_by_value("stone-age")
    for field, value in (("title", "Ada in the browser"), ("seats", "3"), ("bots", "2")):
        driver.find_element(By.ID, field).clear()
        driver.find_element(By.ID, field).send_keys(value)
    driver.find_element(By.CSS_SELECTOR, "input[name=seating][value=join]").click()  # ada is seat 0
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "main form.stack > button[type=submit]"))
    click_and_wait(driver, driver.find_element(By.ID, "start"))
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
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", f"--user-data-dir={tmp_path / 'nojs'}", "--window-size=390,900"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        base = server
        driver.get(base + "/signin")
        driver.find_element(By.ID, "email").send_keys("bo@example.com")
        click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "main form button"))
        driver.get(base + "/dev/mailbox")
        driver.find_element(By.PARTIAL_LINK_TEXT, "sign-in link").click()
        driver.get(re.search(re.escape(base) + r"/signin/\S+", text(driver, "pre.mail")).group(0))
        click_and_wait(driver, driver.find_element(By.ID, "confirm"))
        driver.get(base + "/games/new")
        Select(driver.find_element(By.ID, "slug")).select_by_value("stone-age")
        driver.find_element(By.ID, "bots").clear()
        driver.find_element(By.ID, "bots").send_keys("2")
        click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "main form.stack > button[type=submit]"))
        click_and_wait(driver, driver.find_element(By.ID, "start"))
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

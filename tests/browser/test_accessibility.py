"""Every page a player meets, checked in real Chromium by axe-core against WCAG 2.1 A and AA:
labels, names, contrast, landmarks, language, keyboard focus order, ARIA use.

Run on the English and Japanese pages, at desktop and phone widths, with a game in progress.
"""
from __future__ import annotations

import json

import pytest
from browsing import click_and_wait, sign_in, start_stone_age
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import ROOT

pytestmark = pytest.mark.browser
AXE = ROOT / ".cache" / "node" / "node_modules" / "axe-core" / "axe.min.js"  # installed by scripts/install test
STANDARDS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def violations(driver) -> list[str]:
    """axe-core's findings on the page now, one line each: rule, impact, where."""
    if not driver.execute_script("return !!window.axe"):
        driver.execute_script(AXE.read_text())
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})"
        "  .then(r => done(JSON.stringify(r.violations)), e => done(JSON.stringify({error: String(e)})));",
        STANDARDS)
    found = json.loads(result)
    assert not isinstance(found, dict), found
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}" for v in found]


def test_the_pages_pass_axe_in_english_and_japanese_on_desktop_and_phone(server, browser):
    base, driver = server, browser
    driver.set_script_timeout(60)
    assert AXE.exists(), "axe-core is missing: run scripts/install test"
    pages = {"sign-in": "/signin", "help": "/help/commands"}
    found = {}
    for name, path in pages.items():
        driver.get(base + path)
        found[name] = violations(driver)
    sign_in(driver, base, "ada@example.com")
    start_stone_age(driver, base, bots=2, title="Accessible", seats=3, join_order=True)
    placing = driver.current_url  # the game page with a placement form open: the richest page
    pages = {"dashboard": "/", "new game": "/games/new", "settings": "/settings", "mailbox": "/dev/mailbox",
             "tokens": "/tokens"}
    for name, path in pages.items():
        driver.get(base + path)
        found[name] = violations(driver)
    driver.get(placing)
    found["game"] = violations(driver)
    driver.set_window_size(390, 900)
    found["game on a phone"] = violations(driver)
    driver.set_window_size(1280, 1000)

    # The same game page in Japanese.
    driver.get(base + "/settings")
    Select(driver.find_element(By.ID, "locale")).select_by_value("ja")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "main form[action$='/settings'] > button[type=submit]"))
    driver.get(placing)
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ja"
    found["game in Japanese"] = violations(driver)

    problems = [f"{page}: {line}" for page, lines in found.items() for line in lines]
    assert not problems, "\n".join(problems)

"""What browser tests do in a page: click and wait for the next, read text, sign in by the emailed link.

The `server` and `browser` fixtures are in tests/conftest.py.
"""
from __future__ import annotations

import re

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait


def click_and_wait(driver, element, accept_alert: bool = False) -> None:
    """Click something that loads a page and wait until the next page has loaded completely.

    The wait asks the new page, never an element of the old one: the old document is marked,
    and the wait ends when the window holds a document without the mark that has finished
    loading. (Polling an old element while its page is replaced fails in Chromium under load
    with "Node with given id does not belong to the document".)
    """
    driver.execute_script("window.pbemOldPage = true;")
    element.click()
    if accept_alert:
        WebDriverWait(driver, 10).until(EC.alert_is_present()).accept()
    WebDriverWait(driver, 30, poll_frequency=0.1, ignored_exceptions=(WebDriverException,)).until(_new_page_loaded)


def _new_page_loaded(driver) -> bool:
    return driver.execute_script("return !window.pbemOldPage && document.readyState === 'complete';")


def text(driver, css: str) -> str:
    return driver.find_element(By.CSS_SELECTOR, css).text


def sign_in(driver, base: str, email: str) -> None:
    """Sign in by the emailed link, read in the dev mailbox."""
    driver.get(base + "/signin")
    driver.find_element(By.ID, "email").send_keys(email)
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "main form button"))
    assert email in text(driver, "main")
    driver.get(base + "/dev/mailbox")
    click_and_wait(driver, driver.find_element(By.PARTIAL_LINK_TEXT, "sign-in link"))
    link = re.search(re.escape(base) + r"/signin/\S+", text(driver, "pre.mail")).group(0)
    driver.get(link)
    click_and_wait(driver, driver.find_element(By.ID, "confirm"))


def start_stone_age(driver, base: str, bots: int, title: str | None = None, seats: int | None = None,
                    join_order: bool = False) -> None:
    """Create a game of Stone Age on the lobby form, with `bots` bots, and start it."""
    driver.get(base + "/games/new")
    Select(driver.find_element(By.ID, "slug")).select_by_value("stone-age")
    fields = {"title": title, "seats": seats, "bots": bots}
    for field, value in fields.items():
        if value is not None:
            driver.find_element(By.ID, field).clear()
            driver.find_element(By.ID, field).send_keys(str(value))
    if join_order:
        driver.find_element(By.CSS_SELECTOR, "input[name=seating][value=join]").click()
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "main form.stack > button[type=submit]"))
    click_and_wait(driver, driver.find_element(By.ID, "start"))

"""The Content Security Policy in real Chromium: every page works under it, and no other site can frame one."""
from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from browsing import sign_in, start_stone_age
from conftest import free_port
from selenium.webdriver.common.by import By

pytestmark = pytest.mark.browser


def test_pages_run_their_script_without_a_policy_violation(server, browser):
    base, driver = server, browser
    sign_in(driver, base, "ada@example.com")
    start_stone_age(driver, base, bots=2, title="Policy", seats=3)
    game = driver.current_url
    driver.get_log("browser")  # what came before is not this test's business
    for path in ("/", "/signin", "/help/commands", "/games/new", "/settings", "/settings/tokens", "/dev/mailbox",
                 game.removeprefix(base)):
        driver.get(base + path)
        # pbem.js marks the page: it was allowed to run.
        assert "js" in driver.find_element(By.TAG_NAME, "html").get_attribute("class").split(), path
        assert driver.find_elements(By.CSS_SELECTOR, "link[rel=stylesheet]"), path
        refused = [entry["message"] for entry in driver.get_log("browser")
                   if "Content Security Policy" in entry["message"] or "Refused to" in entry["message"]]
        assert not refused, (path, refused)


@pytest.fixture
def other_site(server):
    """Another site (another origin on this machine) whose page frames our sign-in page."""
    page = f"<!doctype html><title>other</title><iframe id=framed src='{server}/signin' width=600 height=400>" \
           "</iframe>".encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args):
            pass

    site = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    yield f"http://localhost:{site.server_address[1]}/"
    site.shutdown()
    site.server_close()
    thread.join()


def test_no_other_site_can_frame_a_page(server, browser, other_site):
    """Issue 10: the one-click move buttons could be framed (and clickjacked) by any site."""
    driver = browser
    driver.get(other_site)
    driver.switch_to.frame(driver.find_element(By.ID, "framed"))
    # The frame holds Chromium's own error page instead of ours (the top page's load waited for it).
    assert not driver.find_elements(By.ID, "email"), driver.page_source[:500]
    driver.switch_to.default_content()

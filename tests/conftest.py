"""Shared fixtures: a fresh PostgreSQL database per run, the app, a client, and factories."""
from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

import psycopg
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

PG_ADMIN = os.environ.get("PBEM_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("PBEM_TEST_REDIS", "redis://127.0.0.1:6379/15")


def _admin():
    try:
        return psycopg.connect(PG_ADMIN, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as exc:
        # Never a skip: the service tests exist to run against the real database.
        pytest.fail(f"PostgreSQL is not reachable at {PG_ADMIN}: {exc}. Start it (see README).", pytrace=False)


def _new_database(prefix: str):
    """Create an empty PostgreSQL database, yield its URL, drop it afterwards."""
    name = f"{prefix}_{os.getpid()}_{secrets.token_hex(3)}"
    with _admin() as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield PG_ADMIN.rsplit("/", 1)[0] + "/" + name
    with _admin() as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def pg_url():
    """A new, empty PostgreSQL database for this test run."""
    yield from _new_database("pbem_test")


@pytest.fixture(scope="session")
def app(pg_url, tmp_path_factory):
    """The app on the test database, migrated; tasks in-process, mail to a folder."""
    import countdown
    from flask_migrate import upgrade

    from pbem import create_app, engine

    engine.register(countdown)
    os.environ["PBEM_INSTANCE"] = str(tmp_path_factory.mktemp("instance"))
    app = create_app({
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://" + pg_url.split("://", 1)[1],
        "SECRET_KEY": "test-secret",
        "WTF_CSRF_ENABLED": False,
        "OUTBOX_DIR": str(tmp_path_factory.mktemp("outbox")),
        "BASE_URL": "http://pbem.test",
        "INBOUND_DOMAIN": "pbem.test",
        "MAIL_URL": None,
        # Counters in this process, emptied after each test; tests of the deployed (Redis) setup build their own app.
        "RATELIMIT_STORAGE_URI": "memory://",
    })
    with app.app_context():
        upgrade()
    yield app


@pytest.fixture(autouse=True)
def _clean_tables(request):
    """For a test on the database: the suite's Celery app is current; every table emptied after it (tests
    commit, so no rollback trick)."""
    if "app" not in request.fixturenames:
        yield
        return
    app = request.getfixturevalue("app")
    # Any Celery app an earlier test made (a client to a served worker, another create_app) became the
    # current one: the suite's in-process app must be it, or this test's tasks go to a broker no worker reads.
    from celery import _state

    _state.set_default_app(app.extensions["celery"])
    _state._set_current_app(app.extensions["celery"])
    yield
    from pbem.extensions import db

    with app.app_context():
        from pbem.mail import throttle

        throttle.reset()  # the mail rate-limit counts (memory:// in tests) start again with the tables
        db.session.remove()
        names = ", ".join(f'"{t.name}"' for t in db.metadata.sorted_tables)
        with db.engine.begin() as conn:
            conn.exec_driver_sql(f"TRUNCATE {names} RESTART IDENTITY CASCADE")


@pytest.fixture
def make_app(app):
    """Build more apps on the test database with other settings (https, Redis counters, a proxy)."""
    from celery import _state

    from pbem import create_app
    from pbem.extensions import db

    celery_before = (_state.default_app, _state.get_current_app())
    same = {name: app.config[name] for name in ("TESTING", "SQLALCHEMY_DATABASE_URI", "SECRET_KEY",
                                                "WTF_CSRF_ENABLED", "OUTBOX_DIR", "BASE_URL", "INBOUND_DOMAIN",
                                                "MAIL_URL", "RATELIMIT_STORAGE_URI")}
    made = []

    def make(**settings):
        made.append(create_app({**same, **settings}))
        return made[-1]
    yield make
    # Each app made itself Celery's default: give that back to the session's app.
    _state.set_default_app(celery_before[0])
    _state._set_current_app(celery_before[1])
    for other in made:
        with other.app_context():
            db.session.remove()
            db.engine.dispose()


@pytest.fixture(autouse=True)
def _fresh_rate_limits(request):
    """Each test starts with no request counted against the rate limits (the app lives for the session)."""
    yield
    if "app" in request.fixturenames:
        for limiter in request.getfixturevalue("app").extensions.get("limiter", ()):
            limiter.reset()


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def make_user(ctx):
    from pbem.extensions import db
    from pbem.models import User

    def make(name: str = "ann", **kw) -> User:
        user = User(email=kw.pop("email", f"{name}@example.com"), name=name, **kw)
        db.session.add(user)
        db.session.commit()
        return user
    return make


@pytest.fixture
def make_game(ctx, make_user):
    """A started game: `humans` users (made if names are given) plus `bots`, seats in that order."""
    from pbem import play

    def make(slug: str = "test-countdown", humans=("ann", "bob"), bots: int = 0, options=None, **kw):
        users = [make_user(h) if isinstance(h, str) else h for h in humans]
        game = play.create_game(users[0], slug, seats=len(users) + bots, options=options, bots=bots,
                                random_seating=False, **kw)
        for user in users[1:]:
            play.join(game.id, user)
        play.start_game(game.id, users[0])
        return game
    return make


def signin(client, email: str) -> None:
    """Sign `client` in through the real emailed-link flow (reading the link from the outbox)."""
    import re

    from pbem.extensions import db
    from pbem.models import Outbox

    client.post("/signin", data={"email": email})
    row = db.session.scalars(db.select(Outbox).where(Outbox.to_address == email, Outbox.kind == "signin")
                             .order_by(Outbox.id.desc())).first()
    link = re.search(r"http://pbem\.test(/signin/\S+)", row.text).group(1)
    response = client.post(link)
    assert response.status_code == 302, response.data


def pytest_sessionfinish(session, exitstatus):
    """Under CI a skipped test is a failure: the real services are there and must be used."""
    if os.environ.get("CI") != "true":
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter else []
    if skipped:
        reporter.write_line(f"CI: {len(skipped)} test(s) skipped; under CI a skip is a failure", red=True)
        session.exitstatus = 1


class _Collector:
    """An aiosmtpd handler that keeps every message it accepts, and can refuse for a while."""

    def __init__(self):
        import threading

        self.messages: list = []
        self.refuse = False
        self.arrived = threading.Condition()

    async def handle_DATA(self, server, session, envelope):
        if self.refuse:
            return "451 4.3.0 try again later"
        from email import message_from_bytes, policy

        with self.arrived:
            self.messages.append((envelope.rcpt_tos, message_from_bytes(envelope.content, policy=policy.default)))
            self.arrived.notify_all()
        return "250 OK"

    def wait_for(self, predicate, timeout: float = 60.0):
        """The first message matching `predicate`, waiting up to `timeout` seconds."""
        import time

        deadline = time.monotonic() + timeout
        with self.arrived:
            while True:
                found = [m for rcpts, m in self.messages if predicate(rcpts, m)]
                if found:
                    return found[0]
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.arrived.wait(left)


@pytest.fixture
def smtp_server():
    """A real SMTP server (aiosmtpd) on a free loopback port; `.handler.messages` holds what arrived."""
    import socket

    from aiosmtpd.controller import Controller

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    handler = _Collector()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    controller.url = f"smtp://127.0.0.1:{port}"
    yield controller
    controller.stop()


def with_bad_signature(link: str) -> str:
    """`link` with its signature changed. The last character of a signature may carry bits its decoding ignores
    (an edit there once left one valid): the one before it always carries six."""
    return link[:-2] + ("A" if link[-2] != "A" else "B") + link[-1]


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def fresh_pg():
    """Another new PostgreSQL database, for tests that run the service as separate processes."""
    yield from _new_database("pbem_proc")


@pytest.fixture(scope="session")
def dkim_key(tmp_path_factory):
    """A fresh RSA key pair: the PEM private key and the DNS TXT record publishing its public half."""
    import base64
    import subprocess

    folder = tmp_path_factory.mktemp("dkim")
    private = folder / "private.pem"
    subprocess.run(["openssl", "genrsa", "-out", str(private), "2048"], check=True, capture_output=True)
    public = subprocess.run(["openssl", "rsa", "-in", str(private), "-pubout", "-outform", "DER"], check=True,
                            capture_output=True).stdout
    return private.read_text(), b"v=DKIM1; k=rsa; p=" + base64.b64encode(public)


# --- the running service and a real browser (tests/browser) --------------------------

@pytest.fixture
def server(tmp_path, fresh_pg):
    """`pbem serve` as its own process on a fresh PostgreSQL database; yields its base URL."""
    import signal
    import subprocess
    import sys
    import time

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


def chromium(profile: Path, javascript: bool = True):
    """Debian's headless Chromium, driven by Selenium (the caller quits it)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", f"--user-data-dir={profile}", "--window-size=1280,1000", "--lang=en-US"):
        options.add_argument(arg)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # console messages: driver.get_log("browser")
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.implicitly_wait(0)
    return driver


@pytest.fixture
def browser(tmp_path):
    driver = chromium(tmp_path / "profile")
    yield driver
    driver.quit()

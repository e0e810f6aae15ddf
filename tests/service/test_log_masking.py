"""No secret of a URL in a log line: one masking function (pbem/access_log.py) for gunicorn's access and error
logs, the dev server's request lines and the app's own lines."""
from __future__ import annotations

import ast
import base64
import logging
import sys
import threading
import urllib.error
import urllib.request
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from gunicorn.config import Config

from pbem.access_log import MASK, SECRET_ROUTES, Logger, mask

TOKEN = "eyJnIjoxLCJzIjowLCJwIjozfQ.aBcDeF.x1y2-Z3_w4v5"  # the shape of an itsdangerous token

CASES = [  # (as logged without masking, as it must be logged)
    # each secret kind, bare
    (f"/play/{TOKEN}", "/play/***"),
    (f"/signin/{TOKEN}", "/signin/***"),
    (f"/unsubscribe/{TOKEN}", "/unsubscribe/***"),
    ("/inbound/raw/s3cret-Value_1", "/inbound/raw/***"),
    ("/inbound/sendgrid/s3cret-Value_2", "/inbound/sendgrid/***"),
    # with a query string: the query is kept, or masked where it holds a secret
    (f"/play/{TOKEN}?upto=12", "/play/***?upto=12"),
    (f"/play/{TOKEN}#history", "/play/***#history"),
    (f"/signin/{TOKEN}?next=/games/3", "/signin/***?next=/games/3"),
    (f"/signin/{TOKEN}?next=%2Fgames%2F3", "/signin/***?next=%2Fgames%2F3"),
    (f"/signin/{TOKEN}?next=%2Fplay%2F{TOKEN}", "/signin/***?next=%2Fplay%2F***"),
    (f"/signin/{TOKEN}?next=%2fplay%2f{TOKEN}%3Fupto%3D4", "/signin/***?next=%2fplay%2f***%3Fupto%3D4"),
    (f"/signin?next=/play/{TOKEN}&x=1", "/signin?next=/play/***&x=1"),
    (f"/signin?next=%2Fsignin%3Fnext%3D%252Fplay%252F{TOKEN}", "/signin?next=%2Fsignin%3Fnext%3D%252Fplay%252F***"),
    (f"/unsubscribe/{TOKEN}?lang=fr", "/unsubscribe/***?lang=fr"),
    ("/inbound/raw/s3cret?x=1", "/inbound/raw/***?x=1"),
    ("/games/3?token=abc.def&upto=2", "/games/3?token=***&upto=2"),
    ("/api/v1/games?access_token=pbem_xyz", "/api/v1/games?access_token=***"),
    ("/x?a=1&key=k3y;secret=s&password=p#f", "/x?a=1&key=***;secret=***&password=***#f"),
    (f"/signin?next=%2Fgames%2F3%3Ftoken%3D{TOKEN}", "/signin?next=%2Fgames%2F3%3Ftoken%3D***"),
    ("token=abc&upto=2", "token=***&upto=2"),  # gunicorn's %(q)s: the query string alone
    # URL-encoded or oddly written paths that still reach the route
    ("/play/abc%2Edef.ghi", "/play/***"),
    ("/pl%61y/abc.def", "/pl%61y/***"),
    ("%2Fplay%2Fabc.def", "%2Fplay%2F***"),
    ("/inbound%2Fraw%2Fs3cret", "/inbound%2Fraw%2F***"),
    ("/play//abc.def", "/play//***"),  # werkzeug merges slashes: /play//x is /play/x
    ("/PLAY/abc.def", "/PLAY/***"),
    # trailing slashes and segments after the secret stay
    (f"/play/{TOKEN}/", "/play/***/"),
    ("/inbound/sendgrid/s3cret/", "/inbound/sendgrid/***/"),
    (f"/unsubscribe/{TOKEN}/extra", "/unsubscribe/***/extra"),
    # in a whole request line, a URL, a Referer, a log message
    (f"GET /play/{TOKEN}?upto=3 HTTP/1.1", "GET /play/***?upto=3 HTTP/1.1"),
    ("POST /inbound/raw/s3cret HTTP/1.1", "POST /inbound/raw/*** HTTP/1.1"),
    (f"GET http://pbem.example.org/signin/{TOKEN} HTTP/1.1", "GET http://pbem.example.org/signin/*** HTTP/1.1"),
    (f"https://pbem.example.org:8443/play/{TOKEN}", "https://pbem.example.org:8443/play/***"),
    (f'"GET /unsubscribe/{TOKEN} HTTP/1.1" 200 512', '"GET /unsubscribe/*** HTTP/1.1" 200 512'),
    (f"Exception on /play/{TOKEN} [GET]", "Exception on /play/*** [GET]"),
    (f"Error handling request /signin/{TOKEN}?next=/", "Error handling request /signin/***?next=/"),
    (f"two: /play/{TOKEN} and /play/other.token", "two: /play/*** and /play/***"),
    # masking twice is masking once
    ("/play/***?upto=3", "/play/***?upto=3"),
    # look-alikes that carry no secret stay as they are
    ("/play", "/play"),
    ("/play/", "/play/"),
    ("/play?upto=3", "/play?upto=3"),
    ("/playground/abc", "/playground/abc"),
    ("/replay/abc", "/replay/abc"),
    ("/signin", "/signin"),
    ("/signin/", "/signin/"),
    ("/signin?next=/games/3", "/signin?next=/games/3"),
    ("/signin?next=%2Fgames%2F3%3Fupto%3D2", "/signin?next=%2Fgames%2F3%3Fupto%3D2"),
    ("/signout", "/signout"),
    ("/signing/abc", "/signing/abc"),
    ("/unsubscribe", "/unsubscribe"),
    ("/unsubscribed/abc", "/unsubscribed/abc"),
    ("/inbound/mailgun", "/inbound/mailgun"),
    ("/inbound/postmark", "/inbound/postmark"),
    ("/inbound/rawmail/abc", "/inbound/rawmail/abc"),
    ("/inbound/raw", "/inbound/raw"),
    ("/inbound/sendgrid", "/inbound/sendgrid"),
    ("/games/3", "/games/3"),
    ("/games/3?upto=2", "/games/3?upto=2"),
    ("/games/3/move", "/games/3/move"),
    ("/settings/tokens", "/settings/tokens"),
    ("/settings/tokens/4/revoke", "/settings/tokens/4/revoke"),
    ("/api/v1/games/3/legal?seat=1", "/api/v1/games/3/legal?seat=1"),
    ("/games?monkey=1&keyboard=2&tokens=3", "/games?monkey=1&keyboard=2&tokens=3"),
    ("/static/pbem.js", "/static/pbem.js"),
    ("/help/commands", "/help/commands"),
    ("GET / HTTP/1.1", "GET / HTTP/1.1"),
    ("HTTP/1.1", "HTTP/1.1"),
    ("-", "-"),
    ("", ""),
]


@pytest.mark.parametrize("raw, masked", CASES, ids=[f"{n}:{raw[:60]}" for n, (raw, _) in enumerate(CASES)])
def test_secrets_in_paths_are_masked_and_the_rest_kept(raw, masked):
    assert mask(raw) == masked
    assert mask(masked) == masked


def test_the_table_holds_every_secret_route_and_look_alikes():
    for route in SECRET_ROUTES:
        assert any(raw.startswith(route) and MASK in masked for raw, masked in CASES), route
        assert any(raw == route.rstrip("/") and raw == masked for raw, masked in CASES), route
    assert sum(raw == masked for raw, masked in CASES) >= 25  # the table is not all secrets


def _close_gunicorn_handlers() -> None:
    # gunicorn's setup drops the handlers of an earlier setup without closing their files.
    for name in ("gunicorn.access", "gunicorn.error"):
        for handler in list(logging.getLogger(name).handlers):
            if getattr(handler, "_gunicorn", False):
                logging.getLogger(name).removeHandler(handler)
                handler.close()


@pytest.fixture(autouse=True)
def _gunicorn_handlers_closed():
    yield
    _close_gunicorn_handlers()


def _gunicorn_logger(tmp_path: Path, **settings) -> Logger:
    _close_gunicorn_handlers()
    cfg = Config()
    cfg.set("accesslog", str(tmp_path / "access.log"))
    cfg.set("errorlog", str(tmp_path / "error.log"))
    for name, value in settings.items():
        cfg.set(name, value)
    return Logger(cfg)


def _request(raw_uri: str, **headers: str):
    path, _, query = raw_uri.partition("?")
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": raw_uri, "PATH_INFO": path, "QUERY_STRING": query,
               "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "203.0.113.9"}
    environ.update({"HTTP_" + name.upper().replace("-", "_"): value for name, value in headers.items()})
    req = SimpleNamespace(headers=[(name.upper(), value) for name, value in headers.items()])
    resp = SimpleNamespace(status="302 FOUND", sent=120,
                           headers=[("Location", f"/play/{TOKEN}"), ("Set-Cookie", "session=SESSIONCOOKIE")])
    return resp, req, environ


def test_gunicorns_access_log_masks_the_request_line_the_referer_and_credentials(tmp_path):
    logger = _gunicorn_logger(tmp_path)
    basic = base64.b64encode(b"postmark-user:postmark-password").decode()
    resp, req, environ = _request(f"/signin/{TOKEN}?next=%2Fplay%2F{TOKEN}", Referer=f"https://x.test/play/{TOKEN}",
                                  Authorization=f"Basic {basic}", Cookie="session=SESSIONCOOKIE",
                                  **{"User-Agent": "curl/8"})
    logger.access(resp, req, environ, timedelta(milliseconds=12))
    # Every atom, as an operator could add them to the format.
    logger = _gunicorn_logger(tmp_path, access_log_format=(
        '%(r)s|%(U)s|%(q)s|%(f)s|%(u)s|%({referer}i)s|%({authorization}i)s|%({cookie}i)s|%({location}o)s|'
        '%({set-cookie}o)s|%({raw_uri}e)s|%({http_authorization}e)s|%({http_cookie}e)s|%(a)s'))
    logger.access(resp, req, environ, timedelta(milliseconds=12))
    lines = (tmp_path / "access.log").read_text().splitlines()
    assert len(lines) == 2, lines
    assert TOKEN not in "\n".join(lines) and "postmark" not in "\n".join(lines) and "SESSIONCOOKIE" not in "\n".join(lines)
    combined, every = lines
    assert combined.startswith('203.0.113.9 - *** [')  # the basic-auth user is shown only as being there
    assert '"GET /signin/***?next=%2Fplay%2F*** HTTP/1.1" 302 120 "https://x.test/play/***" "curl/8"' in combined
    assert every.split("|") == [
        "GET /signin/***?next=%2Fplay%2F*** HTTP/1.1", "/signin/***", "next=%2Fplay%2F***", "https://x.test/play/***",
        MASK, "https://x.test/play/***", MASK, MASK, "/play/***", MASK, "/signin/***?next=%2Fplay%2F***", MASK,
        MASK, "curl/8"]


def test_the_default_access_format_carries_no_header_but_referer_and_agent(tmp_path):
    # No Cookie, no Authorization, no other header: only what the masking covers.
    fmt = _gunicorn_logger(tmp_path).cfg.access_log_format
    assert fmt == '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s"', fmt
    logger = _gunicorn_logger(tmp_path)
    resp, req, environ = _request("/games/3?upto=2", Referer="https://x.test/games/3")
    logger.access(resp, req, environ, timedelta(milliseconds=3))
    line = (tmp_path / "access.log").read_text()
    assert '203.0.113.9 - - [' in line and '"GET /games/3?upto=2 HTTP/1.1" 302 120 "https://x.test/games/3" "-"' in line


def test_gunicorns_error_log_masks_a_failed_requests_uri(tmp_path):
    logger = _gunicorn_logger(tmp_path)
    try:
        raise RuntimeError(f"while reading /unsubscribe/{TOKEN}")
    except RuntimeError:
        logger.exception("Error handling request %s", f"/play/{TOKEN}?upto=2")  # gunicorn.workers.base's words
    logger.error("Error handling request %s %s", "POST", "/inbound/raw/s3cret")
    text = (tmp_path / "error.log").read_text()
    assert "Error handling request /play/***?upto=2" in text and "while reading /unsubscribe/***" in text
    assert "Error handling request POST /inbound/raw/***" in text
    assert TOKEN not in text and "s3cret" not in text


@pytest.fixture
def loggers_on(monkeypatch):
    # Any `flask db upgrade` earlier in this process (alembic's fileConfig) disabled the loggers that existed then.
    for name in ("pbem", "werkzeug"):
        monkeypatch.setattr(logging.getLogger(name), "disabled", False)


def test_the_apps_own_exception_line_is_masked(app, caplog, loggers_on):
    # Flask's own words for an uncaught exception: "Exception on <path> [<method>]", on the app's logger.
    caplog.set_level(logging.ERROR)
    app.test_client().get("/help/commands")  # the filters are installed at the first request
    with app.test_request_context(f"/play/{TOKEN}?upto=3"):
        try:
            raise KeyError(f"/signin/{TOKEN}")
        except KeyError:
            app.log_exception(sys.exc_info())
    text = caplog.text
    assert "Exception on /play/*** [GET]" in text and "KeyError: '/signin/***'" in text, text
    assert TOKEN not in text


def test_the_dev_servers_request_lines_are_masked(app, caplog, loggers_on):
    # `pbem serve` is werkzeug's server: its request lines go to the `werkzeug` logger.
    from werkzeug.serving import make_server

    caplog.set_level(logging.INFO, logger="werkzeug")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        for path in (f"/play/{TOKEN}?upto=1", f"/unsubscribe/{TOKEN}", f"/signin/{TOKEN}?next=%2Fplay%2F{TOKEN}"):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{server.port}{path}", timeout=10).read()
            except urllib.error.HTTPError as exc:  # forged tokens: 400/404 pages, logged all the same
                exc.read()
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
    lines = [r.getMessage() for r in caplog.records if r.name == "werkzeug" and "HTTP/1.1" in r.getMessage()]
    assert len(lines) == 3, caplog.text
    assert "GET /play/***?upto=1 HTTP/1.1" in lines[0] and "GET /unsubscribe/*** HTTP/1.1" in lines[1]
    assert "GET /signin/***?next=%2Fplay%2F*** HTTP/1.1" in lines[2] or "GET /signin/***?next=/play/*** " in lines[2]
    assert TOKEN not in caplog.text


REQUEST_TEXT = {"path", "full_path", "url", "base_url", "url_root", "query_string", "args", "environ", "view_args"}


def _unmasked_request_text(node: ast.AST) -> list[str]:
    """`request.<url part>` read in a log call's arguments outside a mask(...) call."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "mask":
        return []
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "request" \
            and node.attr in REQUEST_TEXT:
        return [f"request.{node.attr}"]
    return [found for child in ast.iter_child_nodes(node) for found in _unmasked_request_text(child)]


def test_no_log_call_in_pbem_writes_a_url_unmasked():
    calls, found = 0, {}
    for path in sorted((Path(__file__).resolve().parents[2] / "pbem").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                    "debug", "info", "warning", "error", "exception", "critical", "log") \
                    and isinstance(node.func.value, (ast.Name, ast.Attribute)) \
                    and ast.unparse(node.func.value).endswith(("log", "logger")):
                calls += 1
                bad = [x for arg in [*node.args, *(k.value for k in node.keywords)] for x in _unmasked_request_text(arg)]
                if bad:
                    found[f"{path.name}:{node.lineno}"] = bad
    assert calls > 10  # the walk sees the log calls there are
    assert found == {}

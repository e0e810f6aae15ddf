"""A chunked body larger than its cap is refused with 413 once the cap is read, never taken in whole.

A real HTTP server (werkzeug's, in a thread) serves the app; a raw socket sends the body in chunks, as
an attacker would, with no Content-Length. What the app read from the body is counted at the WSGI input.
"""
from __future__ import annotations

import io
import socket
import threading

import pytest
from conftest import free_port
from werkzeug.serving import make_server

from pbem.mail.providers import MAX_POST_BYTES

pytestmark = pytest.mark.integration
CHUNK = 64 * 1024


class CountingInput(io.RawIOBase):
    """The server's input stream, counting the bytes the app takes from it."""

    def __init__(self, inner):
        self.inner, self.taken = inner, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        n = self.inner.readinto(buffer)
        self.taken += n or 0
        return n


@pytest.fixture
def served(app):
    """The app behind werkzeug's threaded server; yields (port, list of the inputs of each request)."""
    inputs: list[CountingInput] = []

    def counted(environ, start_response):
        environ["wsgi.input"] = CountingInput(environ["wsgi.input"])
        inputs.append(environ["wsgi.input"])
        return app(environ, start_response)

    port = free_port()
    server = make_server("127.0.0.1", port, counted, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield port, inputs
    server.shutdown()
    thread.join()


def send_chunked(port: int, path: str, content_type: str, total: int) -> tuple[bytes, int]:
    """POST `total` bytes in chunks; returns the response and how much was sent before the server
    answered (or stopped reading)."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.settimeout(120)  # a guard against a hang only: the test waits for the answer, not for a time
    answered = threading.Event()
    sent = 0

    def feed():
        nonlocal sent
        chunk = f"{CHUNK:x}\r\n".encode() + b"x" * CHUNK + b"\r\n"
        try:
            sock.sendall(f"POST {path} HTTP/1.1\r\nHost: pbem.test\r\nContent-Type: {content_type}\r\n"
                         "Transfer-Encoding: chunked\r\n\r\n".encode())
            while sent < total and not answered.is_set():
                sock.sendall(chunk)
                sent += CHUNK
            sock.sendall(b"0\r\n\r\n")
        except OSError:
            pass  # the server closed the connection on the rest of the body: what the test wants

    feeder = threading.Thread(target=feed)
    feeder.start()
    response = b""
    try:
        while b"\r\n\r\n" not in response:
            data = sock.recv(65536)
            if not data:
                break
            response += data
    finally:
        sent_when_answered = sent
        answered.set()
        feeder.join()
        sock.close()
    return response, sent_when_answered


@pytest.mark.parametrize("hook, content_type", [
    ("/inbound/raw/s3cret", "message/rfc822"),
    ("/inbound/mailgun", "application/x-www-form-urlencoded"),
    ("/inbound/mailgun", "multipart/form-data; boundary=b"),
])
def test_a_huge_chunked_webhook_post_is_refused_at_the_cap(served, app, monkeypatch, hook, content_type):
    """Issue 10: a 400 MB chunked POST to /inbound/mailgun without a signature was read whole, and a 60 MB
    chunked body passed the raw hook's 50 MB cap."""
    monkeypatch.setitem(app.config, "INBOUND_SECRET", "s3cret")
    monkeypatch.setitem(app.config, "MAILGUN_SIGNING_KEY", "key")
    port, inputs = served
    total = 3 * MAX_POST_BYTES
    response, sent = send_chunked(port, hook, content_type, total)
    assert response.startswith(b"HTTP/1.1 413"), (inputs[-1].taken, sent, response[-300:])
    # The app stopped at the cap (give or take one read), and answered long before the body was all sent.
    assert MAX_POST_BYTES < inputs[-1].taken <= MAX_POST_BYTES + 2 * CHUNK
    assert sent < 2 * MAX_POST_BYTES


def test_a_chunked_web_form_is_capped_at_max_content_length(served, app):
    port, inputs = served
    cap = app.config["MAX_CONTENT_LENGTH"]
    response, sent = send_chunked(port, "/signin", "application/x-www-form-urlencoded", 40 * cap)
    assert response.startswith(b"HTTP/1.1 413"), response[:300]
    assert inputs[-1].taken <= cap + 2 * CHUNK
    assert sent < 20 * cap


def test_a_body_within_the_cap_is_taken(served, app, monkeypatch):
    monkeypatch.setitem(app.config, "INBOUND_SECRET", "s3cret")
    port, inputs = served
    response, _sent = send_chunked(port, "/inbound/raw/s3cret", "message/rfc822", 2 * CHUNK)
    # Not a message anyone could answer, but read whole and stored: the cap is no obstacle below it.
    assert response.startswith(b"HTTP/1.1 200"), response[:300]
    assert inputs[-1].taken == 2 * CHUNK

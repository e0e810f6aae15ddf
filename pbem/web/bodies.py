"""Request bodies read with a hard cap, chunked or not: MAX_CONTENT_LENGTH for pages and the API."""
from __future__ import annotations

from flask import Flask, current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

# werkzeug stops reading a body sent without Content-Length (chunked) at the request's
# max_content_length, but without an error when it is read whole (LimitedStream.readall): a form would
# be parsed from the part read. So such a body is read here first, to one byte more than allowed.


def read_capped(limit: int) -> bytes:
    """The request body if it is at most `limit` bytes; a 413 as soon as one byte more is read."""
    request.max_content_length = limit + 1
    body = request.get_data(cache=True)
    if len(body) > limit:
        raise RequestEntityTooLarge()
    return body


def cap_unsized_body() -> None:
    # The mail webhooks check their secret first and read their larger bodies themselves (hooks.py).
    if request.content_length is None and request.method in ("POST", "PUT", "PATCH", "DELETE") \
            and request.blueprint != "hooks":
        read_capped(current_app.config["MAX_CONTENT_LENGTH"])


def init_app(app: Flask) -> None:
    """Read unsized bodies under the cap before anything else (CSRF, limits, views) parses them."""
    app.before_request_funcs.setdefault(None, []).insert(0, cap_unsized_body)

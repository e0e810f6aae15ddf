"""Webhooks through which mail providers deliver received mail: check, then hand the message to inbound.receive."""
from __future__ import annotations

import logging

from flask import Blueprint, jsonify, request
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.exceptions import RequestEntityTooLarge

from ..extensions import csrf, db
from ..mail import inbound, providers
from . import errors

log = logging.getLogger(__name__)
bp = Blueprint("hooks", __name__, url_prefix="/inbound")
csrf.exempt(bp)  # providers cannot send a CSRF token; each hook checks a signature, auth or secret instead


@bp.before_request
def cap_body():
    # A mail may be larger than the app's MAX_CONTENT_LENGTH, but no larger than providers send. The stream
    # stops one byte past the cap, chunked or not, so a huge body is never taken in whole; providers._body
    # refuses one that reaches it. The URL secret or basic auth of a hook is checked before its body is
    # read; Mailgun's signature is inside the body, so there only the cap protects.
    request.max_content_length = providers.MAX_POST_BYTES + 1


@bp.errorhandler(RequestEntityTooLarge)
def _too_large(exc):
    return jsonify(error=f"the body is larger than {providers.MAX_POST_BYTES} bytes"), 413


def _take(source: str, read):
    # receive() commits the stored message before we answer 200, so a provider's retry is recognised.
    try:
        raw = read()
    except providers.Refused as refused:
        response = jsonify(error=refused.reason)
        if refused.status == 401:
            response.headers["WWW-Authenticate"] = 'Basic realm="pbem inbound"'
        return response, refused.status
    try:
        row = inbound.receive(raw, source)
    except SQLAlchemyError as exc:
        if errors.may_run_again(exc):
            # A pooled connection the database dropped, met before anything was stored: errors.database_unavailable
            # runs the request again on a fresh one, as it does every page and API call. A provider may try a
            # message only once, or hours later: a stale pool must not refuse it.
            raise
        # Not stored (the database failed): a 5xx makes the provider deliver it again later,
        # and a Mailgun token is bound to this message, so the retry is accepted.
        db.session.rollback()
        log.exception("inbound %s message could not be stored; the provider will retry", source)
        return jsonify(error="the message could not be stored now; deliver it again later"), 503
    return jsonify(id=row.id, outcome=row.outcome)


@bp.post("/raw/<secret>")
def raw(secret: str):
    return _take("raw", lambda: providers.raw_mime(request, secret))


@bp.post("/mailgun")
def mailgun():
    return _take("mailgun", lambda: providers.mailgun(request))


@bp.post("/sendgrid/<secret>")
def sendgrid(secret: str):
    return _take("sendgrid", lambda: providers.sendgrid(request, secret))


@bp.post("/postmark")
def postmark():
    return _take("postmark", lambda: providers.postmark(request))

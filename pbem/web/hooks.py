"""Webhooks through which mail providers deliver received mail: check, then hand the message to inbound.receive."""
from __future__ import annotations

import logging

from flask import Blueprint, jsonify, request
from sqlalchemy.exc import SQLAlchemyError

from ..extensions import csrf, db
from ..mail import inbound, providers

log = logging.getLogger(__name__)
bp = Blueprint("hooks", __name__, url_prefix="/inbound")
csrf.exempt(bp)  # providers cannot send a CSRF token; each hook checks a signature, auth or secret instead


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
    except SQLAlchemyError:
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

"""Hostile mail costs a bounded effort: a flood of DKIM signatures is checked a few times at most, once per mail,
and a message that never finishes is given up after two attempts instead of taking a worker every sweep."""
from __future__ import annotations

from collections import OrderedDict
from datetime import timedelta

import pytest
from hostile_mail import with_signatures
from sqlalchemy import func, select
from test_inbound import answers_to, moves, reply, thread_reply, turn_mail, words

from pbem import clock, play
from pbem.extensions import db
from pbem.mail import dkim, inbound
from pbem.models import InboundMessage, Outbox


@pytest.fixture(autouse=True)
def _no_remembered_verdicts(monkeypatch):
    monkeypatch.setattr(dkim, "_verdicts", OrderedDict())


@pytest.fixture
def lookups(monkeypatch) -> list[bytes]:
    """The DNS names pbem looks up for DKIM keys; none exists."""
    names: list[bytes] = []
    monkeypatch.setattr("pbem.mail.dkim.lookup_txt", lambda name, timeout=5: names.append(name))
    return names


def test_a_mail_with_900_signatures_of_the_senders_domain_is_answered_as_unsigned(make_game, lookups, monkeypatch):
    checks = []
    check = dkim._check
    monkeypatch.setattr(dkim, "_check", lambda raw, domain: checks.append(domain) or check(raw, domain))
    game = make_game()
    play.submit(game.id, 0, "take 1", "web", "k1")
    raw = with_signatures(thread_reply(game, "take 2", "bob@example.com"), "example.com")
    row = inbound.receive(raw, "raw")
    assert row.outcome == "stopped" and moves(game) == []
    assert "could not be verified" in words(answers_to("bob@example.com")[-1].text)
    # Asked for the move and again for the answer's limit: checked once, at most the cap looked up.
    assert checks == ["example.com"] and len(lookups) == dkim.DKIM_MAX_SIGNATURES


class Killed(BaseException):
    """What a worker killed mid-handling leaves (gunicorn's timeout raises SystemExit): nothing catches it."""


class Dying:
    """Handling that dies while `on`; `handled`: the ids of the messages it was given."""

    def __init__(self):
        self.on, self.handled = True, []


@pytest.fixture
def dying(monkeypatch) -> Dying:
    dying, handle = Dying(), inbound._handle

    def maybe_die(row_id, received):
        dying.handled.append(row_id)
        if dying.on:
            raise Killed
        return handle(row_id, received)

    monkeypatch.setattr(inbound, "_handle", maybe_die)
    return dying


def after_the_lease() -> None:
    clock.advance(inbound.LEASE + timedelta(seconds=1))


@pytest.fixture(autouse=True)
def _clock_back():
    yield
    clock.reset()


def stored() -> InboundMessage:
    db.session.rollback()
    return db.session.scalars(select(InboundMessage).execution_options(populate_existing=True)).one()


def test_a_message_that_dies_twice_is_given_up_and_never_run_again(make_game, dying):
    game = make_game()
    raw = reply(turn_mail(game, 0), "take 2")
    with pytest.raises(Killed):
        inbound.receive(raw, "raw")
    assert stored().outcome == "handling" and stored().detail.endswith(", attempt 1")
    assert inbound.resume_unfinished() == 0  # its lease still runs
    after_the_lease()
    with pytest.raises(Killed):
        inbound.resume_unfinished()
    assert stored().outcome == "handling" and stored().detail.endswith(", attempt 2")
    assert len(dying.handled) == 2
    mails = db.session.scalar(select(func.count()).select_from(Outbox))

    after_the_lease()
    assert inbound.resume_unfinished() == 1
    row = stored()
    assert row.outcome == "error" and inbound.is_final(row)
    assert row.detail.startswith("given up after 2 attempts that did not finish")
    # Neither run nor answered.
    assert len(dying.handled) == 2 and db.session.scalar(select(func.count()).select_from(Outbox)) == mails

    after_the_lease()
    assert inbound.resume_unfinished() == 0
    # The sender's retry finds it done, too.
    assert inbound.receive(raw, "raw").outcome == "error" and len(dying.handled) == 2
    assert stored().detail == row.detail and moves(game) == []


def test_a_message_that_died_once_is_finished_by_the_sweep(make_game, dying):
    game = make_game()
    raw = reply(turn_mail(game, 0), "take 2")
    with pytest.raises(Killed):
        inbound.receive(raw, "raw")
    dying.on = False
    after_the_lease()
    assert inbound.resume_unfinished() == 1
    assert stored().outcome == "done" and moves(game) == ["take 2"]


def test_a_resumed_message_is_not_checked_again(make_game, lookups, monkeypatch):
    game = make_game()
    play.submit(game.id, 0, "take 1", "web", "k1")
    raw = with_signatures(thread_reply(game, "take 2", "bob@example.com"), "example.com")
    answer = inbound._answer

    def die(*args):
        raise Killed

    monkeypatch.setattr(inbound, "_answer", die)  # dies after the check, before anything is recorded
    with pytest.raises(Killed):
        inbound.receive(raw, "raw")
    assert len(lookups) == dkim.DKIM_MAX_SIGNATURES
    monkeypatch.setattr(inbound, "_answer", answer)
    after_the_lease()
    assert inbound.resume_unfinished() == 1
    assert stored().outcome == "stopped" and len(lookups) == dkim.DKIM_MAX_SIGNATURES


def test_a_bug_is_still_an_error_at_once_and_answered(make_game, monkeypatch):
    """An exception is caught and recorded at once; only a process that dies leaves a message unfinished."""
    game = make_game()

    def bug(row_id, received):
        raise RuntimeError("a bug")

    monkeypatch.setattr(inbound, "_handle", bug)
    row = inbound.receive(reply(turn_mail(game, 0), "take 2"), "raw")
    assert row.outcome == "error" and row.detail == "an internal error; see the log"
    assert answers_to("ann@example.com")

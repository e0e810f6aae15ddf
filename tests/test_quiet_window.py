"""One mail per turn for a player at the table (issue 23): a seat that played on the game page within
QUIET_WINDOW_SECONDS has its turn mails held QUIET_DELAY_SECONDS and dropped if it answered meanwhile; a seat that
plays by mail gets each at once. The clock is moved (pbem.clock), never waited for."""
from __future__ import annotations

import random
from datetime import timedelta
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from conftest import signin
from sqlalchemy import select

from pbem import clock, engine, play, tasks
from pbem.extensions import db
from pbem.mail import inbound
from pbem.models import Game, Move, Outbox

WINDOW = DELAY = 300


@pytest.fixture
def quiet(app, monkeypatch):
    """The quiet window on, as in a deployment with a beat (the embedded default of the suite has it off)."""
    monkeypatch.setitem(app.config, "QUIET_WINDOW_SECONDS", WINDOW)
    monkeypatch.setitem(app.config, "QUIET_DELAY_SECONDS", DELAY)
    yield
    clock.reset()


def turn_rows(game: Game, seat: int) -> list[Outbox]:
    """The seat's turn mails, oldest first, as the database has them now."""
    db.session.expire_all()
    return db.session.scalars(select(Outbox).where(Outbox.dedupe_key.like(f"turn:{game.id}:{seat}:%"))
                              .order_by(Outbox.id)).all()


def beat(seconds: float = DELAY + 1) -> None:
    """Let `seconds` pass and run the beat's delivery, as the beat does every 30 s."""
    clock.advance(timedelta(seconds=seconds))
    tasks.deliver_outbox()


BOB = 2


def countdown(make_game) -> Game:
    """Ann (seat 0), a bot (seat 1, seated when the game was made) and Bob (seat 2) take counters in turn; Ann is
    asked first."""
    return make_game(humans=("ann", "bob"), bots=1, options={"pile": 40})


def test_a_seat_that_played_on_the_page_has_its_turn_mail_held_and_dropped_once_answered(quiet, make_game):
    game = countdown(make_game)
    play.submit(game.id, 0, "take 1", "web", "web:1")
    play.submit(game.id, BOB, "take 1", "email", "email:1")  # Ann is asked again
    first, held = turn_rows(game, 0)
    assert first.status == "sent"  # asked at the start, before she had played on the page
    assert held.status == "unwritten" and held.next_attempt_at > clock.now() + timedelta(seconds=DELAY - 5)
    tasks.deliver_outbox()  # a run before it is due neither writes it nor spins on it
    assert turn_rows(game, 0)[1].status == "unwritten"
    play.submit(game.id, 0, "take 2", "web", "web:2")  # she answers on the page
    beat()
    held = turn_rows(game, 0)[1]
    assert held.status == "suppressed" and "QUIET_WINDOW_SECONDS" in held.last_error
    assert held.text == "" and held.sent_at is None


def test_a_held_turn_mail_still_asked_goes_out_when_due_with_the_game_as_it_is_then(quiet, make_game):
    game = countdown(make_game)
    play.submit(game.id, 0, "take 1", "web", "web:1")
    play.submit(game.id, BOB, "take 3", "email", "email:1")
    held = turn_rows(game, 0)[1]
    assert held.status == "unwritten"
    beat(DELAY / 2)  # not due yet
    assert turn_rows(game, 0)[1].status == "unwritten"
    beat(DELAY / 2 + 1)
    held = turn_rows(game, 0)[1]
    assert held.status == "sent", held.last_error
    assert "Your turn" in held.subject and held.headers["Reply-To"].startswith(f"play+g{game.id}s0-")


def test_a_mail_only_seat_gets_each_turn_mail_at_once(quiet, make_game):
    game = countdown(make_game)
    for n in range(3):
        play.submit(game.id, 0, "take 1", "web", f"web:{n}")  # Ann on the page asks Bob
        assert [row.status for row in turn_rows(game, BOB)] == ["sent"] * (n + 1)
        play.submit(game.id, BOB, "take 1", "email", f"email:{n}")


def test_a_move_from_before_the_window_or_from_the_api_holds_nothing(quiet, make_game):
    game = countdown(make_game)
    play.submit(game.id, 0, "take 1", "web", "web:1")
    clock.advance(timedelta(seconds=WINDOW + 1))  # she left the page
    play.submit(game.id, BOB, "take 1", "email", "email:1")
    assert turn_rows(game, 0)[-1].status == "sent"
    play.submit(game.id, 0, "take 1", "api", "api:1")  # a script: woken by its mail, which goes at once
    play.submit(game.id, BOB, "take 1", "email", "email:2")
    assert turn_rows(game, 0)[-1].status == "sent"


def test_a_window_of_0_sends_every_turn_mail_at_once(quiet, make_game, monkeypatch, app):
    monkeypatch.setitem(app.config, "QUIET_WINDOW_SECONDS", 0)
    game = countdown(make_game)
    play.submit(game.id, 0, "take 1", "web", "web:1")
    play.submit(game.id, BOB, "take 1", "email", "email:1")
    assert [row.status for row in turn_rows(game, 0)] == ["sent", "sent"]


# --- through real requests: the page and mail ---------------------------------------------------------------


def reply(mail: Outbox, text: str) -> bytes:
    """Bob's mail program answering one of our mails: his line above the quote, threaded."""
    msg = EmailMessage()
    msg["From"], msg["To"] = mail.to_address, mail.headers["Reply-To"]
    msg["Subject"], msg["Message-ID"] = "Re: " + mail.subject, make_msgid(domain="mail.example.org")
    msg["In-Reply-To"] = msg["References"] = mail.message_id
    msg.set_content(text + "\n\n> " + "\n> ".join(mail.text.splitlines()) + "\n")
    return msg.as_bytes()


def test_a_seat_on_the_page_gets_no_turn_mail_for_prompts_it_answered_and_a_mail_only_seat_gets_each_at_once(
        quiet, client, make_game):
    game = countdown(make_game)
    signin(client, "ann@example.com")
    rounds = 4
    for n in range(rounds):
        page = client.post(f"/games/{game.id}/move", data={"version": game.version, "move": "take 1"})
        assert page.status_code == 302, page.get_data(as_text=True)
        mail = turn_rows(game, BOB)[-1]  # Bob is asked by Ann's move: his mail is sent at once
        assert (mail.status, len(turn_rows(game, BOB))) == ("sent", n + 1)
        beat(60)  # Bob reads it a minute later and answers by mail, and Ann is asked again
        answered = inbound.receive(reply(mail, "take 1"), "raw")
        assert answered.outcome == "done", answered.detail
        assert turn_rows(game, 0)[-1].status == "unwritten"  # held: she is at the table
        beat(60)  # she answers on the page a minute later (the next round), well within the delay
        db.session.refresh(game)
    beat()  # her last prompt is still open when its mail is due: that one goes
    mails = turn_rows(game, 0)
    sources = db.session.scalars(select(Move.source).where(Move.game_id == game.id, Move.seat == 0)).all()
    assert sources == ["web"] * rounds
    assert [row.status for row in mails] == ["sent"] + ["suppressed"] * (rounds - 1) + ["sent"], \
        [(row.status, row.last_error) for row in mails]
    assert all(row.status == "sent" for row in turn_rows(game, BOB)) and len(turn_rows(game, BOB)) == rounds


# --- the figure: a 12-move session on the page against bots, before and after ----------------------------------


def _web_session(client, make_game, name: str, moves: int = 12) -> list[str]:
    """`name` plays `moves` moves of Stone Age against three bots on the page, one a minute, the beat running
    between; the statuses of their turn mails after the last one was due."""
    rules = engine.get("stone-age")
    game = make_game(slug="stone-age", humans=(name,), bots=3, seed="quiet")
    signin(client, f"{name}@example.com")
    rnd = random.Random(1)
    for _ in range(moves):
        db.session.refresh(game)
        assert [p.seat for p in rules.pending(game.state)][:1] == [0]
        text = str(rules.bot_move(game.state, 0, rnd))
        page = client.post(f"/games/{game.id}/move", data={"version": game.version, "move": text})
        assert page.status_code == 302, page.get_data(as_text=True)
        beat(60)
    beat()
    return [row.status for row in turn_rows(game, 0)]


def test_twelve_moves_on_the_page_against_bots_bring_one_turn_mail_for_the_prompt_left_open(
        client, make_game, monkeypatch, app):
    monkeypatch.setitem(app.config, "QUIET_WINDOW_SECONDS", 0)
    try:
        before = _web_session(client, make_game, "ann")
        monkeypatch.setitem(app.config, "QUIET_WINDOW_SECONDS", WINDOW)
        monkeypatch.setitem(app.config, "QUIET_DELAY_SECONDS", DELAY)
        after = _web_session(client, make_game, "cat")
    finally:
        clock.reset()
    print(f"\n12 moves on the page in 12 minutes against 3 bots: turn mails sent without the quiet window "
          f"{before.count('sent')}, with it {after.count('sent')} ({after.count('suppressed')} dropped)")
    assert set(before) == {"sent"} and len(before) > 2
    # The mail of the start (before she played on the page) and the one of the prompt she left open.
    assert after.count("sent") == 2 and after[0] == after[-1] == "sent" and len(after) == len(before)

"""Issue 23, "Done when": a two-player Through the Ages game played by replies only, over rounds 2 to 4
(gunicorn with the raw webhook, a real Celery worker, the SMTP sink). Per mail it checks: a whole turn with an
over-limit hand, its discards named in the reply, is applied in full once the aggression in it is answered; the
attacker's mail tells how the aggression ended; a `done` that would bring an uprising is held with the
explanation, and `done anyway` ends the turn; a reply to an earlier turn's mail applies nothing and says which
turn it answered; every mail's lines fit 78 columns and its subject is under 78.

Seats: Bob (0, the start player) and Ann (1). Arranged in round 2 at Bob's political phase: Bob with six Warriors,
an unused worker, and four military cards (Raid I, Plunder I, Rats, Foray) against a limit of two; Ann with two
Warriors, a +4 defence bonus card, and no unused worker against a discontent worker (an uprising ahead)."""
from __future__ import annotations

import secrets

import pytest
from celery import Celery

from conftest import REDIS_URL
from mail_stack import body, mail_stack, words
from served import set_up
from test_tta_by_mail import Player, Table, phone_width
from tta_positions import at_politics_of_seat_0, pull_military, set_warriors

import test_tta_by_mail
from pbem import engine

pytestmark = pytest.mark.integration

REDIS_DB = REDIS_URL.rsplit("/", 1)[0] + "/13"  # its own broker: other tests flush theirs
RULES = engine.get("tta")
ANN, BOB = "ann@example.org", "bob@example.org"


def _arrange(app) -> int:
    from pbem import play
    from pbem.engine.tta import economy as eco
    from pbem.engine.tta.effects import uprising_ahead
    from pbem.extensions import db
    from pbem.models import User

    bob, ann = User(email=BOB, name="bob"), User(email=ANN, name="ann")
    db.session.add_all([bob, ann])
    db.session.commit()
    game = play.create_game(bob, "tta", seats=2, random_seating=False, turn_seconds=86400, timeout_extensions=0,
                            replace_after=5, seed="tta-whole-turn")
    play.join(game.id, ann)
    game = play.start_game(game.id, bob)
    state = game.state
    state["round"] = 2
    set_warriors(state, {0: 6, 1: 2})
    for card in ("mil/I/raid", "mil/I/plunder", "mil/I/rats", "mil/I/foray"):
        pull_military(state, card, 0)
    pull_military(state, "mil/II/bonus", 1)
    bob_seat, ann_seat = state["seats"]
    bob_seat["yellow"], bob_seat["idle"] = bob_seat["yellow"] - 1, bob_seat["idle"] + 1
    ann_seat["yellow"], ann_seat["idle"] = ann_seat["yellow"] + ann_seat["idle"], 0
    while not uprising_ahead(ann_seat, state["options"]):  # workers to the farm until the discontent shows
        ann_seat["yellow"] -= 1
        ann_seat["workers"]["civ/A/agriculture"] += 1
    assert not uprising_ahead(bob_seat, state["options"]) and ann_seat["idle"] == 0
    assert len(bob_seat["mil_hand"]) - eco.military_hand_limit(bob_seat) == 2
    at_politics_of_seat_0(game)
    return game.id


@pytest.fixture
def served(fresh_pg, smtp_server, tmp_path):
    game_id = set_up(fresh_pg, tmp_path / "instance", _arrange)
    secret = test_tta_by_mail.INBOUND_SECRET  # the Player class posts to the webhook with this secret
    with mail_stack(fresh_pg, smtp_server, tmp_path, REDIS_DB, secret) as base:
        yield (Player("Ann", ANN, base, smtp_server.handler), Player("Bob", BOB, base, smtp_server.handler),
               Table(fresh_pg, game_id))


def test_two_players_play_three_rounds_by_reply(served):
    ann, bob, table = served
    Celery(broker=REDIS_DB, set_as_current=False).send_task("pbem.tasks.deliver_outbox")

    # Round 2, Bob: his turn mail says a discard follows his political action; he answers with the whole turn.
    politics = bob.mail(1)
    assert "After your political action you keep 2 of your 4 military cards" in words(body(politics))
    bob.reply(politics, "aggression raid i ann\ntake 1\ndone\ndiscard Rats, Foray")
    held = words(body(bob.mail(2)))
    assert "queued until ann answers: take 1; done; discard Rats, Foray" in held, held
    assert table.asked() == [(1, "defend")]

    # Ann defends by reply; Bob's held lines run: the discard first, as asked, then his actions. Raid I left his
    # hand as his political action: one discard is asked, and the first card he named goes.
    attacked = ann.mail(1)
    ann.reply(attacked, "defend with +4")
    told = words(body(bob.mail(3)))
    assert told.index("Raid I by you failed against ann: 6 against 6.") < told.index(
        "Your queued lines were applied: discard Rats; take 1; done"), told
    assert not any(c.startswith("mil/I/rats:") for c in table.state()["seats"][0]["mil_hand"])

    # Ann's turn: her answer doubles as her turn mail. A plain `done` would bring an uprising: held, explained.
    her_turn = ann.mail(2)
    assert "It is your turn" in words(body(her_turn))
    ann.reply(her_turn, "done\ndone")
    refused = words(body(ann.mail(3)))
    assert "uprising" in refused and "done anyway" in refused, refused
    assert table.asked() == [(1, "actions")]
    ann.reply(ann.mail(3), "done anyway")
    table.wait(lambda: table.state()["round"] == 3 and table.asked() == [(0, "politics")], "round 3 asks Bob")

    # A reply to Ann's round-2 mail, arriving in round 3, applies nothing and says so. (The position was arranged
    # by hand, so the log cannot replay to name that turn: tests/service/test_written_for.py checks the naming.)
    version = table.state()
    ann.reply(her_turn, "done")
    old = words(body(ann.mail(5)))
    assert "this mail answered an earlier turn; the game is in round 3, turn of player 1" in old, old
    assert table.state() == version

    # Rounds 3 and 4: each plays a whole turn in one reply (and answers a discard, if one is asked meanwhile:
    # the held lines then run).
    for round_ in (3, 4):
        _whole_turn(bob, 0, table, lambda: [s for s, _ in table.asked()] == [1])
        _whole_turn(ann, 1, table, lambda: table.state()["round"] == round_ + 1)

    table.wait(lambda: table.queued(ANN) == len(ann.mails()) and table.queued(BOB) == len(bob.mails()),
               "every mail delivered")
    for mail in ann.mails() + bob.mails():
        phone_width(mail)
        assert len(mail["Subject"]) < 78, mail["Subject"]


def _whole_turn(player: Player, seat: int, table: Table, then) -> None:
    """`player` replies to its newest mail with a whole turn; a discard it is asked meanwhile is answered with the
    whole discard the answer offers; then `then()` must come."""
    # Reply to the newest mail once everything queued for this player has been delivered (its turn mail last).
    table.wait(lambda: _undelivered(table, player.address) == 0, "every mail to the player delivered")
    sent = len(player.mails())
    politics = table.asked() == [(seat, "politics")]
    player.reply(player.mails()[-1], "done\ndone anyway" if politics else "done anyway")
    answer = player.mail(sent + 1)  # the answer to this reply
    table.wait(lambda: then() or table.asked() == [(seat, "discard")],
               lambda: "the turn ends or a discard is asked: " + words(body(answer))[:1200])
    if not then():
        whole, every = RULES.CAPABILITIES.legal_texts(table.state(), seat)[:2]
        said = words(body(answer))
        assert "held until you are asked for them" in said and every in said, said  # all names, one line
        player.reply(answer, whole)
        table.wait(then, lambda: "the held lines ran after the discard: "
                   + words(body(player.mail(len(player.mails()))))[:1500])


def _undelivered(table: Table, address: str) -> int:
    return table._one("SELECT count(*) FROM outbox WHERE to_address = %s AND status IN ('unwritten', 'pending', "
                      "'sending')", address)[0]

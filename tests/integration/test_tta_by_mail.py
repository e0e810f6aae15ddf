"""Issue 14, "Done when": a full round of a 3-player Through the Ages game played by email replies only (raw MIME
through the served webhook, a real Celery worker delivering to an SMTP sink), with two interrupts: an aggression
answered by reply (`defend with +4`) and a pact offer answered by the partner's standing order (`standing pacts
refuse`, filed by mail). The round ends with a deadline passing (the scan, run by the worker for a later moment):
the bot plays the email player's turn and tells her.

Seats: Bob (0, the start player), a bot (1), Ann (2). The round is arranged in the database before any mail:
round 2, Bob at his political phase with six Warriors and Raid I; Ann with two Warriors, a +4 defence bonus card
and the pact Open Borders Agreement. Every mail Ann receives is read and asserted.
"""
from __future__ import annotations

import json
import secrets
import time
import urllib.request
from datetime import timedelta
from email.message import EmailMessage

import psycopg
import pytest
from celery import Celery

from conftest import REDIS_URL
from mail_stack import body, client_reply, examples, mail_stack, words
from served import set_up
from tta_positions import at_politics_of_seat_0, pull_military, set_warriors

from pbem import engine

pytestmark = pytest.mark.integration

INBOUND_SECRET = "tta-mail-" + secrets.token_hex(8)
REDIS_DB = REDIS_URL.rsplit("/", 1)[0] + "/11"  # its own broker: other tests flush theirs
RULES = engine.get("tta")
ANN, BOB = "ann@example.org", "bob@example.org"


class Player:
    """One player's mail program: replies as clients do (Reply-To, In-Reply-To, the original quoted) and reads
    the mails the SMTP sink received for this address, in order."""

    def __init__(self, name: str, address: str, base: str, sink):
        self.name, self.address, self.base, self.sink = name, address, base, sink

    def reply(self, mail: EmailMessage, text: str) -> str:
        """Send the reply; its Message-ID."""
        msg = client_reply(mail, f"{self.name} <{self.address}>", text)
        request = urllib.request.Request(f"{self.base}/inbound/raw/{INBOUND_SECRET}", data=msg.as_bytes(),
                                         headers={"Content-Type": "message/rfc822"})
        with urllib.request.urlopen(request, timeout=60) as response:
            assert response.status == 200 and json.load(response)["outcome"] != "error"
        return msg["Message-ID"]

    def mails(self) -> list[EmailMessage]:
        with self.sink.arrived:
            return [m for rcpts, m in self.sink.messages if self.address in rcpts]

    def mail(self, n: int, timeout: float = 60) -> EmailMessage:
        """The n-th mail delivered to this player (1-based), once the worker has delivered it."""
        end = time.monotonic() + timeout
        with self.sink.arrived:
            while len(mine := self.mails()) < n:
                left = end - time.monotonic()
                assert left > 0, f"mail {n} to {self.name} never arrived; got {[m['Subject'] for m in mine]}"
                self.sink.arrived.wait(min(left, 0.5))
        return mine[n - 1]


class Table:
    """The game as stored, read as a player reads the board in the mail."""

    def __init__(self, db_url: str, game_id: int):
        self.db_url, self.game_id = db_url, game_id

    def _one(self, sql: str, *args):
        with psycopg.connect(self.db_url, autocommit=True) as conn:
            return conn.execute(sql, args).fetchone()

    def state(self) -> dict:
        return self._one("SELECT state FROM games WHERE id = %s", self.game_id)[0]

    def asked(self) -> list[tuple[int, str]]:
        return [(p.seat, p.kind) for p in RULES.pending(self.state())]

    def queued(self, address: str) -> int:
        return self._one("SELECT count(*) FROM outbox WHERE to_address = %s", address)[0]

    def deadline(self, seat: int):
        return self._one("SELECT deadline FROM seats WHERE game_id = %s AND position = %s", self.game_id, seat)[0]

    def wait(self, predicate, what, timeout: float = 60) -> None:
        """Wait until `predicate()` holds (the worker does the scan in its own time); `what` (or what it returns,
        when called) says what never happened."""
        end = time.monotonic() + timeout
        while not predicate():
            assert time.monotonic() < end, f"never: {what() if callable(what) else what}; asked {self.asked()}"
            time.sleep(0.1)


def _arrange(app) -> int:
    """Bob, Ann and a bot; round 2 at Bob's political phase (module docstring); Bob's turn mail queued."""
    from pbem import play
    from pbem.extensions import db
    from pbem.models import User

    bob, ann = User(email=BOB, name="bob"), User(email=ANN, name="ann")
    db.session.add_all([bob, ann])
    db.session.commit()
    game = play.create_game(bob, "tta", seats=3, bots=1, random_seating=False, turn_seconds=3600,
                            timeout_extensions=0, replace_after=5, seed="tta-by-mail")  # the same bot moves each run
    play.join(game.id, ann)
    game = play.start_game(game.id, bob)
    state = game.state
    state["round"] = 2
    assert [s.user_id for s in sorted(game.seats, key=lambda s: s.position)] == [bob.id, None, ann.id]
    set_warriors(state, {0: 6, 2: 2})
    pull_military(state, "mil/I/raid", 0)
    pull_military(state, "mil/II/bonus", 2)
    pull_military(state, "mil/I/open_borders_agreement", 2)
    at_politics_of_seat_0(game)
    return game.id


@pytest.fixture
def served(fresh_pg, smtp_server, tmp_path):
    """gunicorn with the raw webhook, a Celery worker, the SMTP sink, the arranged game, Redis db 11."""
    game_id = set_up(fresh_pg, tmp_path / "instance", _arrange)
    with mail_stack(fresh_pg, smtp_server, tmp_path, REDIS_DB, INBOUND_SECRET) as base:
        yield (Player("Ann", ANN, base, smtp_server.handler), Player("Bob", BOB, base, smtp_server.handler),
               Table(fresh_pg, game_id))


def phone_width(mail: EmailMessage) -> None:
    """No line wider than 78 columns, but a link alone on its line (it must stay whole to work)."""
    wide = [line for line in body(mail).splitlines() if len(line) > 78 and not line.startswith("http")]
    assert not wide, wide


def test_a_round_of_tta_by_mail_with_an_attack_and_a_standing_order(served):
    ann, bob, table = served
    tag = "[pbem #%d Through the Ages]" % table.game_id
    # The arranged position was mailed to Bob alone; a kick delivers the queue (the served app kicks on each reply).
    Celery(broker=REDIS_DB, set_as_current=False).send_task("pbem.tasks.deliver_outbox")
    politics = bob.mail(1)
    assert politics["Subject"].startswith(f"{tag} Your turn: your political action")

    # Bob files his order on pacts and attacks Ann in one reply: Ann is asked to defend, by a mail that says
    # what attacks her, both strengths, the bonus cards she holds and what the bot answers at the deadline.
    bob.reply(politics, "standing pacts refuse\naggression raid i player 3")
    attacked = ann.mail(1)
    assert table.asked() == [(2, "defend")]
    # The subject holds what fits in 78 columns; the mail says the whole prompt.
    assert attacked["Subject"].startswith(f"{tag} Your turn: bob attacks you with Raid I") \
        and len(attacked["Subject"]) < 78
    text = body(attacked)
    assert ("bob attacks you with Raid I, strength 6: reach 6 with bonus cards and sacrifices to hold (a tie "
            "holds), or defend none") in words(text)
    assert "bob played Raid I against you (strength 6, 0 units sacrificed)." in words(text)
    assert "\nann (you): culture 0 (+0), science 0 (+1), strength 2, happy 0\n" in text
    assert ("Your military hand (2; limit 2): Defense / Colonization Bonus II (II): defence +4, colonization +2 "
            "Open Borders Agreement (I pact): both sides: +1 military action" in words(text))
    # What is done against her comes first, and once.
    assert text.count("bob played Raid I against you") == 1
    assert text.index("Against you since your last move:") < text.index("The board:")
    assert ("\nRaid I by bob on ann (you): attack strength 6\n"
            "Your strength is 2: you hold if you reach 6 (a tie holds).\n"
            "If the attack wins: you lose up to 1 urban building of one card (the most\n"
            "  costly); bob gets resources worth half their cost.\n"
            "Not answered by the deadline, the bot answers for you: defend with +4\n") in text
    assert "Deadline: " in text and "If you have not moved by then, the bot moves for you." in text
    assert examples(attacked) == ["defend none", "defend with +4"]

    # Ann defends by reply; the answer threads under her mail and says what was applied and what it did.
    sent = ann.reply(attacked, "defend with +4")
    held = ann.mail(2)
    assert held["Subject"] == "Re: " + attacked["Subject"] and held["In-Reply-To"] == sent
    assert ("Applied: defend with +4. What happened: You defended with strength 6 (1 bonus card, 0 units "
            "sacrificed). Raid I by bob failed against you: 6 against 6. Now waiting for bob.") in words(body(held))
    state = table.state()
    assert [c.split(":")[0] for c in state["seats"][2]["mil_hand"]] == ["mil/I/open_borders_agreement"]
    assert table.asked() == [(0, "actions")]

    # Bob ends his turn by reply; the bot plays its turn; then Ann's political phase: she holds a pact.
    bob_turn = bob.mail(3)
    assert "Raid I by you failed against ann: 6 against 6." in words(body(bob_turn))
    bob.reply(bob_turn, "done")
    offer = ann.mail(3)
    assert offer["Subject"].startswith(f"{tag} Your turn: your political action") and len(offer["Subject"]) < 78
    text = words(body(offer))
    assert "- bob ended the actions." in text and "- Bot 2 ended the actions." in text
    assert "- You: turn in round 2." in text and "Your military hand (1; limit 2): Open Borders Agreement (I pact)" in text
    assert "pact Open Borders Agreement bob" in examples(offer), examples(offer)  # players named, not numbered

    # Ann offers it to Bob, naming him as the example does: his standing order refuses it at once (he is not
    # asked); her answer says so and, since she is asked her actions now, doubles as her turn mail.
    sent = ann.reply(offer, "pact open borders agreement bob")
    refused = ann.mail(4)
    # The answer asks her for her actions: it is her turn mail, and says so in its subject (threaded all the same).
    assert refused["Subject"].startswith(f"{tag} Your turn: take your actions") and refused["In-Reply-To"] == sent
    text = words(body(refused))
    assert ("Applied: pact Open Borders Agreement bob. What happened: You offered Open Borders Agreement to "
            "bob (side A: you). Standing order of bob: refuse. bob refused Open Borders Agreement from you; it goes "
            "back to their hand.") in text
    assert "It is your turn: take your actions (cards from the row, building, then done)." in text
    assert "If you have not moved by then, the bot moves for you." in text
    state = table.state()
    assert state["pacts"] == [] and table.asked() == [(2, "actions")]
    assert any(c.startswith("mil/I/open_borders_agreement:") for c in state["seats"][2]["mil_hand"])

    # Ann lets her deadline pass: the worker's scan, run for a moment after it, has the bot play her actions and
    # tells her; the round ends and round 3 asks Bob.
    moment = table.deadline(2) + timedelta(minutes=1)
    Celery(broker=REDIS_DB, set_as_current=False).send_task("pbem.tasks.scan_deadlines", kwargs={"at": moment.isoformat()})
    notice = ann.mail(5)
    assert notice["Subject"].startswith(f"{tag} ann did not move in time: the bot played ")
    played = words(body(notice))
    assert played.startswith("ann did not move in time: the bot played ") and "; done." in played
    table.wait(lambda: table.state()["round"] == 3 and [s for s, _ in table.asked()] == [0], "round 3 asks Bob")

    # Exactly these five mails to Ann, each fit for a phone; Bob got his turns, the answers and the notice.
    table.wait(lambda: table.queued(ANN) == len(ann.mails()) == 5, "five mails to Ann, all delivered")
    for mail in ann.mails():
        phone_width(mail)
    table.wait(lambda: table.queued(BOB) == len(bob.mails()) == 6, "six mails to Bob, all delivered")
    subjects = [m["Subject"] for m in bob.mails()]
    assert subjects[1:4] == ["Re: " + politics["Subject"], bob_turn["Subject"], "Re: " + bob_turn["Subject"]]
    assert sorted(s.split("] ")[1].split(":")[0] for s in subjects[4:]) == ["Your turn", "ann did not move in time"]

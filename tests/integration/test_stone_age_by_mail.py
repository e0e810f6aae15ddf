"""Issue 23, "Done when": Stone Age by mail with one mail a round each. Two people, no bots: each answers the
first mail of a round with all its placements and its resolution lines; the lines wait for their moment (the
player's next placement, its turn to use its places) and the round completes with every line applied, or
acknowledged where the game resolved a place by itself, in the order written. Served by gunicorn with the raw
webhook, a real Celery worker delivering to the SMTP sink."""
from __future__ import annotations

import json
import secrets
import time
import urllib.request

import psycopg
import pytest
from celery import Celery

from conftest import REDIS_URL
from mail_stack import body, client_reply, mail_stack, words
from served import set_up

from pbem import engine

pytestmark = pytest.mark.integration

INBOUND_SECRET = "sa-mail-" + secrets.token_hex(8)
REDIS_DB = REDIS_URL.rsplit("/", 1)[0] + "/12"  # its own broker: other tests flush theirs
RULES = engine.get("stone-age")
ANN, BOB = "ann@example.org", "bob@example.org"

# Each one's whole round: placements first, then the places to resolve in this order (round 1: no tools yet).
ROUNDS = {
    1: {ANN: ["place 3 forest", "place 1 hunt", "place 1 toolmaker", "forest", "hunt tools none"],
        BOB: ["place 2 clay", "place 2 quarry", "place 1 field", "clay", "quarry"]},
    2: {BOB: ["place 3 hunt", "place 1 toolmaker", "place 1 field", "hunt tools none"],
        ANN: ["place 2 forest", "place 2 clay", "place 1 river", "forest tools none", "clay tools none"]},
}


def _arrange(app) -> int:
    from pbem import play
    from pbem.extensions import db
    from pbem.models import User

    ann, bob = User(email=ANN, name="ann"), User(email=BOB, name="bob")
    db.session.add_all([ann, bob])
    db.session.commit()
    game = play.create_game(ann, "stone-age", seats=2, random_seating=False, turn_seconds=86400,
                            seed="stone-age-by-mail")
    play.join(game.id, bob)
    return play.start_game(game.id, ann).id


@pytest.fixture
def served(fresh_pg, smtp_server, tmp_path):
    game_id = set_up(fresh_pg, tmp_path / "instance", _arrange)
    with mail_stack(fresh_pg, smtp_server, tmp_path, REDIS_DB, INBOUND_SECRET) as base:
        yield base, smtp_server.handler, fresh_pg, game_id


def _mails(sink, address: str) -> list:
    with sink.arrived:
        return [m for rcpts, m in sink.messages if address in rcpts]


def _mail(sink, address: str, n: int, timeout: float = 60):
    end = time.monotonic() + timeout
    with sink.arrived:
        while len(mine := _mails(sink, address)) < n:
            left = end - time.monotonic()
            assert left > 0, f"mail {n} to {address} never arrived; got {[m['Subject'] for m in mine]}"
            sink.arrived.wait(min(left, 0.5))
    return mine[n - 1]


def _reply(base: str, mail, sender: str, lines: list[str]) -> None:
    msg = client_reply(mail, sender, "\n".join(lines))
    request = urllib.request.Request(f"{base}/inbound/raw/{INBOUND_SECRET}", data=msg.as_bytes(),
                                     headers={"Content-Type": "message/rfc822"})
    with urllib.request.urlopen(request, timeout=60) as response:
        assert response.status == 200 and json.load(response)["outcome"] != "error"


def _one(pg: str, sql: str, *args):
    with psycopg.connect(pg, autocommit=True) as conn:
        return conn.execute(sql, args).fetchall()


def _wait(predicate, what, timeout: float = 60) -> None:
    """Wait until `predicate()` holds; `what` (or what it returns, when called) says what never happened."""
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, f"never: {what() if callable(what) else what}"
        time.sleep(0.1)


def test_each_player_sends_one_mail_a_round(served):
    base, sink, pg, game_id = served
    seat_of = {ANN: 0, BOB: 1}
    Celery(broker=REDIS_DB, set_as_current=False).send_task("pbem.tasks.deliver_outbox")
    state = lambda: _one(pg, "SELECT state FROM games WHERE id = %s", game_id)[0][0]  # noqa: E731
    read = {ANN: 0, BOB: 0}
    for round_, plans in ROUNDS.items():
        for address, lines in plans.items():
            # The first mail of the round that asks this player: its turn mail, or the answer to its own reply.
            _wait(lambda: seat_of[address] in [p.seat for p in RULES.pending(state())], f"{address} asked")
            read[address] = len(_mails(sink, address))
            mail = _mail(sink, address, read[address])
            _reply(base, mail, address, lines)
        _wait(lambda: state()["round"] == round_ + 1,
              lambda: (f"round {round_} completes: {state()['phase']}, asked "
                       f"{[(p.seat, p.kind) for p in RULES.pending(state())]}, held "
                       f"{_one(pg, 'SELECT position, queued FROM seats WHERE game_id = %s', game_id)}; "
                       f"last mails {[words(body(_mails(sink, a)[-1]))[:600] for a in (ANN, BOB)]}"))
        for address, lines in plans.items():
            logged = [text for (text,) in _one(pg, "SELECT text FROM moves WHERE game_id = %s AND seat = %s "
                                                   "AND opens_round IS NULL ORDER BY seq", game_id, seat_of[address])]
            # Every placement applied in the order written; each resolution line applied or acknowledged.
            placements = [line for line in lines if line.startswith("place")]
            assert [t for t in logged if t.startswith("place")][-len(placements):] == placements, logged
        assert all(q is None for (q,) in _one(pg, "SELECT queued FROM seats WHERE game_id = %s", game_id))
    # One mail a round each: the round's turn mail (or its answer) and what the held lines did, no more.
    for address in (ANN, BOB):
        _wait(lambda: len(_mails(sink, address)) == len(_one(pg, "SELECT id FROM outbox WHERE to_address = %s "
                                                                 "AND status = 'sent'", address)),
              f"mail to {address} delivered")
        mails = _mails(sink, address)
        assert len(mails) <= 2 * len(ROUNDS) + 2, [m["Subject"] for m in mails]
        for mail in mails:
            assert len(mail["Subject"]) < 78
            assert not [line for line in body(mail).splitlines() if len(line) > 78 and not line.startswith("http")]
        assert not any("not your turn" in words(body(m)) for m in mails), [words(body(m)) for m in mails]

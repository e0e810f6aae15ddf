"""Issue 11, "Done when": a player who only reads and writes mail plays three full rounds of a 3-player Stone Age
game against two bots, with the real parts: gunicorn serving the raw-MIME webhook, a Celery worker delivering
through an SMTP server (aiosmtpd), PostgreSQL and Redis.

Every mail Ann sends is built as a mail client builds a reply (her words above the quoted original, the
original's Reply-To as To, In-Reply-To and References naming it). She creates the game by mail, confirms,
places, resolves, answers an old turn mail, sends a two-line reply across an automatic resolution, writes more
than 30 mails in the hour and sets her language by mail. Each of her mails gets exactly one mail back, and the
test reads every one. What Ann types is chosen from what the game asks her (read from the database, as she
would read the board in the mail); the test waits on conditions only.
"""
from __future__ import annotations

import json
import secrets
import time
import urllib.request
from email import policy
from email.message import EmailMessage
from email.utils import make_msgid

import psycopg
import pytest

from conftest import REDIS_URL
from mail_stack import body, client_reply, examples, mail_stack, words
from served import set_up

from pbem import engine

pytestmark = pytest.mark.integration

ANN = "ann@example.org"
SUBJECT = "A game please"
INBOUND_SECRET = "email-only-" + secrets.token_hex(8)
REDIS_DB = REDIS_URL.rsplit("/", 1)[0] + "/12"  # its own broker and counters: other tests flush theirs
RULES = engine.get("stone-age")
DICE = ("forest", "clay", "quarry", "river")


class Mailer:
    """Ann's mail program: writes and replies as clients do, posts through the webhook, reads what arrives."""

    def __init__(self, base: str, sink, db_url: str):
        self.base, self.sink, self.db_url = base, sink, db_url
        self.sent = 0
        self.received: list[EmailMessage] = []

    def write(self, text: str) -> EmailMessage:
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = f"Ann <{ANN}>", "play@pbem.test", SUBJECT
        msg["Message-ID"] = make_msgid(domain="mail.example.org")
        msg.set_content(text + "\n")
        return self._post(msg)

    def reply(self, mail: EmailMessage, text: str) -> EmailMessage:
        msg = client_reply(mail, f"Ann <{ANN}>", text)
        return self._post(msg)

    def _post(self, msg: EmailMessage) -> EmailMessage:
        """Send through the webhook; the one mail back is queued before the webhook answers: wait for it."""
        request = urllib.request.Request(f"{self.base}/inbound/raw/{INBOUND_SECRET}", data=msg.as_bytes(),
                                         headers={"Content-Type": "message/rfc822"})
        with urllib.request.urlopen(request, timeout=60) as response:
            assert response.status == 200 and json.load(response)["outcome"] != "error"
        self.sent += 1
        assert self.queued() == self.sent, "not exactly one mail back"
        self.received.append(self.arrival(self.sent))
        return self.received[-1]

    def queued(self) -> int:
        with psycopg.connect(self.db_url, autocommit=True) as conn:
            return conn.execute("SELECT count(*) FROM outbox WHERE to_address = %s", (ANN,)).fetchone()[0]

    def arrival(self, n: int, timeout: float = 60) -> EmailMessage:
        """The n-th mail delivered to Ann (1-based), once the worker has delivered it."""
        deadline = time.monotonic() + timeout
        with self.sink.arrived:
            while True:
                mine = [m for rcpts, m in self.sink.messages if ANN in rcpts]
                if len(mine) >= n:
                    return mine[n - 1]
                left = deadline - time.monotonic()
                assert left > 0, f"mail {n} to Ann never arrived; got {[m['Subject'] for m in mine]}"
                self.sink.arrived.wait(min(left, 0.5))


class Table:
    """What the game is asking Ann, read from the database as she would read it in her mail."""

    def __init__(self, db_url: str):
        self.db_url = db_url
        self.game_id = self.seat = None

    def _one(self, sql: str, *args):
        with psycopg.connect(self.db_url, autocommit=True) as conn:
            return conn.execute(sql, args).fetchone()

    def find_game(self) -> None:
        self.game_id, self.seat = self._one(
            "SELECT g.id, s.position FROM games g JOIN seats s ON s.game_id = g.id JOIN users u ON u.id = s.user_id "
            "WHERE u.email = %s", ANN)

    def state(self) -> dict:
        state = self._one("SELECT state FROM games WHERE id = %s", self.game_id)[0]
        return json.loads(state) if isinstance(state, str) else state

    def moves(self) -> int:
        return self._one("SELECT count(*) FROM moves WHERE game_id = %s", self.game_id)[0]

    def asked(self) -> str | None:
        return next((p.kind for p in RULES.pending(self.state()) if p.seat == self.seat), None)


@pytest.fixture
def served(fresh_pg, smtp_server, tmp_path):
    """gunicorn with the raw webhook, a Celery worker, the SMTP sink, a fresh database, Redis db 12."""
    set_up(fresh_pg, tmp_path / "instance", lambda app: None)
    with mail_stack(fresh_pg, smtp_server, tmp_path, REDIS_DB, INBOUND_SECRET) as base:
        yield Mailer(base, smtp_server.handler, fresh_pg), Table(fresh_pg)


def test_three_rounds_played_only_by_mail(served):
    ann, table = served
    started = time.monotonic()

    # A stranger asks for a game; a From line proves nothing, so pbem asks her to reply first.
    question = ann.write("new stone-age with 2 bots")
    assert question["Subject"] == f"Re: {SUBJECT}" and question["Reply-To"].startswith("play+n")
    assert "reply to this mail" in words(body(question))
    first = ann.reply(question, "Yes, that was me.")
    table.find_game()
    text = words(body(first))
    assert f"You created game #{table.game_id}" in text and "It has started." in text
    assert "It is your turn: place your people" in text and "The board:" in body(first)
    assert first["Message-ID"].startswith(f"<answer.g{table.game_id}s{table.seat}-")

    latest, tool_round, planned, old_answered, acknowledged = first, None, {}, False, 0
    while table.state()["round"] <= 3:
        state, kind = table.state(), table.asked()
        assert kind is not None, "every answer that leaves Ann to act comes while she is asked"
        text = words(body(latest))
        # An answer that leaves her to act is her turn mail: it says so in its subject, under 78 columns.
        assert latest["Subject"].startswith(f"[pbem #{table.game_id} Stone Age] ") and len(latest["Subject"]) < 78
        if kind == "place" and state["round"] == 2 and not old_answered:
            # The round-1 mail answered in round 2: nothing applies, and the answer says why and what is asked.
            before = table.moves()
            latest = ann.reply(first, "place 2 hunt")
            assert table.moves() == before and table.asked() == "place"
            text = words(body(latest))
            assert ('This line was not applied: > place 2 hunt Why: this mail answered round 1, placing people; the '
                    'game is in round 2, placing people now, so this line and the ones after it were not applied: '
                    'here is what is asked now') in text
            assert "Applied:" not in text and "It is your turn: place your people" in text
            old_answered = True
            continue
        if kind == "place":
            line = _placement(state, table.seat, tool_round, planned)
            if line == "place 1 toolmaker":
                tool_round = state["round"]
            latest = ann.reply(latest, line)
            assert f"Applied: {line}." in words(body(latest))
        elif kind == "act" and state["round"] == tool_round:
            # The turn mail's own examples in one reply: the second place resolves by itself after the first
            # (its tools were said ahead), so its line is acknowledged with its roll, not refused.
            place = planned[tool_round]
            before = table.moves()
            latest = ann.reply(latest, f"hunt tools none\n{place} tools auto")
            text = words(body(latest))
            assert "Applied: hunt tools none. Already done, nothing more to do: " in text
            assert f'"{place} tools auto": {place} is already resolved: You rolled ' in text
            assert "No tools were used." in text and "not applied" not in text
            assert table.moves() > before
            acknowledged += 1
        else:  # a tool question, a die to pick, feeding: the mail's first example
            line = examples(latest)[0].split(" (")[0]
            latest = ann.reply(latest, line)
            assert "Applied: " in words(body(latest)), body(latest)
    assert old_answered and acknowledged == 1 and table.state()["phase"] == "place"

    # More than 30 mails in the hour: a player at her seat is answered every time.
    while ann.sent < 32:
        latest = ann.reply(latest, "status")
        assert f"Game #{table.game_id}" in words(body(latest)) and "The board:" in body(latest)
    # Her language, by mail: the answer and every mail after it are French.
    latest = ann.reply(latest, "language fr")
    assert "Désormais, pbem vous écrit en français." in words(body(latest))
    latest = ann.reply(latest, "status")
    assert "C'est à vous : " in words(body(latest))

    # Exactly one mail back per mail, nothing else: every row delivered once, each an answer to her mail.
    ann.arrival(ann.sent)
    assert ann.queued() == ann.sent == len(ann.received) > 31
    turn_subject = f"[pbem #{table.game_id} Stone Age] "
    assert all(m["Subject"] == f"Re: {SUBJECT}" or m["Subject"].startswith(turn_subject) for m in ann.received)
    assert all(m["Auto-Submitted"] == "auto-replied" for m in ann.received)
    print(f"\n{ann.sent} mails each way in {time.monotonic() - started:.1f} s")


def _placement(state: dict, seat: int, tool_round: int | None, planned: dict) -> str:
    """Ann's next placement, one of those the rules allow now (one placement a place each round, two village places
    at most with three players): the toolmaker when she can take it, then in that round the hunt and another dice
    place with "tools none" said ahead; otherwise one person on each of up to three dice places, then the rest on
    the hunt."""
    legal = {str(move) for move in RULES.legal(state, seat)}
    me, board, round_ = state["seats"][seat], state["board"], state["round"]
    left = me["people"] - me["placed"]
    if tool_round is None and left >= 5 and "place 1 toolmaker" in legal:
        return "place 1 toolmaker"
    if tool_round == round_:
        if not board["hunt"][seat]:
            return f"place {min(2, left - 1)} hunt"
        planned[round_] = next(pid for pid in DICE if f"place {left} {pid} tools none" in legal)
        return f"place {left} {planned[round_]} tools none"
    used = sum(1 for pid in DICE if board[pid][seat])
    one = next((f"place 1 {pid}" for pid in DICE if f"place 1 {pid}" in legal), None)
    if used < 3 and left > 1 and one:
        return one
    return f"place {left} hunt"

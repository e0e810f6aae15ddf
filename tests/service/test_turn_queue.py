"""Lines queued behind an interrupt (issue 13): the rest of a submission after a line that asked another human to
answer, while the sender's turn goes on, is applied as the sender when the game asks it again in that turn."""
from __future__ import annotations

import re

from conftest import signin
from sqlalchemy import select
from sqlalchemy.orm.attributes import flag_modified
from test_inbound import answers_to, reply, turn_mail, words
from test_tta_deadline import _at_politics

from pbem import outbox, play
from pbem.extensions import db
from pbem.mail import inbound, writing
from pbem.models import Game, Move, Outbox

RAID = "aggression raid i player 2"


def _raid_ready(make_game) -> Game:
    """Bob (seat 0) at his political phase with Raid I in hand and 2 resources on his mine; Ann (seat 1) is human."""
    game = make_game("tta", humans=("bob", "ann"), turn_seconds=3600)
    _at_politics(game)
    bob = game.state["seats"][0]
    bob["tokens"]["civ/A/bronze"], bob["blue"] = 2, bob["blue"] - 2
    flag_modified(game, "state")
    db.session.commit()
    return game


def _queue_mails(game: Game) -> list[str]:
    return [words(r.text) for r in db.session.scalars(select(Outbox).where(
        Outbox.game_id == game.id, Outbox.dedupe_key.like(f"queued:{game.id}:0:%")).order_by(Outbox.id))]


def _turn_mails(game: Game, seat: int = 0) -> list[Outbox]:
    return list(db.session.scalars(select(Outbox).where(
        Outbox.game_id == game.id, Outbox.dedupe_key.like(f"turn:{game.id}:{seat}:%")).order_by(Outbox.id)))


def _since(game: Game) -> int:
    """The newest outbox row so far: the mails after it are the ones a step queued."""
    return db.session.scalar(select(Outbox.id).order_by(Outbox.id.desc()).limit(1)) or 0


def _mails_to(address: str, after: int) -> list[Outbox]:
    return list(db.session.scalars(select(Outbox).where(Outbox.to_address == address, Outbox.id > after)
                                   .order_by(Outbox.id)))


def _defend_by_web(client, game: Game, command: str) -> None:
    signin(client, "ann@example.com")
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    form = next(f for f in re.findall(r"<form [^>]*>.*?</form>", page, re.S) if 'name="command"' in f)
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    sent = client.post(f"/games/{game.id}/move", data={**fields, "command": command, "confirmed": "1"})
    assert sent.status_code == 302, sent.data



def _raid_queued_then_defended(make_game, queued: str) -> tuple[Game, int]:
    """Bob raids Ann with `queued` lines behind the raid, and Ann defends: (the game then, `_since` before the
    defence)."""
    game = _raid_ready(make_game)
    play.submit(game.id, 0, f"{RAID}\n{queued}", "web", "raid")
    before = _since(game)
    assert play.submit(game.id, 1, "defend with +4", "web", "defence").ok
    return db.session.get(Game, game.id), before

def test_a_build_mailed_after_an_aggression_waits_for_the_defence_then_is_applied(client, make_game):
    game = _raid_ready(make_game)
    inbound.receive(reply(turn_mail(game, 0), f"{RAID}\nbuild farm Agriculture"), "raw")
    answer = words(answers_to("bob@example.com")[-1].text)
    assert "queued until ann answers: build farm Agriculture" in answer, answer
    assert "not your turn" not in answer
    game = db.session.get(Game, game.id)
    assert game.seat_at(0).queued["lines"] == ["build farm Agriculture"]

    before = _since(game)
    _defend_by_web(client, game, "defend with +4")
    db.session.expire_all()
    game = db.session.get(Game, game.id)
    log = [(m.seat, m.text, m.source) for m in db.session.scalars(select(Move).where(Move.game_id == game.id)
                                                                   .order_by(Move.seq))]
    assert log[-2:] == [(1, "defend with +4", "web"), (0, "build farm Agriculture", "queue")], log
    assert game.state["seats"][0]["workers"]["civ/A/agriculture"] == 3
    assert game.seat_at(0).queued is None
    # Bob is asked again in his turn: one mail, his turn mail, says first what his queue did.
    [mail] = _mails_to("bob@example.com", before)
    assert mail.kind == "turn" and _queue_mails(game) == []
    text = words(mail.text)
    # The attacker hears first how the aggression ended, then what his queue did.
    assert text.startswith("Hello bob, Meanwhile: - ann defended with strength 6"), text
    assert ("Raid I by you failed against ann: 6 against 6. Your queued lines were applied: build farm Agriculture "
            "It is your turn") in text, text
    assert "Your queued lines were applied: build farm Agriculture" in mail.html


def test_a_queue_is_dropped_with_a_word_when_the_turn_moved_on(make_game):
    """Ann's deadline passes and Bob's turn ends before he is asked again (here: the turn is moved on by hand)."""
    game = _raid_ready(make_game)
    outcome = play.submit(game.id, 0, f"{RAID}\nbuild farm Agriculture", "web", "raid")
    assert outcome.queued == ["build farm Agriculture"] and outcome.queued_for == ["ann"], outcome.to_dict()
    game = db.session.get(Game, game.id)
    game.state["turn"] = 1  # as if Bob's turn had ended while Ann was asked
    flag_modified(game, "state")
    db.session.commit()
    assert play.submit(game.id, 1, "defend with +4", "web", "defence").ok
    game = db.session.get(Game, game.id)
    assert game.seat_at(0).queued is None
    assert not any(m.source == "queue" for m in db.session.scalars(select(Move).where(Move.game_id == game.id)))
    [mail] = _queue_mails(game)
    assert "Your queued lines were dropped: the turn they were written for is over: build farm Agriculture" in mail


def test_a_failing_queued_line_is_reported_with_what_is_legal(make_game):
    game, before = _raid_queued_then_defended(make_game, "build farm Irrigation\nbuild farm Agriculture")
    assert not any(m.source == "queue" for m in db.session.scalars(select(Move).where(Move.game_id == game.id)))
    [turn] = _mails_to("bob@example.com", before)
    assert turn.kind == "turn" and _queue_mails(game) == []
    mail = words(turn.text)
    assert 'Your queued line "build farm Irrigation" failed' in mail and "the lines after it were not applied" in mail
    assert "You can send: " in mail and "build farm Agriculture" in mail.split("You can send: ")[1], mail
    assert game.seat_at(0).queued is None


def test_a_new_submission_or_undo_clears_the_queue(make_game):
    game = _raid_ready(make_game)
    play.submit(game.id, 0, f"{RAID}\nbuild farm Agriculture", "web", "raid")
    refused = play.submit(game.id, 0, "build farm Agriculture", "web", "again")
    assert not refused.ok and "not your turn" in refused.error
    assert db.session.get(Game, game.id).seat_at(0).queued is None
    play.submit(game.id, 1, "defend with +4", "web", "defence")
    assert not any(m.source == "queue" for m in db.session.scalars(select(Move).where(Move.game_id == game.id)))
    assert _queue_mails(db.session.get(Game, game.id)) == []


def test_no_queue_when_the_next_line_waits_for_another_players_own_turn(make_game):
    """Only an interrupt holds lines: after "done" ends Bob's turn, a further line is refused as before."""
    game = make_game("tta", humans=("bob", "ann"), turn_seconds=3600)
    outcome = play.submit(game.id, 0, "done\ntake 1", "web", "turn")
    assert outcome.queued == [] and "not your turn" in outcome.error, outcome.to_dict()


def test_the_queue_runs_when_the_bot_answers_the_interrupt_at_its_deadline(make_game):
    from datetime import timedelta

    game = _raid_ready(make_game)
    game.timeout_extensions, game.replace_after = 0, 5
    db.session.commit()
    play.submit(game.id, 0, f"{RAID}\nbuild farm Agriculture", "web", "raid")
    ann = db.session.get(Game, game.id).seat_at(1)
    assert play.expire_turn(game.id, 1, ann.deadline + timedelta(minutes=1))
    game = db.session.get(Game, game.id)
    last = db.session.scalars(select(Move).where(Move.game_id == game.id).order_by(Move.seq.desc())).first()
    assert (last.seat, last.text, last.source) == (0, "build farm Agriculture", "queue")
    assert game.seat_at(0).queued is None and _queue_mails(game) == []
    assert "Your queued lines were applied: build farm Agriculture" in words(_turn_mails(game)[-1].text)


def test_a_queue_whose_seat_is_not_asked_after_it_gets_a_mail_of_its_own(make_game):
    """The queue ends Bob's turn ("done"): no turn mail of his follows, so the queue's result is mailed alone."""
    game, before = _raid_queued_then_defended(make_game, "done")
    [mail] = _mails_to("bob@example.com", before)
    assert mail.dedupe_key.startswith(f"queued:{game.id}:0:"), mail.dedupe_key
    assert "Your queued lines were applied: done" in words(mail.text)


def test_a_turn_mail_carrying_a_queue_result_goes_as_a_notice_when_the_turn_was_answered_first(make_game):
    """The turn mail is written after the commit; if Bob moved before it was, the queue's result still reaches him."""
    game = _raid_ready(make_game)
    play.submit(game.id, 0, f"{RAID}\nbuild farm Agriculture", "web", "raid")
    assert play.submit(game.id, 1, "defend with +4", "web", "defence").ok
    game = db.session.get(Game, game.id)
    row = _turn_mails(game)[-1]
    # Back to unwritten and due, as the verbs store it (a sent row's next_attempt_at is its claim's lease, ahead).
    row.status, row.text, row.html, row.next_attempt_at = outbox.UNWRITTEN, "", None, row.created_at
    row.data = {"queued": [{"lines": ["build farm Agriculture"], "outcome": {"applied": ["build farm Agriculture"]}}]}
    game.seat_at(0).prompt_version = None  # as if Bob had answered before the mail was written
    db.session.commit()
    assert len(writing.write_unwritten(db.session, 10)) == 1
    row = db.session.get(Outbox, row.id)
    assert (row.kind, row.status) == ("notice", "pending"), (row.kind, row.status, row.last_error)
    assert words(row.text).startswith("Your queued lines were applied: build farm Agriculture.")


def test_the_web_form_says_what_is_queued(client, make_game):
    game = _raid_ready(make_game)
    signin(client, "bob@example.com")
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    form = next(f for f in re.findall(r"<form [^>]*>.*?</form>", page, re.S) if 'name="command"' in f)
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    sent = client.post(f"/games/{game.id}/move", data={**fields, "command": f"{RAID}\nbuild farm Agriculture",
                                                      "confirmed": "1"}, follow_redirects=True)
    assert "queued until ann answers: build farm Agriculture" in sent.get_data(as_text=True)

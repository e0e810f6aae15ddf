"""Issue 23: a whole turn in one submission. Lines for a later step of the seat's plan (a TtA turn, a Stone Age
round) wait until the seat is asked for them: discards named anywhere, actions after a discard or an event's
choice, placements and resolutions sent together; what cannot apply any more is said once."""
from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm.attributes import flag_modified
from test_tta_deadline import _at_politics
from tta_positions import pull_military

from pbem import engine, play
from pbem.extensions import db
from pbem.models import Game, Move

TTA = engine.get("tta")
STONE_AGE = engine.get("stone-age")


def _over_the_limit(make_game, humans=("bob", "ann")) -> Game:
    """Bob (seat 0) at his political phase in round 2 with 4 civil actions and four military cards (Raid I,
    Plunder, Rats, Foray) against a hand limit of 2: after his political action he must discard two."""
    game = make_game("tta", humans=humans, turn_seconds=3600)
    _at_politics(game)
    for card in ("mil/I/plunder", "mil/I/rats", "mil/I/foray"):
        pull_military(game.state, card, 0)
    bob = game.state["seats"][0]
    bob["ca"] = 4
    flag_modified(game, "state")
    db.session.commit()
    assert len(bob["mil_hand"]) == 4
    return game


def _log(game: Game, seat: int = 0) -> list[str]:
    return list(db.session.scalars(select(Move.text).where(Move.game_id == game.id, Move.seat == seat)
                                   .order_by(Move.seq)))


def _kinds(game: Game) -> list[tuple[int, str]]:
    db.session.expire_all()
    state = db.session.get(Game, game.id).state
    return [(p.seat, p.kind) for p in TTA.pending(state)]


def test_discards_named_after_the_actions_are_used_when_the_discard_is_asked(make_game):
    game = _over_the_limit(make_game)
    outcome = play.submit(game.id, 0, "take 1\ndone\ndiscard Rats, Foray", "email", "whole-1")
    assert outcome.ok and not outcome.queued, outcome
    # No political action (an action was sent), the discard as asked, then the actions in the order written.
    assert _log(game) == ["done", "discard Rats", "discard Foray", "take 1", "done"]
    assert _kinds(game)[0][0] == 1  # Ann's turn now


def test_discards_named_first_wait_for_the_discard(make_game):
    game = _over_the_limit(make_game)
    outcome = play.submit(game.id, 0, "discard plunder, rats\ntake 1\ndone", "email", "whole-2")
    assert outcome.ok and not outcome.queued, outcome
    assert _log(game) == ["done", "discard Plunder I", "discard Rats", "take 1", "done"]


def test_discards_in_japanese_with_the_japanese_comma(make_game):
    game = _over_the_limit(make_game)
    outcome = play.submit(game.id, 0, "1 取る\n捨てる Rats、Foray\n終了", "email", "whole-ja")
    assert outcome.ok and not outcome.queued, outcome
    assert _log(game) == ["done", "discard Rats", "discard Foray", "take 1", "done"]


def test_actions_after_an_unanswered_discard_are_held_and_run_once_it_is_answered(make_game):
    game = _over_the_limit(make_game)
    outcome = play.submit(game.id, 0, "take 1\ndone", "email", "whole-3")
    assert outcome.ok and outcome.queued == ["take 1", "done"] and outcome.queued_for == [], outcome
    assert _log(game) == ["done"] and _kinds(game) == [(0, "discard")]
    # Answering what was asked in passing keeps the plan; it runs at once.
    answered = play.submit(game.id, 0, "discard Raid I, Plunder", "web", "whole-3-discard")
    assert answered.ok and answered.applied == ["discard Raid I", "discard Plunder I"], answered
    assert _log(game) == ["done", "discard Raid I", "discard Plunder I", "take 1", "done"]
    assert db.session.get(Game, game.id).seat_at(0).queued is None


def test_new_moves_replace_held_lines(make_game):
    game = _over_the_limit(make_game)
    play.submit(game.id, 0, "take 1\ndone", "email", "whole-4")
    outcome = play.submit(game.id, 0, "discard Raid I, Plunder\ntake 2\ndone", "email", "whole-4-again")
    assert outcome.ok and _log(game) == ["done", "discard Raid I", "discard Plunder I", "take 2", "done"]


def test_a_wrong_line_still_stops_the_reading(make_game):
    """Only lines for a later step wait: a card not in hand is refused at once, and nothing after it runs."""
    game = _over_the_limit(make_game)
    outcome = play.submit(game.id, 0, "take 1\ndiscard Phalanx\ndone", "email", "whole-5")
    assert not outcome.ok and outcome.failed_line == "discard Phalanx"
    assert "take 1" not in outcome.applied


def test_a_line_of_a_later_step_alone_is_refused_as_not_now(make_game):
    """Nothing moved the game: the discard asked for before the political action fails as it would alone."""
    game = _over_the_limit(make_game)
    outcome = play.submit(game.id, 0, "discard Rats", "email", "whole-6")
    assert not outcome.ok and "not now" in outcome.error and _log(game) == []


# --- Stone Age: one mail a round -------------------------------------------------------------------------


def _two_humans(make_game) -> Game:
    return make_game("stone-age", humans=("ann", "bob"), seed="whole-round")


def test_stone_age_placements_sent_together_wait_for_each_turn(make_game):
    game = _two_humans(make_game)
    start = game.state["turn"]
    first, second = start, 1 - start
    outcome = play.submit(game.id, first, "place 3 forest\nplace 1 hunt\nplace 1 toolmaker", "email", "sa-1")
    assert outcome.applied == ["place 3 forest"] and outcome.queued == ["place 1 hunt", "place 1 toolmaker"]
    assert outcome.queued_for == ["bob" if first == 0 else "ann"]
    # Each placement of the other seat lets one held line run.
    play.submit(game.id, second, "place 2 clay", "web", "sa-2")
    assert _log(game, first) == ["place 3 forest", "place 1 hunt"]
    play.submit(game.id, second, "place 1 quarry", "web", "sa-3")
    assert _log(game, first) == ["place 3 forest", "place 1 hunt", "place 1 toolmaker"]
    assert db.session.get(Game, game.id).seat_at(first).queued is None


def test_stone_age_one_mail_a_round_each_places_and_resolves_in_order(make_game):
    """Each human sends one mail for round 1: all its placements, then its resolution lines. The round completes
    with every line applied (or acknowledged: a place that resolved by itself) in the order written."""
    game = _two_humans(make_game)
    first, second = game.state["turn"], 1 - game.state["turn"]
    play.submit(game.id, first, "place 3 forest\nplace 1 hunt\nplace 1 toolmaker\nhunt tools auto\n"
                "forest tools none", "email", "round-a")
    outcome = play.submit(game.id, second, "place 2 clay\nplace 2 quarry\nplace 1 field\nclay tools none",
                          "email", "round-b")
    assert outcome.ok, outcome
    game = db.session.get(Game, game.id)
    assert game.state["round"] == 2, (game.state["phase"], [s.queued for s in game.seats])
    assert _log(game, first)[:4] == ["place 3 forest", "place 1 hunt", "place 1 toolmaker", "hunt tools auto"]
    assert _log(game, second)[:3] == ["place 2 clay", "place 2 quarry", "place 1 field"]
    assert all(s.queued is None for s in game.seats)


def test_a_defender_not_asked_reads_the_aggression_first_in_the_next_turn_mail(make_game):
    """Ann is as strong as Bob's Raid: the tie holds without asking her. Her next turn mail says so at the top,
    before the rest of the news."""
    from test_inbound import words

    from pbem.models import Outbox

    game = make_game("tta", humans=("bob", "ann"), turn_seconds=3600)
    _at_politics(game)
    ann = game.state["seats"][1]
    ann["yellow"] -= 4
    ann["workers"]["civ/A/warriors"] = 6
    ann["mil_hand"] = []
    flag_modified(game, "state")
    db.session.commit()
    outcome = play.submit(game.id, 0, "aggression raid i player 2\ndone", "web", "tie")
    assert outcome.ok and outcome.applied[-1] == "done" and not outcome.queued, outcome
    from pbem.mail import writing

    writing.write_unwritten(db.session, 50)
    mail = db.session.scalars(select(Outbox).where(Outbox.to_address == "ann@example.com",
                                                   Outbox.dedupe_key.like("turn:%")).order_by(Outbox.id.desc())).first()
    text = words(mail.text)
    head = text.index("Against you since your last move:")
    assert head < text.index("Since your last move:") and "failed against you: 6 against 6" in text[head:], text


def test_the_turn_mail_says_beforehand_that_a_discard_follows_and_the_answer_lists_the_whole_discard(make_game):
    from pbem.presentation.tta.mail_board import board_text

    game = _over_the_limit(make_game)
    board = board_text(game.state, 0, "en", ["bob", "ann"])
    assert "After your political action you keep 2 of your 4 military cards" in " ".join(board.split())
    assert "捨てる" in board_text(game.state, 0, "ja", ["bob", "ann"])
    play.submit(game.id, 0, "done", "web", "to-discard")
    state = db.session.get(Game, game.id).state
    whole, every = TTA.CAPABILITIES.legal_texts(state, 0)[:2]
    assert whole.startswith("discard ") and whole.count(",") == 1  # two cards, one line
    assert every == "discard <2 of: Raid I, Plunder I, Rats, Foray>"
    assert play.submit(game.id, 0, whole, "email", "whole-discard").ok


def test_a_standing_order_answers_the_discard_and_a_discard_named_anyway_is_acknowledged(make_game):
    """`standing discards default`: the discard step gives up the least useful cards at once (as the deadline
    would), so a whole turn needs no discard line; one sent anyway is acknowledged, not refused."""
    game = _over_the_limit(make_game)
    assert play.submit(game.id, 0, "standing discards default", "email", "order").ok
    outcome = play.submit(game.id, 0, "take 1\ndone", "email", "order-turn")
    assert outcome.ok and not outcome.queued, outcome
    assert _log(game) == ["standing discards default", "done", "take 1", "done"]
    passed = db.session.scalars(select(Move.events).where(Move.game_id == game.id, Move.text == "done")
                                .order_by(Move.seq)).first()
    assert [e["move"].split(" ")[0] for e in passed if e["kind"] == "standing_order_applied"] == ["discard"] * 2
    other = _over_the_limit(make_game, humans=("cy", "dee"))
    play.submit(other.id, 0, "standing discards default", "email", "order-2")
    outcome = play.submit(other.id, 0, "take 1\ndiscard Rats, Foray\ndone", "email", "order-2-turn")
    assert outcome.ok and [a["line"] for a in outcome.acknowledged] == ["discard Rats, Foray"], outcome
    assert "standing order on discards" in outcome.acknowledged[0]["message"]

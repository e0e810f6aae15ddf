"""play.submit and the lobby verbs, on the real PostgreSQL database, with the test-only Countdown game."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from pbem import play
from pbem.extensions import db
from pbem.models import Move, Outbox, Seat


def outbox(kind: str | None = None) -> list[Outbox]:
    query = select(Outbox).order_by(Outbox.id)
    if kind:
        query = query.where(Outbox.kind == kind)
    return list(db.session.scalars(query))


def test_start_asks_the_first_seat_by_one_mail(make_game):
    game = make_game()
    turns = outbox("turn")
    assert [row.to_address for row in turns] == ["ann@example.com"]
    assert turns[0].dedupe_key == f"turn:{game.id}:0:0"
    assert "take 1" in turns[0].text and "Reply-To" in turns[0].headers
    assert game.seat_at(0).deadline is not None and game.seat_at(1).deadline is None


def test_a_legal_move_is_logged_and_asks_the_next_seat(make_game):
    game = make_game()
    outcome = play.submit(game.id, 0, "take 2", "web", "k1")
    assert outcome.ok and outcome.applied == ["take 2"] and outcome.version == 1
    moves = db.session.scalars(select(Move).where(Move.game_id == game.id)).all()
    assert [(m.seq, m.seat, m.text, m.source) for m in moves] == [(1, 0, "take 2", "web")]
    assert [row.to_address for row in outbox("turn")] == ["ann@example.com", "bob@example.com"]
    db.session.refresh(game)
    assert game.state["pile"] == 19 and game.seat_at(0).prompt_version is None


def test_repeated_key_returns_the_first_outcome_and_applies_once(make_game):
    game = make_game()
    first = play.submit(game.id, 0, "take 1", "email", "email:<abc@x>")
    again = play.submit(game.id, 0, "take 1", "email", "email:<abc@x>")
    assert first.ok and again.repeated and again.applied == ["take 1"]
    db.session.refresh(game)
    assert game.version == 1 and game.state["pile"] == 20


def test_not_your_turn_names_who_is_awaited(make_game):
    game = make_game()
    outcome = play.submit(game.id, 1, "take 1", "web", "k")
    assert not outcome.ok and outcome.error == "it is not your turn: waiting for ann"
    assert outcome.failed_line == "take 1"


def test_bad_command_quotes_the_line_and_lists_legal_moves(make_game):
    game = make_game()
    outcome = play.submit(game.id, 0, "take 1\ntake 9\ntake 1", "email", "k")
    # The first line applied; the second is not legal for seat 0 any more: it is bob's turn.
    assert outcome.applied == ["take 1"] and outcome.failed_line == "take 9"
    assert "waiting for bob" in outcome.error


def test_several_commands_apply_in_order(make_game):
    game = make_game(humans=("ann", "bob"))
    outcome = play.submit(game.id, 0, "take 3; take 7", "web", "k")
    assert outcome.applied == ["take 3"] and outcome.failed_line == "take 7"


def test_stale_form_is_refused_and_nothing_applies(make_game):
    game = make_game()
    play.submit(game.id, 0, "take 1", "web", "k1")
    with pytest.raises(play.StaleForm, match="moved on"):
        play.submit(game.id, 1, "take 1", "web", "k2", expect_version=0)
    db.session.refresh(game)
    assert game.version == 1


def test_bots_play_their_turns_in_the_same_transaction(make_game):
    game = make_game(humans=("ann",), bots=2)
    outcome = play.submit(game.id, 0, "take 1", "web", "k1")
    db.session.refresh(game)
    assert outcome.ok and game.version >= 3
    sources = [m.source for m in db.session.scalars(select(Move).where(Move.game_id == game.id).order_by(Move.seq))]
    assert sources[:3] == ["web", "bot", "bot"]
    assert play.replay(game) == []


def test_bots_answer_between_the_lines_of_one_submission(make_game):
    """Against bots a player may send several turns at once; the log interleaves them as played."""
    game = make_game(humans=("ann",), bots=2)
    outcome = play.submit(game.id, 0, "take 1\ntake 2\ntake 1", "email", "k1")
    assert outcome.ok and outcome.applied == ["take 1", "take 2", "take 1"]
    log = [(m.source, m.text) for m in db.session.scalars(select(Move).where(Move.game_id == game.id)
                                                          .order_by(Move.seq))]
    assert [t for s, t in log if s == "email"] == ["take 1", "take 2", "take 1"]
    assert [s for s, _ in log[:4]] == ["email", "bot", "bot", "email"]
    assert play.replay(game) == []
    # Against a human the second line waits for them and is refused, as before.
    duel = make_game(humans=("cid", "dan"))
    outcome = play.submit(duel.id, 0, "take 1\ntake 2", "email", "k2")
    assert outcome.applied == ["take 1"] and "waiting for dan" in outcome.error


def test_a_seat_asked_again_after_bots_gets_a_new_mail(make_game):
    game = make_game(humans=("ann",), bots=1)
    play.submit(game.id, 0, "take 1", "web", "k1")
    keys = [row.dedupe_key for row in outbox("turn")]
    assert keys == [f"turn:{game.id}:0:0", f"turn:{game.id}:0:2"]


def test_game_over_records_the_result_and_tells_everyone(make_game):
    game = make_game(options={"pile": 9})
    for n, (seat, take) in enumerate([(0, 1), (1, 3), (0, 3), (1, 2)]):
        assert play.submit(game.id, seat, f"take {take}", "web", f"k{n}").ok
    db.session.refresh(game)
    assert game.status == "finished" and game.result["ranking"][0] == 1
    assert sorted(row.to_address for row in outbox("end")) == ["ann@example.com", "bob@example.com"]
    with pytest.raises(play.PlayError, match="not being played"):
        play.submit(game.id, 0, "take 1", "web", "late")
    assert play.replay(game) == []


def test_replay_detects_a_tampered_state(make_game):
    game = make_game()
    play.submit(game.id, 0, "take 2", "web", "k1")
    db.session.refresh(game)
    game.state = {**game.state, "pile": 5}
    db.session.commit()
    assert any("differs" in p for p in play.replay(game))


def test_lobby_refuses_what_it_must(ctx, make_user):
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    with pytest.raises(play.PlayError, match="for 2, 3, 4 players"):
        play.create_game(ann, "test-countdown", seats=7)
    with pytest.raises(play.PlayError, match="unknown game"):
        play.create_game(ann, "chess", seats=2)
    with pytest.raises(play.PlayError, match="option pile"):
        play.create_game(ann, "test-countdown", seats=2, options={"pile": 1000})
    game = play.create_game(ann, "test-countdown", seats=2)
    with pytest.raises(play.PlayError, match="1 of 2 seats"):
        play.start_game(game.id, ann)
    play.join(game.id, bob)
    with pytest.raises(play.PlayError, match="all 2 seats"):
        play.join(game.id, cat)
    with pytest.raises(play.PlayError, match="only the host"):
        play.start_game(game.id, bob)
    play.start_game(game.id, ann)
    with pytest.raises(play.PlayError, match="already started"):
        play.join(game.id, cat)


def test_invitation_reserves_a_seat_for_that_address(ctx, make_user):
    ann = make_user("ann")
    game = play.create_game(ann, "test-countdown", seats=2, title="Sunday duel", turn_seconds=36 * 3600,
                            weekend_pause=True)
    play.invite(game.id, ann, "Dora@Example.com")
    assert [row.to_address for row in outbox("invite")] == ["dora@example.com"]
    text = outbox("invite")[0].text  # what the invited player needs to decide
    assert '"Sunday duel"' in text and "Time per turn: 36 hours." in text and "Saturdays and Sundays" in text
    with pytest.raises(play.PlayError, match="all 2 seats"):
        play.join(game.id, make_user("eve"))
    dora = make_user("dora")
    seat = play.join(game.id, dora)
    assert seat.user_id == dora.id and seat.invited_email is None


def test_random_seating_is_fixed_by_the_seed(ctx, make_user):
    users = [make_user(n) for n in ("ann", "bob", "cat", "dan")]
    game = play.create_game(users[0], "test-countdown", seats=4, seed="s1")
    for user in users[1:]:
        play.join(game.id, user)
    play.start_game(game.id, users[0])
    order = [s.user.name for s in sorted(game.seats, key=lambda s: s.position)]
    assert sorted(order) == ["ann", "bob", "cat", "dan"]
    assert db.session.scalar(select(Seat.position).where(Seat.user_id == users[0].id)) == order.index("ann")


def test_a_key_from_another_game_or_seat_is_refused(make_game):
    game = make_game()
    assert play.submit(game.id, 0, "take 1", "email", "email:<same@x>").ok
    with pytest.raises(play.PlayError, match="another game or seat"):
        play.submit(game.id, 1, "take 1", "email", "email:<same@x>")


def test_table_talk_goes_to_the_others_only(make_game, make_user):
    game = make_game()
    ann = game.seat_at(0).user
    play.say(game.id, ann, "good luck <all>")
    chats = outbox("chat")
    assert [row.to_address for row in chats] == ["bob@example.com"] and "good luck <all>" in chats[0].text
    with pytest.raises(play.NotAllowed):
        play.say(game.id, make_user("eve"), "hi")
    with pytest.raises(play.PlayError, match="say what"):
        play.say(game.id, ann, "   ")


def test_unverified_expansion_is_not_offered_and_five_need_it(ctx, make_user):
    ann = make_user("ann")
    with pytest.raises(play.PlayError, match="expansion=style is not available yet"):
        play.create_game(ann, "stone-age", seats=4, options={"expansion": "style"})
    with pytest.raises(play.PlayError, match="for 2, 3, 4 players, not 5"):
        play.create_game(ann, "stone-age", seats=5)

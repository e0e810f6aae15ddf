"""`undo`: a seat takes back its moves of this turn, by submit, the web page and email, while they revealed nothing
and asked nobody; the log keeps them and the replay check holds."""
from __future__ import annotations

import itertools
import re

from conftest import signin
from sqlalchemy import select
from test_inbound import answers_to, reply, turn_mail, words

from pbem import engine, play
from pbem.extensions import db
from pbem.mail import inbound
from pbem.models import Game, Move, Outbox

_keys = itertools.count()

# Seed "undo-1", 2 players: three rounds of everyone on forest and clay leave both players 3 food short; the
# dice roll when the last person of a round is placed (an undo barrier), so round 3 ends with both asked to feed.
FEED_ROUNDS = [(0, "place 5 forest"), (1, "place 5 clay"), (1, "place 5 forest"), (0, "place 5 clay"),
               (0, "place 5 forest"), (1, "place 5 clay")]


def send(game: Game, seat: int, text: str, source: str = "web") -> play.Outcome:
    return play.submit(game.id, seat, text, source, f"{source}:test-{next(_keys)}")


def fresh(game: Game) -> Game:
    db.session.expire_all()
    return db.session.get(Game, game.id)


def log(game: Game) -> list[tuple]:
    return [(m.seq, m.seat, m.text, m.undone_by) for m in db.session.scalars(
        select(Move).where(Move.game_id == game.id).order_by(Move.seq))]


def mail_count(address: str) -> int:
    return len(db.session.scalars(select(Outbox.id).where(Outbox.to_address == address)).all())


def both_hungry(make_game) -> Game:
    game = make_game("stone-age", seed="undo-1")
    for seat, text in FEED_ROUNDS:
        assert send(game, seat, text).ok, text
    game = fresh(game)
    assert sorted((p.seat, p.kind) for p in engine.get("stone-age").pending(game.state)) == [(0, "feed"), (1, "feed")]
    return game


def test_a_feeding_choice_is_taken_back_and_the_log_keeps_it(make_game):
    game = both_hungry(make_game)
    before, bob_prompt, bob_mails = game.state, game.seat_at(1).prompt_version, mail_count("bob@example.com")
    assert send(game, 0, "feed with wood 3").ok
    outcome = send(game, 0, "undo")
    assert outcome.ok and outcome.applied == ["undo"] and outcome.version == 8
    game = fresh(game)
    assert game.state == before and game.version == 8
    assert log(game)[-2:] == [(7, 0, "feed with wood 3", 8), (8, 0, "undo", None)]
    # Ann is asked again; bob, asked all along, keeps his prompt and got no mail.
    assert game.seat_at(0).prompt_version == 8 and game.seat_at(1).prompt_version == bob_prompt
    assert mail_count("bob@example.com") == bob_mails
    # Ann, asked again, gets her turn mail again: the board as it is after the undo.
    [again] = db.session.scalars(select(Outbox).where(Outbox.dedupe_key == f"turn:{game.id}:0:8")).all()
    assert f"It is your turn in Stone Age (game #{game.id}): feed your people (3 food short)." in again.text
    assert "feed with wood 3" in again.text
    assert play.replay(game) == []
    # Fed otherwise; once bob has fed (the round ends, the row is refilled), nothing is taken back.
    assert send(game, 0, "feed with wood 2 brick 1").ok and send(game, 1, "feed with brick 3").ok
    refused = send(game, 0, "undo")
    assert not refused.ok and refused.error == "you have no move to take back: bob has played since your last move"
    assert fresh(game).version == 10 and play.replay(fresh(game)) == []


def test_undo_and_a_new_choice_in_one_submission(make_game):
    game = both_hungry(make_game)
    outcome = send(game, 0, "feed with wood 3; undo; feed with wood 2 brick 1", source="email")
    assert outcome.applied == ["feed with wood 3", "undo", "feed with wood 2 brick 1"]
    game = fresh(game)
    assert log(game)[-3:] == [(7, 0, "feed with wood 3", 8), (8, 0, "undo", None), (9, 0, "feed with wood 2 brick 1", None)]
    assert play.replay(game) == []


def test_a_die_roll_and_asking_the_next_player_are_final(make_game):
    game = make_game("stone-age", seed="undo-1")
    # In one submission bob's prompt is not stored yet: replaying the turn finds that he was asked.
    first = send(game, 0, "place 5 forest\nundo")
    assert first.applied == ["place 5 forest"]
    assert first.error == "your last move asked bob to play, so it cannot be taken back"
    asked = send(game, 0, "undo")
    assert not asked.ok and asked.error == "your last move asked bob to play, so it cannot be taken back"
    for seat, text in FEED_ROUNDS[1:4]:
        assert send(game, seat, text).ok
    # Ann's last placement rolled everyone's dice and began round 3, where she places first.
    rolled = send(game, 0, "取り消し")
    assert not rolled.ok and rolled.error.startswith("your last move revealed what was hidden")
    assert rolled.error_in("ja") != rolled.error
    assert fresh(game).version == 4 and play.replay(fresh(game)) == []


def test_tta_two_actions_are_taken_back_and_done_is_final(make_game):
    rules = engine.get("tta")
    game = make_game("tta", seed="undo-2")
    take = next(str(m) for m in rules.legal(game.state, 0) if str(m).startswith("take"))
    assert send(game, 0, take).ok and send(game, 0, "done").ok
    refused = send(game, 0, "undo")
    assert not refused.ok and "asked bob" in refused.error
    game = fresh(game)
    before = game.state
    # Round 1: the second player has two civil actions; taking a card from the open row reveals nothing.
    for _ in range(2):
        game = fresh(game)
        take = next(str(m) for m in rules.legal(game.state, 1) if str(m).startswith("take"))
        assert send(game, 1, take).ok
    assert send(game, 1, "rückgängig").applied == ["undo"]
    game = fresh(game)
    assert game.state == before and [m[3] for m in log(game)[-3:]] == [5, 5, None]
    assert play.replay(game) == []


def test_tta_a_revealed_event_is_final(make_game):
    game = make_game("tta", seed="undo-2")
    for seat in (0, 1, 0, 1, 0):
        assert send(game, seat, "done").ok
    assert send(game, 1, "event Cultural Influence").ok
    refused = send(game, 1, "annuler")
    assert not refused.ok and refused.error.startswith("your last move revealed what was hidden")


def test_undo_takes_nothing_after_it_and_a_game_without_the_contract_refuses(make_game):
    game = both_hungry(make_game)
    assert send(game, 0, "feed with wood 3").ok
    assert send(game, 0, "undo 2").error == ("write undo alone on its line: it takes back your moves since the start "
                                             "of your turn")
    countdown = make_game(humans=("cy", "di"))
    assert send(countdown, 0, "undo").error.startswith("Countdown does not allow taking a move back")


def test_the_replay_check_catches_a_tampered_undo(make_game):
    game = both_hungry(make_game)
    assert send(game, 0, "feed with wood 3").ok and send(game, 0, "undo").ok
    fed = db.session.scalar(select(Move).where(Move.game_id == game.id, Move.seq == 7))
    fed.undone_by = None
    db.session.commit()
    problems = play.replay(fresh(game))
    assert any("undo 8 lists moves [7] but [] are marked" in p for p in problems)


def _form(page: str, value: str) -> dict:
    for form in re.findall(r"<form [^>]*>.*?</form>", page, re.S):
        if f'value="{value}"' in form:
            return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    raise AssertionError(f"no form sends {value!r}")


def test_the_page_offers_undo_and_a_form_made_before_it_is_stale(client, make_game):
    game = both_hungry(make_game)
    signin(client, "ann@example.com")
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert 'id="undo-form"' not in page  # nothing of ann's to take back yet
    feed_form = _form(page, "feed with wood 3")
    assert client.post(f"/games/{game.id}/move", data={**feed_form, "move": "feed with wood 3"}).status_code == 302
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert 'id="undo-form"' in page and "You may take back your last move" in page
    undo_form = _form(page, "undo")
    assert undo_form["version"] == "7" and "csrf_token" in undo_form
    other_tab = _form(client.get(f"/games/{game.id}").get_data(as_text=True), "undo")  # the page open twice
    response = client.post(f"/games/{game.id}/move", data={**undo_form, "move": "undo"})
    assert response.status_code == 302
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Done: undo" in page and 'id="undo-form"' not in page and "You took back 1 move" in page
    # The same form sent twice (a double click) undoes once; the other tab's form was made before the undo.
    again = client.post(f"/games/{game.id}/move", data={**undo_form, "move": "undo"}, follow_redirects=True)
    assert "This form was already sent; it was applied once: undo" in again.get_data(as_text=True)
    stale = client.post(f"/games/{game.id}/move", data={**other_tab, "move": "undo"})
    assert stale.status_code == 409 and "moved on" in stale.get_data(as_text=True)
    assert fresh(game).version == 8
    # Undo refused: the page again, with the reason.
    form = _form(client.get(f"/games/{game.id}").get_data(as_text=True), "feed with wood 3")
    refused = client.post(f"/games/{game.id}/move", data={**form, "command": "undo"})
    assert refused.status_code == 422 and "bob has played since your last move" in refused.get_data(as_text=True)


def test_undo_by_mail_answers_with_the_board_and_a_repeated_mail_undoes_once(make_game):
    game = both_hungry(make_game)
    inbound.receive(reply(turn_mail(game, 0), "feed with wood 3"), "raw")
    bob_mails = mail_count("bob@example.com")
    undo_mail = reply(turn_mail(game, 0), "undo")
    row = inbound.receive(undo_mail, "raw")
    assert row.outcome == "done"
    answer = answers_to("ann@example.com")[-1]
    text = words(answer.text)
    assert "Applied: undo." in text and "You took back 1 move" in text
    assert "feed with wood 3" in text  # asked to feed again, with the commands to do it
    game = fresh(game)
    assert game.version == 8 and game.state["hungry"] == [3, 3]
    # The same mail again (a retry, a second delivery): stored once, nothing undone twice, no second answer.
    again = inbound.receive(undo_mail, "raw")
    assert again.id == row.id and fresh(game).version == 8 and len(answers_to("ann@example.com")) == 2
    assert mail_count("bob@example.com") == bob_mails
    assert play.replay(fresh(game)) == []


def test_a_move_the_bot_played_at_the_deadline_is_final(make_game):
    from datetime import timedelta

    game = make_game("stone-age", seed="undo-1", timeout_extensions=0)
    assert play.expire_turn(game.id, 0, game.seat_at(0).deadline + timedelta(seconds=1))
    played = db.session.execute(select(Move.seat, Move.source).where(Move.game_id == game.id)).all()
    assert played and set(played) == {(0, "timeout")}
    refused = send(fresh(game), 0, "undo")
    assert refused.error == "you have no move to take back: the bot played your last move when the deadline passed"


def test_an_undo_reads_you_for_its_player_and_the_name_for_the_others(app):
    """A tester read "Kenji が 1 手を取り消しました" about their own undo, where every game line says あなた."""
    from flask_babel import force_locale

    from pbem.engine import get
    from pbem.presentation import news as undoing

    event = {"kind": undoing.UNDO, "seat": 0, "moves": [3]}
    rules = get("stone-age")
    with app.test_request_context():
        assert undoing.describe(rules, event, 0, "en", ["Kenji", "Bob"]) == "You took back 1 move"
        assert undoing.describe(rules, event, 1, "en", ["Kenji", "Bob"]) == "Kenji took back 1 move"
        with force_locale("ja"):
            assert undoing.describe(rules, event, 0, "ja", ["Kenji", "Bob"]) == "あなたが 1 手を取り消しました"

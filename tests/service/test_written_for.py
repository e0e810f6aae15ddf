"""Issue 11, point 1: a reply acts only on the part of the game (round and phase) its turn mail asked about."""
from __future__ import annotations

import random

from pbem import engine, play
from pbem.extensions import db

RULES = engine.get("stone-age")


def _prompt_version(game, seat: int = 0) -> int:
    db.session.refresh(game)
    return game.seat_at(seat).prompt_version


def _play_until(game, done) -> None:
    """Ann plays bot moves by the web until `done(state)`."""
    rnd = random.Random(3)
    for n in range(400):
        db.session.refresh(game)
        if done(game.state):
            return
        outcome = play.submit(game.id, 0, str(RULES.bot_move(game.state, 0, rnd)), "web", f"web:until-{n}")
        assert outcome.ok, outcome
    raise AssertionError("never reached")


def test_a_reply_to_a_round_one_mail_is_not_applied_in_round_two(make_game):
    game = make_game("stone-age", humans=("ann",), bots=1)
    asked = _prompt_version(game)
    _play_until(game, lambda s: s["round"] == 2 and s["phase"] == "place" and s["turn"] == 0)
    before = game.version
    outcome = play.submit(game.id, 0, "place 2 hunt\nplace 1 toolmaker", "email", "email:<old@x>", written_for=asked)
    db.session.refresh(game)
    assert outcome.applied == [] and outcome.moved_on and game.version == before
    assert outcome.failed_line == "place 2 hunt"
    assert outcome.error == ("this mail answered round 1, placing people; the game is in round 2, placing people "
                             "now, so this line and the ones after it were not applied: here is what is asked now")
    assert outcome.legal  # what is asked now comes with the refusal
    assert "第1ラウンドの配置" in outcome.error_in("ja") and "Runde 2, Einsetzen" in outcome.error_in("de")


def test_lines_planned_ahead_apply_to_the_next_prompts_of_the_same_phase(make_game):
    """Bots answer between the lines; both placements belong to round 1's placing."""
    game = make_game("stone-age", humans=("ann",), bots=1)
    outcome = play.submit(game.id, 0, "place 2 hunt\nplace 1 forest", "email", "email:<plan@x>",
                          written_for=_prompt_version(game))
    assert outcome.ok and outcome.applied == ["place 2 hunt", "place 1 forest"]


def test_a_line_for_the_next_phase_is_not_applied_from_a_placing_mail(make_game):
    """`place 2 hunt` / `place 1 toolmaker` with two people left: the second line once landed in round 2."""
    game = make_game("stone-age", humans=("ann",), bots=1)
    _play_until(game, lambda s: s["phase"] == "place" and s["turn"] == 0
                and s["seats"][0]["people"] - s["seats"][0]["placed"] == 2)
    round_, before = game.state["round"], _own_moves(game)
    outcome = play.submit(game.id, 0, "place 2 hunt\nplace 1 toolmaker", "email", "email:<two@x>",
                          written_for=_prompt_version(game))
    assert outcome.applied == ["place 2 hunt"] and outcome.moved_on and outcome.failed_line == "place 1 toolmaker"
    assert _own_moves(game) == before + ["place 2 hunt"]  # the second line went nowhere
    # Where the game went next depends on the bot (resolving places, or the next round's placing
    # when everything resolved by itself): the answer names both.
    assert outcome.error.startswith(f"this mail answered round {round_}, placing people; the game is in ")
    assert f"round {round_}, placing people now" not in outcome.error


def _own_moves(game) -> list[str]:
    from pbem.models import Move

    return list(db.session.scalars(db.select(Move.text).where(Move.game_id == game.id, Move.seat == 0)
                                   .order_by(Move.seq)))


def test_without_a_known_prompt_lines_apply_as_before(make_game):
    game = make_game("stone-age", humans=("ann",), bots=1)
    outcome = play.submit(game.id, 0, "place 2 hunt", "email", "email:<none@x>")
    assert outcome.ok and not outcome.moved_on


def test_a_reply_to_an_old_tta_turn_mail_applies_nothing_and_says_which_turn_it_answered(make_game):
    """Issue 23: a Japanese player answered his round-1 turn mail with 終了 in round 5; it passed his political
    action. A TtA turn mail answers one turn (the round and whose turn), whatever phases the reply plays."""
    tta = engine.get("tta")
    game = make_game("tta", humans=("ann",), bots=1)
    asked = _prompt_version(game)
    rnd = random.Random(5)
    for n in range(2000):
        db.session.refresh(game)
        if game.state["round"] >= 3 and 0 in [p.seat for p in tta.pending(game.state)]:
            break
        assert play.submit(game.id, 0, str(tta.bot_move(game.state, 0, rnd)), "web", f"web:tta-{n}").ok
    else:
        raise AssertionError("round 3 never came")
    before, now_key = game.version, tta.turn_key(game.state, 0)
    outcome = play.submit(game.id, 0, "done", "email", "email:<old-tta@x>", written_for=asked)
    db.session.refresh(game)
    assert outcome.applied == [] and outcome.moved_on and game.version == before
    assert outcome.error.startswith("this mail answered round 1, turn of player 1; the game is in round ")
    assert tta.turn_key_text(now_key, "en") in outcome.error
    assert "第1ラウンドのプレイヤー1の手番" in outcome.error_in("ja")
    # A reply to the mail of the turn under way plays the whole turn, across its phases.
    current = _prompt_version(game)
    line = str(tta.bot_move(game.state, 0, random.Random(1)))
    assert play.submit(game.id, 0, line, "email", "email:<new-tta@x>", written_for=current).applied == [line]

"""Issue 11, point 2: a line naming a place already resolved this round (by the player's own line, or by the
engine when one choice was left) is answered with what happened there, as AlreadyDone, not refused."""
import random

import pytest
from stone_age_helpers import SA, acting, game, play, prompts, seat

from pbem.engine import AlreadyDone
from pbem.engine.stone_age.moves import Work


def _forest_then_clay_by_itself():
    """Seat 0 on the forest (3) and the clay pit (2) with a tool of 2: it chooses the order, says the forest,
    and the clay pit then resolves by itself (a 5 needs 3 more for a brick: the tool cannot help). Seat 1,
    with two rolls and a tool of its own, is asked next."""
    state = seat(seat(game(2), 0, tools=[2, 0, 0]), 1, tools=[1, 0, 0])
    state, _ = acting(state, {0: {"forest": 3, "clay": 2}, 1: {"hunt": 3, "quarry": 2}}, (3, 9), [2, 3])
    assert prompts(state) == [(0, "act")]
    return play(state, 0, "forest tools none")


def test_a_tool_choice_for_a_place_resolved_by_itself_says_what_was_used():
    state, events = _forest_then_clay_by_itself()
    assert [e["kind"] for e in events if e["seat"] == 0][:4] == ["rolled", "gained", "rolled", "gained"]
    before = state
    with pytest.raises(AlreadyDone) as caught:
        play(state, 0, "clay tools auto")
    assert caught.value.message == ('"clay tools auto": clay is already resolved: You rolled 2 3 (total 5) for '
                                    'clay pit. You got 1 brick. No tools were used.')
    assert caught.value.in_locale("ja") == ('"clay tools auto": 煉瓦鉱山は解決済みです：あなたは煉瓦鉱山で2 3を出した'
                                            '（合計5）。 あなたはレンガを1個得た。 道具は使われませんでした。')
    assert "Lehmgrube ist schon ausgewertet" in caught.value.in_locale("de")
    assert state is before and SA.pending(state) == SA.pending(before)


def test_a_place_the_player_resolved_is_answered_with_its_roll_even_out_of_turn():
    """Seat 0 is done and seat 1 acts: `forest tools none` again is not "not your turn"."""
    state, _ = _forest_then_clay_by_itself()
    assert prompts(state) == [(1, "act")]
    with pytest.raises(AlreadyDone) as caught:
        play(state, 0, "forest tools none")
    assert caught.value.message == ('"forest tools none": forest is already resolved: You rolled 4 3 2 (total 9) '
                                    'for forest. You got 3 wood. No tools were used.')


def test_villages_cards_and_buildings_resolved_are_answered_too():
    state = seat(seat(game(2), 0, wood=0, brick=0, stone=0, gold=0), 1, tools=[1, 0, 0])
    state, _ = acting(state, {0: {"hut": 2, "civ1": 1, "building1": 1}, 1: {"hunt": 3, "quarry": 2}})
    assert prompts(state) == [(1, "act")]
    # Nothing to pay with: everything resolved by itself.
    for line, said in (("hut", "You now have 6 people."), ("civ 1 skip", "You took the person back"),
                       ("build 1 skip", "You took the person back")):
        with pytest.raises(AlreadyDone) as caught:
            play(state, 0, line)
        assert said in caught.value.message


def test_a_place_never_used_is_still_refused_and_the_record_lasts_until_the_next_resolving():
    state, _ = _forest_then_clay_by_itself()
    with pytest.raises(Exception) as caught:
        play(state, 0, "quarry tools none")
    assert not isinstance(caught.value, AlreadyDone)
    rnd = random.Random(1)

    def until(done):
        nonlocal state
        while not done(state):
            pr = SA.pending(state)[0]
            state, _ = SA.apply(state, pr.seat, SA.bot_move(state, pr.seat, rnd))

    # While round 2's people are placed, a reply written for round 1's resolving still finds its record,
    # and says which part of the game it belongs to.
    until(lambda s: s["phase"] == "place")
    with pytest.raises(AlreadyDone) as caught:
        SA.apply(state, 0, Work("clay", "auto"))
    assert caught.value.part == "1:act" == SA.turn_key({"round": 1, "phase": "act"}, 0)
    until(lambda s: s["phase"] == "act")
    assert (state.get("done") or {"round": 2})["round"] == 2


def test_a_card_or_building_line_read_while_the_next_round_is_placed_is_answered_too():
    """A tester's "build 3 skip", for a building resolved by itself, arrived while round 2's people were placed:
    it read as a placement ("I do not know what skip means here"). A line that pays or skips is a resolution."""
    state = seat(seat(game(2), 0, wood=0, brick=0, stone=0, gold=0), 1, tools=[1, 0, 0])
    state, _ = acting(state, {0: {"hut": 2, "civ1": 1, "building1": 1}, 1: {"hunt": 3, "quarry": 2}})
    rnd = random.Random(2)
    while state["phase"] != "place":
        pr = SA.pending(state)[0]
        state, _ = SA.apply(state, pr.seat, SA.bot_move(state, pr.seat, rnd))
    for line in ("build 1 skip", "civ 1 skip", "civ 1 pay wood"):
        with pytest.raises(AlreadyDone) as caught:
            play(state, 0, line)
        assert "You took the person back" in caught.value.message and caught.value.part == "1:act"
    assert SA.parse("build 1", state, 0)[0].pid == "building1"  # a placement still needs no verb

"""TtA part 2: standing orders (the issue): a defence and a pact policy filed ahead, any time, that answer the
prompts they cover so that an email game does not stall."""
import random

import pytest

from pbem.engine import tta
from pbem.engine.base import CommandError, IllegalMove
from pbem.engine.tta.moves import Standing

from tta_helpers import act, tta_state
from test_tta_conflict import asked, kinds, politics
from test_tta_military import mil, units


def attacked(order: str | None, bonus: int = 1) -> tuple[dict, list]:
    """Seat 0 (strength 6) plays Raid I on seat 1 (strength 3, `bonus` +4 cards) after seat 1 filed `order`."""
    state = politics(tta_state())
    units(state, 0, swordsmen=3)
    units(state, 1, warriors=3)
    for _ in range(bonus):
        mil(state, "mil/II/bonus", seat=1)
    mil(state, "mil/I/raid")
    events = []
    if order:
        state, events = act(state, order, seat=1)  # seat 1 is not asked: orders are filed any time
    state, more = act(state, "aggression raid i player 2")
    return state, events + more


def test_an_order_is_filed_by_a_seat_that_is_not_asked_and_only_it_sees_it():
    state, events = attacked("standing defence never", bonus=0)
    ev = [e for e in events if e["kind"] == "standing_order"][0]
    assert ev["to"] == [1] and state["orders"]["1"]["defence"] == "never"
    assert tta.describe(ev, 0, "en") == ""  # not even that an order was filed
    assert "defence" in tta.describe(ev, 1, "en")


def test_defence_never_answers_at_once_with_no_defence():
    state, events = attacked("standing defence never")
    assert asked(state) == [(0, "actions")] and "attack_won" in kinds(events)
    assert len(state["seats"][1]["mil_hand"]) == 1  # the +4 card was not used
    applied = [e for e in events if e["kind"] == "standing_order_applied"]
    assert applied[0]["seat"] == 1 and applied[0]["move"] == "defend none"


def test_defence_cheapest_answers_with_the_cheapest_sufficient_defence():
    state, events = attacked("standing defence cheapest")
    assert asked(state) == [(0, "actions")] and "attack_held" in kinds(events)
    assert state["seats"][1]["mil_hand"] == []


def test_defence_ask_and_no_order_prompt_the_defender():
    for order in ("standing defence ask", None):
        state, _ = attacked(order)
        assert asked(state) == [(1, "defend")]


def test_an_order_filed_while_asked_answers_the_prompt():
    state, _ = attacked(None)
    state, events = act(state, "standing defence cheapest", seat=1)
    assert asked(state) == [(0, "actions")] and "attack_held" in kinds(events)


def test_the_deadline_answer_is_the_bots_cheapest_sufficient_defence():
    """With "ask" and no answer, the deadline makes the bot answer (play/timeouts.py): the cheapest defence."""
    state, _ = attacked("standing defence ask")
    assert str(tta.bot_move(state, 1, random.Random(3))) == "defend with +4"


def offered(order: str | None, by: int = 0) -> tuple[dict, list, str]:
    """Seat `by` offers Peace Treaty to seat 1 (3 players) after seat 1 filed `order`."""
    state = politics(tta_state(players=3))
    state["stack"][-1]["seat"] = by
    state["turn"] = by
    events = []
    if order:
        state, events = act(state, order, seat=1)
    copy = mil(state, "mil/III/peace_treaty", seat=by)
    state, more = act(state, "pact peace treaty player 2", seat=by)
    return state, events + more, copy


def test_pacts_refuse_refuses_at_once():
    state, events, copy = offered("standing pacts refuse")
    assert "pact_refused" in kinds(events) and copy in state["seats"][0]["mil_hand"]
    assert asked(state) == [(0, "actions")]


def test_pacts_accept_from_a_named_player_only():
    state, events, copy = offered("standing pacts accept player 1")
    assert "pact_accepted" in kinds(events) and state["pacts"][0]["card"] == copy
    state, events, _ = offered("standing pacts accept player 3")
    assert asked(state) == [(1, "pact_answer")]


def test_pacts_accept_from_anybody():
    state, events, _ = offered("standing pacts accept", by=2)
    assert "pact_accepted" in kinds(events)


@pytest.mark.parametrize("text, move", [
    ("standing defence cheapest", Standing("defence", "cheapest")),
    ("常備 防御 最安", Standing("defence", "cheapest")),
    ("consigne defense jamais", Standing("defence", "never")),
    ("dauerauftrag verteidigung fragen", Standing("defence", "ask")),
    ("standing pacts accept player 1 player 3", Standing("pacts", "accept", (0, 2))),
    ("standing pacts refuse", Standing("pacts", "refuse"))])
def test_standing_commands_in_four_languages(text, move):
    state = tta_state(players=3)
    assert tta.parse(text, state, 1) == [move]
    assert tta.parse(str(move), state, 1) == [move]


def test_bad_orders_say_what_is_possible():
    state = tta_state(players=3)
    with pytest.raises(CommandError, match="standing defence never"):
        tta.parse("standing defence maybe", state, 1)
    with pytest.raises(IllegalMove, match="only an order to accept pacts names players"):
        tta.apply(state, 1, Standing("defence", "never", (0,)))
    with pytest.raises(IllegalMove, match="name other players"):
        tta.apply(state, 1, Standing("pacts", "accept", (1,)))

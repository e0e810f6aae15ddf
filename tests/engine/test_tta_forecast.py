"""The forecasts of engine/tta/forecast.py against what the engine then does, over seeded bot games."""
from __future__ import annotations

import random

import pytest

from pbem import engine
from pbem.engine.tta import economy, forecast, turn
from pbem.engine.tta.board import consumption, printed_yellow
from pbem.engine.tta.cards import card
from pbem.engine.tta.moves import Done, Populate

TTA = engine.get("tta")
GAMES = [(2, 3), (3, 7), (4, 11)]  # (players, seed)


def bot_game(players: int, seed: int, every, rounds: int = 30) -> None:
    """Play a seeded bot game, calling `every(state, seat, move)` before each move is applied."""
    state, rnd = TTA.setup(players, {}, seed), random.Random(seed)
    while TTA.pending(state) and state["round"] <= rounds:
        seat = TTA.pending(state)[0].seat
        move = TTA.bot_move(state, seat, rnd)
        every(state, seat, move)
        state, _ = TTA.apply(state, seat, move)


@pytest.mark.parametrize("players,seed", GAMES)
def test_the_production_forecast_is_what_production_then_does(monkeypatch, players, seed):
    """Before each `done` of the action phase, the forecast equals the production that follows."""
    real, seen = turn.PHASES["production"], []

    def recorded(state, events):
        p = state["seats"][state["turn"]]
        before = _figures(p)
        start = len(events)
        nxt = real(state, events)
        told = [e for e in events[start:] if e.get("seat") == state["turn"]]
        seen.append((state["turn"], before, _figures(p), told))
        return nxt

    monkeypatch.setitem(turn.PHASES, "production", recorded)
    checked = []

    def every(state, seat, move):
        if isinstance(move, Done) and state["stack"][-1]["kind"] == "actions":
            checked.append((seat, forecast.production(state, seat), len(seen)))

    bot_game(players, seed, every)
    assert len(checked) > 20
    kinds = set()
    for seat, f, at in checked:
        actual_seat, before, after, told = seen[at]
        assert actual_seat == seat
        kinds.update(e["kind"] for e in told)
        assert f["uprising"] == any(e["kind"] == "uprising" for e in told)
        assert f["food_net"] == after["food"] - before["food"]
        assert f["resources_net"] == after["resource"] - before["resource"]
        assert f["culture_after"] == after["culture"] and f["science_after"] == after["science"]
        assert f["corruption"] == sum(e["lost"] for e in told if e["kind"] == "corruption")
        assert f["famine"] == sum(e["missing"] for e in told if e["kind"] == "famine")
        if not f["uprising"]:
            scored = next(e for e in told if e["kind"] == "scored")
            assert (f["culture"], f["science"]) == (scored["culture"], scored["science"])
            made = {w: sum(e["amount"] for e in told if e["kind"] == "produced" and e["what"] == w)
                    for w in ("food", "resource")}
            assert f["food_made"] == made["food"] and f["resources_made"] >= made["resource"]
            assert f["food_net"] <= f["food_made"] - min(f["food_eaten"], f["food_made"] + before["food"])
            assert f["resources_net"] <= f["resources_made"] - f["corruption"]
    assert "corruption" in kinds or players == 2  # the seeds reach corruption somewhere


def _figures(p):
    return {"food": economy.amount(p, "food"), "resource": economy.amount(p, "resource"),
            "culture": p["culture"], "science": p["science"]}


def test_the_forecast_leaves_the_state_unchanged():
    """The forecasts work on copies."""
    state = TTA.setup(3, {}, 5)
    frozen = repr(state)
    forecast.production(state, 1), forecast.populate(state, 1), forecast.age_change(state, 1)
    assert repr(state) == frozen


@pytest.mark.parametrize("players,seed", GAMES)
def test_populate_costs_what_the_increase_then_takes(players, seed):
    """The food a population increase takes and the consumption after it are the forecast's (the consumption is read
    by the printed spaces of the yellow bank: a territory's tokens sit in its free section, JA l.262, docs/tta.md)."""
    checked = []

    def every(state, seat, move):
        if state["stack"] and state["stack"][-1]["kind"] == "actions" and state["round"] > 1:
            f = forecast.populate(state, seat)
            legal = Populate() in TTA.legal(state, seat)
            assert f["possible"] == legal
            if legal:
                new, events = TTA.apply(state, seat, Populate())
                taken = next(e for e in events if e["kind"] == "populated")["food"]
                assert f["food"] == taken
                assert f["eats_after"] == consumption(printed_yellow(new["seats"][seat]))
                checked.append(seat)
            else:
                assert f["why"]

    bot_game(players, seed, every, rounds=10)
    assert checked


@pytest.mark.parametrize("players,seed", GAMES)
def test_age_change_losses_are_what_the_age_change_removes(players, seed):
    """The move that ends an age removes from each seat exactly the forecast's cards."""
    changes = []

    def every(state, seat, move):
        new, events = TTA.apply(state, seat, move)
        if any(e["kind"] == "age_end" for e in events):
            for s in range(players):
                f = forecast.age_change(state, s)
                p, q = state["seats"][s], new["seats"][s]
                civil = [c for c in p["hand"] if c not in q["hand"]]
                civil += [c for c in (p["leader"], p["wonder"]) if c and c not in (q["leader"], q["wonder"])]
                assert sorted(f["losses"]) == sorted(card(c).id for c in civil)
                gone = [c.split(":")[0] for c in p["mil_hand"] if c not in q["mil_hand"]]
                assert sorted(f["military"]) == sorted(gone)
                assert f["yellow"] == p["yellow"] - q["yellow"]
            changes.append(state["age"])

    bot_game(players, seed, every)
    assert changes


def test_age_a_has_no_age_change_losses():
    """JA l.146: Age A's deck leaves in round 2 without an age change."""
    state = TTA.setup(2, {}, 1)
    f = forecast.age_change(state, 0)
    assert f["age"] == "A" and f["losses"] == [] and f["cards_left"] == len(state["decks"]["A"])


def test_no_age_change_is_ahead_once_age_iiis_deck_ran_out():
    """JA l.579: the Age III deck's end is the last age change; the game ends after one more round."""
    state = TTA.setup(2, {}, 1)
    state["age"], state["decks"]["III"] = "III", []
    f = forecast.age_change(state, 0)
    assert f["cards_left"] == 0 and f["losses"] == [] and f["yellow"] == 0

"""Issue 24: the age change foreseen (forecast.age_change, on the board) and named afterwards in the history:
each seat's leader and unfinished wonder for everyone, the hands' cards for their holder only."""
from __future__ import annotations

import random

import pytest

from pbem import engine
from pbem.engine.base import may_see
from pbem.engine.tta import forecast
from pbem.engine.tta.moves import name

TTA = engine.get("tta")


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 7), (4, 11)])
def test_what_the_age_change_takes_is_foreseen_then_named_in_the_history(players, seed):
    state, rnd, checked = TTA.setup(players, {}, seed), random.Random(seed), 0
    while TTA.pending(state) and checked < 2:
        seat = TTA.pending(state)[0].seat
        foreseen = [forecast.age_change(state, s) for s in range(players)]
        state, events = TTA.apply(state, seat, TTA.bot_move(state, seat, rnd))
        if not any(ev["kind"] == "age_end" for ev in events):
            continue
        checked += 1
        for s in range(players):
            [public] = [ev for ev in events if ev["kind"] == "age_lost" and ev["seat"] == s]
            private = [c for ev in events if ev["kind"] == "age_lost_hand" and ev["seat"] == s for c in ev["cards"]]
            named = [c.split(":")[0] for c in public["cards"] + private]
            lost = foreseen[s]["losses"] + foreseen[s]["military"]
            assert sorted(c.split(":")[0] if c.startswith("mil/") else c for c in named) == \
                sorted(c if c.startswith("mil/") else c for c in lost) or not lost and not named
            assert public["yellow"] == foreseen[s]["yellow"] and public["hand"] == len(private)
            for ev in events:
                if ev["kind"] == "age_lost_hand":
                    assert may_see(ev, ev["seat"]) and not may_see(ev, (ev["seat"] + 1) % players)
            line = TTA.describe(public, s, "en", None)
            assert line.startswith("You lost at the age change: ") and all(name(c) in line for c in public["cards"])
            assert "時代の終わりに失ったもの" in TTA.describe(public, s, "ja", None)
    assert checked, "no age change in the game"

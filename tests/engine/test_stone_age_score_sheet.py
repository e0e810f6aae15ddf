"""The final-scoring sheet: every row named in four languages, and the rows of a real result add up."""
from __future__ import annotations

import random

from pbem.engine import stone_age
from pbem.engine.stone_age.score_sheet import LABELS, ROWS


def test_every_row_has_a_label_in_each_language():
    for locale, labels in LABELS.items():
        assert set(labels) == set(ROWS), locale


def finished(players: int, options: dict, seed: int) -> dict:
    state = stone_age.setup(players, options, seed)
    rnd = random.Random(seed)
    while stone_age.pending(state):
        seat = stone_age.pending(state)[0].seat
        state, _ = stone_age.apply(state, seat, stone_age.bot_move(state, seat, rnd))
    return state


def test_the_sheet_of_a_finished_game_adds_up_to_the_scores():
    for options in ({}, {"expansion": "style"}):
        result = stone_age.result(finished(4 if not options else 5, options, 3)).to_dict()
        sheet = dict(stone_age.score_sheet(result, "de"))
        assert ("Händler × Händlerleiste" in sheet) == bool(options)  # the trader row only with the expansion
        total = sheet.pop("Summe")
        for seat, points in total.items():
            assert points == sum(row[seat] for row in sheet.values()) == result["scores"][str(seat)]

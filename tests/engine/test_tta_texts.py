"""Every event the TtA engine tells in English is told in Japanese, French and German too (no English line in
a Tokyo, Lyon or Berlin player's history)."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from pbem.engine import base, tta
from pbem.engine.tta import text

ENGLISH_KINDS = set(re.findall(r'^\s+"([a-z_]+)": lambda', Path(text.__file__).read_text(), re.M))


@pytest.mark.parametrize("locale", ["ja", "fr", "de"])
def test_every_event_kind_has_its_own_text(locale):
    missing = sorted(k for k in ENGLISH_KINDS if k not in text.LOCAL[locale])
    assert missing == []


@pytest.mark.parametrize("locale", ["ja", "fr", "de"])
def test_a_whole_game_is_told_without_a_missing_field(locale):
    """Each event of a bot game, as each seat and a spectator see it, formats in `locale` (no KeyError)."""
    state = tta.setup(3, {}, "texts")
    rnd = random.Random(3)
    kinds = set()
    while tta.pending(state):
        seat = tta.pending(state)[0].seat
        state, events = tta.apply(state, seat, tta.bot_move(state, seat, rnd))
        for ev in events:
            kinds.add(ev["kind"])
            for viewer in (None, 0, 1, 2):
                told = tta.describe(ev, viewer, locale, ["Ann", "Bob", "Cy"])
                # A private event is told to whom it is for, and to nobody else, not even as "something".
                assert bool(told) == base.may_see(ev, viewer), (ev, viewer, told)
    assert {"military_draw", "event_prepared", "tactic"} <= kinds

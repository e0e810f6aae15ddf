"""Every event the TtA engine tells in English is told in Japanese, French and German too (no English line in
a Tokyo, Lyon or Berlin player's history)."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from pbem.engine import base, tta
from pbem.engine.tta import text
from pbem.engine.tta.text import PUBLIC_TWINS

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
                # A private event is told to whom it is for, and to nobody else, not even as "something"; the
                # public twin of a seat's own draw or discard is for the others (the seat reads the private one).
                own_twin = ev["kind"] in PUBLIC_TWINS and viewer == ev.get("seat")
                assert bool(told) == (base.may_see(ev, viewer) and not own_twin), (ev, viewer, told)
    assert {"military_draw", "event_prepared", "tactic"} <= kinds


def test_a_seat_reads_its_own_draw_and_discard_once_and_the_others_read_the_counts():
    """A discard read "You discarded a military card of Age I." and then "You discarded Defense / Colonization
    Bonus I.": the public line is for the others; the seat reads the one naming its cards."""
    from pbem.engine import base
    from pbem.engine.tta.text import describe

    events = [base.event("military_discard", 0, age="I"),
              base.event("military_discarded", 0, to=[0], card="mil/I/bonus:1"),
              base.event("military_draw", 0, count=2, age="I"),
              base.event("military_cards", 0, to=[0], cards=["mil/I/raid:1", "mil/I/legion:1"])]
    for locale in ("en", "ja", "fr", "de"):
        mine = [line for ev in events if (line := describe(ev, 0, locale))]
        theirs = [line for ev in events if (line := describe(ev, 1, locale))]
        spectator = [line for ev in events if (line := describe(ev, None, locale))]
        assert len(mine) == 2 and "Defense / Colonization Bonus I" in mine[0] and "Raid I" in mine[1], mine
        assert len(theirs) == 2 and not any("Raid" in line or "Bonus" in line for line in theirs), theirs
        assert theirs == spectator

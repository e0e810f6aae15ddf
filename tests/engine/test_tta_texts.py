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


@pytest.mark.parametrize("locale, passed, chose", [
    ("en", "Bob: no political action.", "Bob answered the choice of Raid I."),
    ("ja", "Bob：政治アクションなし。", "Bob：Raid Iの選択に回答。"),
    ("fr", "Bob : pas d'action politique.", "Bob : choix donné pour Raid I."),
    ("de", "Bob: keine politische Aktion.", "Bob: Wahl bei Raid I getroffen.")])
def test_passing_the_political_action_and_answering_a_choice_say_so(locale, passed, chose):
    """A tester read "Bob: actions done" for a passed political phase, and a bare English "chose." in every
    language; the choice itself stays secret until every seat has answered."""
    state = tta.setup(2, {}, "politics-done")
    state["stack"] = [{"kind": "politics", "seat": 0, "resume": "discard"}]
    state["phase"] = "politics"
    _, events = tta.apply(state, 0, tta.parse("done", state, 0)[0])
    assert events[0] == {"kind": "done", "seat": 0, "politics": True}
    names = ["Ann", "Bob"]
    assert tta.describe({**events[0], "seat": 1}, 0, locale, names) == passed
    assert tta.describe({"kind": "chose", "seat": 1, "card": "mil/I/raid:1"}, 0, locale, names) == chose
    assert "%" not in tta.describe({"kind": "chose", "seat": 1}, 0, locale, names)  # stored before it named the card


def test_french_and_german_lines_about_you_agree_with_you():
    draw = {"kind": "military_cards", "seat": 0, "to": [0], "cards": ["mil/I/raid:1"]}
    assert tta.describe(draw, 0, "fr") == "Vous avez pioché : Raid I."
    assert tta.describe(draw, 0, "de") == "Du hast gezogen: Raid I."
    ended = {"kind": "pact_ended", "seat": 0, "card": "mil/I/open_borders_agreement:1"}
    assert "Vous a " not in tta.describe(ended, 0, "fr") and "Du hat " not in tta.describe(ended, 0, "de")

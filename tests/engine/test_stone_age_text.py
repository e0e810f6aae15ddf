"""Stone Age event lines in en, ja, fr and de: every event kind, private details only for their owner."""
import random

import pytest

from pbem.engine import base
from pbem.engine.stone_age.text import TEMPLATES, card_name
from stone_age_helpers import SA

LOCALES = ("en", "ja", "fr", "de")


def all_events(seed=1, players=4):
    state = SA.setup(players, {}, seed)
    rnd = random.Random(seed)
    events = []
    while SA.pending(state):
        seat = SA.pending(state)[0].seat
        state, ev = SA.apply(state, seat, SA.bot_move(state, seat, rnd))
        events += ev
    return events


def test_every_event_of_whole_games_has_a_line_in_every_locale():
    seen = set()
    for seed in range(6):
        for e in all_events(seed, 2 + seed % 3):
            seen.add(e["kind"])
            for loc in LOCALES:
                for viewer in (None, 0, 1):
                    line = SA.describe(e, viewer, loc)
                    assert line and "{" not in line and line != e["kind"], (e, loc)
    assert seen <= set(TEMPLATES)
    assert {"placed", "rolled", "gained", "bought", "built", "fed", "round", "game_over"} <= seen


def test_the_extra_card_is_named_only_to_its_owner():
    """Issue: "Bo took a card face down" to others, "You took Writing/..." to Bo."""
    ev = base.event("extra_card", 1, to=[1], card="civ/dice-writing")
    names = ["Ann", "Bo"]
    assert SA.describe(ev, 0, "en", names) == "Bo took a card face down."
    assert SA.describe(ev, 1, "en", names) == "You took Writing/dice for all face down."
    assert SA.describe(ev, None, "fr", names) == "Bo a pris une carte face cachée."
    assert SA.describe(ev, 1, "fr", names) == "Vous avez pris Écriture/dés pour tous face cachée."
    assert SA.describe(ev, 1, "de", names) == "Du hast Schrift/Würfel für alle verdeckt genommen."
    assert SA.describe(ev, 0, "ja", names) == "Boはカードを1枚裏向きで取った。"


@pytest.mark.parametrize("loc,line", [
    ("en", "Player 1 placed 3 on the forest."),
    ("ja", "プレイヤー1は森に3人置いた。"),
    ("fr", "Joueur 1 a placé 3 sur forêt."),
    ("de", "Spieler 1 hat 3 auf Wald gesetzt."),
])
def test_placement_lines(loc, line):
    assert SA.describe(base.event("placed", 0, n=3, place="forest"), 2, loc) == line


def test_you_in_each_locale():
    ev = base.event("starved", 0, short=3, points=-10)
    assert SA.describe(ev, 0, "en") == "You could not feed everyone: -10 points."
    assert SA.describe(ev, 0, "de") == "Du hast nicht alle ernährt: -10 Punkte."
    assert SA.describe(ev, 0, "fr") == "Vous n'avez pas nourri tout le monde : -10 points."
    assert SA.describe(ev, 0, "ja") == "あなたは養えなかった：-10点。"


def test_unknown_locale_falls_back_to_english():
    assert SA.describe(base.event("points", 0, n=3, source="civ1"), None, "xx") == "Player 1 scored 3 points."


def test_card_names():
    assert card_name("civ/food7-pottery") == "Pottery/7 food"
    assert card_name("civ/stonedice-shaman1", "de") == "1 Schamane/2 Würfel für Stein"
    assert card_name("civ/once4-toolmaker1", "ja") == "1 道具職人/使い捨て道具4"

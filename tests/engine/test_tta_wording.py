"""How the TtA lines are worded (a user-tester's report): counts of 1 (and in French 0) take the singular, the reader
mid-sentence is "you"/"vous"/"dich", an age is 時代 in Japanese, unit types have their names, the board says what
"2+2b" means, and the French bot is "le bot"."""
import pytest

from pbem.engine import base, tta
from pbem.engine.tta.board_text import LABELS, stake
from pbem.engine.tta.messages import Msg
from tta_helpers import tta_state


def line(kind, locale, viewer=1, **data):
    return tta.describe(base.event(kind, 0, **data), viewer, locale)


BRONZE = "civ/A/bronze"


@pytest.mark.parametrize("n, en, fr, de", [
    (0, "0 resources", "0 ressource", "0 Rohstoffe"),
    (1, "1 resource", "1 ressource", "1 Rohstoff"),
    (2, "2 resources", "2 ressources", "2 Rohstoffe"),
])
def test_resources_are_counted(n, en, fr, de):
    assert line("built", "en", card=BRONZE, cost=n) == f"Player 1 built on Bronze for {en}."
    assert line("built", "fr", card=BRONZE, cost=n) == f"Joueur 1 : construction sur Bronze ({fr})."
    assert line("built", "de", card=BRONZE, cost=n) == f"Spieler 1: auf Bronze gebaut ({de})."
    assert line("produced", "en", what="resource", amount=n) == f"Player 1 produced {en}."
    assert line("produced", "fr", what="resource", amount=n) == f"Joueur 1 : production de {fr}."


def test_no_bracketed_plurals_in_the_history():
    """"card(s)", "unité(s)", "Einheit(en)": each count says its own form."""
    data = {"card": "mil/I/raid:1", "count": 1, "age": "I", "bid": 2, "units": 1, "bonus": 0, "strength": 3,
            "sacrificed": 2, "cards": 1, "on": 0, "attack": 3, "defence": 2, "amount": 1, "what": "yellow",
            "lost": 1, "cost": 1, "source": 1}
    kinds = ("military_draw", "colonized", "aggression", "defence", "war_sacrifice", "razed", "corruption",
             "taken", "event_gain")
    for loc in ("en", "ja", "fr", "de"):
        for kind in kinds:
            text = line(kind, loc, **data)
            assert "(s)" not in text and "(en)" not in text and "(n)" not in text, text
    assert line("colonized", "fr", **data).endswith("(1 unité sacrifiée, 0 carte bonus).")
    assert line("military_draw", "en", **data) == "Player 1 drew 1 military card of Age I."
    assert line("taken", "en", **data) == "Player 1 took 1 yellow token from you."


def test_refusals_count_stages():
    assert str(Msg("stages_left", n=1)) == "1 stage is left"
    assert Msg("stages_left", n=1).render("fr") == "il reste 1 étape"
    assert Msg("stages_per_action", n=2).render("de") == "mit einer Aktion darfst du 2 Stufen bauen"


def test_the_reader_mid_sentence():
    ev = dict(card="mil/I/raid:1", strength=3, sacrificed=0)
    assert line("aggression", "en", on=1, **ev) == "Player 1 played Raid I against you (strength 3, 0 units sacrificed)."
    assert "contre vous" in line("aggression", "fr", on=1, **ev)
    assert "gegen dich" in line("aggression", "de", on=1, **ev)
    assert "von dir" in line("pact_accepted", "de", card="mil/I/trade_routes_agreement:1", by=1)
    assert "de vous" in line("pact_accepted", "fr", card="mil/I/trade_routes_agreement:1", by=1)
    assert line("standing_order_applied", "fr", viewer=0, move="defend") == "Votre consigne permanente : defend."
    assert line("standing_order_applied", "de", viewer=0, move="defend") == "Deine Daueranweisung: defend."
    assert line("standing_order_applied", "en", viewer=0, move="defend") == "Your standing order: defend."
    assert line("war_sacrifice", "en", viewer=0, strength=4, sacrificed=1).startswith("You go to war")


def test_japanese_says_jidai_for_an_age():
    for kind in ("military_draw", "military_reshuffle", "military_discard", "event_prepared"):
        text = line(kind, "ja", age="I", count=2, culture=1, cards=3)
        assert "時代I" in text and "Age" not in text, text


def test_unit_types_have_names_in_refusals():
    msg = Msg("builds_a", card="Warriors", types=("unit",))
    assert msg.render("ja") == "Warriorsで建てられるのは軍事ユニットです"
    sub = Msg("urban_limit", n=2, subtype="infantry")
    assert "歩兵" in sub.render("ja") and "infanterie" in sub.render("fr") and "Infanterie" in sub.render("de")


def test_the_bot_is_le_bot():
    assert "le bot" in LABELS["fr"]["default"] and "robot" not in LABELS["fr"]["default"]


def test_stakes_count_their_nouns():
    text = stake("mil/I/raid:1", "Player 2", "en")
    assert "(s)" not in text


def test_the_board_says_what_b_means():
    state = tta_state(2)
    p = state["seats"][0]
    farm = next(c for c in p["workers"] if p["workers"][c])
    p["tokens"][farm] = 2
    for loc, words in (("en", "blue tokens"), ("ja", "青トークン"), ("fr", "jetons bleus"), ("de", "blaue Marker")):
        text = tta.board_text(tta.view(state, 0), loc)
        assert "+2b" in text and words in text, text

"""How the Stone Age lines are worded (a user-tester's report): counts of 1 (and in French 0) take the singular,
French lines about the reader agree ("Vous avez repris votre personne"), a roll shows its total only where the total
counts, and the tools are told in words."""
import pytest

from pbem.engine import base
from pbem.engine.stone_age.messages import Msg
from pbem.engine.stone_age.text import building_name
from stone_age_helpers import SA


def line(kind, locale, viewer=1, **data):
    return SA.describe(base.event(kind, 0, **data), viewer, locale)


@pytest.mark.parametrize("n, en, fr, de", [
    (0, "0 points", "0 point", "0 Punkte"),
    (1, "1 point", "1 point", "1 Punkt"),
    (2, "2 points", "2 points", "2 Punkte"),
])
def test_points_are_counted_in_each_language(n, en, fr, de):
    assert line("points", "en", n=n) == f"Player 1 scored {en}."
    assert line("points", "fr", n=n) == f"Joueur 1 a marqué {fr}."
    assert line("points", "de", n=n) == f"Spieler 1 hat {de} erhalten."
    assert line("built", "en", tile="bld/wwb-1", paid=[], points=n).endswith(f": {en}.")
    assert line("built", "fr", tile="bld/wwb-1", paid=[], points=n).endswith(f" : {fr}.")


def test_one_ornament_is_singular():
    assert line("gained", "en", item="ornament", n=1) == "Player 1 got 1 ornament."
    assert line("gained", "en", item="ornament", n=2) == "Player 1 got 2 ornaments."
    assert line("gained", "fr", item="ornament", n=1) == "Joueur 1 a reçu 1 ornement."
    assert line("traded", "en", give=["ornament"], get=["stone"]) == "Player 1 traded 1 ornament for 1 stone."


def test_people_count():
    assert line("person", "en", people=1) == "Player 1 now has 1 person."
    assert line("person", "fr", viewer=0, people=6) == "Vous avez maintenant 6 personnes."


def test_french_possessives_agree_with_the_reader():
    assert line("declined", "fr", viewer=0, place="civ1") == "Vous avez repris votre personne de carte civilisation 1."
    assert line("declined", "fr", place="civ1") == "Joueur 1 a repris sa personne de carte civilisation 1."
    assert line("fed", "fr", viewer=0, paid=[]) == "Vous avez nourri votre tribu."
    assert line("trade_track", "fr", viewer=0, pos=2) == "Vous avez avancé votre marqueur de commerce à 2."


def test_the_tools_are_told_in_words_not_as_a_list():
    assert line("tool", "en", viewer=0, tools=[1, 0, 0]) == "You got a tool: your tools are now 1, 0, 0."
    assert line("tool", "en", tools=[2, 1, 1]) == "Player 1 got a tool: their tools are now 2, 1, 1."
    assert line("tool", "fr", viewer=0, tools=[1, 0, 0]) == "Vous avez reçu un outil : vos outils valent maintenant 1, 0, 0."
    assert line("tool", "de", tools=[1, 0, 0]) == (
        "Spieler 1 hat ein Werkzeug erhalten: die Werkzeuge stehen jetzt auf 1, 0, 0.")
    assert line("tool", "ja", tools=[1, 0, 0]) == "プレイヤー1は道具を得た：道具は1、0、0になった。"


def test_a_total_only_for_a_resource_roll():
    assert line("rolled", "en", target="forest", dice=[3, 4], total=7) == "Player 1 rolled 3 4 (total 7) for forest."
    card = line("rolled", "en", target="civ2", dice=[1, 6, 3, 4], total=14)
    assert card == "Player 1 rolled 1 6 3 4 for civilization card 2."
    for loc in ("ja", "fr", "de"):
        assert "14" not in line("rolled", loc, target="civ2", dice=[1, 6, 3, 4], total=14)


def test_a_building_of_one_kind_and_its_cost():
    """"hut of 5 in 1 kinds" said the cost of a building of any five resources of one kind."""
    assert building_name("bld/5of1", "en") == "hut of 5 resources of 1 kind"
    assert building_name("bld/5of1", "fr") == "bâtiment de 5 ressources de 1 sorte"
    assert building_name("bld/4of2", "de") == "Gebäude aus 4 Rohstoffen von 2 Sorten"
    cost = Msg("cost_count_kinds", count=5, kinds=1)
    assert str(cost) == "exactly 5 resources of exactly 1 kind"
    assert cost.render("fr") == "exactement 5 ressources, de 1 sorte exactement"
    assert cost.render("de") == "genau 5 Rohstoffe aus genau 1 Sorte"


@pytest.mark.parametrize("n, en, fr, de", [
    (1, "you have 1 person left", "il ne vous reste que 1 personne", "du hast nur noch 1 Person"),
    (3, "you have 3 people left", "il ne vous reste que 3 personnes", "du hast nur noch 3 Personen"),
])
def test_people_left_counts(n, en, fr, de):
    msg = Msg("people_left", n=n)
    assert (str(msg), msg.render("fr"), msg.render("de")) == (en, fr, de)

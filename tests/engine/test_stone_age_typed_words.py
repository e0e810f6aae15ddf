"""Issue 11, point 6: what a player types is read as meant, asked back when unclear, and quoted as typed."""
import pytest

from pbem.engine import CommandError, NotACommand
from pbem.engine.stone_age.moves import Civ, Pick, Place
from pbem.engine.stone_age.scoring import score_seat
from pbem.engine.stone_age.score_sheet import score_sheet
from pbem.engine.stone_age.text import describe
from stone_age_helpers import SA, acting, game, play, rigged_rng, seat


def refusal(state, s, text) -> CommandError:
    with pytest.raises(CommandError) as err:
        for move in SA.parse(text, state, s):
            state, _ = SA.apply(state, s, move)
    return err.value


@pytest.mark.parametrize("text", ["place 1 civ", "place 3 building", "1 civ", "place 2 building"])
def test_a_placement_on_a_card_or_building_without_its_space_is_asked_back(text):
    """`place 1 civ` and `place 3 building` once became civ 1 / building 3: a number before the word
    may be people or the space, so pbem asks which space instead of guessing."""
    err = refusal(game(4), 0, text)
    assert isinstance(err, NotACommand)
    assert "say which" in err.message and err.message.startswith(f'"{text}"')
    assert "place 1 civ 1" in err.legal and "place 1 building 1" in err.legal


@pytest.mark.parametrize("text,move", [
    ("place 1 civ 3", Place(1, "civ3")),
    ("civ 2", Place(1, "civ2")),
    ("2番目の文明カード", Place(1, "civ2")),
    ("Gebäude 2", Place(1, "building2")),
])
def test_a_placement_that_names_its_space_is_still_read(text, move):
    assert SA.parse(text, game(4), 0) == [move]


@pytest.mark.parametrize("text,move", [
    ("森に2人配置します", Place(2, "forest")),  # 配置 is a documented alias of "place"
    ("森に2人置きます", Place(2, "forest")),
    ("狩場に3人配置しました", Place(3, "hunt")),
    ("Gebaeude 2", Place(1, "building2")),  # German without umlauts, as on a keyboard without them
    ("setze 2 auf Huette", Place(2, "hut")),
])
def test_japanese_politeness_and_german_without_umlauts(text, move):
    assert SA.parse(text, game(4), 0) == [move]


def test_ueberspringen_declines_a_card_like_ueberspringen_with_umlaut():
    state = acting(seat(game(4), 0, wood=3), {0: {"civ2": 1}})[0]
    assert SA.parse("civ 2 ueberspringen", state, 0) == SA.parse("civ 2 überspringen", state, 0) == [Civ(2, None)]


@pytest.mark.parametrize("text,quoted", [
    ("place 2 hunt or forest", '"or forest"'),  # "or" is French for gold: the answer quotes "or", not "gold"
    ("森に3人 狩場に2人", '"狩場"'),
    ("Place 2 Forest and a HUT", '"HUT"'.lower()),
])
def test_refusals_quote_the_words_the_player_typed(text, quoted):
    err = refusal(game(4), 0, text)
    assert quoted in err.message, err.message
    assert err.message.startswith(f'"{text}"'), err.message


def test_an_illegal_move_quotes_the_line_as_typed_not_our_canonical_text():
    """`feed with food 4` was quoted as `"feed with "`: the refusal quotes the player's line."""
    hungry = acting(seat(game(2), 0, food=3, people=5, wood=1, gold=3), {0: {"hunt": 1}, 1: {"hunt": 1}},
                    [1], [1])[0]
    err = refusal(hungry, 0, "Feed with food 4")
    assert err.message.startswith('"Feed with food 4": '), err.message


def test_dice_to_pick_say_what_each_face_gives_and_that_text_parses_back():
    state = game(4)
    state["row"][0] = "civ/dice-pottery"
    state = acting(seat(state, 0, wood=1), {0: {"civ1": 1}})[0]
    state["rng"] = rigged_rng([3, 5, 6, 1])
    state = play(state, 0, "civ 1 pay wood")[0]
    texts = SA.legal_texts(state, 0)
    assert "pick 3 (stone)" in texts and "pick 5 (tool)" in texts and "pick 6 (agriculture)" in texts
    for text in texts:
        assert SA.parse(text, state, 0) == [Pick(int(text.split()[1]))]
    with pytest.raises(NotACommand):
        SA.parse("pick 3 wood", state, 0)  # the face and the item must agree


def test_tools_auto_is_suggested_only_to_a_player_with_tools():
    places = {0: {"forest": 2, "clay": 1, "civ1": 1}, 1: {"hunt": 3}}
    without = acting(game(2), places, [3, 4], [2])[0]
    texts = SA.legal_texts(without, 0)
    assert "clay" in texts and not any("tools" in text for text in texts)
    with_tools = acting(seat(game(2), 0, tools=[2, 1, 0]), places, [3, 4], [2])[0]
    assert "forest tools auto" in SA.legal_texts(with_tools, 0)


@pytest.mark.parametrize("locale,text", [
    ("en", "Round 2 begins; you start."), ("fr", "Manche 2 : vous commencez."),
    ("de", "Runde 2: Du beginnst."), ("ja", "第2ラウンド開始。スタートプレーヤーはあなた。"),
])
def test_the_start_player_reads_that_they_start(locale, text):
    """Was "Round 2 begins; You starts."."""
    assert describe({"kind": "round", "round": 2, "start": 1}, 1, locale) == text
    assert describe({"kind": "round", "round": 2, "start": 1}, 0, "en", ["Ann", "Bo"]) == "Round 2 begins; Bo starts."


def test_an_unused_any_two_resources_card_scores_its_two_resources_at_the_end():
    """A player at the table would take the two resources before scoring: 2 points, shown on the sheet."""
    state = seat(game(2), 0, any2=["civ/any2-medicine"], cards=["civ/any2-medicine"], wood=1)
    with_card = score_seat(state["seats"][0])
    without = score_seat(seat(game(2), 0, wood=1)["seats"][0])
    assert with_card["unused_cards"] == 2 and with_card["total"] - without["total"] == 2 + with_card["culture"]
    sheet = dict(score_sheet({"details": {0: with_card, 1: without}}))
    assert sheet["Unused any-2-resources cards (2 each)"] == {0: 2, 1: 0}

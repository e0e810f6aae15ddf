"""The Stone Age board as text: pure, from one seat's view, in four languages, columns aligned."""
from __future__ import annotations

import random

import pytest

from pbem.engine import stone_age
from pbem.engine.base import text_width as width
from pbem.engine.stone_age.board_text import board_text

NAMES = ["Ann", "Bo", "中村", "Zoé"]


def played(moves: int, seed: str = "board") -> dict:
    state = stone_age.setup(4, {}, seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if not stone_age.pending(state):
            break
        seat = stone_age.pending(state)[0].seat
        state, _ = stone_age.apply(state, seat, stone_age.bot_move(state, seat, rnd))
    return state


def test_the_board_names_places_cards_stacks_and_players():
    text = board_text(stone_age.view(played(30), 0), "en", NAMES)
    assert text.startswith("Round ")
    for heading in ("Places", "Card row", "Building stacks", "Players"):
        assert f"\n{heading}" in text
    assert "Ann (you)" in text and "Bo\n" in text and "hunting grounds" in text


@pytest.mark.parametrize("locale, heading", [("ja", "場所"), ("fr", "Lieux"), ("de", "Orte"), ("xx", "Places")])
def test_the_board_is_in_the_reader_language(locale, heading):
    assert f"\n{heading}\n" in board_text(stone_age.view(played(10), 1), locale, NAMES)


def test_columns_line_up_in_japanese_too():
    text = board_text(stone_age.view(played(20), 0), "ja", NAMES)
    block = text.split("\n場所\n", 1)[1].split("\n\n", 1)[0].splitlines()
    # The second column starts at the same display column on every line (wide characters count twice).
    starts = {width(line.rstrip()[: len(line.rstrip()) - len(line.rstrip().split("  ")[-1])]) for line in block}
    assert len(starts) == 1, block


def test_only_what_the_seat_may_see():
    state = played(60)
    mine = board_text(stone_age.view(state, 0), "en", NAMES)
    shuffled = stone_age.shuffle_hidden(state, 0, random.Random(5))
    assert board_text(stone_age.view(shuffled, 0), "en", NAMES) == mine


def test_a_finished_game_says_so():
    state = played(4000, "to-the-end")
    assert stone_age.pending(state) == []
    assert "The game is over." in board_text(stone_age.view(state, None), "en", NAMES)


@pytest.mark.parametrize("locale, one, many", [
    ("en", "Card row (1 card in the deck)", "Card row (20 cards in the deck)"),
    ("de", "Kartenreihe (1 Karte im Stapel)", "Kartenreihe (20 Karten im Stapel)"),
    ("fr", "Cartes civilisation (1 dans la pioche)", "Cartes civilisation (20 dans la pioche)"),
    ("ja", "文明カード（山札1枚）", "文明カード（山札20枚）")])
def test_the_deck_count_is_singular_for_one_card(locale, one, many):
    view = stone_age.view(played(10), 0)
    assert one in board_text({**view, "deck": 1}, locale, NAMES)
    assert many in board_text({**view, "deck": 20}, locale, NAMES)

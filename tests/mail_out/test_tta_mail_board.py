"""The Through the Ages board of a turn mail (pbem/presentation/tta/mail_board.py): enough to decide a turn, in
four languages, every line within 78 columns."""
from __future__ import annotations

import random

import pytest

from pbem import engine
from pbem.engine.base import char_width
from pbem.engine.tta import forecast
from pbem.engine.tta.board_text import board_text as engine_board_text
from pbem.engine.tta.cards import card
from pbem.engine.tta.checks import technology_cost
from pbem.engine.tta.cards.military import MILITARY
from pbem.presentation import games
from pbem.presentation.tta import mail_board
from pbem.presentation.tta.faces import does_words, military_does

TTA = engine.get("tta")
LOCALES = ("en", "ja", "fr", "de")
NAMES = ["Ann", "Bob", "Cy", "Di"]
SCIENCE = {"en": "science{n}", "ja": "発明{n}", "fr": "science{n}", "de": "Wissenschaft{n}"}
FOOD = {"en": "food {now} +{made} made -{eaten} eaten = {after}", "ja": "食料 {now} +{made}生産 -{eaten}消費 = {after}",
        "fr": "nourriture {now} +{made} produite -{eaten} consommée = {after}",
        "de": "Nahrung {now} +{made} erzeugt -{eaten} verbraucht = {after}"}
RESOURCES = {"en": "resources {now} +{made} made -{lost} corruption = {after}",
             "ja": "資源 {now} +{made}生産 -{lost}汚職 = {after}",
             "fr": "ressources {now} +{made} produites -{lost} corruption = {after}",
             "de": "Rohstoffe {now} +{made} erzeugt -{lost} Korruption = {after}"}
INFANTRY = {"en": "infantry Warriors 2", "ja": "歩兵 Warriors 2", "fr": "infanterie Warriors 2",
            "de": "Infanterie Warriors 2"}
UPRISING = {"en": "UPRISING", "ja": "暴動", "fr": "SOULÈVEMENT", "de": "AUFSTAND"}


def width(line: str) -> int:
    return sum(char_width(ch) for ch in line)


def flat(text: str) -> str:
    """The text without its spaces and line breaks, so a phrase folded over two lines is still found."""
    return "".join(text.split())


def at_round(players: int, seed: int, round_no: int) -> dict:
    """A seeded bot game when seat 0 is first asked for its actions in round `round_no` (or later)."""
    state, rnd = TTA.setup(players, {}, seed), random.Random(seed)
    while TTA.pending(state):
        prompt = TTA.pending(state)[0]
        if state["round"] >= round_no and prompt.seat == 0 and prompt.kind == "actions":
            return state
        state, _ = TTA.apply(state, prompt.seat, TTA.bot_move(state, prompt.seat, rnd))
    raise AssertionError("the game ended first")


@pytest.fixture(scope="module")
def boards() -> list[tuple[dict, int]]:
    """Positions along seeded 2-, 3- and 4-player bot games, with the seat asked."""
    out = []
    for players, seed in ((2, 1), (3, 5), (4, 9)):
        state, rnd, n = TTA.setup(players, {}, seed), random.Random(seed), 0
        while TTA.pending(state) and state["round"] <= 16:
            seat = TTA.pending(state)[0].seat
            if n % 23 == 0:
                out.append((state, seat))
            state, _ = TTA.apply(state, seat, TTA.bot_move(state, seat, rnd))
            n += 1
    return out


@pytest.mark.parametrize("locale", LOCALES)
def test_every_line_fits_78_columns(boards, locale):
    """Wide characters count two columns; the mail never has to fold the board."""
    for state, seat in boards:
        text = mail_board.board_text(state, seat, locale, NAMES[:state["players"]])
        wide = [line for line in text.splitlines() if width(line) > 78]
        assert wide == [], "\n".join(wide)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_card_row_shows_each_cards_cost_and_effect(locale):
    state = at_round(3, 5, 6)
    text = mail_board.board_text(state, 0, locale, NAMES[:3])
    row = flat(text)
    for slot, copy in enumerate(state["row"]):
        c = card(copy)
        assert flat(f"{slot + 1}. [") in row and flat(c.name) in row
        assert flat(does_words(c, locale)) in row
        if c.science is not None:
            assert flat(SCIENCE[locale].format(n=technology_cost(state, 0, c.id))) in row


@pytest.mark.parametrize("locale", LOCALES)
def test_the_forecast_is_the_engines(locale):
    """The production figures are forecast.production's; populate's food is forecast.populate's."""
    state = at_round(3, 5, 6)
    view, f, grow = TTA.view(state, 0), forecast.production(state, 0), forecast.populate(state, 0)
    p = view["seats"][0]
    text = mail_board.board_text(state, 0, locale, NAMES[:3])
    assert FOOD[locale].format(now=p["food"], made=f["food_made"], eaten=f["food_eaten"],
                               after=p["food"] + f["food_net"]) in text
    assert RESOURCES[locale].format(now=p["resources"], made=f["resources_made"], lost=f["corruption"],
                                    after=p["resources"] + f["resources_net"]) in text
    assert f"{f['culture']:+d} = {f['culture_after']}" in text and f"{f['science']:+d} = {f['science_after']}" in text
    assert str(grow["food"]) in text.split("\n\n")[1]


@pytest.mark.parametrize("locale", LOCALES)
def test_an_uprising_ahead_is_told_instead_of_production(locale):
    state = at_round(3, 5, 6)
    p = state["seats"][0]
    p["idle"], p["yellow"] = 0, 3  # JA l.499-507: more discontent workers than unused ones
    assert forecast.production(state, 0)["uprising"]
    text = mail_board.board_text(state, 0, locale, NAMES[:3])
    assert UPRISING[locale] in text
    section = text.split("\n\n")[1].splitlines()
    assert not any(line.startswith("  " + FOOD[locale].split(" ", 1)[0] + " ") for line in section)


@pytest.mark.parametrize("locale", LOCALES)
def test_opponents_show_units_buildings_and_hand_counts(locale):
    state = at_round(3, 5, 6)
    bob = state["seats"][1]
    bob["workers"]["civ/A/warriors"] = 2
    bob["idle"] = max(0, bob["idle"] - 2)
    text = mail_board.board_text(state, 0, locale, NAMES[:3])
    block = text[text.index("\nBob"):]
    assert INFANTRY[locale] in block
    assert "Philosophy" in block and "Agriculture" in block  # buildings, farms and mines
    assert str(len(bob["mil_hand"])) in block.split("\n")[3]
    if locale == "en":
        assert f"hand {len(bob['hand'])}, military hand {len(bob['mil_hand'])};" in block


@pytest.mark.parametrize("locale", LOCALES)
def test_your_military_hand_has_its_effects(locale):
    state = at_round(3, 5, 6)
    text = flat(mail_board.board_text(state, 0, locale, NAMES[:3]))
    for copy in state["seats"][0]["mil_hand"]:
        assert flat(military_does(MILITARY[copy.split(":", 1)[0]], locale)) in text


@pytest.mark.parametrize("locale", LOCALES)
def test_a_typical_four_player_board_stays_compact(locale):
    lines = mail_board.board_text(at_round(4, 9, 6), 0, locale, NAMES).splitlines()
    assert len(lines) <= 120


def test_sections_come_in_order():
    """Asked and stakes, forecast, card row, your board, hands, events, then each opponent."""
    text = mail_board.board_text(at_round(3, 5, 6), 0, "en", NAMES[:3])
    marks = ["Waiting for:", "Your next production", "Populate:", "Card row:", "\nAnn (you):", "Your hand:",
             "Your military hand", "Events:", "\nBob:", "\nCy:"]
    at = [text.index(m) for m in marks]
    assert at == sorted(at)


def test_the_board_hides_what_the_reader_may_not_see():
    """Shuffling what seat 0 cannot see (other hands, decks) leaves its board unchanged."""
    state = at_round(3, 5, 6)
    mine = mail_board.board_text(state, 0, "en", NAMES[:3])
    assert mail_board.board_text(TTA.shuffle_hidden(state, 0, random.Random(3)), 0, "en", NAMES[:3]) == mine


def test_a_spectator_gets_the_engines_board():
    state = at_round(2, 1, 3)
    assert mail_board.board_text(state, None, "en", NAMES[:2]) == engine_board_text(TTA.view(state, None), "en",
                                                                                    NAMES[:2])


def test_the_mail_board_is_the_games_presentation():
    assert games.mail_board("tta") is mail_board.board_text
    assert games.mail_board("stone-age") is None


def test_fold_breaks_at_spaces_and_wide_characters_never_before_a_french_colon():
    assert mail_board.fold("x" * 10) == ["x" * 10]
    lines = mail_board.fold("  " + "mot " * 30 + ": fin")
    assert all(width(line) <= 78 for line in lines) and not any(line.strip().startswith(":") for line in lines)
    lines = mail_board.fold("  " + "カルチャー" * 30)
    assert all(width(line) <= 78 for line in lines) and flat("".join(lines)) == "カルチャー" * 30

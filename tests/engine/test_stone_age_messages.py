"""Stone Age rule errors in every language: the catalog is complete and used, real errors render in ja/fr/de."""
import random
import re
import string
from pathlib import Path

import pytest

from pbem.engine import Ambiguous, CommandError, IllegalMove, NotACommand
from pbem.engine.stone_age import messages, messages_board, messages_commands, messages_paying
from pbem.engine.stone_age.messages import CATALOG, Msg
from pbem.engine.stone_age.text import LOCALES
from stone_age_helpers import SA, acting, game, play, seat, top_tile

ENGINE = Path(messages.__file__).parent
OTHERS = ("ja", "fr", "de")


def params(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def engine_source() -> str:
    """Every engine module, the catalog and its tables (messages_*.py) left out (a key must be used, not just
    defined)."""
    texts = [p.read_text() for p in sorted(ENGINE.glob("*.py")) if not p.name.startswith("messages")]
    catalog = (ENGINE / "messages.py").read_text()
    texts.append(catalog[catalog.index("CATALOG: dict"):])
    return "\n".join(texts)


# --- the catalog ------------------------------------------------------------------------

@pytest.mark.parametrize("key", sorted(CATALOG))
def test_every_message_has_every_locale_with_the_same_params(key):
    texts = CATALOG[key]
    assert len(messages._CATALOG[key]) == len(LOCALES) and set(texts) == set(LOCALES)
    for loc in OTHERS:
        assert texts[loc].strip(), (key, loc)
        assert params(texts[loc]) == params(texts["en"]), (key, loc)
        # Only templates made of params alone read the same in every language.
        assert texts[loc] != texts["en"] or key in ("quoted", "cost_fixed"), (key, loc)


def test_the_topic_tables_share_no_key():
    """A key in two of the catalog's tables would silently keep only the last one's texts."""
    tables = (messages_board.BOARD_TEXTS, messages_commands.COMMAND_TEXTS, messages_paying.PAYING_TEXTS)
    assert sum(map(len, tables)) == len(messages._CATALOG)


def test_every_message_is_used_by_the_engine():
    source = engine_source()
    dead = [key for key in CATALOG if f'"{key}"' not in source]
    assert dead == []


def test_every_message_the_engine_names_exists():
    named = set(re.findall(r'Msg\(\s*"([a-z0-9_]+)"', engine_source()))
    assert named and named <= set(CATALOG), named - set(CATALOG)


def test_an_unknown_key_fails_at_once():
    with pytest.raises(KeyError):
        Msg("no_such_message")


def test_english_is_str_and_unknown_locales_fall_back_to_it():
    msg = Msg("already_on", place="forest")
    assert str(msg) == msg.render("en") == "you already have people on forest this round"
    assert msg.render("pt") == str(msg)


@pytest.mark.parametrize("msg,en,words", [
    # place ids: command words in English ("civ 2"), place names elsewhere
    (Msg("taken", place="civ2"), "civ 2 is taken", {"ja": "文明カード2", "fr": "carte civilisation 2",
                                                    "de": "Zivilisationskarte 2"}),
    # `pid`: English keeps the id itself, as the engine always said
    (Msg("no_people_on", pid="woodyard"), "you have no people on the woodyard",
     {"ja": "木の仕事場", "fr": "chantier de bois", "de": "Holzplatz"}),
    (Msg("you_have", n=1, item="brick"), "you have 1 brick", {"ja": "レンガ", "fr": "argile", "de": "Lehm"}),
    (Msg("trade_lacks", items=("wood", "wood", "gold")), "a trade only brings what this payment lacks: wood wood gold",
     {"ja": "2 木、1 金", "fr": "2 bois, 1 or", "de": "2 Holz, 1 Gold"}),
    (Msg("not_your_turn", player_list=(2, 3)), "it is not your turn; waiting for player 2, player 3",
     {"ja": "プレイヤー2、プレイヤー3", "fr": "Joueur 2, Joueur 3", "de": "Spieler 2, Spieler 3"}),
    (Msg("village_limit", players=2, limit=2, places=("toolmaker", "hut"), place="field"),
     "with 2 players only 2 of toolmaker, hut and field may be used in a round",
     {"ja": "工房、小屋", "fr": "fabricant d'outils, hutte et champ", "de": "Werkzeugmacher, Hütte und Acker"}),
    # a nested message renders in the same locale
    (Msg("building_costs", cost=Msg("cost_fixed", items=("wood", "brick"))), "this building costs wood brick",
     {"ja": "1 木、1 レンガ", "fr": "1 bois, 1 argile", "de": "1 Holz, 1 Lehm"}),
])
def test_params_are_worded_by_kind(msg, en, words):
    assert str(msg) == en
    for loc, word in words.items():
        assert word in msg.render(loc), (loc, msg.render(loc))


# --- real errors from real games ----------------------------------------------------------

def refusal(state, s, text, kind=CommandError) -> CommandError:
    with pytest.raises(kind) as err:
        play(state, s, text)
    return err.value


def hungry():
    """Seat 0 of 2 is 2 food short holding 1 wood and 3 gold (both hunted with 1s)."""
    s = seat(game(2), 0, food=3, people=5, wood=1, gold=3)
    return acting(s, {0: {"hunt": 1}, 1: {"hunt": 1}}, [1], [1])[0]


def tool_question():
    """Seat 0 rolled 11 at the hunt with a tool of 1 left: the tools are asked for."""
    return acting(seat(game(4), 0, tools=[1, 0, 0]), {0: {"hunt": 3}}, (3, 11))[0]


def forest_by_seat_0():
    return play(game(2), 0, "place 2 forest")[0]


# (state, seat, command, English message, {locale: a word the translation must contain})
REAL = [
    (lambda: game(4), 0, "place 8 forest", '"place 8 forest": you have 5 people left',
     {"ja": "5人", "fr": "5 personne", "de": "5 Person"}),
    (forest_by_seat_0, 1, "place 2 forest", '"place 2 forest": with 2 players at most 1 colour may stand on the forest',
     {"ja": "森", "fr": "forêt", "de": "Wald"}),
    (lambda: game(4), 0, "volcano 3", '"volcano 3": I did not understand "volcano"',
     {"ja": "「volcano」", "fr": "« volcano »", "de": '"volcano"'}),
    (hungry, 0, "feed with wood 2", '"feed with wood 2": you have 1 wood',
     {"ja": "木", "fr": "bois", "de": "Holz"}),
    (hungry, 0, "feed with wood 1", '"feed with wood 1": you are 2 food short: give exactly 2 resources',
     {"ja": "食料", "fr": "nourriture", "de": "Nahrung"}),
    (tool_question, 0, "tools 3", '"tools 3": your free tool tiles are: 1',
     {"ja": "道具", "fr": "outil", "de": "Werkzeug"}),
    (tool_question, 0, "forest tools 1", '"forest tools 1": first choose tools for the roll at hunt',
     {"ja": "狩場", "fr": "chasse", "de": "Jagd"}),
    (lambda: game(4), 1, "place 2 hunt", '"place 2 hunt": it is not your turn; waiting for player 1',
     {"ja": "プレイヤー1", "fr": "Joueur 1", "de": "Spieler 1"}),
    (lambda: game(4), 0, "hunt", '"hunt": how many people on the hunt?',
     {"ja": "狩場", "fr": "chasse", "de": "Jagd"}),
]


@pytest.mark.parametrize("make,s,text,english,words", REAL, ids=[r[2] for r in REAL])
def test_real_errors_render_in_every_language(make, s, text, english, words):
    err = refusal(make(), s, text)
    assert err.message == english
    assert err.in_locale("en") == err.message
    prefix = english[:english.index('": ') + 3]  # the command as typed, or as the engine reads it
    for loc in OTHERS:
        local = err.in_locale(loc)
        assert local != english and local.startswith(prefix), (loc, local)
        assert words[loc] in local, (loc, local)
        assert "{" not in local and "}" not in local


def test_a_question_keeps_its_candidates_and_its_words():
    state = acting(seat(game(4), 0, wood=3, brick=2), {0: {"civ2": 1}})[0]
    err = refusal(state, 0, "civ 2", Ambiguous)
    assert err.message == '"civ 2": pay for the card on civ 2 or skip it?'
    assert "civ 2 skip" in err.candidates
    assert err.in_locale("ja") == '"civ 2": 文明カード2を支払って取りますか、見送りますか？'
    assert err.in_locale("de") == '"civ 2": Zivilisationskarte 2: die Karte bezahlen oder überspringen?'


def test_a_building_question_words_its_cost():
    state = top_tile(seat(game(4), 0, wood=3, brick=2), 1, "bld/4of2")
    state = acting(state, {0: {"building1": 1}})[0]
    err = refusal(state, 0, "build 1", Ambiguous)
    assert err.message == '"build 1": pay for building 1 (exactly 4 resources of exactly 2 kinds) or skip it?'
    assert err.in_locale("ja") == '"build 1": 建物1（ちょうど2種類で資源4個）を支払って建てますか、見送りますか？'
    assert err.in_locale("fr") == ('"build 1": bâtiment 1 (exactement 4 ressources, de 2 sortes exactement) : '
                                   'payer ou passer ?')


def test_a_line_that_is_no_command_lists_what_is_legal_in_any_language():
    err = refusal(game(4), 0, "place 2", NotACommand)
    assert err.message.startswith('"place 2": say where: hunt, forest')
    assert err.legal and "森" in err.in_locale("ja") and "Lehmgrube" in err.in_locale("de")


def test_errors_outside_a_command_render_too():
    with pytest.raises(CommandError) as err:
        SA.setup(6, {}, 1)
    assert err.value.message == "Stone Age is for 2 to 4 players, not 6"
    assert err.value.in_locale("fr") == "Stone Age se joue de 2 à 4 joueurs, pas à 6"
    with pytest.raises(NotACommand) as err:
        SA.parse("  ", game(2), 0)
    assert err.value.in_locale("ja") == "コマンドが見つかりません"


def test_nothing_is_worded_for_other_languages_until_asked(monkeypatch):
    """Parsers raise and catch freely: only English is formatted at raise time."""
    asked = []
    render = Msg.render

    def spy(self, locale):
        if locale != "en":
            asked.append(locale)
        return render(self, locale)

    monkeypatch.setattr(Msg, "render", spy)
    state = game(4)
    errors = []
    for text in ("place 8 forest", "volcano", "place 2", "hunt", "starve"):
        with pytest.raises(CommandError) as err:
            play(state, 0, text)
        errors.append(err.value)
    assert asked == []
    assert all(e.in_locale("de") != e.message for e in errors)
    assert asked and set(asked) == {"de"}


def test_the_bot_refuses_in_every_language():
    with pytest.raises(IllegalMove) as err:
        SA.bot_move(game(4), 1, random.Random(1))
    assert err.value.message == "the bot has nothing to do for player 2 now"
    assert err.value.in_locale("de") == "der Bot hat für Spieler 2 gerade nichts zu tun"

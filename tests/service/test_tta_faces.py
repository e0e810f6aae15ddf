"""The TtA card faces in words: every civil and military card says what it does in the reader's language, with no
raw rule name ("grow and build unit (1)", "rival lab library") and no English left in Japanese, French or German."""
from __future__ import annotations

import html
import re

import pytest

from conftest import signin
from pbem.engine.tta.cards import CARDS
from pbem.engine.tta.cards import schema
from pbem.engine.tta.cards import military_schema as ms
from pbem.engine.tta.cards.military import MILITARY
from pbem.presentation.tta import face_words as W
from pbem.presentation.tta import military_words as M
from pbem.presentation.tta.faces import cost_words, does_words, military_cost, military_does, type_words

LOCALES = W.LOCALES
# Every name the card data uses for a rule: none may show on a face, as written or with its underscores as spaces.
RAW = {w for w in (*schema.FLAGS, *schema.DISCOUNT_TARGETS, *schema.OPS, *schema.TRIGGERS, *schema.RATES,
                   *ms.MIL_OPS, *(s for stats in ms.MIL_OPS.values() for s in stats), *ms.WHO, *ms.PER)
       if "_" in w}
RAW |= {w.replace("_", " ") for w in RAW}
# Rule names that are also plain words of a face ("+1 military action", "the two weakest players").
PLAIN = {"military actions", "civil actions", "per unit", "per level", "per pair", "per colony", "yellow bank",
         "wonder stage", "this turn", "blue token", "blue tokens", "two weakest", "two strongest", "most culture",
         "least culture", "most happy", "no aggression or war", "military hand", "civil hand"}
RAW_WORDS = re.compile(r"\b(" + "|".join(sorted(map(re.escape, RAW - PLAIN), key=len, reverse=True)) + r")\b")
# English words a French or German face has no use for; what a Japanese face may spell in Latin letters.
ENGLISH = re.compile(r"\b(the|per|each|your|you|when|once|less|more|and|or|of|player|players|culture a turn)\b")
JA_LATIN = {"Civil", "Military", "Warriors", "A", "B", "I", "II", "III", "d"}


def _faces():
    """(card id, locale, the face's words) for every civil and military card."""
    for cid, c in CARDS.items():
        for loc in LOCALES:
            yield cid, loc, " | ".join((type_words(c, loc), does_words(c, loc)))
    for cid, m in MILITARY.items():
        for loc in LOCALES:
            yield cid, loc, " | ".join((W.TYPES[loc][m.kind], military_cost(m, loc), military_does(m, loc)))


FACES = list(_faces())


def test_the_sweep_covers_every_card_in_every_language():
    assert len(FACES) == 4 * (len(CARDS) + len(MILITARY)) and len(CARDS) > 130 and len(MILITARY) > 100


@pytest.mark.parametrize("loc", LOCALES)
def test_no_face_shows_a_raw_rule_name_or_an_underscore(loc):
    bad = [(cid, text) for cid, l, text in FACES if l == loc
           and ("_" in text or RAW_WORDS.search(text) or "None" in text)]
    assert not bad, bad


@pytest.mark.parametrize("loc", ["ja", "fr", "de"])
def test_faces_in_japanese_french_and_german_leave_no_english(loc):
    if loc == "ja":
        bad = [(cid, text) for cid, l, text in FACES if l == loc
               and set(re.findall(r"[A-Za-z]+", text)) - JA_LATIN]
    else:
        bad = [(cid, text) for cid, l, text in FACES if l == loc and ENGLISH.search(text)]
    assert not bad, bad


@pytest.mark.parametrize("loc", ["ja", "fr", "de"])
def test_every_face_differs_from_the_english_one(loc):
    english = {cid: text for cid, l, text in FACES if l == "en"}
    same = [cid for cid, l, text in FACES if l == loc and text == english[cid]]
    assert not same, same


def test_every_card_with_effects_says_something():
    assert all(does_words(c, "en") for c in CARDS.values())
    assert all(military_does(m, "en") for m in MILITARY.values())


EXPECTED = {
    # A leader: once "grow and build unit (1)".
    "civ/I/frederick_barbarossa": {
        "en": "for one civil action, increase your population and build a military unit with the new worker, "
              "paying 1 food and 1 resource less",
        "ja": "Civilアクション1つで人口を増やし、その労働者で軍事ユニットを建設できる（コストが食料1・資源1少ない）",
        "fr": "pour une action civile, augmentez votre population et construisez une unité militaire avec le nouvel "
              "ouvrier, en payant 1 nourriture et 1 ressource de moins",
        "de": "für eine Zivilaktion vermehrst du deine Bevölkerung und baust mit dem neuen Arbeiter eine "
              "Militäreinheit, für 1 Nahrung und 1 Rohstoff weniger"},
    # A leader: once "colonization card extra (1); per colony".
    "civ/II/james_cook": {
        "en": "each colonization bonus card you play counts +1; +2 culture per colony",
        "ja": "植民で出すボーナスカード1枚につき+1。植民地1つにつきカルチャー+2",
        "fr": "chaque carte de bonus de colonisation que vous jouez compte +1 ; +2 culture par colonie",
        "de": "jede Kolonisierungsbonuskarte, die du spielst, zählt +1; +2 Kultur je Kolonie"},
    # A wonder.
    "civ/II/ocean_liner_service": {
        "en": "once a turn you may increase your population without a civil action, paying 5 food less",
        "ja": "毎ターン1回、Civilアクションなしで人口を増やせる（コストが食料5少ない）",
        "fr": "une fois par tour, vous pouvez augmenter votre population sans action civile, en payant 5 nourriture "
              "de moins",
        "de": "einmal pro Zug darfst du deine Bevölkerung ohne Zivilaktion vermehren und zahlst 5 Nahrung weniger"},
    # A government.
    "civ/I/monarchy": {
        "en": "5 civil actions, 3 military actions; at most 3 urban buildings of each type",
        "ja": "Civilアクション5、Militaryアクション3、同じ種類の都市建物は3つまで",
        "fr": "5 actions civiles, 3 actions militaires ; au plus 3 bâtiments urbains de chaque type",
        "de": "5 Zivilaktionen, 3 Militäraktionen; höchstens 3 Stadtgebäude je Art"},
    # An action card: once "resources for military use by player count 6/3/2".
    "civ/II/wave_of_nationalism": {
        "en": "this turn, for each player stronger than you: 6 (2 players), 3 (3 players), 2 (4 players) resources "
              "for military units only",
        "ja": "この手番のみ、自分より軍事力の高いプレイヤー1人につき軍事ユニット専用の資源6（2人）、3（3人）、2（4人）",
        "fr": "ce tour-ci, par joueur plus fort que vous : 6 (2 joueurs), 3 (3 joueurs), 2 (4 joueurs) ressources "
              "pour les unités militaires uniquement",
        "de": "in diesem Zug je Spieler, der stärker ist als du: 6 (2 Spieler), 3 (3 Spieler), 2 (4 Spieler) "
              "Rohstoffe nur für Militäreinheiten"},
    # A tactic.
    "mil/II/classic_army": {
        "en": "army of 2 cavalry, 2 infantry: +9 strength; with a unit two or more ages older: +5 strength",
        "ja": "騎兵2、歩兵2の軍隊：軍事力+9。2時代以上古いユニットを含むと軍事力+5",
        "fr": "armée de 2 cavalerie, 2 infanterie : +9 force ; avec une unité plus vieille de deux âges ou plus : "
              "+5 force",
        "de": "Armee aus 2 Kavallerie, 2 Infanterie: +9 Stärke; mit einer Einheit, die zwei oder mehr Zeitalter "
              "älter ist: +5 Stärke"},
    # A territory.
    "mil/I/developed_territory": {
        "en": "colony: +1 yellow token in the yellow bank, +1 blue token in the blue bank; when colonized: +3 science",
        "ja": "植民地：黄バンクに黄トークン+1、青バンクに青トークン+1。植民したとき：発明+3",
        "fr": "colonie : +1 jeton de population dans la réserve jaune, +1 jeton bleu dans la réserve bleue ; à la "
              "colonisation : +3 science",
        "de": "Kolonie: +1 Bevölkerungsmarker im gelben Vorrat, +1 blauer Marker im blauen Vorrat; beim "
              "Kolonisieren: +3 Wissenschaft"},
    # An event.
    "mil/I/rebellion": {
        "en": "every player: 2 fewer civil actions next turn per discontent worker",
        "ja": "全プレイヤー：不満な労働者1人につき次の手番のCivilアクションが2少ない",
        "fr": "chaque joueur : 2 actions civiles de moins au prochain tour par ouvrier mécontent",
        "de": "jeder Spieler: 2 Zivilaktionen weniger im nächsten Zug je unzufriedenen Arbeiter"},
    # An aggression.
    "mil/I/raid": {
        "en": "if the attack succeeds: the rival: destroy an urban building; you: resources worth half the "
              "building's cost (rounded up)",
        "ja": "侵略が成功すると：相手：都市建物を1つ失う。自分：その建物の建設コストの半分（切り上げ）の資源",
        "fr": "si l'attaque réussit : l'adversaire : détruire un bâtiment urbain ; vous : des ressources pour la "
              "moitié du coût du bâtiment (arrondi au supérieur)",
        "de": "gelingt der Angriff: der Gegner: ein Stadtgebäude verlieren; du: Rohstoffe in Höhe der halben "
              "Baukosten (aufgerundet)"},
}


@pytest.mark.parametrize("cid, loc", [(cid, loc) for cid in EXPECTED for loc in LOCALES])
def test_representative_faces_read_exactly(cid, loc):
    text = does_words(CARDS[cid], loc) if cid in CARDS else military_does(MILITARY[cid], loc)
    assert text == EXPECTED[cid][loc]


def test_costs_and_types_in_the_readers_language():
    assert type_words(CARDS["civ/I/alchemy"], "ja") == "研究所" and type_words(CARDS["civ/I/alchemy"], "en") == "lab"
    assert military_cost(MILITARY["mil/III/raid"], "de") == "3 Militäraktionen"
    assert military_cost(MILITARY["mil/II/assassinate"], "fr") == "actions militaires : l'âge du dirigeant adverse"
    assert military_cost(MILITARY["mil/I/rebellion"], "en") == ""


@pytest.mark.parametrize("locale, words", [("ja", "労働者1人につき食料+1"), ("fr", "+1 nourriture par ouvrier"),
                                           ("de", "+1 Nahrung je Arbeiter"), ("en", "+1 food per worker")])
def test_the_game_page_shows_the_faces_in_the_readers_language(client, make_user, make_game, locale, words):
    ann = make_user("ann", locale=locale)
    game = make_game("tta", humans=(ann,), bots=1)
    signin(client, ann.email)
    response = client.get(f"/games/{game.id}")
    assert response.status_code == 200
    page = html.unescape(response.get_data(as_text=True))
    assert words in page
    row = re.search(r'<ol class="tta-row".*?</ol>', page, re.S).group(0)
    if locale != "en":
        assert not re.search(r"\b(per worker|per unit|civil actions?|resources? less)\b", row), row
    with client.application.test_request_context():
        assert cost_words(CARDS["civ/I/alchemy"])


@pytest.mark.parametrize("table", ["CIVIL", "MIL", "WHO", "PER", "TYPES", "NOUNS"])
def test_every_language_has_every_phrase(table):
    """A phrase added in English only would show English (or fail) for the other readers."""
    words = getattr(M if table in ("MIL", "WHO", "PER") else W, table)
    assert {loc: set(words[loc]) for loc in LOCALES} == {loc: set(words["en"]) for loc in LOCALES}
    assert set(words["en"]) >= ({*ms.WHO} if table == "WHO" else {*ms.PER} - {"", "wonder_by_age", "half_cost_up",
                                                                              "half_cost_down"}
                                if table == "PER" else set())

"""The Through the Ages game page: the card row's faces, each tableau, and moves by the forms and the text box."""
from __future__ import annotations

import html
import re

import pytest

from conftest import signin
from sqlalchemy import select

from pbem.extensions import db
from pbem.models import Game, Move


def _page(client, game) -> str:
    response = client.get(f"/games/{game.id}")
    assert response.status_code == 200, response.data
    return response.get_data(as_text=True)


def _form_fields(page: str, button_value: str) -> dict:
    """The hidden fields of the form holding the button that sends `button_value`."""
    for form in re.findall(r"<form [^>]*>.*?</form>", page, re.S):
        if f'value="{button_value}"' in form:
            return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    raise AssertionError(f"no form sends {button_value!r}")


def test_the_board_shows_card_faces_tableaus_and_tracks(client, make_user, make_game):
    ann = make_user("ann")
    game = make_game("tta", humans=(ann,), bots=2)
    signin(client, ann.email)
    page = html.unescape(_page(client, game))
    assert 'href="/static/games/tta/board.css"' in page
    row = re.search(r'<ol class="tta-row".*?</ol>', page, re.S).group(0)
    assert row.count('class="tta-card') == 13 and "Age A" in row and "civil action" in row
    assert re.search(r'Yellow bank <small.*?</h4>.*?<p>18 of 18', page, re.S)
    assert re.search(r'Blue bank <small.*?</h4>.*?<p>18 of 18', page, re.S)
    assert "Agriculture" in page and "+1 food per worker" in page and "2 workers" in page
    assert "Current events: " in page and "No tactic in play." in page
    assert re.search(r'id="tta-mil-hand"><li class="meta">no cards</li>', page)
    # The card is the button; the row says what taking it costs ("1 civil action", not "1 civil actions").
    assert re.search(r'<button type="submit" name="move" value="take 1" title="take 1" class="tta-card [^"]+">'
                     r'<span class="tta-name" lang="en">[^<]+</span>.*?<span class="tta-take">1 civil action</span>', row, re.S)
    assert re.search(r'Civil actions</dt><dd>.*?<small>1 of \d', page, re.S)  # the first player's one action in round 1


@pytest.mark.parametrize("card_id, does", [
    ("civ/A/aristotle", "each time you take a technology from the card row: +1 science"),
    ("civ/II/isaac_newton", "each time you play a technology, you get 1 civil action back"),
    ("civ/A/homer", "+1 culture per Age A infantry unit (at most 2)"),
    ("civ/A/ideal_building_site", "build a new urban building, paying 1 resource less"),
    ("civ/III/hollywood", "when completed: +2 culture per level of each theater or library"),
    ("civ/III/fast_food_chains", "when completed: +1 culture per worker on a military unit or urban building"),
])
def test_card_faces_read_as_sentences(app, card_id, does):
    """The faces once said "+1 science each take technology", "build a urban", "2 culture per per level of" and
    "+1 culture per unit infantry" for Homer, whose culture comes from at most 2 Warriors."""
    from pbem.presentation.tta.faces import tta_card

    with app.test_request_context():
        assert does in tta_card(card_id)["does"]


@pytest.mark.parametrize("locale, bonus, tactic", [
    ("en", "defence +4, colonization +2", "army of 3 infantry: +2 strength"),
    ("ja", "防御+4、植民+2", "歩兵3の軍隊：軍事力+2"),
    ("fr", "défense +4, colonisation +2", "armée de 3 infanterie : +2 force"),
    ("de", "Verteidigung +4, Kolonisierung +2", "Armee aus 3 Infanterie: +2 Stärke")])
def test_ones_military_cards_show_what_they_do(client, make_user, make_game, locale, bonus, tactic):
    """A defence names bonus cards by their values (`defend with +4`), a tactic is chosen by the army it needs: the
    page said only the cards' names. Each of one's military cards now shows its face, in one's language."""
    from sqlalchemy.orm.attributes import flag_modified

    ann = make_user("ann", locale=locale)
    game = make_game("tta", humans=(ann,), bots=1)
    deck = game.state["mil_decks"]["II"]
    copy = next(c for c in deck if c.startswith("mil/II/bonus:"))
    deck.remove(copy)
    legion = next(c for c in game.state["mil_decks"]["I"] if c.startswith("mil/I/legion:"))
    game.state["mil_decks"]["I"].remove(legion)
    game.state["seats"][0]["mil_hand"] += [copy, legion]
    flag_modified(game, "state")
    db.session.commit()
    signin(client, ann.email)
    page = html.unescape(_page(client, game))
    hand = re.search(r'<ul class="tta-cards" id="tta-mil-hand">(.*?)</ul>', page, re.S).group(1)
    assert "Defense / Colonization Bonus II" in hand and bonus in hand
    assert "Legion" in hand and tactic in hand


@pytest.mark.parametrize("locale, face_down", [("en", "face down: 2 culture a turn, no effects"),
                                                ("ja", "裏向き：毎ターン文化2、効果なし"),
                                                ("fr", "face cachée : 2 culture par tour, aucun effet"),
                                                ("de", "verdeckt: 2 Kultur pro Zug, keine Wirkung")])
def test_a_wonder_turned_face_down_shows_as_such(client, make_user, make_game, locale, face_down):
    """Ravages of Time (docs/tta.md): a face-down wonder stays completed, gives 2 culture and has no effects; the
    page says so instead of printing the card's effects, in the reader's language."""
    from sqlalchemy.orm.attributes import flag_modified

    ann = make_user("ann", locale=locale)
    game = make_game("tta", humans=(ann,), bots=1)
    ann_seat = game.state["seats"][0]
    ann_seat["wonders"] = ["civ/A/pyramids", "civ/A/colossus"]
    ann_seat["flipped"] = ["civ/A/pyramids"]
    flag_modified(game, "state")
    db.session.commit()
    signin(client, ann.email)
    page = html.unescape(_page(client, game))
    down = re.findall(r'<li class="tta-tech tta-wonder tta-face-down">(.*?)</li>', page, re.S)
    assert len(down) == 1 and "Pyramids" in down[0] and face_down in down[0], down
    assert "civil action" not in down[0]                                 # the Pyramids' effect is not printed
    assert page.count(face_down) == 1
    assert re.search(r'<li class="tta-tech tta-wonder">.*?Colossus', page, re.S)


def test_take_by_clicking_a_card_then_build_with_the_cost_confirmed_and_type_a_turn(client, make_user, make_game):
    ann = make_user("ann")
    game = make_game("tta", humans=(ann,), bots=2)
    signin(client, ann.email)
    page = _page(client, game)
    done = client.post(f"/games/{game.id}/move", data={**_form_fields(page, "take 1"), "move": "take 1"})
    assert done.status_code == 302, done.data
    page = html.unescape(_page(client, game))
    assert re.search(r'You took \S[^<]* <small class="cmd">Done: take 1</small>', page)  # in words, then the command
    # Ending the actions asks "Really?" first: nothing is applied until the confirmation.
    fields = _form_fields(page, "done")
    really = client.post(f"/games/{game.id}/move", data={**fields, "confirm_move": "done"})
    assert really.status_code == 200 and "You are about to send done" in html.unescape(really.get_data(as_text=True))
    db.session.expire_all()
    assert db.session.get(Game, game.id).version == int(fields["version"])
    sent = client.post(f"/games/{game.id}/move", data={**fields, "move": "done", "confirmed": "1"})
    assert sent.status_code == 302, sent.data
    # Round 2 (the bots have played): build with the cost shown, then a typed line.
    page = html.unescape(_page(client, game))
    build = re.search(r'name="confirm_move" value="(build [^"]+)"[^>]*>Build ([^<]+) \((\d+) resources?\)', page)
    assert build, page
    fields = _form_fields(page, build.group(1))
    really = client.post(f"/games/{game.id}/move", data={**fields, "confirm_move": build.group(1)})
    assert build.group(1) in html.unescape(really.get_data(as_text=True))
    assert client.post(f"/games/{game.id}/move", data={**fields, "move": build.group(1),
                                                       "confirmed": "1"}).status_code == 302
    page = _page(client, game)
    typed = client.post(f"/games/{game.id}/move", data={**_form_fields(page, "done"), "command": "done"})
    assert typed.status_code == 302, typed.data
    mine = db.session.scalars(select(Move).where(Move.game_id == game.id, Move.seat == 0).order_by(Move.seq))
    assert [(m.text, m.source) for m in mine] == [("take 1", "web"), ("done", "web"), (build.group(1), "web"),
                                                   ("done", "web")]


def test_the_page_and_its_forms_render_at_every_move_of_a_game(client, make_user, make_game):
    """Every position ann meets over several rounds (bots choose her moves) renders, with its panels."""
    import random

    from pbem import engine, play

    ann = make_user("ann")
    game = make_game("tta", humans=(ann,), bots=2, seed="every-move")  # a fixed deal: the same positions each run
    signin(client, ann.email)
    rules, rnd = engine.get("tta"), random.Random(14)
    for _ in range(200):  # her moves of 8 rounds: actions, politics, discards, defences, bids, choices
        page = _page(client, game)
        db.session.expire_all()
        state = db.session.get(Game, game.id).state
        if state["round"] > 8 or state["over"] is not None:
            break
        assert 'id="move-h"' in page
        move = rules.bot_move(state, 0, rnd)
        assert play.submit(game.id, 0, str(move), "web", f"web:{rnd.random()}").ok
    assert state["round"] > 8


def test_the_history_is_grouped_by_round(client, make_user, make_game):
    """Each round of the game's log has its own heading, opened by the engine's "round" event."""
    ann = make_user("ann")
    game = make_game("tta", humans=(ann,), bots=2)
    signin(client, ann.email)
    for move in ("take 1", "done"):
        page = _page(client, game)
        assert client.post(f"/games/{game.id}/move", data={**_form_fields(page, move), "move": move,
                                                           "confirmed": "1"}).status_code == 302
    page = html.unescape(_page(client, game))
    history = page[page.index('id="history"'):]
    assert "<summary>Round 1" in history and "<summary>Round 2 <span class=\"meta\">Round 2 begins.</span>" in history


def test_the_move_form_names_the_players_its_commands_target(client, make_user, make_game):
    """Buttons and the typed example read "aggression Raid I Bot 2" as the board names players (the button still
    sends "player 2", which the move keeps); a refused line lists what could be sent, by name too, and the
    confirmation says what was done by name."""
    import sys
    from pathlib import Path

    from sqlalchemy.orm.attributes import flag_modified

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from test_tta_shown_names import attacker

    ann = make_user("ann")
    game = make_game("tta", humans=(ann,), bots=2)
    game.state = attacker(players=3)
    flag_modified(game, "state")
    db.session.commit()
    signin(client, ann.email)
    page = html.unescape(_page(client, game))
    # The button says what it does in words, and the command (players by name) in its title and small print.
    assert re.search(r'<button type="submit" name="confirm_move" value="aggression Raid I player 2" [^>]*'
                     r'title="aggression Raid I Bot 2">Attack Bot 2 with Raid I <small class="cmd">aggression Raid I '
                     r'Bot 2</small></button>', page), page
    assert '<small class="cmd">pact Acceptance of Supremacy Bot 3 as A</small>' in page
    assert ">aggression Raid I player" not in page
    assert re.search(r"For example: (aggression Raid I|pact Acceptance of Supremacy) Bot [23]", page)
    refused = client.post(f"/games/{game.id}/move", data={**_form_fields(page, "done"),
                                                          "command": "aggression Raid I Zed"})
    assert refused.status_code == 422
    legal = re.search(r'<div class="legal">.*?</div>', html.unescape(refused.get_data(as_text=True)), re.S).group(0)
    assert "<code>aggression Raid I Bot 2</code>" in legal and "player 2" not in legal
    page = _page(client, game)  # a new form: a new submission key
    sent = client.post(f"/games/{game.id}/move", data={**_form_fields(page, "done"),
                                                       "move": "aggression Raid I player 2"})
    assert sent.status_code == 302, sent.data
    assert db.session.scalars(select(Move.text).where(Move.game_id == game.id, Move.seat == 0)).all()[-1] == \
        "aggression Raid I player 2"
    assert "Done: aggression Raid I Bot 2" in html.unescape(client.get(sent.location).get_data(as_text=True))


def test_an_attack_asks_really_with_its_stakes_in_words(client, make_user, make_game):
    """An aggression went through without a "Really?"; the question now says the attack in words, its cost and
    the duel, and nothing is applied before the confirmation."""
    import sys
    from pathlib import Path

    from sqlalchemy.orm.attributes import flag_modified

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from test_tta_shown_names import attacker

    ann = make_user("ann")
    game = make_game("tta", humans=(ann,), bots=2)
    game.state = attacker(players=3)
    flag_modified(game, "state")
    db.session.commit()
    signin(client, ann.email)
    page = html.unescape(_page(client, game))
    stake = re.search(r'aggression Raid I Bot 2</small></button><span class="stake">([^<]+)</span>', page).group(1)
    assert "costs 1 military action" in stake or "costs 2 military actions" in stake, stake
    assert re.search(r"Your strength \d+ against Bot 2's \d+", stake), stake
    fields = _form_fields(page, "aggression Raid I player 2")
    really = client.post(f"/games/{game.id}/move", data={**fields, "confirm_move": "aggression Raid I player 2"})
    text = html.unescape(really.get_data(as_text=True))
    assert really.status_code == 200 and "<strong>Attack Bot 2 with Raid I</strong>" in text and stake in text
    db.session.expire_all()
    assert db.session.get(Game, game.id).version == int(fields["version"])


def test_a_one_time_gain_and_a_payment_in_another_way_go_under_the_heading_of_the_events_around_them(make_game):
    """A colony's one-time production is part of the political phase that colonised, not "Production"; a payment
    made with Trade Routes goes with the building it paid for, not under a heading of its own before it."""
    from pbem.models import Move
    from pbem.web import history

    game = make_game(slug="tta", humans=("ann",), bots=1)
    farm, colony = "civ/A/agriculture", "mil/I/wealthy_territory"
    moves = [
        Move(seq=1, seat=0, text="done", events=[{"kind": "round", "round": 2}]),
        Move(seq=2, seat=0, text="build farm", events=[
            {"kind": "traded", "seat": 0, "card": "mil/I/trade_routes_agreement", "what": "food", "instead": "resource"},
            {"kind": "built", "seat": 0, "card": farm, "cost": 2}]),
        Move(seq=3, seat=0, text="colonize", events=[
            {"kind": "colonized", "seat": 0, "card": colony, "units": []},
            {"kind": "produced", "seat": 0, "what": "resource", "amount": 5}]),
    ]
    window = history.Window(1, 3, 1, moves, None, True)
    [round_] = history.grouped_history(game, window, 0, "en", ["ann", "bot"])
    headings = [(p["phase"], [line["seq"] for line in p["lines"]]) for p in round_["phases"]]
    assert headings == [("actions", [2, 2]), ("turn", [3, 3])], headings


@pytest.mark.parametrize("locale, bid, attacked", [
    ("en", "bid for Wealthy Territory I or pass; to beat: 2",
     "bob attacks you with Raid I, strength 4: reach 4 with bonus cards and sacrifices to hold"),
    ("ja", "Wealthy Territory Iに入札する（またはパス）：現在の最高入札は2", "bobがRaid Iで侵略（軍事力4）"),
    ("fr", "enchérir pour Wealthy Territory I, ou passer ; enchère à battre : 2",
     "bob vous attaque avec Raid I, force 4 : atteignez 4"),
    ("de", "für Wealthy Territory I bieten oder passen; zu überbieten: 2", "bob greift dich mit Raid I an, Stärke 4"),
])
def test_the_page_says_what_is_asked_with_the_card_and_the_amount(client, make_user, make_game, locale, bid,
                                                                   attacked):
    """The page showed the bid's buttons under "Other actions" and no word of the territory, the bid to beat, the
    attacker or the strength to reach: it now says what is asked as the turn mail does."""
    import sys
    from pathlib import Path

    from sqlalchemy.orm.attributes import flag_modified

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from test_tta_colonies import revealed
    from test_tta_conflict import politics
    from test_tta_military import mil, units
    from tta_helpers import act, tta_state

    bob, ann = make_user("bob"), make_user("ann", locale=locale)
    game = make_game("tta", humans=(bob, ann))
    state = revealed(2, "mil/I/wealthy_territory", armies={0: {"warriors": 3}, 1: {"warriors": 3}})
    state, _ = act(state, "bid 2", seat=0)
    game.state = state
    flag_modified(game, "state")
    db.session.commit()
    signin(client, ann.email)
    page = html.unescape(_page(client, game))
    asked = re.search(r'<p class="meta" id="asked">(.*?)</p>', page, re.S)
    assert asked and bid in asked.group(1), page[page.index('id="move-h"'):][:800]
    assert re.search(r'<p class="stakes">Wealthy Territory I: ', page)  # what the colony gives, as its face says

    state = politics(tta_state())
    units(state, 0, swordsmen=2)
    mil(state, "mil/I/raid")
    mil(state, "mil/I/bonus", seat=1)
    state, _ = act(state, "aggression Raid I player 2")
    game = db.session.get(Game, game.id)
    game.state = state
    flag_modified(game, "state")
    db.session.commit()
    page = html.unescape(_page(client, game))
    asked = re.search(r'<p class="meta" id="asked">(.*?)</p>', page, re.S)
    assert asked and attacked in asked.group(1), page[page.index('id="move-h"'):][:800]


@pytest.mark.parametrize("locale, one, zero, cost", [
    ("en", "hand: 1 card;", "military hand: 0 cards", "it costs 1 civil action and you have 0"),
    ("ja", "手札：1枚;", "軍事手札：0枚", "Civilアクションが1必要ですが、あなたには0しかありません"),
    ("fr", "main : 1 carte;", "main militaire : 0 carte", "cela coûte 1 action civile et vous en avez 0"),
    ("de", "Hand: 1 Karte;", "Militärhand: 0 Karten", "das kostet 1 Zivilaktion und du hast 0"),
])
def test_a_count_of_one_is_singular_in_the_board_text_and_refusals(locale, one, zero, cost):
    """The mail's board said "hand: 1 cards" and a refusal "it costs 1 civil actions" (French: "1 cartes")."""
    from pbem.engine import IllegalMove, tta
    from pbem.engine.tta.moves import Take

    state = tta.setup(2, {}, 1)
    state["seats"][1]["hand"] = [state["row"][0]]
    text = " ".join(tta.board_text(tta.view(state, 0), locale).split())
    assert one in text and zero in text
    state["seats"][0]["ca"] = 0
    with pytest.raises(IllegalMove) as refused:
        tta.apply(state, 0, Take(1))
    assert cost in refused.value.in_locale(locale)


@pytest.mark.parametrize("locale, waiting", [("en", "Waiting for: Player 1 (you) (actions)"),
                                             ("ja", "手番待ち：プレイヤー1（あなた）（アクション）"),
                                             ("fr", "En attente de : Joueur 1 (vous) (actions)"),
                                             ("de", "Es fehlt: Spieler 1 (du) (Aktionen)")])
def test_the_board_text_says_what_is_asked_in_the_readers_language(locale, waiting):
    """The Japanese mail's board said "手番待ち：bob（あなた） (actions)": the prompt's kind as the engine names it."""
    from pbem.engine import tta
    from pbem.engine.tta.board_text import ASKED

    assert waiting in tta.board_text(tta.view(tta.setup(2, {}, 1), 0), locale)
    for locale in ("en", "ja", "fr", "de"):  # every kind the engine asks has its words
        assert set(ASKED[locale]) == {
            "actions", "politics", "discard", "event_choice", "bid", "colonize", "defend", "sacrifice", "pact_answer"}


def test_passing_the_political_action_is_worded_so_and_asks_no_really(app):
    """The political phase's "done" read "Done: production and the next player follow" and asked "Really? It
    cannot be undone", though it only passes the political action (the actions come next) and can be undone."""
    from pbem.engine import tta
    from pbem.presentation.tta import forms

    state = tta.setup(2, {}, "politics-panel")
    state["stack"] = [{"kind": "politics", "seat": 0, "resume": "discard"}]
    state["phase"] = "politics"
    with app.test_request_context():
        (passing,) = [p for p in forms.panels(state, 0, tta.legal(state, 0), "en") if p.title == "No political action"]
        assert [(c.command, str(c.label), c.confirm) for c in passing.choices] == [
            ("done", "No political action this turn", False)]
        state["stack"] = [{"kind": "actions", "seat": 0, "resume": "production"}]
        ending = [p for p in forms.panels(state, 0, tta.legal(state, 0), "en") if p.title == "End your actions"]
        assert [(c.command, c.confirm) for c in ending[0].choices] == [("done", True)]


def test_the_page_warns_of_an_uprising_and_its_done_button_says_so(client, make_user, make_game):
    """Two uprisings in a row and nothing said: the page shows the happy faces needed, the warning, and the
    button ending the turn names the uprising (its "Really?" still comes)."""
    from pbem.engine.tta.effects import uprising_ahead

    ann = make_user("ann")
    game = make_game("tta", humans=(ann,), bots=1)
    state = {**game.state, "seats": [dict(p) for p in game.state["seats"]]}
    state["seats"][0].update(yellow=12, idle=1)  # 2 happy faces needed, none: 2 discontent, 1 unused worker
    assert uprising_ahead(state["seats"][0], state["options"])
    game.state = state
    db.session.commit()
    signin(client, ann.email)
    page = html.unescape(_page(client, game))
    assert "Uprising ahead (discontent workers: 2, unused workers: 1)" in page
    assert re.search(r"Happy faces</dt><dd><b>0</b> <small>needed 2 · 2 discontent workers", page)
    # The button says "done anyway": a plain "done" that brings an uprising is refused (docs/tta.md).
    assert re.search(r'value="done anyway"[^>]*>Done, with an uprising: nothing is produced this turn', page)


def test_populate_and_a_leader_say_what_they_cost_on_their_buttons(app):
    """The tester's buttons read "populate" and "play Alexander the Great" with no cost (the builds show theirs)."""
    import sys
    from pathlib import Path

    from pbem.engine import tta
    from pbem.engine.tta.checks import population_food
    from pbem.presentation.tta import forms

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from tta_helpers import set_tokens, to_hand, tta_state

    state = tta_state()
    set_tokens(state, "civ/A/agriculture", 5)  # food enough for a worker
    to_hand(state, "civ/A/alexander_the_great")
    food = population_food(state["seats"][0])
    with app.test_request_context():
        labels = {c.command: (str(c.label), c.at) for p in forms.panels(state, 0, tta.legal(state, 0), "en")
                  for c in p.choices}
    assert labels["populate"] == (f"Increase population ({food} food, 1 civil action)", "bank")
    copy = next(c for c in state["seats"][0]["hand"] if c.startswith("civ/A/alexander_the_great"))
    assert labels["play Alexander the Great"] == ("Play Alexander the Great (1 civil action)", f"hand:{copy}")


def test_a_wonder_stage_shows_its_cost_and_asks_really(app):
    """The tester's "wonder" button paid 3 resources without saying so or asking, unlike the build buttons."""
    import sys
    from pathlib import Path

    from pbem.engine import tta
    from pbem.presentation.tta import forms

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from tta_helpers import set_tokens, to_hand, tta_state

    state = tta_state()
    set_tokens(state, "civ/A/bronze", 6)
    p = state["seats"][0]
    p["wonder"], p["stages"] = to_hand(state, "civ/A/pyramids"), 0  # under construction, no stage built
    p["hand"].remove(p["wonder"])
    first = tta.cards.card(p["wonder"]).stages[0]
    with app.test_request_context():
        choices = {c.command: c for panel in forms.panels(state, 0, tta.legal(state, 0), "en") for c in panel.choices}
    assert str(choices["wonder"].label) == f"Build 1 stage of your wonder ({first} resources, 1 civil action)"
    assert choices["wonder"].confirm and choices["wonder"].at == "wonder"


@pytest.mark.parametrize("locale, build, stages", [("ja", "Warriorsを建設（資源", "3段階中1段階完了"),
                                                   ("fr", "Construire Warriors (", "1 étapes sur 3 construites"),
                                                   ("de", "Warriors bauen (", "1 von 3 Stufen gebaut")])
def test_build_buttons_and_wonder_stages_read_in_the_readers_language(app, locale, build, stages):
    """A tester read "Warriors（infantry）を建設" and "1 étapes faites": the buttons and the wonder's stages are
    worded in the reader's language (card names stay as printed)."""
    import sys
    from pathlib import Path

    from flask import render_template_string
    from flask_babel import force_locale

    from pbem.engine import tta
    from pbem.presentation.tta import forms

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from tta_helpers import set_tokens, tta_state

    state = tta_state()
    set_tokens(state, "civ/A/bronze", 4)  # resources to build with
    with app.test_request_context(), force_locale(locale):
        labels = [str(c.label) for p in forms.panels(state, 0, tta.legal(state, 0), locale) for c in p.choices]
        assert any(label.startswith(build) for label in labels if "Warriors" in label), labels
        assert not any(label.startswith(("build ", "destroy ", "take ", "Build ")) for label in labels), labels
        assert stages in render_template_string(
            "{{ _('%(n)d of %(max)d stages built; stages cost %(costs)s', n=1, max=3, costs='1+2+3') }}")

"""The game page draws the Stone Age board for the viewer's seat (SVG, issue 25): places, row, stacks, dice, score
track and villages, each named in words; no hidden card of another seat."""
from __future__ import annotations

import copy
import random
import re
from html.parser import HTMLParser

import pytest
from conftest import signin
from flask import g, render_template

from pbem import engine, play
from pbem.extensions import db

PLACE_NAMES = {"hunt": "Hunting grounds", "forest": "Forest", "clay": "Clay pit", "quarry": "Quarry",
               "river": "River", "toolmaker": "Toolmaker", "hut": "Hut", "field": "Field"}


class _Texts(HTMLParser):
    """The text inside every element that has an id, collected while parsing a page."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self):
        super().__init__()
        self.open: list[tuple[str, str | None]] = []
        self.texts: dict[str, list[str]] = {}

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        ident = dict(attrs).get("id")
        self.open.append((tag, ident))
        if ident:
            self.texts[ident] = []

    def handle_endtag(self, tag):
        while self.open:
            if self.open.pop()[0] == tag:
                break

    def handle_data(self, data):
        for _, ident in self.open:
            if ident:
                self.texts[ident].append(data)


def texts_by_id(html: str) -> dict[str, str]:
    """Each element id of the page -> its text with spaces collapsed."""
    parser = _Texts()
    parser.feed(html)
    return {k: " ".join("".join(v).split()) for k, v in parser.texts.items()}


def play_until_round(game, seat: int, round_: int) -> None:
    """Let `seat` play the bot's moves through play.submit until round `round_` asks it to place."""
    rules = engine.get(game.slug)
    for i in range(300):
        db.session.refresh(game)
        state = game.state
        if state["round"] >= round_ and state["phase"] == "place":
            return
        assert any(p.seat == seat for p in rules.pending(state)), rules.pending(state)
        move = rules.bot_move(state, seat, random.Random(i))
        outcome = play.submit(game.id, seat, str(move), "web", f"board-test:{game.id}:{i}")
        assert outcome.ok, outcome.error
    raise AssertionError(f"round {round_} not reached")


def give_hidden(game, cards: dict[int, str]) -> None:
    """Deal face-down extra cards from the deck (the card that takes a deck card needs luck to turn up)."""
    state = copy.deepcopy(game.state)
    for s, card in cards.items():
        state["deck"].remove(card)
        state["seats"][s]["hidden"].append(card)
    game.state = state
    db.session.commit()


def labels_in(html: str, ident: str) -> list[str]:
    """The accessible names (aria-label) inside the element with id `ident`, up to the next element with an id of
    the same kind."""
    start = html.index(f'id="{ident}"')
    end = html.find('<div class="sa-spot', start + 1)
    end = html.find('<article', start + 1) if ident.startswith("sa-seat") else end
    return re.findall(r'aria-label="([^"]*)"', html[start:end if end > 0 else len(html)])


@pytest.mark.parametrize("viewer", [0, None], ids=["seat", "spectator"])
def test_the_board_shows_places_card_row_stacks_and_every_player(client, make_game, viewer):
    game = make_game(slug="stone-age", humans=("ann",), bots=3)
    play_until_round(game, 0, 2)
    if viewer is not None:
        signin(client, "ann@example.com")
    page = client.get(f"/games/{game.id}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    texts = texts_by_id(html)
    view = engine.get("stone-age").view(game.state, viewer)
    names = {s.position: s.display_name for s in game.seats}

    assert "What you can see" not in html  # the board, not the JSON fallback
    for pid, name in PLACE_NAMES.items():
        assert texts[f"sa-{pid}"].startswith(name)  # the drawing's title names the place first
    # Round 2 begins with seat 1: the bots have placed, so the board shows who stands where, in words.
    assert sum(sum(counts) for counts in view["board"].values()) > 0
    for pid, counts in view["board"].items():
        for s, n in enumerate(counts):
            if n:
                who = f"{names[s]} (you)" if s == viewer else names[s]
                assert f"{who}: {n} {'person' if n == 1 else 'people'}" in labels_in(html, f"sa-{pid}"), pid

    # The card row: cheapest space first, each card's two halves in words.
    spaces = [html.index(f'id="sa-civ{i}"') for i in range(1, 5)]
    assert spaces == sorted(spaces)
    for i, card in enumerate(view["row"], start=1):
        cost = "costs 1 resource" if i == 1 else f"costs {i} resources"
        assert f"Civilization card {i}, {cost}:" in texts[f"sa-civ{i}"]
        if card:
            assert f'data-card="{card}"' in html and " now; at the end, " in texts[f"sa-civ{i}"]
    assert f"Deck: {view['deck']} cards left" in html

    for i, stack in enumerate(view["stacks"], start=1):
        assert f"Building stack {i}, {stack['count']} tiles: on top, " in texts[f"sa-building{i}"]
        assert f'data-tile="{stack["top"]}"' in html

    for s, p in enumerate(view["seats"]):
        board = texts[f"sa-seat-{s}"]
        assert board.startswith(names[s]) and f"{p['score']} points" in board
        labels = labels_in(html, f"sa-seat-{s}")
        assert f"Food: {p['food']}" in labels and f"Wood: {p['wood']}" in labels
        home = p["people"] - p["placed"]
        assert f"{p['people']} people: {home} at home, {p['placed']} placed" in labels
    assert ("(you)" in texts["sa-seat-0"]) == (viewer == 0) and "(you)" not in texts["sa-seat-1"]
    assert "Start player" in texts["sa-seat-1"] and "To act" in texts["sa-seat-0"]
    assert "Round 2" in texts["sa-status-h"]
    if viewer == 0:
        assert "Asked now: place your people" in html and "Choose a place on the board" in html
    else:
        assert "Waiting for: ann" in " ".join(texts["sa-status"].split())


def test_extra_cards_show_to_their_owner_and_only_as_a_count_to_others(client, make_game):
    game = make_game(slug="stone-age", humans=("ann",), bots=3)
    mine, theirs = game.state["deck"][:2]
    give_hidden(game, {0: mine, 1: theirs})

    spectator = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert mine not in spectator and theirs not in spectator
    for s in (0, 1):
        assert "1 face-down extra card" in labels_in(spectator, f"sa-seat-{s}")
    assert "Your face-down" not in spectator

    signin(client, "ann@example.com")
    owner = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert f'data-card="{mine}"' in owner and "Your face-down extra cards" in texts_by_id(owner)["sa-seat-0"]
    assert theirs not in owner and "1 face-down extra card" in labels_in(owner, "sa-seat-1")


def test_a_player_name_is_escaped(client, make_game, make_user):
    evil = make_user("<script>alert(1)</script>", email="evil@example.com")
    game = make_game(slug="stone-age", humans=(evil,), bots=3)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    # Shown as text where the name belongs: on the player's village.
    assert texts_by_id(html)["sa-seat-0"].startswith("<script>alert(1)</script>")


def test_a_game_without_a_board_template_shows_the_json_view(client, make_game):
    game = make_game()
    signin(client, "ann@example.com")
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "What you can see" in html and "sa-board" not in html


def _game(state, seats):
    return type("Game", (), {"id": 1, "slug": "stone-age", "seats": seats, "state": state, "version": 0})()


def test_every_prompt_and_the_end_render_from_both_sides(app):
    """Whole bot games, drawn from a seat and from the stands at each new kind of question and at the end."""
    rules = engine.get("stone-age")
    seats = [type("Seat", (), {"position": i, "display_name": f"P{i}"})() for i in range(4)]
    seen: set[str] = set()
    with app.test_request_context("/"):
        g.user = None
        for seed in range(3):
            state, rnd = rules.setup(4, {}, f"board-{seed}"), random.Random(seed)
            while True:
                prompts = rules.pending(state)
                kinds = {p.kind for p in prompts}
                if not prompts or not kinds <= seen:
                    for viewer in (0, None):
                        html = render_template("stone-age/board.html", game=_game(state, seats),
                                               view=rules.view(state, viewer), seat=viewer, rules=rules)
                        assert "sa-board" in html
                    seen |= kinds
                if not prompts:
                    assert "The game is over" in html
                    break
                state, _ = rules.apply(state, prompts[0].seat, rules.bot_move(state, prompts[0].seat, rnd))
    assert seen >= {"place", "act", "pick"}, seen


@pytest.mark.parametrize("phase, ask, hungry, said", [
    ("act", {"kind": "tools", "seat": 0, "target": "forest", "dice": [3, 4], "total": 7, "res": "wood"}, None,
     "You rolled 3 4 (total 7) for forest. Tools may still be added."),
    ("feed", None, [3, None, None, None], "3 food short"),
])
def test_what_is_asked_is_said_in_words(app, phase, ask, hungry, said):
    """Questions the bots seldom meet in a short game: tools for a roll, and feeding when short."""
    rules = engine.get("stone-age")
    state = rules.setup(4, {}, "board-ask")
    state.update(phase=phase, ask=ask, hungry=hungry or [None] * 4)
    state["seats"][0].update(tools=[2, 1, 0], used=[False, True, False])
    with app.test_request_context("/"):
        g.user = None
        html = render_template("stone-age/board.html", game=_game(state, []), view=rules.view(state, 0), seat=0,
                               rules=rules)
    assert said in " ".join(html.split())
    labels = labels_in(html, "sa-seat-0")
    assert {"Tool tile 1: 2, ready", "Tool tile 2: 1, used this round", "Tool tile 3: 0, no tile yet",
            "Tools: 1 ready, 1 used"} <= set(labels)


def test_the_place_buttons_ask_the_count_on_the_game_page_also_after_a_refused_form(client, make_game):
    """A refused move is answered at the form's own address: the place buttons still open the game page."""
    game = make_game(slug="stone-age", humans=("ann",), bots=2)
    signin(client, "ann@example.com")
    refused = client.post(f"/games/{game.id}/move", data={"version": game.version, "move": "place 9 hut"})
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert f'<form method="get" action="/games/{game.id}#sa-hunt"><input type="hidden" name="place" value="hunt">' in html
    chosen = client.get(f"/games/{game.id}?place=hunt").get_data(as_text=True)
    assert 'id="sa-count-hunt"' in chosen and f'href="/games/{game.id}">Choose another place' in chosen


def test_as_needed_beside_the_roll_uses_the_tool_that_reaches_the_next_unit(client, make_game):
    """Issue 25: a roll one short of the next multiple with a 1-tool free; "As needed" on the board uses it."""
    game = make_game(slug="stone-age", humans=("ann",), bots=2)
    state = copy.deepcopy(game.state)
    state.update(phase="act", turn=0, ask={"kind": "tools", "seat": 0, "target": "forest", "dice": [3, 5],
                                           "total": 8, "res": "wood"})
    state["board"]["forest"] = [0, 0, 0]
    state["seats"][0].update(tools=[1, 0, 0], used=[False, False, False], wood=0)
    game.state = state
    db.session.commit()
    signin(client, "ann@example.com")
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    spot = html[html.index('id="sa-forest"'):html.index('id="sa-clay"')]
    quick = spot[spot.index('class="sa-tools-quick"'):]
    quick = quick[:quick.index("</form>")]
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', quick))
    assert 'value="forest tools auto"' in quick and "compose" not in fields
    done = client.post(f"/games/{game.id}/move", data={**fields, "move": "forest tools auto"}, follow_redirects=True)
    assert "Done: forest tools auto" in done.get_data(as_text=True)
    db.session.expire_all()
    assert db.session.get(type(game), game.id).state["seats"][0]["wood"] == 3  # (8 + 1) // 3

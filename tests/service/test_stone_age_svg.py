"""The drawn Stone Age board (issue 25), parsed as SVG: seeded 2-, 3-, 4- and (with the expansion) 5-player games
rendered at every move of a round, from the asked seat (with its buttons) and from the stands. Every place, card
space and building stack is drawn once with the people of each colour standing on it and its free spaces; the
cards, tiles, dice, score markers and villages show what the state holds; every piece has a name."""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from flask import g, render_template

from pbem import engine
from pbem.engine.stone_age.cards import BUILDINGS, PLACE_INFO, RESOURCES
from pbem.presentation.stone_age.drawing import workplace_owners
from pbem.presentation.stone_age.forms import panels

RULES = engine.get("stone-age")
SVG = re.compile(r"<svg\b.*?</svg>", re.S)


class Seat:
    def __init__(self, position: int):
        self.position, self.display_name = position, f"P{position} <b>&"


class Game:
    slug = "stone-age"

    def __init__(self, state: dict, version: int):
        self.id, self.state, self.version = 7, state, version
        self.seats = [Seat(i) for i in range(state["players"])]


def drawings(html: str) -> list[ET.Element]:
    """Every <svg> of the board, parsed as XML (a drawing that is not well-formed fails here)."""
    return [ET.fromstring(svg) for svg in SVG.findall(html)]


def render(state: dict, seat: int | None, version: int, with_panels: bool) -> str:
    legal = RULES.legal(state, seat) if with_panels and seat is not None else []
    shown = panels(state, seat, legal, "en") if legal else []
    return render_template("stone-age/board.html", game=Game(state, version), view=RULES.view(state, seat), seat=seat,
                           rules=RULES, panels=shown)


def by_place(svgs: list[ET.Element]) -> dict[str, ET.Element]:
    places: dict[str, ET.Element] = {}
    for svg in svgs:
        pid = svg.get("data-place")
        if pid:
            assert pid not in places, f"{pid} drawn twice"
            places[pid] = svg
    return places


def check_names(svgs: list[ET.Element]) -> None:
    """Every drawn piece and place has a name: groups a title or a label, each image a label."""
    for svg in svgs:
        if svg.get("aria-hidden") == "true":
            continue
        assert svg.get("aria-label") or (svg.find("title") is not None and svg.find("title").text), \
            ET.tostring(svg)[:200]
        for part in svg.iter():
            if part.get("role") == "img":
                assert (part.get("aria-label") or "").strip(), ET.tostring(part)[:200]


def check_board(state: dict, html: str) -> None:
    """Each place, space and stack drawn once with its pieces as the state has them."""
    view = RULES.view(state, None)
    svgs = drawings(html)
    check_names(svgs)
    places = by_place(svgs)
    expected = [pid for pid in view["places"]
                if not PLACE_INFO.get(pid, {}).get("owner_only") or workplace_owners(view, pid)
                or sum(state["board"][pid])]
    assert sorted(places) == sorted(expected)
    for pid, svg in places.items():
        counts = state["board"][pid]
        groups = {int(grp.get("data-seat")): grp for grp in svg.iter("g") if grp.get("data-seat") is not None}
        assert {s for s, n in enumerate(counts) if n} == set(groups), (pid, counts)
        for s, grp in groups.items():
            assert int(grp.get("data-n")) == counts[s] == len(grp.findall("use")), (pid, s)
            assert grp.get("aria-label").endswith(f"{counts[s]} {'person' if counts[s] == 1 else 'people'}")
        assert int(svg.get("data-people")) == sum(counts)
        capacity = PLACE_INFO.get(pid, {}).get("capacity", 1) if not pid.startswith(("civ", "building")) else 1
        free = [grp for grp in svg.iter("g") if grp.get("class") == "sa-free"]
        if capacity is None:
            assert not free and svg.get("data-free") is None
        else:
            shown = len(free[0].findall("circle")) if free else 0
            assert shown == capacity - sum(counts), (pid, counts)
            assert int(svg.get("data-free")) == capacity - sum(counts) and int(svg.get("data-capacity")) == capacity
    for i, card in enumerate(state["row"], start=1):
        faces = [el for el in places[f"civ{i}"].iter("g") if el.get("data-card")]
        assert [el.get("data-card") for el in faces] == ([card] if card else [])
    for i, stack in enumerate(state["stacks"], start=1):
        svg = places[f"building{i}"]
        tiles = [el.get("data-tile") for el in svg.iter("g") if el.get("data-tile")]
        assert tiles == ([stack[0]] if stack else [])
        assert f", {len(stack)} tile" in svg.find("title").text
        if stack and BUILDINGS[stack[0]]["kind"] == "fixed":
            face = next(el for el in svg.iter("g") if el.get("data-tile"))
            cost = [u.get("href")[len("#sa-i-"):] for u in face.findall("use")]
            assert sorted(cost) == sorted(r for r, n in BUILDINGS[stack[0]]["cost"].items() for _ in range(n))
    markers = {int(el.get("data-seat")): int(el.get("data-score")) for svg in svgs for el in svg.iter("g")
               if "sa-marker" in (el.get("class") or "")}
    assert markers == {i: p["score"] for i, p in enumerate(state["seats"])}
    villages = {int(svg.get("data-seat")): svg for svg in svgs if svg.get("data-seat") is not None}
    assert sorted(villages) == list(range(state["players"]))
    for i, p in enumerate(state["seats"]):
        parts = {k: el for el in villages[i].iter("g") for k in el.keys() if k.startswith("data-")}
        home = parts["data-people"]
        assert int(home.get("data-people")) == p["people"] and int(home.get("data-home")) == p["people"] - p["placed"]
        assert int(parts["data-food"].get("data-food")) == p["food"]
        assert int(parts["data-agriculture"].get("data-agriculture")) == p["agri"]
        assert int(parts["data-buildings"].get("data-buildings")) == len(p["buildings"])
        assert int(parts["data-cards"].get("data-cards")) == len(p["cards"]) + len(p["hidden"])
        goods = {el.get("data-res"): int(el.get("data-n")) for el in villages[i].iter("g") if el.get("data-res")}
        assert goods == {r: p[r] for r in RESOURCES} | ({"ornament": p["ornaments"]} if "ornaments" in p else {})
        tools = [(int(el.get("data-value")), el.get("data-used") == "1") for el in villages[i].iter("g")
                 if el.get("data-used") is not None]
        assert tools == list(zip(p["tools"], p["used"]))
        trade = [int(el.get("data-trade")) for el in villages[i].iter("g") if el.get("data-trade")]
        assert trade == ([p["trade"]] if "trade" in p else [])


def last_rolls(state: dict) -> list[int]:
    """The dice of the player who rolled last in the round's record: seats resolve one after the other from the
    start player of that round, each rolling at its places."""
    done = state.get("done") or {}
    rolls: list[int] = []
    if done:
        start = (state["start"] - (state["round"] - done["round"])) % state["players"]
        for k in range(state["players"]):
            got = done["seats"].get(str((start + k) % state["players"])) or {}
            mine = [d for pid in RULES.view(state, None)["places"] for ev in got.get(pid, ())
                    if ev["kind"] == "rolled" for d in ev["dice"]]
            rolls = mine or rolls
    return rolls


def check_dice(state: dict, html: str) -> None:
    """The dice on the table: a roll waiting, the dice for everyone, else the last player's rolls of the round."""
    [tray] = [svg for svg in drawings(html) if "sa-g-tray" in (svg.get("class") or "")]
    ask = state["ask"] or {}
    if ask.get("kind") in ("tools", "pick"):
        expected = sorted(ask["dice"]) if ask["kind"] == "pick" else ask["dice"]
    elif ask.get("kind") == "split":
        expected = []
    else:
        expected = last_rolls(state)
    assert tray.get("data-dice") == " ".join(map(str, expected))
    faces = [int(u.get("href")[len("#sa-d"):]) for u in tray.iter("use") if u.get("href").startswith("#sa-d")]
    assert faces == expected and tray.get("aria-label")


@pytest.mark.parametrize("players, options", [(2, {}), (3, {}), (4, {}), (5, {"expansion": "style"})],
                         ids=["2", "3", "4", "5-style"])
def test_every_move_of_a_round_is_drawn_with_its_pieces(app, players, options):
    state = RULES.setup(players, options, f"svg-{players}")
    rnd = random.Random(players)
    version = 0
    with app.test_request_context("/games/7"):
        g.user = None
        # Round 1 to the end of round 2: placing, resolving (rolls, cards, buildings, dice for everyone), feeding.
        while state["round"] <= 2 and RULES.pending(state):
            asked = RULES.pending(state)[0].seat
            html = render(state, asked, version, with_panels=True)
            check_board(state, html)
            check_dice(state, html)
            if version % 5 == 0:
                check_board(state, render(state, None, version, with_panels=False))
            state, _ = RULES.apply(state, asked, RULES.bot_move(state, asked, rnd))
            version += 1
    assert version > 5


def test_the_buttons_stand_at_their_places_and_send_the_legal_commands(app):
    """Placing: each place the seat may use has its button (one count: the command; several: the count asked);
    resolving: each place's buttons send its legal commands."""
    state = RULES.setup(3, {}, "svg-buttons")
    rnd = random.Random(5)
    seen = set()
    with app.test_request_context("/games/7"):
        g.user = None
        while state["round"] <= 2:
            asked = RULES.pending(state)[0].seat
            html = render(state, asked, 0, with_panels=True)
            legal = {str(m) for m in RULES.legal(state, asked)}
            sent = set(re.findall(r'name="(?:confirm_)?move" value="([^"]+)"', html))
            sent |= set(re.findall(r'<option value="([^"]+)">', html)) & legal
            assert sent <= legal | {""}, sent - legal
            if state["phase"] == "place":
                for pid in {m.pid for m in RULES.legal(state, asked) if hasattr(m, "pid") and m.tools is None}:
                    spot = html[html.index(f'id="sa-{pid}"'):]
                    spot = spot[:spot.index("</svg>") + 400]
                    assert 'class="sa-go"' in spot, pid
                seen.add("place")
            elif state["phase"] == "act":
                seen.add("act")
                assert sent, legal
            state, _ = RULES.apply(state, asked, RULES.bot_move(state, asked, rnd))
    assert seen == {"place", "act"}


def test_a_place_chosen_asks_how_many_beside_it(app):
    state = RULES.setup(4, {}, "svg-count")
    with app.test_request_context("/games/7?place=forest"):
        g.user = None
        html = render(state, 0, 0, with_panels=True)
    form = html[html.index('id="sa-count-forest"'):]
    form = form[:form.index("</form>")]
    assert re.findall(r'name="count" value="(\d+)"', form) == ["1", "2", "3", "4", "5"]
    assert 'name="target" value="forest"' in form and 'name="compose" value="placement"' in form
    assert 'name="ahead"' in form and "sa-chosen" in html[html.rindex("<div", 0, html.index('id="sa-forest"')):]

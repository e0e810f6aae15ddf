"""Style is the Goal offered only with a host's components file (issue 28): with the tests' file (TEST DATA, not the
printed values) configured, the lobby, the API and mail's `new` offer it for 2-5 players, and a 5-player game made
through the API is played by bots to its end and replays; without a file nothing offers it."""
from __future__ import annotations

import html
import random
import re
from pathlib import Path

import pytest
from sqlalchemy import select
from test_api import bearer
from test_inbound import answers_to, reply, turn_mail

from conftest import signin
from pbem import components, engine, play
from pbem.extensions import db
from pbem.mail import inbound
from pbem.models import Game, User

TEST_FILE = Path(__file__).resolve().parent.parent / "data" / "style-components.test.toml"


@pytest.fixture
def configured(app):
    """The app started with PBEM_COMPONENTS naming the tests' file; withdrawn afterwards."""
    app.config["COMPONENTS"] = str(TEST_FILE)
    components.init_app(app)
    yield
    app.config["COMPONENTS"] = None
    components.init_app(app)


def _create_variants(client) -> dict:
    spec = client.get("/api/v1/openapi.json").get_json()
    variants = spec["components"]["schemas"]["CreateGame"]["oneOf"]
    return {v["properties"]["seats"]["enum"][0]: v for v in variants if v["properties"]["slug"]["enum"] == ["stone-age"]}


def _new_game_page(client, make_user) -> str:
    make_user("hal")
    signin(client, "hal@example.com")
    return html.unescape(client.get("/games/new").get_data(as_text=True))


def test_without_a_file_the_expansion_is_offered_nowhere(client, make_user, make_game):
    """The lobby's form, the API's description and answers, and mail's `new` keep to the base game."""
    assert components.configured_path(client.application.config, client.application.instance_path) is None
    page = _new_game_page(client, make_user)
    assert "option_stone-age_expansion" not in page and re.search(r'<input id="seats" [^>]*max="4"', page)
    variants = _create_variants(client)
    assert sorted(variants) == [2, 3, 4]
    assert variants[4]["properties"]["options"]["properties"]["expansion"]["enum"] == ["none"]
    hal = bearer(db.session.scalar(select(User).where(User.email == "hal@example.com")))
    refused = client.post("/api/v1/games", headers=hal, json={"slug": "stone-age", "seats": 5,
                                                              "options": {"expansion": "style"}})
    assert refused.status_code in (400, 422) and "not available" in refused.get_json()["error"]
    game = make_game()
    inbound.receive(reply(turn_mail(game, 0), "new stone-age 5 players with 4 bots"), "raw")
    assert "for 2, 3, 4 players, not 5" in answers_to("ann@example.com")[-1].text
    inbound.receive(reply(turn_mail(game, 0), "new stone-age 3 players expansion=style with 2 bots"), "raw")
    assert "expansion=style is not available yet" in answers_to("ann@example.com")[-1].text
    assert db.session.scalar(select(Game).where(Game.num_seats == 5)) is None


def test_with_the_file_the_lobby_and_the_api_offer_it_for_two_to_five(client, make_user, configured):
    page = _new_game_page(client, make_user)
    assert "option_stone-age_expansion" in page and "option_stone-age_spielbox_buildings" in page
    assert re.search(r'<input id="seats" [^>]*max="5"', page)
    variants = _create_variants(client)
    assert sorted(variants) == [2, 3, 4, 5]
    five = variants[5]["properties"]["options"]
    assert five["properties"]["expansion"]["enum"] == ["style"] and five["required"] == ["expansion"]
    assert variants[3]["properties"]["options"]["properties"]["expansion"]["enum"] == ["none", "style"]


def test_a_five_player_expansion_game_through_the_api_ends_and_replays(client, make_user, configured):
    """Made through the API with the tests' values, bots play it (the host's seat by the bot's choices, as text) to
    its end; replaying the stored moves from the seed gives the stored state."""
    ann = make_user("ann")
    created = client.post("/api/v1/games", headers=bearer(ann), json={
        "slug": "stone-age", "seats": 5, "bots": 4, "options": {"expansion": "style"}, "random_seating": False})
    assert created.status_code == 201, created.data
    gid = created.get_json()["id"]
    assert client.post(f"/api/v1/games/{gid}/start", headers=bearer(ann)).status_code == 200
    game = db.session.get(Game, gid)
    assert game.state["data"] == components.read(TEST_FILE)["version"]  # the values it was set up with
    rules, rnd = engine.get("stone-age"), random.Random(5)
    for n in range(3000):
        db.session.refresh(game)
        if game.status == "finished":
            break
        text = str(rules.bot_move(game.state, 0, rnd))
        outcome = play.submit(game.id, 0, text, "api", f"api:{n}")
        assert outcome.ok, (text, outcome)
    assert game.status == "finished" and sorted(game.result["ranking"]) == [0, 1, 2, 3, 4]
    assert play.replay(game) == []


def test_mail_new_offers_it_with_the_file(make_game, configured):
    """`new stone-age 5 players with 4 bots` takes the expansion the fifth seat needs; `expansion=style` names it."""
    game = make_game()
    row = inbound.receive(reply(turn_mail(game, 0), "new stone-age 5 players with 4 bots"), "raw")
    assert row.outcome == "done", row.detail
    created = db.session.scalar(select(Game).where(Game.num_seats == 5))
    assert created.options["expansion"] == "style" and created.status == "active"
    inbound.receive(reply(turn_mail(game, 0), "new stone-age 3 players expansion=style with 2 bots"), "raw")
    three = db.session.scalars(select(Game).where(Game.num_seats == 3, Game.slug == "stone-age")).all()
    assert [g.options["expansion"] for g in three] == ["style"]

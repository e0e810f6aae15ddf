"""Through the Ages is offered to hosts (issue 14): by the web form with its options, and by the API."""
from __future__ import annotations

import re

from conftest import signin
from sqlalchemy import select

from pbem import engine
from pbem.extensions import db
from pbem.models import Game
from pbem.web.tokens_page import issue_token


def test_the_new_game_form_offers_tta_with_its_options_and_says_what_it_does_not_play_yet(client, make_user):
    make_user("ann")
    signin(client, "ann@example.com")
    page = client.get("/games/new").get_data(as_text=True)
    assert re.search(r'<option value="tta"\s*>Through the Ages \(2 to 4 players\)</option>', page)
    assert 'name="option_tta_internet_culture"' in page and 'name="option_tta_corruption_choice"' in page
    assert 'name="option_tta_rules"' not in page  # the military half is not there to choose
    summary = re.search(r'<p class="meta" id="summary-tta">(.*?)</p>', page).group(1)
    assert "the whole game" in summary and "territories" in summary and "aggressions, wars and pacts" in summary

    created = client.post("/games/new", data={"slug": "tta", "seats": "3", "bots": "2", "title": "Ages",
                                               "option_tta_internet_culture": "2", "turn_days": "2"})
    assert created.status_code == 302, created.data
    game = db.session.scalar(select(Game).where(Game.title == "Ages"))
    assert (game.slug, game.options["internet_culture"], len(game.seats)) == ("tta", 2, 3)


def test_the_api_creates_a_tta_game_and_refuses_five_players(client, make_user):
    headers = {"Authorization": f"Bearer {issue_token(make_user('ann'), 'test')}"}
    created = client.post("/api/v1/games", headers=headers, json={
        "slug": "tta", "seats": 4, "options": {"st_peters_bonus": "single"}})
    assert created.status_code == 201, created.data
    assert created.get_json()["options"]["st_peters_bonus"] == "single"
    too_many = client.post("/api/v1/games", headers=headers, json={"slug": "tta", "seats": 5})
    assert too_many.status_code in (400, 409, 422) and "tta" not in engine.NOT_OFFERED
    assert "2 to 4" in too_many.get_json()["error"] or "players" in too_many.get_json()["error"]

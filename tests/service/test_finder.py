"""The finder of open games (/games/open and GET /api/v1/open-games), the rated choice at creation, and what the lobby
page tells an invitee."""
from __future__ import annotations

import re

import pytest

from conftest import signin

from pbem import play
from pbem.extensions import db
from pbem.models import Game
from pbem.web.tokens_page import issue_token


def _tables(make_user) -> dict:
    ann, bob = make_user("ann"), make_user("bob", locale="de")
    made = {
        "sa_fast": play.create_game(ann, "stone-age", seats=3, turn_seconds=12 * 3600, title="Quick SA"),
        "sa_slow": play.create_game(bob, "stone-age", seats=2, turn_seconds=5 * 86400, title="Slow SA"),
        "tta_days": play.create_game(ann, "tta", seats=4, turn_seconds=2 * 86400, bots=1, title="TtA with bot"),
        "count": play.create_game(bob, "test-countdown", seats=2, options={"pile": 15}, title="Counters"),
        "full": play.create_game(ann, "stone-age", seats=2, bots=1, title="Full"),
    }
    made["sa_slow"].rated = False
    db.session.commit()
    return {"ann": ann, "bob": bob, **made}


def _found(client, query: str) -> list[str]:
    html = client.get(f"/games/open{query}").get_data(as_text=True)
    return re.findall(r'<a href="/games/\d+">#\d+ ([^<]+)</a>', html)


def test_the_finder_page_filters_by_game_pace_seats_language_and_rated(client, make_user):
    _tables(make_user)
    assert _found(client, "") == ["TtA with bot", "Slow SA", "Quick SA"]  # test games are not offered
    assert _found(client, "?game=stone-age") == ["Slow SA", "Quick SA"]
    assert _found(client, "?pace=day") == ["Quick SA"]
    assert _found(client, "?pace=days") == ["TtA with bot"]
    assert _found(client, "?game=stone-age&pace=week") == ["Slow SA"]
    assert _found(client, "?players=3") == ["Quick SA"]
    assert _found(client, "?free=2") == ["TtA with bot", "Quick SA"]
    assert _found(client, "?language=de") == ["Slow SA"]
    assert _found(client, "?rated=true") == ["Quick SA"]
    assert _found(client, "?rated=false") == ["TtA with bot", "Slow SA"]
    assert _found(client, "?game=test-countdown&option=pile%3D15") == ["Counters"]
    assert _found(client, "?game=test-countdown&option=pile%3D21") == []
    # Nonsense in the form is ignored, never an error.
    assert client.get("/games/open?players=x&free=-1&pace=soon&game=chess&rated=maybe").status_code == 200
    html = client.get("/games/open?game=stone-age").get_data(as_text=True)
    assert "12 hours per turn" in html and "rated" in html and "host bob (Deutsch)" in html


def test_the_api_finder_filters_alike(client, make_user):
    tables = _tables(make_user)
    headers = {"Authorization": f"Bearer {issue_token(tables['ann'], 'f')}"}

    def titles(query: str) -> list[str]:
        answer = client.get(f"/api/v1/open-games{query}", headers=headers)
        assert answer.status_code == 200, answer.get_json()
        return [g["title"] for g in answer.get_json()["games"]]
    assert titles("") == ["TtA with bot", "Slow SA", "Quick SA"]
    assert titles("?game=stone-age&pace=day") == ["Quick SA"]
    assert titles("?game=test-countdown&option=pile=15&rated=true&language=de&players=2&free=1") == ["Counters"]
    first = client.get("/api/v1/open-games?game=tta", headers=headers).get_json()["games"][0]
    assert {k: first[k] for k in ("game", "free", "num_seats", "pace", "rated", "host", "host_language")} == {
        "game": "Through the Ages", "free": 2, "num_seats": 4, "pace": "days", "rated": False, "host": "ann",
        "host_language": "en"}
    assert client.get("/api/v1/open-games?pace=soon", headers=headers).status_code == 400
    assert client.get("/api/v1/open-games?game=chess", headers=headers).status_code == 400


def test_the_host_chooses_rated_at_creation(client, make_user):
    ann = make_user("ann")
    signin(client, ann.email)
    form = {"slug": "stone-age", "seats": "2", "turn_days": "2", "bots": "1"}
    for choice, stored in (("", None), ("yes", True), ("no", False)):
        response = client.post("/games/new", data={**form, "rated": choice})
        assert response.status_code == 302
        game = db.session.get(Game, int(response.headers["Location"].rsplit("/", 1)[1]))
        assert game.rated is stored
    headers = {"Authorization": f"Bearer {issue_token(ann, 'f')}"}
    for body, stored in (({"rated": False}, False), ({"rated": True}, True), ({"rated": None}, None), ({}, None)):
        made = client.post("/api/v1/games", json={"slug": "stone-age", "seats": 2, **body}, headers=headers)
        assert made.status_code == 201 and db.session.get(Game, made.get_json()["id"]).rated is stored
    assert client.post("/api/v1/games", json={"slug": "stone-age", "seats": 2, "rated": "yes"},
                       headers=headers).status_code == 400


def test_the_lobby_page_names_the_game_its_options_pace_and_rated_flag(client, make_user):
    ann = make_user("ann")
    game = play.create_game(ann, "test-countdown", seats=3, options={"pile": 40}, turn_seconds=3 * 86400)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    about = re.search(r'<dl class="about" id="about-game">(.*?)</dl>', html, re.S).group(1)
    assert '<dd id="game-name">Countdown</dd>' in about and "pile=40" in about and "counters at the start" in about
    assert "3 days per turn" in about and "yes: the result counts for ratings" in about
    assert f'href="/players/{ann.id}"' in html
    play.add_bot(game.id, ann)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert re.search(r'<dd id="game-rated">no', html)


def test_openapi_documents_the_new_operations(client):
    from openapi_spec_validator import validate as validate_openapi

    spec = client.get("/api/v1/openapi.json").get_json()
    validate_openapi(spec)
    ops = {(path, method): op for path, methods in spec["paths"].items() for method, op in methods.items()
           if method != "parameters"}
    for path, method, code in (("/api/v1/games/{game_id}/record", "get", "200"), ("/api/v1/games/import", "post",
                               "201"), ("/api/v1/players/{player_id}", "get", "200"),
                               ("/api/v1/leaderboards/{slug}", "get", "200"), ("/api/v1/open-games", "get", "200")):
        assert code in ops[path, method]["responses"], path
    assert ops["/api/v1/games/import", "post"]["responses"]["422"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Error"}
    assert spec["paths"]["/api/v1/leaderboards/{slug}"]["parameters"][0]["schema"]["type"] == "string"


NEW_OPERATIONS = ("game_record", "import_game", "player", "leaderboard", "open_games")
SCHEMATHESIS_CONFIG = """
[[operations]]
include-operation-id = "game_record"
parameters = {{ game_id = {game_id} }}

[[operations]]
include-operation-id = "player"
parameters = {{ player_id = {player_id} }}

[[operations]]
include-operation-id = "import_game"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "422"]
"""


def _schemathesis_rows(app) -> tuple[str, int, int]:
    """ann hosts an open game and plays a started one with bob: her token, the started game, bob's id."""
    from pbem.models import User

    ann, bob = User(email="ann@example.com", name="ann"), User(email="bob@example.com", name="bob")
    db.session.add_all([ann, bob])
    db.session.commit()
    play.create_game(ann, "stone-age", seats=3, title="Lobby")
    active = play.create_game(ann, "stone-age", seats=2, title="Active", random_seating=False)
    play.join(active.id, bob)
    play.start_game(active.id, ann)
    return issue_token(ann, "schemathesis"), active.id, bob.id


@pytest.mark.integration
def test_schemathesis_finds_no_server_error_in_the_new_operations(fresh_pg, tmp_path):
    """The repo's Schemathesis run (docs/security.md), on this issue's operations alone."""
    import subprocess
    import sys
    from pathlib import Path

    from served import gunicorn, set_up

    token, game_id, player_id = set_up(fresh_pg, tmp_path, _schemathesis_rows)
    config = tmp_path / "schemathesis.toml"
    config.write_text(SCHEMATHESIS_CONFIG.format(game_id=game_id, player_id=player_id))
    selected = [arg for op in NEW_OPERATIONS for arg in ("--include-operation-id", op)]
    with gunicorn(fresh_pg, tmp_path) as base:
        run = subprocess.run(
            [str(Path(sys.executable).parent / "schemathesis"), "--config-file", str(config),
             "run", f"{base}/api/v1/openapi.json", *selected, "--checks", "all", "--max-examples", "30",
             "--seed", "20261202", "--generation-deterministic", "--workers", "1", "--phases", "examples,coverage,fuzzing",
             "--header", f"Authorization: Bearer {token}", "--no-color", "--request-timeout", "30"],
            cwd=tmp_path, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-20000:] + run.stderr[-3000:]
    assert "5 selected" in run.stdout, run.stdout[-5000:]

"""The JSON API under /api/v1: tokens, lobby, moves, errors and its OpenAPI description, on PostgreSQL."""
from __future__ import annotations

import re

import pytest
from conftest import signin
from openapi_spec_validator import validate as validate_openapi
from sqlalchemy import select

from pbem.extensions import db
from pbem.models import ApiToken, Game
from pbem.web.tokens_page import issue_token


def bearer(user) -> dict:
    return {"Authorization": f"Bearer {issue_token(user, 'test')}"}


def assert_error(response, status: int, *words: str) -> dict:
    """An error under /api/ is always JSON with a message; `words` must appear in it."""
    assert response.status_code == status, response.data
    assert response.is_json, response.data
    body = response.get_json()
    for word in words:
        assert word in body["error"], body
    return body


# --- tokens --------------------------------------------------------------------

def test_a_token_from_the_settings_page_works_until_revoked(client, ctx):
    signin(client, "ann@example.com")
    page = client.post("/settings/tokens", data={"name": "my bot"})
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    token = re.search(r'<pre id="new-token">(pbem_[\w-]+)</pre>', page.get_data(as_text=True)).group(1)
    row = db.session.scalar(select(ApiToken))
    assert row.name == "my bot" and token not in row.token_hash and row.last_used_at is None

    scripted = client.application.test_client()  # no session cookie: the token alone
    response = scripted.get("/api/v1/games", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200 and response.get_json() == {"games": [], "next": None}
    db.session.refresh(row)
    assert row.last_used_at is not None
    # The token is shown once: the page lists it by name afterwards, never its text.
    listing = client.get("/settings/tokens").get_data(as_text=True)
    assert "my bot" in listing and token not in listing

    assert client.post(f"/settings/tokens/{row.id}/revoke").status_code == 302
    assert_error(scripted.get("/api/v1/games", headers={"Authorization": f"Bearer {token}"}), 401, "not valid")


def test_a_token_needs_a_name_and_only_its_owner_may_revoke_it(client, ctx, make_user):
    bob_token = issue_token(make_user("bob"), "bob's")
    signin(client, "ann@example.com")
    assert b"Please name the token" in client.post("/settings/tokens", data={"name": "  "}).data
    assert client.post("/settings/tokens", data={"name": "a\x00b"}).status_code == 400
    other = db.session.scalar(select(ApiToken))
    assert client.post(f"/settings/tokens/{other.id}/revoke").status_code == 404
    assert client.get("/api/v1/games", headers={"Authorization": f"Bearer {bob_token}"}).status_code == 200


def test_token_page_needs_sign_in(client, ctx):
    response = client.get("/settings/tokens")
    assert response.status_code == 302 and "/signin" in response.headers["Location"]


@pytest.mark.parametrize("header, words", [
    (None, ["Bearer"]),
    ("Bearer pbem_not-a-real-token", ["not valid"]),
    ("Basic YW5uOnNlY3JldA==", ["must be 'Bearer <token>'"]),
    ("Bearer ", ["must be 'Bearer <token>'"]),
])
def test_missing_or_bad_tokens_get_401(client, ctx, header, words):
    headers = {"Authorization": header} if header else {}
    response = client.get("/api/v1/games", headers=headers)
    assert_error(response, 401, *words)
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert_error(client.post("/api/v1/games", json={"slug": "test-countdown", "seats": 2}, headers=headers), 401)
    assert db.session.scalar(select(Game)) is None


def test_session_cookie_reads_but_never_changes(client, ctx):
    signin(client, "ann@example.com")
    assert client.get("/api/v1/games").status_code == 200
    body = assert_error(client.post("/api/v1/games", json={"slug": "test-countdown", "seats": 2}), 401,
                        "reading only")
    assert "Bearer" in body["error"] and db.session.scalar(select(Game)) is None


def test_api_is_csrf_exempt_but_the_token_page_is_not(client, app, make_user, monkeypatch):
    headers = bearer(make_user("ann"))
    monkeypatch.setitem(app.config, "WTF_CSRF_ENABLED", True)
    created = client.post("/api/v1/games", json={"slug": "test-countdown", "seats": 2}, headers=headers)
    page = client.post("/settings/tokens", data={"name": "x"})
    assert created.status_code == 201
    assert page.status_code == 400 and b"CSRF token is missing" in page.data


# --- lobby ---------------------------------------------------------------------

def test_lobby_through_the_api(client, make_user):
    ann, bob = bearer(make_user("ann")), bearer(make_user("bob"))
    carol = bearer(make_user("carol"))
    created = client.post("/api/v1/games", headers=ann, json={
        "slug": "test-countdown", "seats": 4, "title": "Friday", "options": {"pile": "15"},
        "turn_seconds": 86400, "random_seating": False})
    assert created.status_code == 201, created.data
    game = created.get_json()
    assert created.headers["Location"].endswith(f"/api/v1/games/{game['id']}")
    assert (game["status"], game["title"], game["options"], game["view"]) == ("lobby", "Friday", {"pile": 15}, None)
    assert [s["name"] for s in game["seats"]] == ["ann"] and game["seats"][0]["you"]
    gid = game["id"]

    assert client.post(f"/api/v1/games/{gid}/join", headers=bob).status_code == 200
    assert_error(client.post(f"/api/v1/games/{gid}/join", headers=bob), 409, "already seated")
    invited = client.post(f"/api/v1/games/{gid}/invite", headers=ann, json={"email": "Carol@Example.com"})
    assert invited.status_code == 200
    assert [s["name"] for s in invited.get_json()["seats"]] == ["ann", "bob", "carol@example.com"]
    # Only the host sees the invited address.
    seen_by_bob = client.get(f"/api/v1/games/{gid}", headers=bob).get_json()["seats"]
    assert [(s["name"], s["invited"]) for s in seen_by_bob] == [("ann", False), ("bob", False), ("(invited)", True)]

    assert_error(client.post(f"/api/v1/games/{gid}/bots", headers=bob), 403, "only the host")
    assert client.post(f"/api/v1/games/{gid}/bots", headers=ann).status_code == 200
    assert_error(client.post(f"/api/v1/games/{gid}/start", headers=ann), 409, "3 of 4 seats", "carol@example.com")
    assert client.post(f"/api/v1/games/{gid}/join", headers=carol).status_code == 200
    assert_error(client.post(f"/api/v1/games/{gid}/start", headers=bob), 403, "only the host")

    started = client.post(f"/api/v1/games/{gid}/start", headers=ann)
    assert started.status_code == 200
    game = started.get_json()
    assert game["status"] == "active" and game["version"] == 0 and game["view"]["pile"] == 15
    assert [(s["position"], s["name"]) for s in game["seats"]] == [(0, "ann"), (1, "bob"), (2, "carol"), (3, "Bot 4")]
    assert game["waiting_for"] == [{"seat": 0, "kind": "take"}] and game["your_turn"] and game["your_seat"] == 0
    assert game["seats"][0]["to_act"] and game["seats"][0]["deadline"] is not None

    listed = client.get("/api/v1/games", headers=bob).get_json()["games"]
    assert [(g["id"], g["your_seat"], g["your_turn"], g["game"]) for g in listed] == [(gid, 1, False, "Countdown")]
    assert client.get("/api/v1/games?status=lobby", headers=bob).get_json() == {"games": [], "next": None}
    assert_error(client.post(f"/api/v1/games/{gid}/leave", headers=bob), 409, "already started")


def test_the_host_may_start_in_a_chosen_seat_order(client, make_user):
    ann, bob = make_user("ann"), make_user("bob")
    gid = client.post("/api/v1/games", headers=bearer(ann), json={"slug": "test-countdown", "seats": 3}).get_json()["id"]
    client.post(f"/api/v1/games/{gid}/join", headers=bearer(bob))
    seats = client.post(f"/api/v1/games/{gid}/bots", headers=bearer(ann)).get_json()["seats"]
    ids = {("bot" if s["is_bot"] else s["name"]): s["id"] for s in seats}
    assert_error(client.post(f"/api/v1/games/{gid}/start", headers=bearer(ann), json={"order": [ids["bob"]]}),
                 409, "every seat once")
    assert_error(client.post(f"/api/v1/games/{gid}/start", headers=bearer(ann), json={"order": "bob first"}),
                 400, "order")
    order = [ids["bot"], ids["bob"], ids["ann"]]
    game = client.post(f"/api/v1/games/{gid}/start", headers=bearer(ann), json={"order": order}).get_json()
    assert [(s["position"], s["id"]) for s in game["seats"]] == list(enumerate(order))


def test_the_game_list_comes_in_pages_that_neither_repeat_nor_skip(client, make_game, make_user):
    ann, bob = make_user("ann"), make_user("bob")
    made = [make_game(humans=(ann, bob)).id for _ in range(7)]
    seen, after, pages = [], None, 0
    while True:
        query = "limit=3" + (f"&after={after}" if after else "")
        page = client.get(f"/api/v1/games?{query}", headers=bearer(ann)).get_json()
        seen += [g["id"] for g in page["games"]]
        pages += 1
        after = page["next"]
        if after is None:
            break
    assert pages == 3 and sorted(seen) == sorted(made) and len(seen) == len(set(seen))
    assert_error(client.get("/api/v1/games?after=42", headers=bearer(ann)), 400, "after")
    assert_error(client.get("/api/v1/games?limit=0", headers=bearer(ann)), 400, "limit")


def test_leaving_a_lobby_and_the_host_cancelling(client, make_user):
    ann, bob = bearer(make_user("ann")), bearer(make_user("bob"))
    gid = client.post("/api/v1/games", headers=ann, json={"slug": "test-countdown", "seats": 2}).get_json()["id"]
    client.post(f"/api/v1/games/{gid}/join", headers=bob)
    left = client.post(f"/api/v1/games/{gid}/leave", headers=bob)
    assert [s["name"] for s in left.get_json()["seats"]] == ["ann"]
    assert client.post(f"/api/v1/games/{gid}/leave", headers=ann).get_json()["status"] == "abandoned"


def test_create_refuses_bad_settings_with_a_reason(client, make_user):
    ann = bearer(make_user("ann"))
    assert_error(client.post("/api/v1/games", headers=ann, json={"slug": "test-countdown", "seats": 7}), 400,
                 "Countdown is for 2, 3, 4 players, not 7")
    assert_error(client.post("/api/v1/games", headers=ann,
                             json={"slug": "test-countdown", "seats": 2, "options": {"pile": 99}}), 400,
                 "option pile=99")
    body = assert_error(client.post("/api/v1/games", headers=ann, json={"slug": "chess", "seats": 2}), 400,
                        "unknown game 'chess'")
    assert "slug" in body["fields"]


# --- moves ---------------------------------------------------------------------

def test_legal_moves_and_a_move(client, make_game):
    game = make_game()  # ann is seat 0 and to act
    ann, bob = bearer(game.seat_at(0).user), bearer(game.seat_at(1).user)
    legal = client.get(f"/api/v1/games/{game.id}/legal", headers=ann).get_json()
    assert legal == {"game_id": game.id, "seat": 0, "version": 0, "prompts": ["take"],
                     "commands": ["take 1", "take 2", "take 3"]}
    assert client.get(f"/api/v1/games/{game.id}/legal", headers=bob).get_json()["commands"] == []

    done = client.post(f"/api/v1/games/{game.id}/moves", headers=ann, json={"commands": "take 2", "version": 0})
    assert done.status_code == 200
    assert done.get_json() == {"applied": ["take 2"], "acknowledged": [], "error": None, "failed_line": None,
                               "legal": [], "version": 1, "finished": False, "repeated": False, "queued": [],
                               "queued_for": []}
    shown = client.get(f"/api/v1/games/{game.id}", headers=bob).get_json()
    assert shown["view"]["pile"] == 19 and shown["your_turn"] and shown["waiting_for"] == [{"seat": 1, "kind": "take"}]


def test_a_refused_command_gets_422_with_what_is_legal(client, make_game):
    game = make_game()
    ann, bob = bearer(game.seat_at(0).user), bearer(game.seat_at(1).user)
    refused = client.post(f"/api/v1/games/{game.id}/moves", headers=ann, json={"commands": "take 1\ntake 9"})
    assert refused.status_code == 422 and refused.is_json
    body = refused.get_json()
    assert body["applied"] == ["take 1"] and body["failed_line"] == "take 9" and "waiting for bob" in body["error"]
    wrong = client.post(f"/api/v1/games/{game.id}/moves", headers=bob, json={"commands": "take 9"}).get_json()
    assert wrong["error"] == '"take 9": you may take 1 to 3' and wrong["legal"] == ["take 1", "take 2", "take 3"]
    nonsense = client.post(f"/api/v1/games/{game.id}/moves", headers=bob, json={"commands": "pass"}).get_json()
    assert "not understood" in nonsense["error"] and nonsense["version"] == 1


def test_a_repeated_key_returns_the_first_outcome(client, make_game):
    game = make_game()
    ann, bob = bearer(game.seat_at(0).user), bearer(game.seat_at(1).user)
    move = {"commands": "take 3", "key": "turn-1"}
    first = client.post(f"/api/v1/games/{game.id}/moves", headers=ann, json=move).get_json()
    again = client.post(f"/api/v1/games/{game.id}/moves", headers=ann, json={**move, "commands": "take 1"})
    assert again.status_code == 200
    assert again.get_json() == {**first, "repeated": True} and first["repeated"] is False
    # Keys belong to their caller: bob's "turn-1" is his own submission, not ann's outcome.
    bobs = client.post(f"/api/v1/games/{game.id}/moves", headers=bob, json={**move, "commands": "take 1"})
    assert bobs.get_json()["applied"] == ["take 1"] and not bobs.get_json()["repeated"]
    db.session.refresh(game)
    assert game.version == 2 and game.state["pile"] == 17


def test_a_stale_version_is_refused_with_409_and_nothing_applies(client, make_game):
    game = make_game()
    ann = bearer(game.seat_at(0).user)
    body = assert_error(client.post(f"/api/v1/games/{game.id}/moves", headers=ann,
                                    json={"commands": "take 1", "version": 5}), 409, "moved on", "version 5")
    assert body["version"] == 0
    db.session.refresh(game)
    assert game.version == 0


def test_a_finished_game_takes_no_moves(client, make_game):
    game = make_game(options={"pile": 9})
    ann, bob = bearer(game.seat_at(0).user), bearer(game.seat_at(1).user)
    client.post(f"/api/v1/games/{game.id}/moves", headers=ann, json={"commands": "take 3; take 3"})
    client.post(f"/api/v1/games/{game.id}/moves", headers=bob, json={"commands": "take 3"})
    # ann's second line was refused (bob's turn); the rest: ann 3, bob 3, ann 3 = 9.
    last = client.post(f"/api/v1/games/{game.id}/moves", headers=ann, json={"commands": "take 3"}).get_json()
    assert last["finished"]
    shown = client.get(f"/api/v1/games/{game.id}", headers=bob).get_json()
    assert shown["status"] == "finished" and shown["result"]["ranking"] == [0, 1] and shown["waiting_for"] == []
    assert client.get(f"/api/v1/games/{game.id}/legal", headers=ann).get_json()["commands"] == []
    assert_error(client.post(f"/api/v1/games/{game.id}/moves", headers=ann, json={"commands": "take 1"}), 409,
                 "not being played")


def test_a_spectator_sees_the_public_view_and_may_not_move(client, make_game, make_user):
    game = make_game()
    carol = bearer(make_user("carol"))
    shown = client.get(f"/api/v1/games/{game.id}", headers=carol)
    assert shown.status_code == 200
    body = shown.get_json()
    assert body["your_seat"] is None and not body["your_turn"] and not any(s["you"] for s in body["seats"])
    assert body["view"] == {"players": 2, "pile": 21, "turn": 0, "taken": [0, 0], "winner": None}
    assert set(body) == {"id", "slug", "game", "title", "status", "host", "num_seats", "version", "your_seat",
                         "your_turn", "created_at", "updated_at", "options", "turn_seconds", "random_seating",
                         "started_at", "finished_at", "seats", "waiting_for", "view", "result"}
    assert set(body["seats"][0]) == {"id", "position", "name", "is_bot", "invited", "you", "to_act", "waiting_since",
                                     "deadline"}
    assert_error(client.get(f"/api/v1/games/{game.id}/legal", headers=carol), 403, "not playing")
    assert_error(client.post(f"/api/v1/games/{game.id}/moves", headers=carol, json={"commands": "take 1"}), 403)
    assert client.get("/api/v1/games", headers=carol).get_json() == {"games": [], "next": None}


def test_moves_before_the_start_are_refused(client, make_user):
    ann = bearer(make_user("ann"))
    gid = client.post("/api/v1/games", headers=ann, json={"slug": "test-countdown", "seats": 2}).get_json()["id"]
    assert_error(client.get(f"/api/v1/games/{gid}/legal", headers=ann), 409, "has not started")
    assert_error(client.post(f"/api/v1/games/{gid}/moves", headers=ann, json={"commands": "take 1"}), 409)


# --- bad input -----------------------------------------------------------------

@pytest.mark.parametrize("body, words", [
    (b"{not json", ["not valid JSON"]),
    (b"[1, 2]", ["must be a JSON object"]),
    (b"\xff\xfe\x00", ["not valid JSON"]),
    (b"[" * 100_000, ["not valid JSON"]),
])
def test_malformed_bodies_get_400(client, make_user, body, words):
    ann = bearer(make_user("ann"))
    response = client.post("/api/v1/games", headers={**ann, "Content-Type": "application/json"}, data=body)
    assert_error(response, 400, *words)


def test_an_oversized_body_gets_413(client, make_user):
    response = client.post("/api/v1/games", headers=bearer(make_user("ann")), data=b" " * 300_000)
    assert_error(response, 413, "larger than")


@pytest.mark.parametrize("payload, field", [
    ({"slug": "test-countdown", "seats": "two"}, "seats"),
    ({"slug": "test-countdown", "seats": 2.5}, "seats"),
    ({"slug": "test-countdown"}, "seats"),
    ({"slug": 3, "seats": 2}, "slug"),
    ({"slug": "test-countdown", "seats": 2, "options": ["pile"]}, "options"),
    ({"slug": "test-countdown", "seats": 2, "colour": "red"}, "colour"),
    ({"slug": "test-countdown", "seats": 2, "bots": -1}, "bots"),
    ({"slug": "test-countdown", "seats": 2, "turn_seconds": 5}, "turn_seconds"),
])
def test_wrong_types_get_400_naming_the_field(client, make_user, payload, field):
    body = assert_error(client.post("/api/v1/games", headers=bearer(make_user("ann")), json=payload), 400, field)
    assert field in body["fields"]


@pytest.mark.parametrize("payload, field", [
    ({}, "commands"),
    ({"commands": 5}, "commands"),
    ({"commands": ""}, "commands"),
    ({"commands": "take 1", "version": "0"}, "version"),
    ({"commands": "take 1", "key": ""}, "key"),
])
def test_bad_move_bodies_get_400(client, make_game, payload, field):
    game = make_game()
    response = client.post(f"/api/v1/games/{game.id}/moves", headers=bearer(game.seat_at(0).user), json=payload)
    assert field in assert_error(response, 400, field)["fields"]


def test_nul_characters_are_refused_before_the_database(client, make_game):
    game = make_game()
    ann = bearer(game.seat_at(0).user)
    response = client.post(f"/api/v1/games/{game.id}/moves", headers=ann, json={"commands": "take 1\x00"})
    assert_error(response, 400, "NUL")
    response = client.post("/api/v1/games", headers=ann,
                           json={"slug": "test-countdown", "seats": 2, "options": {"pi\x00le": 9}})
    assert_error(response, 400, "NUL")


def test_bad_invitation_and_query(client, make_user):
    ann = bearer(make_user("ann"))
    gid = client.post("/api/v1/games", headers=ann, json={"slug": "test-countdown", "seats": 2}).get_json()["id"]
    assert_error(client.post(f"/api/v1/games/{gid}/invite", headers=ann, json={"email": "nobody"}), 400, "email")
    assert_error(client.get("/api/v1/games?status=sleeping", headers=ann), 400, "status")


def test_unknown_games_paths_and_methods_answer_json(client, make_user):
    ann = bearer(make_user("ann"))
    assert_error(client.get("/api/v1/games/999", headers=ann), 404, "there is no game 999")
    assert_error(client.post("/api/v1/games/999/join", headers=ann), 404, "there is no game 999")
    assert_error(client.get("/api/v1/nothing/here", headers=ann), 404, "/api/v1/nothing/here", "openapi.json")
    assert_error(client.get("/api/v1/games/abc"), 404)
    assert_error(client.get("/api/v1/games/99999999999999999999", headers=ann), 404, "no game")
    assert_error(client.get("/api/elsewhere"), 404)
    wrong = assert_error(client.delete("/api/v1/games", headers=ann), 405, "DELETE", "GET, POST")
    assert wrong == {"error": "DELETE is not allowed on /api/v1/games; use GET, POST"}
    assert_error(client.get("/api/v1/games/1/moves", headers=ann), 405, "POST")
    # Outside the API, pages stay HTML.
    page = client.get("/no/such/page")
    assert page.status_code == 404 and page.mimetype == "text/html"
    assert client.get("/signout").status_code == 405 and not client.get("/signout").is_json


# --- the description -----------------------------------------------------------

def test_openapi_is_valid_and_lists_every_route(client, app):
    response = client.get("/api/v1/openapi.json")  # no token needed
    assert response.status_code == 200
    spec = response.get_json()
    validate_openapi(spec)
    routes = {(re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule), method.lower())
              for rule in app.url_map.iter_rules() if rule.endpoint.startswith("api.")
              for method in rule.methods - {"HEAD", "OPTIONS"}}
    described = {(path, method) for path, ops in spec["paths"].items() for method in ops if method != "parameters"}
    assert described == routes and len(routes) == 17
    move = spec["paths"]["/api/v1/games/{game_id}/moves"]["post"]
    assert move["security"] == [{"bearer": []}]
    assert move["requestBody"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Move"}
    assert move["responses"]["422"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Outcome"}
    assert {"bearer": []} in spec["paths"]["/api/v1/games"]["get"]["security"]
    assert spec["paths"]["/api/v1/openapi.json"]["get"]["security"] == []


def test_an_unexpected_failure_is_still_json(client, app, make_game, monkeypatch):
    game = make_game()
    ann = bearer(game.seat_at(0).user)

    def broken(*args):
        raise RuntimeError("boom")
    monkeypatch.setattr("pbem.web.api._detail", broken)
    monkeypatch.setitem(app.config, "PROPAGATE_EXCEPTIONS", False)  # as in production, where TESTING is off
    response = client.get(f"/api/v1/games/{game.id}", headers=ann)
    body = assert_error(response, 500, "on our side")
    assert "boom" not in body["error"]

"""Game records (docs/records.md): export by command and API, what a running game's record shows one player, the
import that replays every move and refuses what does not replay, and the export -> import round trip."""
from __future__ import annotations

import json
import random

import pytest
from sqlalchemy import insert, select

from pbem import engine, play, records
from pbem.clock import now
from pbem.extensions import db
from pbem.models import Game, Move, Seat
from pbem.web.tokens_page import issue_token


def _auth(user) -> dict:
    return {"Authorization": f"Bearer {issue_token(user, 'records')}"}


def _finished_countdown(make_game) -> Game:
    game = make_game(humans=("ann", "bob", "cy"), options={"pile": 9})
    for seat, text in ((0, "take 3"), (1, "take 3"), (2, "take 2"), (0, "take 1")):
        assert play.submit(game.id, seat, text, "web", None).ok
    db.session.expire_all()
    return db.session.get(Game, game.id)


def seed_bot_games(slug: str, count: int, host, seed: int = 11) -> list[Game]:
    """`count` finished games of `slug` played by its bots (2 to 4 players), written as the service stores them."""
    rules = engine.get(slug)
    rnd = random.Random(seed)
    games = []
    for n in range(count):
        players = (2, 3, 4)[n % 3]
        game = Game(slug=slug, title=f"{rules.NAME} {n}", options=engine.check_options(rules, {}),
                    seed=f"{slug}-{seed}-{n}", host=host, num_seats=players, status="finished",
                    random_seating=False, started_at=now(), finished_at=now())
        game.seats = [Seat(is_bot=True, position=p) for p in range(players)]
        db.session.add(game)
        db.session.flush()
        state = rules.setup(players, game.options, game.seed)
        rows = []
        while prompts := rules.pending(state):
            seat = prompts[0].seat
            move = rules.bot_move(state, seat, random.Random(f"{game.seed}:{len(rows)}"))
            state, events = rules.apply(state, seat, move)
            rows.append({"game_id": game.id, "seq": len(rows) + 1, "seat": seat, "text": str(move),
                         "source": "bot", "events": events})
        db.session.execute(insert(Move), rows)
        game.state, game.version = state, len(rows)
        game.result = rules.result(state).to_dict()
        games.append(game)
        if rnd.random() < 0.5:
            db.session.commit()
    db.session.commit()
    return games


def test_the_command_and_the_api_give_a_finished_games_whole_record(app, client, make_game, capsys, monkeypatch,
                                                                     tmp_path):
    game = _finished_countdown(make_game)
    from pbem import cli

    monkeypatch.setattr("pbem.create_app", lambda: app)
    assert cli.main(["export", str(game.id)]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert exported["format"] == "pbem-record" and exported["version"] == 1
    assert exported["engine"]["slug"] == "test-countdown" and exported["seed"] == game.seed
    assert exported["game"]["options"] == {"pile": 9} and exported["complete"] is True
    assert [p["name"] for p in exported["players"]] == ["ann", "bob", "cy"]
    assert [(m["seq"], m["seat"], m["text"]) for m in exported["moves"]] == [
        (1, 0, "take 3"), (2, 1, "take 3"), (3, 2, "take 2"), (4, 0, "take 1")]
    assert all(m["at"].endswith("Z") for m in exported["moves"]) and exported["result"] == game.result
    answer = client.get(f"/api/v1/games/{game.id}/record", headers=_auth(game.seat_at(1).user))
    assert answer.status_code == 200 and answer.get_json() == exported
    assert "@" not in answer.get_data(as_text=True)
    assert client.get("/api/v1/games/999999/record", headers=_auth(game.seat_at(1).user)).status_code == 404
    assert cli.main(["export", "999999"]) == 2


def test_a_running_games_record_for_a_player_carries_no_other_seats_hidden_cards(client, make_game):
    game = make_game("tta", humans=("ann",), bots=2)
    rules = engine.get("tta")
    for _ in range(400):  # ann plays as her bot would, the bots answer, until both bots hold military cards
        db.session.expire_all()
        game = db.session.get(Game, game.id)
        others = [game.state["seats"][s]["mil_hand"] for s in (1, 2)]
        if all(others):
            break
        move = rules.bot_move(game.state, 0, random.Random(game.version))
        assert play.submit(game.id, 0, str(move), "web", None).ok
    assert all(others) and game.status == "active"
    ann = game.seat_at(0).user
    data = client.get(f"/api/v1/games/{game.id}/record", headers=_auth(ann)).get_json()
    assert data["seed"] is None and data["complete"] is False and data["viewer_seat"] == 0
    assert data["view"] == json.loads(json.dumps(rules.view(game.state, 0)))
    hidden = [m for m in data["moves"] if m["hidden"]]
    assert hidden and all(m["text"] is None and m["seat"] != 0 for m in hidden)
    text = json.dumps(data)
    public = json.dumps(rules.view(game.state, None))
    secret = {card for hand in others for card in hand} - {c for c in game.state["seats"][0]["mil_hand"]}
    assert secret and not [card for card in secret if f'"{card}"' in text and f'"{card}"' not in public]
    # The whole record (the command's) has every move and the seed.
    whole = records.record(game)
    assert whole["seed"] == game.seed and not any(m["text"] is None for m in whole["moves"])


def test_an_import_replays_the_record_into_a_finished_game_shown_with_its_log(client, make_game, make_user):
    game = _finished_countdown(make_game)
    data = records.record(game)
    dora = make_user("dora")
    answer = client.post("/api/v1/games/import", json=data, headers=_auth(dora))
    assert answer.status_code == 201, answer.get_json()
    made = answer.get_json()
    assert made["status"] == "finished" and made["result"] == game.result
    assert [s["name"] for s in made["seats"]] == ["ann", "bob", "cy"] and made["host"] == "dora"
    imported = db.session.get(Game, made["id"])
    assert imported.origin == "import" and imported.state == game.state and imported.version == 4
    assert imported.rated is False and imported.rating_seq is None
    assert play.replay(imported) == []
    assert client.get(f"/games/{imported.id}").status_code == 200
    again = records.record(imported)
    assert [m["text"] for m in again["moves"]] == [m["text"] for m in data["moves"]]
    assert [m["at"] for m in again["moves"]] == [m["at"] for m in data["moves"]]


def test_a_record_with_one_altered_move_is_refused_naming_that_move(app, client, make_game, make_user, tmp_path,
                                                                    capsys, monkeypatch):
    game = _finished_countdown(make_game)
    data = records.record(game)
    data["moves"][2]["text"] = "take 3"  # 9 - 3 - 3 leaves 3: legal, but then move 4 has nothing to take
    with pytest.raises(records.Refused) as refused:
        records.import_record(data, game.host)
    assert refused.value.move == 4 and "move 4 ('take 1' by seat 0)" in refused.value.message
    data["moves"][2]["text"] = "take 4"
    answer = client.post("/api/v1/games/import", json=data, headers=_auth(make_user("dora")))
    assert answer.status_code == 422
    body = answer.get_json()
    assert body["move"] == 3 and body["error"].startswith("move 3 ('take 4' by seat 2) does not replay")
    path = tmp_path / "altered.json"
    path.write_text(json.dumps(data))
    from pbem import cli

    monkeypatch.setattr("pbem.create_app", lambda: app)
    assert cli.main(["import", str(path), "--host", "dora@example.com"]) == 1
    assert "move 3 ('take 4' by seat 2) does not replay" in capsys.readouterr().err
    assert db.session.scalar(select(Game).where(Game.origin == "import")) is None  # nothing stored
    # What is not a finished game's record is refused too, saying why.
    for spoil, why in ((lambda d: d.update(seed=None), "no seed"), (lambda d: d["moves"].pop(), "end before"),
                       (lambda d: d.update(version=2), "version 2"), (lambda d: d["result"].update(ranking=[2, 1, 0]),
                                                                       "result differs")):
        spoilt = records.record(game)
        spoil(spoilt)
        with pytest.raises(records.Refused, match=why):
            records.import_record(spoilt, game.host)


def test_a_whole_servers_finished_games_export_to_a_folder_and_import_back(app, make_game, make_user, tmp_path,
                                                                          capsys, monkeypatch):
    host = make_user("host")
    games = seed_bot_games("stone-age", 3, host) + [_finished_countdown(make_game)]
    from pbem import cli

    monkeypatch.setattr("pbem.create_app", lambda: app)
    assert cli.main(["export", "--finished", str(tmp_path / "all")]) == 0
    assert "4 finished games written" in capsys.readouterr().out
    assert sorted(p.name for p in (tmp_path / "all").iterdir()) == sorted(f"{g.id}.json" for g in games)
    assert cli.main(["import", str(tmp_path / "all"), "--host", host.email]) == 0
    assert capsys.readouterr().out.count("imported as game") == 4
    db.session.expire_all()
    imported = db.session.scalars(select(Game).where(Game.origin == "import").order_by(Game.id)).all()
    originals = sorted(games, key=lambda g: str(g.id))  # the folder is read in name order
    assert [(g.slug, g.state, g.result) for g in imported] == [(g.slug, g.state, g.result) for g in originals]


@pytest.mark.slow
@pytest.mark.parametrize("slug, count", [("stone-age", 100), ("tta", 100)])
def test_export_then_import_gives_the_same_final_state_and_result(make_user, slug, count):
    host = make_user("host")
    games = [(g.id, g.num_seats) for g in seed_bot_games(slug, count, host)]
    assert len({players for _id, players in games}) == 3
    for game_id, _players in games:
        db.session.expunge_all()  # a hundred games' states: keep one at a time
        game = db.session.get(Game, game_id)
        imported = records.import_record(json.loads(json.dumps(records.record(game))), db.session.merge(host))
        assert (imported.state, imported.result, imported.version) == (game.state, game.result, game.version)

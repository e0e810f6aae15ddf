"""Issue 11, point 2: in the "use your places" phase, a line naming a place already resolved (by the player's
earlier line, or by the engine when one choice was left) is acknowledged with what happened there, not refused,
and the lines after it still run."""
from __future__ import annotations

import html

from engine.stone_age_helpers import acting, seat as holding
from sqlalchemy.orm.attributes import flag_modified
from test_inbound import answers_to, moves, refreshed, reply, turn_mail, words

from pbem import engine, play
from pbem.engine.stone_age.state import copy_state
from pbem.extensions import db
from pbem.mail import inbound

CLAY = ('"clay tools auto": clay is already resolved: You rolled 2 3 (total 5) for clay pit. You got 1 brick. '
        'No tools were used.')


def _resolving(game, other: dict, other_tools=(0, 0, 0), **ann) -> None:
    """Ann (seat 0) on the forest (3) and the clay pit (2) with a tool of 2, asked which to resolve first; the
    forest will roll 9 and the clay pit 2 3, which no tool of 2 can help (a brick is 4): it resolves by itself."""
    state = holding(holding(copy_state(game.state), 0, tools=[2, 0, 0], **ann), 1, tools=list(other_tools))
    state, _ = acting(state, {0: {"forest": 3, "clay": 2}, 1: other}, (3, 9), [2, 3])
    game.state = state
    flag_modified(game, "state")
    db.session.commit()


def test_the_turn_mails_examples_in_one_reply_across_automatic_resolutions(make_game):
    """`forest tools none` / `clay tools auto`: the clay pit resolved itself, the bot resolved and fed, and the
    game is in round 2: the second line is acknowledged with its roll, not refused as "how many on the clay?"."""
    game = make_game(slug="stone-age", humans=("ann",), bots=1)
    _resolving(game, {"hunt": 5})
    row = inbound.receive(reply(turn_mail(game, 0), "forest tools none\nclay tools auto"), "raw")
    assert row.outcome == "done", row.detail
    assert row.detail == "applied forest tools none; already done 'clay tools auto'"
    assert moves(game) == ["forest tools none"] and refreshed(game).state["round"] == 2
    answer = words(answers_to("ann@example.com")[-1].text)
    assert "Applied: forest tools none. Already done, nothing more to do: " + CLAY in answer
    assert "not applied" not in answer and "It is your turn: place your people" in answer


def test_an_acknowledged_line_does_not_stop_the_lines_after_it(make_game):
    """Bob (a person, two rolls and a tool) resolves next: the line about the clay pit is not "not your turn", and the card after it
    (usable any time) is still played."""
    game = make_game(slug="stone-age", humans=("ann", "bob"))
    _resolving(game, {"hunt": 2, "quarry": 2}, (1, 0, 0), any2=["civ/any2-medicine"])
    outcome = play.submit(game.id, 0, "forest tools none\nclay tools auto\nuse card wood stone", "email", "email:<a@x>")
    assert outcome.ok and outcome.applied == ["forest tools none", "use card wood stone"]
    assert [(a["line"], a["message"]) for a in outcome.acknowledged] == [("clay tools auto", CLAY)]
    assert [p.seat for p in engine.get("stone-age").pending(refreshed(game).state)] == [1]  # bob's turn
    assert outcome.acknowledged[0]["local"]["de"].startswith('"clay tools auto": Lehmgrube ist schon ausgewertet:')


def test_the_api_lists_an_acknowledged_command_with_what_happened(client, make_game):
    from test_api import bearer

    game = make_game(slug="stone-age", humans=("ann", "bob"))
    _resolving(game, {"hunt": 2, "quarry": 2}, (1, 0, 0))
    done = client.post(f"/api/v1/games/{game.id}/moves", headers=bearer(game.seat_at(0).user),
                       json={"commands": "forest tools none\nclay tools auto"})
    assert done.status_code == 200, done.get_json()
    body = done.get_json()
    assert body["applied"] == ["forest tools none"] and body["error"] is None
    assert body["acknowledged"] == [{"line": "clay tools auto", "message": CLAY}]


def test_the_web_text_box_says_what_was_already_done(client, make_game):
    from conftest import signin

    game = make_game(slug="stone-age", humans=("ann", "bob"))
    _resolving(game, {"hunt": 2, "quarry": 2}, (1, 0, 0))
    signin(client, "ann@example.com")
    done = client.post(f"/games/{game.id}/move", data={"version": refreshed(game).version,
                                                       "command": "forest tools none\nclay tools auto"},
                       follow_redirects=True)
    page = html.unescape(done.get_data(as_text=True))
    assert done.status_code == 200 and "Done: forest tools none" in page and CLAY in page

"""The replay page (issue 25): the board at move N rebuilt from the seed, as a seat could see it then."""
from __future__ import annotations

import html
import random
import re
from datetime import timedelta

import pytest
from flask import render_template_string
from sqlalchemy import select

from conftest import signin
from pbem import engine, play
from pbem.clock import now
from pbem.extensions import db
from pbem.models import Move
from pbem.presentation import words
from pbem.web import replay_page

# The board partial as the replay page includes it, given the same variables.
BOARD = "{% set shown = presentation(game.slug) %}{% set placing = namespace(move=false) %}" \
        "{% include shown.board_template %}"


def _drive(game, seat: int, until, limit: int = 400) -> None:
    """The human at `seat` plays the bot's choices through play.submit (bots answer between) until `until(state)`."""
    rules = engine.get(game.slug)
    rnd = random.Random(7)
    for n in range(limit):
        db.session.refresh(game)
        if until(game.state) or game.status != "active":
            return
        if seat not in [p.seat for p in rules.pending(game.state)]:
            raise AssertionError("the human is not asked and the bots do not move")
        move = str(rules.bot_move(game.state, seat, rnd))
        outcome = play.submit(game.id, seat, move, "web", f"web:drive-{game.id}-{n}")
        assert outcome.ok, outcome
    raise AssertionError("the game never got there")


def _replayed(game, version: int) -> dict:
    """The state after move `version`, straight from the engine: the setup, then each move standing then."""
    rules = engine.get(game.slug)
    state = rules.setup(game.num_seats, game.options, game.seed)
    for row in db.session.scalars(select(Move).where(Move.game_id == game.id, Move.seq <= version).order_by(Move.seq)):
        if row.text == "undo" or (row.undone_by is not None and row.undone_by <= version):
            continue
        for move in rules.parse(row.text, state, row.seat):
            state, _events = rules.apply(state, row.seat, move)
    return state


def _board(app, game, version: int, seat: int | None) -> str:
    """The board partial rendered from the engine's replayed state at `version`, from `seat`'s view."""
    rules = engine.get(game.slug)
    state = _replayed(game, version)
    with app.test_request_context("/"):
        from flask import g
        g.user = None
        return render_template_string(
            BOARD, game=replay_page.GameAt(game, state, version), rules=rules, seat=seat,
            view=rules.view(state, seat), names=words.seat_names(game), prompts=rules.pending(state), my_prompts=[],
            asked=[], stakes=[], panels=[], has_moves=False, read_only=True, key="", link_token=None,
            prompt_version=None, undo_moves=0, move_section="")


def _page(client, game, **query) -> str:
    response = client.get(f"/games/{game.id}/replay", query_string=query)
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    return response.get_data(as_text=True)


def _board_of(page: str) -> str:
    return page.split('<div id="replay-board">', 1)[1].rsplit("</div>\n</section>", 1)[0]


def _same(a: str, b: str) -> bool:
    # Move forms carry a per-request CSRF token; nothing else may differ.
    strip = lambda s: re.sub(r'name="csrf_token" value="[^"]*"', 'name="csrf_token"', s)  # noqa: E731
    return strip(a) == strip(b)


def _hidden_names(state: dict, seats, zones=("mil_hand", "hand")) -> set[str]:
    """The names of the cards the seats `seats` hold face down in `state` (TtA: military and civil hands)."""
    from pbem.engine.tta.moves import name

    names = set()
    for s in seats:
        for zone in zones:
            for copy in state["seats"][s][zone]:
                names.add(name(copy))
    return names


@pytest.fixture
def ann(make_user):
    return make_user("ann")


@pytest.fixture
def tta_game(ann, make_game):
    """Through the Ages, Ann against two bots, played into round 3 (military cards drawn by every seat)."""
    game = make_game("tta", humans=(ann,), bots=2)
    _drive(game, 0, lambda s: s["round"] >= 3 and all(p["mil_hand"] for p in s["seats"]))
    return game


@pytest.fixture
def stone_age_game(ann, make_game):
    """Stone Age, Ann against a bot, into round 2."""
    game = make_game("stone-age", humans=(ann,), bots=1)
    _drive(game, 0, lambda s: s["round"] >= 2 and s["phase"] == "act")
    return game


@pytest.mark.parametrize("which", ["stone_age_game", "tta_game"])
def test_the_board_at_move_n_is_the_board_of_the_replayed_state(app, client, request, which):
    game = request.getfixturevalue(which)
    signin(client, "ann@example.com")
    for n in sorted({0, 1, 2, game.version // 3, game.version // 2, game.version - 1, game.version}):
        for seat, query in ((0, {}), (0, {"seat": "1"})):  # a player cannot ask for another seat's view
            page = _page(client, game, move=n, **query)
            assert _same(_board_of(page), _board(app, game, n, seat)), (which, n)
        assert f"move {n} of {game.version}" in page
    # The latest move is the game page's board.
    assert _same(_board_of(_page(client, game)), _board(app, game, game.version, 0))


def test_a_spectator_sees_the_public_view(app, client, tta_game, stone_age_game):
    for game in (tta_game, stone_age_game):
        n = game.version // 2
        page = _page(client, game, move=n, seat="0")  # a running game: no seat's view for a spectator
        assert _same(_board_of(page), _board(app, game, n, None))
        assert "You see what everyone at the table could see at that move." in page
        assert "no-store" not in client.get(f"/games/{game.id}/replay?move={n}").headers.get("Cache-Control", "")


def test_a_players_replay_never_shows_others_hidden_cards(app, client, tta_game):
    """At every move, the others' military and civil hands (held then or drawn after) appear on Ann's page only where
    a spectator's page at that move shows them too (the open card row, the history) or in Ann's own hand."""
    game = tta_game
    signin(client, "ann@example.com")
    final = _replayed(game, game.version)
    later = _hidden_names(final, (1, 2))
    assert later, "the bots hold military cards"
    rows = db.session.scalars(select(Move).where(Move.game_id == game.id).order_by(Move.seq)).all()
    drawn = [r.seq for r in rows if r.seat != 0 and any(e.get("kind") == "military_cards" for e in r.events or ())]
    assert drawn, "the bots drew military cards"
    checked = kept_back = 0
    for n in sorted({*drawn[:6], *(d - 1 for d in drawn[:3]), game.version}):
        state = _replayed(game, n)
        hidden = _hidden_names(state, (1, 2)) | later
        own = _hidden_names(state, (0,))
        mine = html.unescape(_page(client, game, move=n))
        public = html.unescape(_page(client.application.test_client(), game, move=n))
        secret = {name for name in hidden - own if name not in public}
        assert not {name for name in secret if name in mine}, n
        kept_back += len(secret)
        # The history line at N tells Ann how many cards a bot drew, never which.
        told = mine.split('id="replay-move-told"', 1)[1].split("</section>", 1)[0]
        if n in drawn:
            assert "drew" in told and not any(name in told for name in _hidden_names(state, (rows[n - 1].seat,),
                                                                                        ("mil_hand",)) - own)
            checked += 1
    assert checked and kept_back  # there were hidden cards to keep back
    # Ann's own military hand at N is on her page.
    n = drawn[-1]
    mine = html.unescape(_page(client, game, move=n))
    assert all(name in mine for name in _hidden_names(_replayed(game, n), (0,), ("mil_hand",)))


def test_moves_out_of_range_are_clamped_with_a_message(client, stone_age_game):
    game = stone_age_game
    for asked, shown in ((game.version + 50, game.version), (-3, 0), (10**30, game.version)):
        page = _page(client, game, move=asked)
        assert f"move {shown} of {game.version}" in page and 'id="replay-notice"' in page
        assert f"This game has moves 0 to {game.version}" in page
    page = _page(client, game, move="abc")
    assert "is not a move number" in page and f"move {game.version} of {game.version}" in page
    assert client.get("/games/999999/replay?move=3").status_code == 404
    assert client.get("/games/99999999999999/replay").status_code == 404


def test_a_lobby_game_has_nothing_to_replay(client, ann):
    game = play.create_game(ann, "stone-age", seats=3)
    response = client.get(f"/games/{game.id}/replay")
    assert response.status_code == 404 and "nothing to replay" in response.get_data(as_text=True)


def test_steps_by_move_and_by_round_are_plain_links(client, stone_age_game):
    game = stone_age_game
    opener = db.session.scalar(select(Move.seq).where(Move.game_id == game.id, Move.opens_round == 2))
    page = _page(client, game, move=opener + 1)
    base = f"/games/{game.id}/replay?move="
    assert f'href="{base}0" id="replay-first"' in page and f'href="{base}{game.version}" id="replay-last"' in page
    assert f'href="{base}{opener}" rel="prev"' in page and f'href="{base}{opener + 2}" rel="next"' in page
    assert f'href="{base}{opener}" id="replay-round-back">← Start of round 2</a>' in page
    page = _page(client, game, move=opener)
    assert f'href="{base}0" id="replay-round-back">← Start of round 1</a>' in page
    assert "Round 2" in page
    page = _page(client, game, move=1)
    assert f'href="{base}{opener}" id="replay-round-next">Start of round 2 →</a>' in page
    page = _page(client, game, move=0)
    assert '<span class="off" aria-disabled="true" id="replay-first">' in page and "Before the first move" in page
    # The move's command and its history line.
    row = db.session.scalar(select(Move).where(Move.game_id == game.id, Move.seq == 1))
    page = _page(client, game, move=1)
    assert f'<code class="cmd">{row.text}</code>' in page and "Move 1" in page


def test_a_finished_game_shows_every_seat(app, client, ann, make_game):
    """The game over, any seat's view may be chosen, by anyone."""
    game = make_game("stone-age", humans=(ann,), bots=1, timeout_extensions=0, replace_after=1)
    assert play.expire_turn(game.id, 0, moment=now() + timedelta(days=30))  # the bot takes Ann's seat, and plays on
    db.session.refresh(game)
    assert game.status == "finished"
    n = game.version // 2
    for seat in (0, 1):
        page = _page(client, game, move=n, seat=str(seat))
        assert _same(_board_of(page), _board(app, game, n, seat))
        assert "nothing is hidden any more" in page
    assert _same(_board_of(_page(client, game, move=n, seat="public")), _board(app, game, n, None))
    assert _same(_board_of(_page(client, game, move=n)), _board(app, game, n, None))  # a visitor: public by default
    page = _page(client, game)
    assert f"move {game.version} of {game.version}" in page
    # The chosen view stays chosen while stepping.
    page = _page(client, game, move=n, seat="1")
    assert f'href="/games/{game.id}/replay?move={n + 1}&amp;seat=1" rel="next"' in page

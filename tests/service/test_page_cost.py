"""Pages and mails cost the same at move 1,000 and move 100,000: rows read and bytes sent, never time."""
from __future__ import annotations

import random
import re

from big_games import Reads, grow
from conftest import signin

from markupsafe import escape
from sqlalchemy import select

from pbem import engine, play
from pbem.extensions import db
from pbem.models import Move, Outbox
from pbem.presentation import news, words
from pbem.web import history

RULES = engine.get("stone-age")


def play_until(game, round_: int, seat: int = 0) -> None:
    """The humans type the bot's choices by mail until round `round_` asks `seat` to place."""
    rnd = random.Random(game.version)
    for _ in range(1000):
        db.session.refresh(game)
        pending = [p.seat for p in RULES.pending(game.state)]
        if game.state["round"] >= round_ and game.state["phase"] == "place" and pending[:1] == [seat]:
            return
        who = pending[0]
        text = str(RULES.bot_move(game.state, who, rnd))
        outcome = play.submit(game.id, who, text, "email", f"email:<{game.id}.{game.version}.{who}@test>")
        assert outcome.ok, (text, outcome)
    raise AssertionError(f"round {round_} not reached")


def history_lines(html: str) -> list[str]:
    part = html[html.index('id="history"'):html.index('id="scores"')]
    return re.findall(r'<li value="(\d+)"[^>]*>([^<]*)</li>', part)


def test_the_game_page_and_a_web_move_read_as_many_rows_at_100000_moves_as_at_1000(client, make_game):
    # A fixed deal: whom a move asks next, and so what its mail reads, depends on the deal.
    game = make_game(slug="stone-age", humans=("ann", "bob"), bots=2, seed="b")
    play_until(game, 3)
    base = game.version
    signin(client, "ann@example.com")
    cost = {}
    copied = None
    for size in (1_000, 100_000):
        # The bots played every copied move: bob has not moved since long before, and his turn
        # mail tells him what happened since, from a bounded query.
        if copied is not None:  # end on the same copied move, so the page shows the same rounds
            size -= (size - game.version - copied) % base
        copied = size - game.version
        grow(game, size, base=base, seat=2)
        with Reads(db.engine) as page:
            html = client.get(f"/games/{game.id}").get_data(as_text=True)
        assert f"move {size}</span>" in html and 'id="history-older"' in html
        older = re.search(r'id="history-older" href="([^"]+)"', html).group(1).replace("&amp;", "&")
        with Reads(db.engine) as older_page:
            assert client.get(older).status_code == 200
        text = str(RULES.bot_move(game.state, 0, random.Random(1)))
        mails = db.session.query(Outbox).count()
        with Reads(db.engine) as submit:
            response = client.post(f"/games/{game.id}/move", data={"version": game.version, "move": text})
        assert response.status_code == 302, response.get_data(as_text=True)
        assert db.session.query(Outbox).count() > mails  # the move asked someone, by mail
        cost[size] = {"page rows": page.rows, "page statements": page.statements, "page bytes": len(html),
                      "older rows": older_page.rows, "submit rows": submit.rows,
                      "submit statements": submit.statements}
        play_until(game, game.state["round"] + 1)
    small, big = cost.values()
    # The same work at both sizes (a few rows of slack: the live rounds between differ).
    for figure in ("page rows", "older rows", "submit rows"):
        assert big[figure] <= small[figure] + 60, (figure, cost)
        assert big[figure] <= history.MOVES_SHOWN + history.CHART_POINTS + history.CHART_ROUNDS + 150, (figure, cost)
    # However long since the asked seat last moved, its mail tells at most HISTORY_MOVES moves.
    assert big["submit rows"] <= news.HISTORY_MOVES + 40, cost
    assert big["page statements"] <= small["page statements"] + 2, cost
    assert big["submit statements"] <= small["submit statements"] + 5, cost
    # The same three copied rounds; the chart, short at move 1,000, has all its points at 100,000.
    assert big["page bytes"] <= small["page bytes"] + 40_000 and big["page bytes"] < 150_000, cost


def test_history_pages_together_show_every_line_once(client, make_game):
    game = make_game(slug="stone-age", humans=("ann",), bots=3)
    play_until(game, 8)
    signin(client, "ann@example.com")
    url, pages, seen = f"/games/{game.id}", 0, []
    while url:
        html = client.get(url).get_data(as_text=True)
        seen += [(int(seq), text) for seq, text in history_lines(html)]
        found = re.search(r'id="history-older" href="([^"]+)"', html)
        url = found.group(1).replace("&amp;", "&") if found else None
        pages += 1
    assert pages >= 3  # rounds 6 to 8, 3 to 5, 1 and 2
    moves = db.session.scalars(select(Move).where(Move.game_id == game.id).order_by(Move.seq)).all()
    everything = history.Window(1, game.version, 1, list(moves), None, True)
    lines = [(line["seq"], str(escape(line["text"]))) for r in history.grouped_history(
        game, everything, 0, "en", words.seat_names(game)) for p in r["phases"] for line in p["lines"]]
    assert sorted(seen) == sorted(lines)


def test_a_game_without_rounds_shows_its_latest_moves_and_older_ones_on_demand(client, make_game):
    game = make_game(options={"pile": 40})  # countdown: no rounds; the copies leave its state as it is
    play.submit(game.id, 0, "take 1", "web", "web:one")
    play.submit(game.id, 1, "take 2", "web", "web:two")
    db.session.refresh(game)
    grow(game, 5_000, base=2)
    with Reads(db.engine) as page:
        html = client.get(f"/games/{game.id}").get_data(as_text=True)
    lines = history_lines(html)
    assert [int(seq) for seq, _ in lines] == list(range(5_001 - history.MOVES_SHOWN, 5_001))
    assert page.rows < history.MOVES_SHOWN + history.CHART_POINTS + 50 and "Round" not in html[html.index('id="history"'):]
    older = re.search(r'id="history-older" href="([^"]+)"', html).group(1).replace("&amp;", "&")
    assert older.endswith(f"upto={5_000 - history.MOVES_SHOWN}#history")
    html = client.get(older).get_data(as_text=True)
    assert [int(seq) for seq, _ in history_lines(html)][-1] == 5_000 - history.MOVES_SHOWN
    assert 'id="history-newer"' in html

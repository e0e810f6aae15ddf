"""A whole Stone Age game through play.submit: one human (typing the bot's choices as text) and three bots."""
from __future__ import annotations

import random

from sqlalchemy import func, select

from pbem import engine, play
from pbem.extensions import db
from pbem.models import Move, Outbox


def test_full_game_through_the_service_replays_exactly(make_game, client):
    rules = engine.get("stone-age")
    game = make_game(slug="stone-age", humans=("ann",), bots=3)
    rnd = random.Random(7)
    for n in range(2000):
        db.session.refresh(game)
        if game.status == "finished":
            break
        assert [p.seat for p in rules.pending(game.state)] == [0]  # the bots never leave the human waiting on them
        text = str(rules.bot_move(game.state, 0, rnd))
        outcome = play.submit(game.id, 0, text, "email", f"email:<{n}@test>")
        assert outcome.ok, (text, outcome)
    assert game.status == "finished"
    assert sorted(game.result["ranking"]) == [0, 1, 2, 3]
    assert play.replay(game) == []
    count = db.session.scalar(select(func.count()).select_from(Move).where(Move.game_id == game.id))
    assert count == game.version
    # One turn mail per prompt of the human: every dedupe key is distinct, and one game-over mail.
    mails = db.session.scalars(select(Outbox).where(Outbox.to_address == "ann@example.com")).all()
    assert len({m.dedupe_key for m in mails}) == len(mails)
    assert [m.kind for m in mails].count("end") == 1
    # The game-over mail and the page show where the points came from, and the rows add up.
    [end] = [m for m in mails if m.kind == "end"]
    details = game.result["details"]
    for seat, row in details.items():
        assert row["total"] == game.result["scores"][seat] == sum(v for k, v in row.items() if k not in ("total", "tie_break"))
    assert "Where the points came from:" in end.text and "Culture sets" in end.text
    total_line = next(line for line in end.text.splitlines() if line.startswith("Total"))
    assert [int(n) for n in total_line.split()[1:]] == [game.result["scores"][str(s)] for s in game.result["ranking"]]
    assert "Where the points came from</caption>" in end.html and "<ol" in end.html
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Where the points came from" in page and "Hut builders × buildings" in page


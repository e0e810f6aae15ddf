"""The answer to a reply tells what happened since the sender's first line: the first lines (what the sender's own
lines did) and the latest, never a silent cut (a tester lost "You: uprising!" behind the other seats' turns)."""
import random

from pbem import engine, play
from pbem.extensions import db
from pbem.mail import answer_text as answers


def test_a_long_history_keeps_its_start_and_its_end_and_counts_what_it_leaves_out(app, make_game, monkeypatch):
    game = make_game("stone-age", humans=("ann",), bots=3, seed="answer-history")
    rules = engine.get(game.slug)
    start = game.version
    for i in range(40):  # ann's moves, each followed by the bots' turns
        db.session.refresh(game)
        move = rules.bot_move(game.state, 0, random.Random(i))
        assert play.submit(game.id, 0, str(move), "web", f"history:{i}").ok
    db.session.refresh(game)
    with app.test_request_context():
        everything = answers._history(game, start, 0, "en")  # noqa: SLF001 - the section's own lines
        kept = answers.HISTORY_LINES
        monkeypatch.setattr(answers, "HISTORY_LINES", 10**6)
        whole = answers._history(game, start, 0, "en")  # noqa: SLF001
    assert len(whole) > kept + 10
    head, tail = kept * 2 // 3, kept // 3
    assert everything[:head] == whole[:head] and everything[-tail:] == whole[-tail:]
    left_out = len(whole) - head - tail
    assert everything[head] == f"… {left_out} more {'line' if left_out == 1 else 'lines'}, on the game page …"
    assert len(everything) == head + 1 + tail

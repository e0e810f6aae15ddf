"""TtA territories in the service: a standing bid from a seat that is not asked (play/moves.py `_parse_in_turn`),
the bid prompt in the turn mail."""
from __future__ import annotations

from sqlalchemy import select

from pbem import engine, play
from pbem.extensions import db
from pbem.models import Game, Move


def test_a_seat_not_asked_may_set_its_standing_bid(make_game):
    game = make_game("tta", humans=("ann", "bob"))
    outcome = play.submit(game.id, 1, "standing bid 4", "web", "bid-1")   # ann is asked, not bob
    assert outcome.ok and outcome.applied == ["standing bid 4"]
    db.session.expire_all()
    state = db.session.get(Game, game.id).state
    assert state["seats"][1]["standing_bid"] == 4 and [p.seat for p in engine.get("tta").pending(state)] == [0]
    move = db.session.scalars(select(Move).where(Move.game_id == game.id)).one()
    assert (move.seat, move.text) == (1, "standing bid 4")
    refused = play.submit(game.id, 1, "take 1", "web", "bid-2")   # other moves still wait for the seat's turn
    assert not refused.ok


def test_the_turn_mail_says_what_a_bid_prompt_asks(ctx):
    from flask_babel import force_locale

    from pbem.engine.base import Prompt
    from pbem.presentation.words import prompt_words

    asked = Prompt(1, "bid", {"card": "mil/I/fertile_territory:1", "high": 3})
    with force_locale("en"):
        assert prompt_words(asked, (), engine.get("tta")) == ("bid for Fertile Territory I or pass; to beat: 3 (a bid is the colonization "
                                       "strength you will pay if you win: sacrificed units plus bonus cards)")
    with force_locale("ja"):
        assert prompt_words(asked, (), engine.get("tta")) == ("Fertile Territory Iに入札する（またはパス）：現在の最高入札は3（入札額は、"
                                       "落札したら支払う植民の力。犠牲にするユニットとボーナスカードで払う）")

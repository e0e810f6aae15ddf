"""Table talk: a seated player's words to everyone at the table."""
from __future__ import annotations

from ..extensions import db
from ..mail import outbound
from ..models import ChatMessage, User
from .errors import NotAllowed, PlayError
from .transaction import commit, lock


def say(game_id: int, user: User, text: str) -> ChatMessage:
    """Table talk from a seated player to everyone at the table (mailed to the others)."""
    text = text.strip()[:2000]
    if not text:
        raise PlayError("say what? write the text after the word")
    try:
        game = lock(game_id)
        if not any(s.user_id == user.id for s in game.seats):
            raise NotAllowed("only players at this table may talk here")
        message = ChatMessage(game_id=game.id, user_id=user.id, text=text)
        db.session.add(message)
        db.session.flush()
        outbound.queue_chat(game, user, message)
        commit()
        return message
    except BaseException:
        db.session.rollback()
        raise

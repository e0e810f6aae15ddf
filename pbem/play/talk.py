"""Table talk: a seated player's words to everyone at the table."""
from __future__ import annotations

from sqlalchemy import select

from .. import outbox
from ..extensions import db
from ..models import ChatMessage, User
from .errors import NotAllowed, PlayError
from .transaction import commit, lock, rolls_back


@rolls_back
def say(game_id: int, user: User, text: str, key: str | None = None) -> ChatMessage:
    """Table talk from a seated player to everyone at the table (mailed to the others).

    With a `key`, saying it again returns the first message and mails nothing more.
    """
    text = text.strip()[:2000]
    if not text:
        raise PlayError("say what? write the text after the word")
    game = lock(game_id)
    if not any(s.user_id == user.id for s in game.seats):
        raise NotAllowed("only players at this table may talk here")
    if key is not None:
        said = db.session.scalar(select(ChatMessage).where(
            ChatMessage.game_id == game.id, ChatMessage.user_id == user.id, ChatMessage.key == key[:200]))
        if said is not None:
            db.session.rollback()
            return said
    message = ChatMessage(game_id=game.id, user_id=user.id, text=text, key=key[:200] if key else None)
    db.session.add(message)
    db.session.flush()
    outbox.chat(game, user, message)
    commit()
    return message

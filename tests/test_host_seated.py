"""The host is mailed when the last seat of a lobby game fills: "everyone is seated: reply start" (issue 23), in the
host's language, with the game's table address to reply to and its page; replying `start` starts the game."""
from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from sqlalchemy import select

from pbem import play, tasks, tokens
from pbem.extensions import db
from pbem.mail import inbound
from pbem.models import Game, Outbox


def seated_mails(game: Game) -> list[Outbox]:
    db.session.expire_all()
    return db.session.scalars(select(Outbox).where(Outbox.kind == "seated", Outbox.game_id == game.id)).all()


def lobby(make_user, seats: int = 3, bots: int = 1, locale: str = "en") -> Game:
    """A lobby game of Countdown hosted by Ann, with `bots` bots and Bob invited."""
    ann = make_user("ann", locale=locale)
    game = play.create_game(ann, "test-countdown", seats=seats, bots=bots, random_seating=False)
    play.invite(game.id, ann, "bob@example.com")
    return game


def test_the_last_seat_filled_mails_the_host_and_her_reply_start_starts_the_game(make_user):
    game = lobby(make_user)
    play.join(game.id, make_user("bob"))
    (mail,) = seated_mails(game)
    assert (mail.to_address, mail.status) == ("ann@example.com", "sent")
    assert mail.subject == f"[pbem #{game.id} Countdown] Everyone is seated: reply start {game.id}"
    assert "Everyone is seated in your game of Countdown (3 players): ann, Bot, bob." in mail.text
    assert f"reply to this mail with this line:\n\n    start {game.id}\n" in mail.text
    assert f"http://pbem.test/games/{game.id}" in mail.text
    # Her reply to it proves she wrote it (the address is signed for this game and her address).
    assert mail.headers["Reply-To"] == tokens.table_address(game.id, "ann@example.com")
    msg = EmailMessage()
    msg["From"], msg["To"] = "ann@example.com", mail.headers["Reply-To"]
    msg["Subject"], msg["Message-ID"] = "Re: " + mail.subject, make_msgid(domain="mail.example.org")
    msg["In-Reply-To"] = mail.message_id
    msg.set_content("start\n\n> " + "\n> ".join(mail.text.splitlines()) + "\n")
    handled = inbound.receive(msg.as_bytes(), "raw")
    assert handled.outcome == "done", handled.detail
    assert db.session.get(Game, game.id).status == "active"


def test_no_mail_until_every_seat_is_taken(make_user):
    game = lobby(make_user, seats=4)
    play.join(game.id, make_user("bob"))
    assert seated_mails(game) == []  # one seat is still open
    play.join(game.id, make_user("cat"))
    assert [m.to_address for m in seated_mails(game)] == ["ann@example.com"]


@pytest.mark.parametrize("locale, word, subject, line", [
    ("ja", "開始", "全員が着席しました：「開始 {id}」と返信", "次の行を書いてこのメールに返信してください："),
    ("fr", "commencer", "Tout le monde est assis : répondez commencer {id}", "répondez à ce mail avec cette ligne :"),
    ("de", "starten", "Alle Plätze sind besetzt: antworte starten {id}", "Antworte auf diese Mail mit dieser Zeile:"),
])
def test_the_mail_is_in_the_hosts_language_with_her_word_for_start(make_user, locale, word, subject, line):
    game = lobby(make_user, locale=locale)
    play.join(game.id, make_user("bob"))
    (mail,) = seated_mails(game)
    assert mail.subject.endswith(subject.format(id=game.id)), mail.subject
    assert line in " ".join(mail.text.split()) and f"\n    {word} {game.id}\n" in mail.text, mail.text


def test_no_mail_when_the_host_filled_the_last_seat_or_started_before_the_mail_was_written(
        make_user, monkeypatch):
    game = lobby(make_user, seats=2, bots=0)
    ann = game.host
    # The host fills the last seat with a bot: the host knows, and no mail.
    other = play.create_game(ann, "test-countdown", seats=2, random_seating=False)
    play.add_bot(other.id, ann)
    assert seated_mails(other) == []
    # Bob fills the last seat, and Ann starts the game before the mail is written: it is dropped.
    monkeypatch.setattr(tasks, "kick_delivery", lambda *args, **kwargs: None)
    play.join(game.id, make_user("bob"))
    play.start_game(game.id, ann)
    tasks.deliver_outbox()
    (mail,) = seated_mails(game)
    assert mail.status == "suppressed" and "started" in mail.last_error

"""Through the Ages turn mails: what is asked, the news, working examples, the row with costs, the deadline,
and every line within 78 columns for a phone's mail reader (English and Japanese)."""
from __future__ import annotations

import re
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from sqlalchemy import select

from pbem import engine
from pbem.engine.base import text_width
from pbem.extensions import db
from pbem.mail import inbound, outbound
from pbem.models import Game, Outbox

WIDTH = 78  # columns of a plain-text mail reader; wide (CJK) characters count two


def turn_mails(to: str) -> list[Outbox]:
    """The mails that asked `to` to play: turn mails, and answers to replies (each doubles as the next turn mail)."""
    return list(db.session.scalars(select(Outbox).where(
        Outbox.to_address == to, (Outbox.kind == "turn") | ((Outbox.kind == "answer") & Outbox.message_id.like("<answer.%")))
        .order_by(Outbox.id)))


def examples_of(text: str) -> list[str]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.endswith(("For example:", "例：", "例:"))) + 1
    out = []
    for line in lines[start:]:
        if not line.startswith("    "):
            break
        out.append(line.strip())
    return out


def reply(mail: Outbox, text: str) -> bytes:
    """A reply to a turn mail: the command above the quoted original, threaded as mail programs do."""
    msg = EmailMessage()
    msg["From"], msg["To"] = mail.to_address, mail.headers.get("Reply-To") or "play@pbem.test"
    msg["Subject"], msg["Message-ID"] = "Re: " + mail.subject, make_msgid(domain="mail.example.org")
    msg["In-Reply-To"] = mail.message_id
    quoted = "\n".join("> " + line for line in mail.text.splitlines())
    msg.set_content(f"{text}\n\nOn Sat, 21 Nov 2026 at 10:00, pbem <pbem@pbem.test> wrote:\n{quoted}\n")
    return msg.as_bytes()


def play_rounds(game: Game, rounds: int) -> None:
    """The humans reply with a first example and "done" to their turn mail until `rounds` rounds are done (bots play)."""
    while db.session.get(Game, game.id).state["round"] <= rounds:
        db.session.expire_all()
        game = db.session.get(Game, game.id)
        seat = engine.get("tta").pending(game.state)[0].seat
        mail = turn_mails(game.seat_at(seat).user.email)[-1]
        first = examples_of(mail.text)[0]
        command = first if first == "done" else f"{first}\ndone"  # a whole turn in one reply
        version = game.version
        inbound.receive(reply(mail, command), "raw")
        db.session.expire_all()
        answers = db.session.scalars(select(Outbox).where(Outbox.kind == "answer").order_by(Outbox.id.desc()))
        assert db.session.get(Game, game.id).version > version, [a.text for a in answers][:1]


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_tta_turn_mail_fits_78_columns_and_holds_what_the_turn_needs(make_user, make_game, locale):
    ann, bob = make_user("ann", locale=locale), make_user("bob", locale=locale)
    game = make_game("tta", humans=(ann, bob), bots=1, turn_seconds=86400)
    play_rounds(game, 3)
    mails = turn_mails(ann.email) + turn_mails(bob.email)
    assert len(mails) >= 6
    for mail in mails:
        # A link is never broken (it would stop working): it stands alone on its line instead.
        wide = [line for line in mail.text.splitlines()
                if text_width(line) > WIDTH and not re.fullmatch(r"https?://\S+", line)]
        assert wide == [], f"lines over {WIDTH} columns in a {locale} turn mail:\n" + "\n".join(wide)
        assert "\t" not in mail.text and "<" not in mail.text.split("\n\n", 1)[0]
    last = turn_mails(ann.email)[-1].text
    db.session.expire_all()
    game = db.session.get(Game, game.id)
    if engine.get("tta").pending(game.state)[0].seat == 0:
        # Examples name players (outbound.shown_commands): each parses to a legal move.
        names, tta = outbound.seat_names(game), engine.get("tta")
        assert {str(m) for e in examples_of(last) for m in tta.parse(e, game.state, 0, names)} <= {
            str(m) for m in tta.legal(game.state, 0)}
    # The row with what each slot costs, each player's tableau, the news since the last turn, the deadline.
    assert " 1. [1] " in last and "13. [3] " in last
    board = last[last.index(" 1. [1] "):]
    assert all(f"\n{name}" in board for name in outbound.seat_names(game))  # every tableau, by name
    assert ("Deadline" in last) if locale == "en" else ("UTC" in last)
    if locale == "en":
        assert any("take your actions" in m.subject for m in turn_mails(ann.email) if m.kind == "turn")
        # The news since her last move (a mail that follows her own answer, e.g. a political prompt after a
        # discard, has none: the news come in the mail after the others have played).
        assert any("Since your last move:" in m.text and "took" in m.text for m in turn_mails(ann.email)[1:])


def _at_war(game: Game) -> Game:
    """The game with seat 0 at its political phase, the only army, an aggression and a pact in hand
    (tests/engine/test_tta_shown_names.py)."""
    import sys
    from pathlib import Path

    from sqlalchemy.orm.attributes import flag_modified

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from test_tta_shown_names import attacker

    game.state = attacker(players=len(game.seats))
    flag_modified(game, "state")
    game.seat_at(0).prompt_version += 1  # a new prompt: a new turn mail
    db.session.commit()
    return game


def test_a_turn_mail_and_the_answer_to_a_reply_name_the_players_in_commands(make_user, make_game):
    """The board lists players by name, so the commands do too ("aggression Raid I Bot 2", not "player 2"): the
    examples, and what the answer to a failed line says could be sent; each parses back to its move."""
    ann = make_user("ann")
    game = _at_war(make_game("tta", humans=(ann,), bots=2))
    outbound.queue_turn(game, game.seat_at(0))
    db.session.commit()
    outbound.write_turns(db.session, 10)
    mail = turn_mails(ann.email)[-1]
    examples = examples_of(mail.text)
    names = outbound.seat_names(game)
    assert names == ["ann", "Bot 2", "Bot 3"]
    targeted = [e for e in examples if e.startswith(("aggression", "pact"))]
    assert targeted and not any("player " in e for e in targeted), examples
    assert any(e.endswith(("Bot 2", "Bot 3")) for e in targeted)
    tta, legal = engine.get("tta"), engine.get("tta").legal(game.state, 0)
    assert all(tta.parse(e, game.state, 0, names)[0] in legal for e in examples)

    inbound.receive(reply(mail, "aggression Raid I Zed"), "raw")
    answer = db.session.scalars(select(Outbox).where(Outbox.kind == "answer").order_by(Outbox.id.desc())).first()
    could = answer.text[answer.text.index("What you could send now:"):]
    assert "aggression Raid I Bot 2" in could and "player 2" not in could.split("\n\n")[0]


def test_moves_told_back_name_players_one_of_a_kind(make_game, make_user):
    """"Applied: ..." names a seat by its name unless another seat shares it (then "player N" stays, which
    tells them apart); texts naming no player are as they were."""
    game = make_game("tta", humans=("ann", make_user("bob"), make_user("Bob", email="bob2@example.com")))
    told = outbound.told_moves(game, ["aggression Raid I player 1", "pact Open Borders Agreement player 3",
                                      "build mine Bronze", "player 4"])
    assert told == ["aggression Raid I ann", "pact Open Borders Agreement player 3", "build mine Bronze",
                    "player 4"]

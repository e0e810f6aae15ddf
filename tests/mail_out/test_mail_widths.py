"""Every mail pbem writes fits a phone: each line within 78 columns (a wide character counts two; a link stays
whole, alone on its line) and each subject under 78 columns, in English, Japanese, French and German; examples
that do not end the turn early; table talk as its writer wrote it, answered with the reader's own command word."""
from __future__ import annotations

import re
from datetime import timedelta
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from sqlalchemy import select

from pbem import engine, play, tokens
from pbem.clock import now
from pbem.engine.base import text_width
from pbem.extensions import db
from pbem.mail import digests, inbound, outbound
from pbem.models import Game, Outbox
from pbem.presentation.examples import game_examples

WIDTH = 78
LONG_TITLE = "A very long title for a friendly game among old friends from school, played slowly by mail"
TALK_EN = ("Good luck everyone, and remember that the winter is long: keep some food for the last rounds, "
           "or the hunters will starve before the end!")
TALK_JA = "こんにちは！よろしくお願いします？今回は時間をかけてゆっくり遊びましょう、冬は長いので食料を残しておきましょう！"


def wide_lines(text: str) -> list[str]:
    return [line for line in text.splitlines()
            if text_width(line) > WIDTH and not re.fullmatch(r"\s*https?://\S+", line)]


def mail(frm: str, to: str, subject: str, body: str, in_reply_to: str | None = None) -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = frm, to, subject
    msg["Message-ID"] = make_msgid(domain="mail.example.org")
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
    msg.set_content(body)
    return msg.as_bytes()


def reply_to_turn(user_email: str, body: str) -> None:
    """A mail from a seat's player to its reply address, under the latest mail of the game they were sent."""
    last = db.session.scalars(select(Outbox).where(Outbox.to_address == user_email, Outbox.game_id.is_not(None))
                              .order_by(Outbox.id.desc())).first()
    game = db.session.get(Game, last.game_id)
    seat = next(s for s in game.seats if s.user is not None and s.user.email == user_email)
    inbound.receive(mail(user_email, tokens.reply_address(game.id, seat.position), "Re: " + last.subject, body,
                         last.message_id), "raw")


def every_mail() -> list[Outbox]:
    db.session.expire_all()
    return list(db.session.scalars(select(Outbox).order_by(Outbox.id)))


@pytest.mark.parametrize("slug", ["stone-age", "tta"])
def test_every_mail_and_subject_fits_78_columns_in_four_languages(make_user, make_game, slug):
    ann, bob = make_user("ann", locale="en"), make_user("bob", locale="ja", timezone="Asia/Tokyo")
    cy, dee = make_user("cy", locale="fr"), make_user("dee", locale="de", digest=True)
    game = make_game(slug, humans=(ann, bob, cy), bots=0, title=LONG_TITLE, turn_seconds=86400)
    # Table talk, from Gmail and from Thunderbird, by mail and on the web.
    reply_to_turn(ann.email, "say " + TALK_EN)
    play.say(game.id, bob, TALK_JA)
    # Answers: help, the status, a line not understood, a new game's confirmation for a stranger.
    for user, body in ((ann, "help"), (bob, "状況"), (cy, "aide"), (ann, "frobnicate the whole board at once")):
        reply_to_turn(user.email, body)
    inbound.receive(mail("stranger@example.org", "play@pbem.test", "new game",
                         "new stone-age 3 players with 2 bots"), "raw")
    inbound.receive(mail("other@example.org", "play@pbem.test", "hello " * 30, "status"), "raw")
    outbound.queue_signin(bob.email, "https://pbem.test/signin/" + "x" * 120)
    db.session.commit()
    # Invitations (a user in German, a stranger), reminders, a vacation notice, a digest, timeouts.
    lobby = play.create_game(dee, slug, seats=3, title=LONG_TITLE + " (the second one)")
    play.invite(lobby.id, dee, ann.email)
    play.invite(lobby.id, dee, "newcomer@example.org")
    play.start_vacation(cy, now() + timedelta(days=3), now())
    asked = db.session.get(Game, game.id)
    play.send_reminders(now() + timedelta(hours=22))
    for seat in asked.seats:
        if seat.prompt_version is not None:
            play.expire_turn(game.id, seat.position, now() + timedelta(days=30))
    dee_game = make_game(slug, humans=(dee, make_user("eve", locale="ja")), bots=1)
    digests.queue_digest(db.session.get(type(dee), dee.id), "2026-11-28")
    db.session.commit()
    # Results: a short game to its end, told to readers in each language.
    short = make_game("test-countdown", humans=(make_user("fay", locale="ja"), make_user("gus", locale="fr")),
                      title=LONG_TITLE)
    while db.session.get(Game, short.id).status == "active":
        seat = next(s for s in db.session.get(Game, short.id).seats if s.prompt_version is not None)
        move = engine.get("test-countdown").legal(db.session.get(Game, short.id).state, seat.position)[-1]
        play.submit(short.id, seat.position, str(move), "web", f"web:{short.id}:{seat.prompt_version}")
    assert dee_game.id
    rows = every_mail()
    kinds = {row.kind for row in rows}
    every_kind = {"turn", "chat", "answer", "refusal", "signin", "invite", "reminder", "vacation", "notice", "digest",
                  "end"}
    assert every_kind <= kinds, kinds
    assert any("request for a new game" in row.text for row in rows if row.to_address == "stranger@example.org")
    assert all(row.status != "unwritten" for row in rows), [(r.kind, r.status) for r in rows]
    for row in rows:
        wide = wide_lines(row.text or "")
        assert wide == [], f"{row.kind} to {row.to_address}:\n" + "\n".join(wide)
        assert text_width(row.subject) < WIDTH, (row.kind, row.subject)
    # The long prompt words stay in the body; the subject keeps the game's tag.
    assert all(row.subject.startswith(f"[pbem #{row.game_id} A very long") for row in rows if row.kind == "turn")


def test_tta_examples_pasted_in_order_do_not_end_the_turn_early(make_user, make_game):
    """A tester pasted "take 6 / done / take 1 …": the turn ended after the first take."""
    game = make_game("tta", humans=(make_user("ann"), make_user("bob")))
    rules = engine.get("tta")
    seat = rules.pending(game.state)[0].seat
    examples = game_examples(rules, rules.legal(game.state, seat))
    assert "done" in examples and examples[-1] == "done", examples
    shown = db.session.scalars(select(Outbox).where(Outbox.kind == "turn").order_by(Outbox.id.desc())).first()
    lines = shown.text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.endswith("For example:")) + 1
    pasted = [line.strip() for line in lines[start:start + len(examples)]]
    assert pasted[-1].startswith("done") and not any(line.startswith("done") for line in pasted[:-1]), pasted


def test_japanese_table_talk_keeps_full_width_marks_and_names_the_local_word(make_user, make_game):
    ann, bob = make_user("ann", locale="ja"), make_user("bob", locale="ja")
    cy = make_user("cy", locale="de")
    make_game("stone-age", humans=(ann, bob, cy))
    reply_to_turn(ann.email, "発言 こんにちは！元気？ そうですね、ｗ")
    chats = {row.to_address: row for row in every_mail() if row.kind == "chat"}
    said = chats[bob.email].text
    assert "こんにちは！元気？ そうですね、ｗ" in said, said
    assert "発言" in said and '"say"' not in said
    assert '"sagen"' in chats[cy.email].text
    # The sender's answer repeats it as written too.
    answer = [row for row in every_mail() if row.kind == "answer"][-1]
    assert "こんにちは！元気？" in answer.text, answer.text


def test_a_subject_shortens_a_long_title_then_the_prompt():
    class G:
        id, title = 12, "長いタイトル" * 20
    subject = outbound.subject(G, "あなたの番：" + "資源を支払ってください" * 10)
    assert text_width(subject) <= 73 and subject.startswith("[pbem #12 長いタイトル") and subject.endswith("…")
    G.title = "Short"
    assert outbound.subject(G, "Game over") == "[pbem #12 Short] Game over"

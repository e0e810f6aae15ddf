"""What a tester playing only by mail found: a player's mail to another seat's address went unanswered, a new
player was answered in English whatever he wrote in, the bots of a new game went unmentioned, and the answer
that was his first turn mail came as "Re: Re: new game"."""
from __future__ import annotations

import re

from sqlalchemy import select
from test_inbound import answers_to, move_count, new_mail, refreshed, reply, said, thread_reply, turn_mail, words

from pbem import play, tokens
from pbem.extensions import db
from pbem.mail import inbound
from pbem.models import Game, Outbox, User

BOT_LINE = ("With %(num)d bot: it plays its turns at once, whenever it is asked.",
            "With %(num)d bots: they play their turns at once, whenever they are asked.")


def bots_said(locale: str, num: int) -> str:
    from flask_babel import force_locale, ngettext

    with force_locale(locale):
        return ngettext(*BOT_LINE, num)


def confirmed_newcomer(address: str, request: str) -> User:
    """A new address that asked for a game by mail and confirmed it by replying (so it had a refusal-kind mail)."""
    inbound.receive(new_mail(request, sender=address), "raw")
    [question] = answers_to(address)
    assert inbound.receive(reply(question, "yes"), "raw").outcome == "done"
    return db.session.scalar(select(User).where(User.email == address))


# --- 1. a player's mail to another seat's reply address -------------------------------------------------------


def test_a_player_replying_to_another_seats_turn_mail_is_told_where_to_reply(make_game):
    """The tester's new-game confirmation had used strangers' one explanation an hour: she got nothing."""
    cy = confirmed_newcomer("cy@example.org", "new stone-age with 1 bot")
    game = make_game(humans=("ann", cy))
    before = move_count()
    row = inbound.receive(reply(turn_mail(game, 0), "take 1", sender="cy@example.org"), "raw")
    assert row.outcome == "wrong_sender" and move_count() == before
    assert row.detail.endswith("; answered"), row.detail
    answer = answers_to("cy@example.org")[-1]
    own = tokens.reply_address(game.id, 1)
    # Why nothing was played, where to reply instead (her own seat's address, also this answer's Reply-To).
    assert "another seat in game" in words(answer.text) and own in answer.text and "> take 1" in answer.text
    assert answer.headers["Reply-To"] == own
    assert "ann@example.com" not in answer.text and tokens.reply_address(game.id, 0) not in answer.text


def test_a_players_misdirected_mail_has_its_own_allowance(make_game):
    cy = confirmed_newcomer("cy@example.org", "new stone-age with 1 bot")
    game = make_game(humans=("ann", cy))
    rows = [inbound.receive(reply(turn_mail(game, 0), f"take {n % 3 + 1}", sender="cy@example.org"), "raw")
            for n in range(6)]
    assert [r.detail.endswith("; answered") for r in rows] == [True] * 5 + [False]
    assert rows[5].detail.endswith("held back by MAIL_MISDIRECTED_LIMIT (5 per 1 hour)"), rows[5].detail
    # A stranger still gets one explanation an hour.
    strangers = [inbound.receive(reply(turn_mail(game, 0), "take 1", sender="zed@example.net"), "raw")
                 for _ in range(2)]
    assert strangers[1].detail.endswith("held back by REFUSAL_EVERY (1 per 1 hour)")
    assert len(answers_to("zed@example.net")) == 1


def test_a_player_without_a_seat_there_gets_the_game_page(make_game, make_user):
    game = make_game()
    make_user("dee")
    inbound.receive(reply(turn_mail(game, 0), "take 1", sender="dee@example.com"), "raw")
    answer = answers_to("dee@example.com")[-1]
    assert f"You have no seat in game #{game.id}" in words(answer.text)
    assert f"http://pbem.test/games/{game.id}" in answer.text and answer.headers["Reply-To"] == "play@pbem.test"


def test_a_player_writing_in_the_thread_of_a_game_they_are_not_in_is_told_so(make_game, make_user):
    game = make_game()
    make_user("dee")
    row = inbound.receive(thread_reply(game, "take 1", "dee@example.com"), "raw")
    assert row.outcome == "stopped" and move_count() == 0
    text = words(answers_to("dee@example.com")[-1].text)
    assert f"you have no seat in game {game.id}, so pbem plays nothing" in text
    assert f"http://pbem.test/games/{game.id}" in text


# --- 2. a new address is answered in the language it writes in -------------------------------------------------


def test_an_invitee_joining_in_japanese_gets_a_japanese_account_and_answer(make_user):
    host = make_user("hana")
    game = play.create_game(host, "test-countdown", seats=2, random_seating=False)
    play.invite(game.id, host, "kenta@example.org")
    invitation = db.session.scalar(select(Outbox).where(Outbox.kind == "invite"))
    row = inbound.receive(reply(invitation, f"参加 {game.id}"), "raw")
    assert row.outcome == "done", row.detail
    kenta = db.session.scalar(select(User).where(User.email == "kenta@example.org"))
    assert kenta.locale == "ja"
    answer = answers_to("kenta@example.org")[-1].text
    assert said("ja", "Hello %(name)s,", name=kenta.name) in answer and "Hello" not in answer


def test_a_stranger_writing_service_words_in_french_is_answered_in_french(ctx):
    inbound.receive(new_mail("état", sender="zoe@example.org"), "raw")
    [answer] = answers_to("zoe@example.org")
    assert said("fr", "Hello,") in answer.text and "Hello," not in answer.text


# --- 3. the bots of a new game ------------------------------------------------------------------------------------


def test_the_confirmation_and_the_answer_of_a_new_game_name_its_bots(ctx):
    inbound.receive(new_mail("new stone-age 3 players with 2 bots", sender="zoe@example.org"), "raw")
    [question] = answers_to("zoe@example.org")
    assert bots_said("en", 2) in words(question.text)
    inbound.receive(reply(question, "yes"), "raw")
    assert bots_said("en", 2) in words(answers_to("zoe@example.org")[-1].text)


def test_a_japanese_new_game_with_one_bot_says_so_in_japanese(ctx):
    inbound.receive(new_mail("新しいゲーム stone-age 2人 ボットと", sender="ken@example.org"), "raw")
    [question] = answers_to("ken@example.org")
    assert bots_said("ja", 1) in question.text.replace("\n", "")


# --- 4. an answer that is the sender's turn mail has the turn mail's subject --------------------------------------


TURN_SUBJECT = re.compile(r"\[pbem #(\d+) [^\]]*\] (.+)")


def test_an_answer_that_is_the_turn_mail_has_the_turn_subject(make_game):
    game = make_game(slug="stone-age", humans=("ann",), bots=2)
    first = turn_mail(game, 0)
    inbound.receive(reply(first, "place 1 toolmaker"), "raw")
    answer = answers_to("ann@example.com")[-1]
    assert "The board:" in answer.text
    match = TURN_SUBJECT.fullmatch(answer.subject)
    assert match and int(match.group(1)) == game.id, answer.subject
    assert match.group(2).startswith(said("en", "Your turn: %(asked)s", asked="")) and "Re:" not in answer.subject
    # Threaded under the player's mail all the same, and answering it plays on.
    assert answer.headers["In-Reply-To"]
    assert inbound.receive(reply(answer, "place 1 forest"), "raw").outcome == "done"


def test_the_first_turn_mail_of_a_confirmed_game_is_not_re_re_new_game(ctx):
    cy = confirmed_newcomer("cy@example.org", "new stone-age with 1 bot")
    [created] = db.session.scalars(select(Game).where(Game.host_id == cy.id)).all()
    answer = answers_to("cy@example.org")[-1]
    assert "The board:" in answer.text and refreshed(created).status == "active"
    assert answer.subject.startswith(f"[pbem #{created.id} ") and "Your turn: " in answer.subject, answer.subject


def test_an_answer_that_is_not_a_turn_mail_keeps_re(make_game):
    game = make_game()
    inbound.receive(reply(turn_mail(game, 0), "take 1"), "raw")
    assert answers_to("ann@example.com")[-1].subject.startswith("Re: ")

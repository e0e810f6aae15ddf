"""Issue 11: an email-only player creates games and sets language and time zone by mail; a reply answers
the prompt it was written for; each reply gets exactly one mail back, which carries the next turn."""
from __future__ import annotations

from sqlalchemy import select
from test_inbound import answers_to, moves, new_mail, refreshed, reply, turn_mail

from pbem import play
from pbem.extensions import db
from pbem.mail import inbound
from pbem.models import Game, Outbox, User


def games_of(email: str) -> list[Game]:
    user = db.session.scalar(select(User).where(User.email == email))
    return list(db.session.scalars(select(Game).where(Game.host_id == user.id).order_by(Game.id))) if user else []


def test_a_player_creates_a_game_against_bots_by_replying(make_game):
    game = make_game()
    row = inbound.receive(reply(turn_mail(game, 0), "new stone-age with 2 bots"), "raw")
    assert row.outcome == "done", row.detail
    [_, created] = games_of("ann@example.com")
    assert created.slug == "stone-age" and created.num_seats == 3 and created.status == "active"
    answer = answers_to("ann@example.com")[-1]
    assert f"You created game #{created.id}" in answer.text and "It has started." in answer.text
    # The answer is the first turn mail of the new game: its board and commands, a reply acts on it.
    assert "The board:" in answer.text and "place" in answer.text
    assert answer.message_id.startswith(f"<answer.g{created.id}s")
    # One mail back: no separate turn mail for the prompt the answer carries (there was one).
    assert db.session.scalars(select(Outbox.kind).where(Outbox.game_id == created.id)).all() == ["answer"]


def test_a_new_game_with_invitations_waits_in_the_lobby(make_game):
    game = make_game()
    inbound.receive(reply(turn_mail(game, 0), "new stone-age 3 players with cy@example.org dee@example.org"), "raw")
    created = games_of("ann@example.com")[-1]
    assert created.status == "lobby" and created.num_seats == 3
    invites = db.session.scalars(select(Outbox.to_address).where(Outbox.kind == "invite")).all()
    assert sorted(invites) == ["cy@example.org", "dee@example.org"]
    assert "Invited: cy@example.org, dee@example.org" in answers_to("ann@example.com")[-1].text


def test_a_stranger_confirms_by_replying_and_writes_in_french(ctx):
    """A From line proves nothing: the request waits until the address answers our mail."""
    inbound.receive(new_mail("nouvelle partie stone age avec 2 bots", sender="zoe@example.org"), "raw")
    assert games_of("zoe@example.org") == []
    [question] = answers_to("zoe@example.org")
    assert question.headers["Reply-To"].startswith("play+n") and "Répondez à ce message" in question.text
    row = inbound.receive(reply(question, "oui"), "raw")
    assert row.outcome == "done", row.detail
    zoe = db.session.scalar(select(User).where(User.email == "zoe@example.org"))
    assert zoe.locale == "fr"  # the language the first mail was written in
    [created] = games_of("zoe@example.org")
    assert created.status == "active"
    answer = answers_to("zoe@example.org")[-1].text
    assert f"Vous avez créé la partie n° {created.id}" in answer and "Elle a commencé." in answer


def test_a_forged_confirmation_does_nothing(ctx):
    inbound.receive(new_mail("new stone-age with 2 bots", sender="zoe@example.org"), "raw")
    [question] = answers_to("zoe@example.org")
    inbound.receive(reply(question, "yes", sender="mallory@example.org"), "raw")
    assert games_of("zoe@example.org") == [] and games_of("mallory@example.org") == []


def test_language_and_time_zone_by_mail(make_game):
    game = make_game()
    row = inbound.receive(reply(turn_mail(game, 0), "language ja\ntimezone asia/tokyo"), "raw")
    assert row.outcome == "done", row.detail
    ann = db.session.scalar(select(User).where(User.email == "ann@example.com"))
    assert (ann.locale, ann.timezone) == ("ja", "Asia/Tokyo")
    answer = answers_to("ann@example.com")[-1].text
    assert "Asia/Tokyo" in answer and "こんにちは" in answer  # answered in the new language
    assert "(Asia/Tokyo)" in answer and "UTC" in answer  # the deadline in their zone and in UTC


def test_a_bare_from_asks_to_confirm_a_setting(make_game):
    game = make_game()
    inbound.receive(new_mail("language de", sender="ann@example.com"), "raw")
    ann = db.session.scalar(select(User).where(User.email == "ann@example.com"))
    assert ann.locale == "en"
    answer = answers_to("ann@example.com")[-1]
    assert answer.headers["Reply-To"].startswith("play+n")
    inbound.receive(reply(answer, ""), "raw")
    db.session.refresh(ann)
    assert ann.locale == "de"


def test_a_line_starting_with_new_is_chat_unless_it_names_a_game(make_game):
    game = make_game()
    row = inbound.receive(reply(turn_mail(game, 0), "take 1\nNew idea: let us play faster"), "raw")
    assert row.outcome == "done" and moves(game) == ["take 1"] and len(games_of("ann@example.com")) == 1


def test_a_reply_to_an_old_turn_mail_is_not_applied_later(make_game):
    """The mail of round 1 answered in round 2: nothing applies, and the answer says why."""
    game = make_game(slug="stone-age", humans=("ann",), bots=1)
    first = turn_mail(game, 0)
    for n in range(200):  # ann plays on the web until round 2 asks her to place again
        state = refreshed(game).state
        if state["round"] == 2 and state["phase"] == "place" and state["turn"] == 0:
            break
        from pbem import engine
        import random
        text = str(engine.get("stone-age").bot_move(state, 0, random.Random(n)))
        assert play.submit(game.id, 0, text, "web", f"web:{n}").ok
    before = refreshed(game).version
    row = inbound.receive(reply(first, "place 2 hunt"), "raw")
    assert refreshed(game).version == before and row.outcome == "stopped"
    answer = answers_to("ann@example.com")[-1].text
    words = " ".join(answer.split())  # folded to 78 columns for a phone's reader
    assert "this mail answered round 1, placing people; the game is in round 2, placing people now" in words
    assert "The board:" in answer  # and here is what is asked now


def test_each_reply_gets_exactly_one_mail_which_is_the_next_turn_mail(make_game):
    game = make_game(slug="stone-age", humans=("ann",), bots=2)
    before = db.session.scalars(select(Outbox.id).where(Outbox.to_address == "ann@example.com")).all()
    inbound.receive(reply(turn_mail(game, 0), "place 1 toolmaker"), "raw")
    after = db.session.scalars(select(Outbox).where(Outbox.to_address == "ann@example.com",
                                                    Outbox.id.not_in(before))).all()
    assert [m.kind for m in after] == ["answer"]
    [answer] = after
    assert "Applied: place 1 toolmaker." in answer.text and "The board:" in answer.text
    # The next reply, to that answer, plays the next prompt.
    row = inbound.receive(reply(answer, "place 2 forest"), "raw")
    assert row.outcome == "done", row.detail
    assert moves(game) == ["place 1 toolmaker", "place 2 forest"]


def test_the_legal_list_of_a_refusal_is_whole_or_says_how_many_more(make_game):
    """Issue 11: it was cut at 12 without a word, `place 1 building 3` among the missing."""
    game = make_game(slug="stone-age", humans=("ann",), bots=3)
    inbound.receive(reply(turn_mail(game, 0), "place 9 forest"), "raw")
    answer = answers_to("ann@example.com")[-1].text
    for command in ("place 1 civ 4", "place 1 building 3", "place <1-5> hunt"):
        assert f"  {command}\n" in answer, answer


def test_a_long_legal_list_says_how_many_more_and_where(ctx):
    from pbem.mail.answer_text import LEGAL_SHOWN, _failure
    from pbem.mail.report import Report, Step

    step = Step("moves", ["x"])
    step.fail("x", "no", [f"take {n}" for n in range(LEGAL_SHOWN + 5)])
    with ctx.test_request_context():
        lines = _failure(step, Report(user=None, game=None, seat=None, steps=[step]), "en")
    assert f"  take {LEGAL_SHOWN - 1}" in lines and f"  take {LEGAL_SHOWN}" not in lines
    assert lines[-1] == "  … and 5 more: the game page lists them all: http://pbem.test"

"""Through the Ages turn mails: what is asked, the news, working examples, the row with costs, the deadline,
and every line within 78 columns for a phone's mail reader (English and Japanese)."""
from __future__ import annotations

import re
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from sqlalchemy import select

from pbem import engine, outbox
from pbem.engine.base import text_width
from pbem.extensions import db
from pbem.mail import inbound, writing
from pbem.models import Game, Outbox
from pbem.presentation import words

WIDTH = 78  # columns of a plain-text mail reader; wide (CJK) characters count two


def turn_mails(to: str) -> list[Outbox]:
    """The mails that asked `to` to play: turn mails, and answers to replies (each doubles as the next turn mail)."""
    return list(db.session.scalars(select(Outbox).where(
        Outbox.to_address == to, (Outbox.kind == "turn") | ((Outbox.kind == "answer") & Outbox.message_id.like("<answer.%")))
        .order_by(Outbox.id)))


def in_subject(words: str, subject: str) -> bool:
    """Whether a subject (under 78 columns) names what is asked: all its `words`, or their beginning cut with an
    ellipsis (the mail's body has them all)."""
    assert text_width(subject) < WIDTH, subject
    shown = subject.removesuffix("…")
    return words in subject or (shown != subject and any(shown.endswith(words[:k]) for k in range(8, len(words))))


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
        # Examples name players (words.shown_commands): each parses to a legal move.
        names, tta = words.seat_names(game), engine.get("tta")
        assert {str(m) for e in examples_of(last) for m in tta.parse(e, game.state, 0, names)} <= {
            str(m) for m in tta.legal(game.state, 0)}
    # The row with what each slot costs, each player's tableau, the news since the last turn, the deadline.
    assert " 1. [1] " in last and "13. [3] " in last
    board = last[last.index(" 1. [1] "):]
    assert all(f"\n{name}" in board for name in words.seat_names(game))  # every tableau, by name
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
    outbox.turn(game, game.seat_at(0))
    db.session.commit()
    writing.write_unwritten(db.session, 10)
    mail = turn_mails(ann.email)[-1]
    examples = examples_of(mail.text)
    names = words.seat_names(game)
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
    told = words.told_moves(game, ["aggression Raid I player 1", "pact Open Borders Agreement player 3",
                                      "build mine Bronze", "player 4"])
    assert told == ["aggression Raid I ann", "pact Open Borders Agreement player 3", "build mine Bronze",
                    "player 4"]


def _asked_mail(game: Game, state: dict, position: int) -> Outbox:
    """The turn mail `position` gets when the game is at `state` (a position built by the engine tests' helpers)."""
    from sqlalchemy.orm.attributes import flag_modified

    game.state = state
    flag_modified(game, "state")
    seat = game.seat_at(position)
    seat.prompt_version = (seat.prompt_version or 0) + 1  # a new prompt: a new turn mail
    db.session.commit()
    outbox.turn(game, game.seat_at(position))
    db.session.commit()
    writing.write_unwritten(db.session, 10)
    return turn_mails(game.seat_at(position).user.email)[-1]


def _engine_helpers():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))


# What the bid and the payment prompts say, in each language: the territory and the amount (card names stay English).
TERRITORY_WORDS = {
    "en": ("bid for Wealthy Territory I or pass; to beat: 2 (a bid is the colonization strength you will pay if "
           "you win: sacrificed units plus bonus cards)",
           "pay for Wealthy Territory I, won with a bid of 3: units to sacrifice and bonus cards worth at least 3"),
    "ja": ("Wealthy Territory Iに入札する（またはパス）：現在の最高入札は2",
           "落札したWealthy Territory I（入札額3）の支払い"),
    "fr": ("enchérir pour Wealthy Territory I, ou passer ; enchère à battre : 2",
           "payer Wealthy Territory I, remporté avec une enchère de 3"),
    "de": ("für Wealthy Territory I bieten oder passen; zu überbieten: 2",
           "Wealthy Territory I bezahlen, gewonnen mit einem Gebot von 3"),
}


@pytest.mark.parametrize("locale", ["en", "ja", "fr", "de"])
def test_the_bid_and_the_payment_name_the_territory_and_the_amount(make_user, make_game, locale):
    """The tester's mail said "pay for the territory you won (units to sacrifice, bonus cards)" and "highest bid so
    far: 0": neither the territory nor the bid. The subject and the "asked" line now name both."""
    _engine_helpers()
    from pbem.engine import tta
    from test_tta_colonies import revealed
    from tta_helpers import act

    ann = make_user("ann", locale=locale)
    game = make_game("tta", humans=(ann,), bots=1)
    state = revealed(2, "mil/I/wealthy_territory", armies={0: {"warriors": 3}, 1: {"warriors": 2}})
    state, _ = act(state, "bid 1", seat=0)
    state, _ = act(state, "bid 2", seat=1)
    assert tta.pending(state)[0].kind == "bid"
    bid_words, pay_words = TERRITORY_WORDS[locale]
    mail = _asked_mail(game, state, 0)
    flat = "".join(mail.text.split())  # a Japanese line folds anywhere: compare without the spaces
    assert in_subject(bid_words.split(" (")[0], mail.subject) and "".join(bid_words.split()) in flat, \
        (mail.subject, flat[:600])
    # The explanation of a bid is in the mail, not in its subject (it made a subject of 200 characters).
    assert len(mail.subject) < 120 and "a bid is" not in mail.subject, mail.subject
    assert "Wealthy Territory I:" in mail.text  # what the colony gives, as its face says
    state, _ = act(state, "bid 3", seat=0)  # Bot 2 cannot pay more than 2: ann won at 3
    assert tta.pending(state)[0].kind == "colonize"
    mail = _asked_mail(db.session.get(Game, game.id), state, 0)
    flat = "".join(mail.text.split())
    assert in_subject(pay_words, mail.subject) and "".join(pay_words.split()) in flat, (mail.subject, flat[:600])
    assert "colonizesacrifice3Warriors" in flat  # what a bare "colonize" gives up, named before it is sent


@pytest.mark.parametrize("locale, words, face", [
    ("en", "bob offers you the pact Acceptance of Supremacy, you as A: accept or refuse", "side A: +1 resource"),
    ("ja", "bobが契約Acceptance of Supremacyを提案しています（あなたはA）", "A側：資源+1"),
    ("fr", "bob vous propose le pacte Acceptance of Supremacy, vous en A", "côté A : +1 ressource"),
    ("de", "bob bietet dir den Pakt Acceptance of Supremacy an, du als A", "Seite A: +1 Rohstoff"),
])
def test_a_pact_offer_says_which_pact_from_whom_and_the_side(make_user, make_game, locale, words, face):
    """"a pact is offered to you: accept or refuse" named neither the pact nor who offers it, and what the pact
    does for each side was nowhere in the mail."""
    _engine_helpers()
    from test_tta_conflict import politics
    from test_tta_military import mil
    from tta_helpers import act, tta_state

    bob, ann = make_user("bob"), make_user("ann", locale=locale)
    game = make_game("tta", humans=(bob, ann, make_user("cy")))
    state = politics(tta_state(players=3))
    mil(state, "mil/II/acceptance_of_supremacy")
    state, _ = act(state, "pact acceptance of supremacy player 2 as A")
    mail = _asked_mail(game, state, 1)
    assert in_subject(words, mail.subject) and "".join(words.split()) in "".join(mail.text.split()), mail.subject
    assert "".join(face.split()) in "".join(mail.text.split()) and face in mail.html


def test_war_defence_and_event_choices_name_the_card_and_the_player(app):
    """A war's defence offers sacrifices only (no bonus cards) and names the war; an event's choice names the
    event and, when one chooses another's loss, whose it is."""
    from flask_babel import force_locale

    from pbem.engine.base import Prompt

    names = ["ann", "bob", "Bot 3"]
    with app.test_request_context(), force_locale("en"):
        war = Prompt(1, "defend", {"card": "mil/II/war_over_territory:1", "by": 0, "attack": 9, "war": True})
        assert words.prompt_words(war, names, engine.get("tta")) == ("ann is at war with you (War over Territory), strength 9: "
                                                     "sacrifice units for strength, or defend none")
        mine = Prompt(0, "sacrifice", {"card": "mil/II/war_over_territory:1", "on": 1, "attack": 9, "defence": 6})
        assert words.prompt_words(mine, names, engine.get("tta")) == (
            "your war on bob (War over Territory) is resolved now: your strength 9, theirs 6 before sacrifices; "
            "sacrifice units for strength, or sacrifice none")
        discard = Prompt(0, "discard", {"limit": 2, "hand": 4})
        assert words.prompt_words(discard, names, engine.get("tta")) == (
            "discard military cards down to your hand limit (you hold 4, keep 2)")
        choice = Prompt(0, "event_choice", {"card": "mil/I/raid:1", "options": ["a", "b"], "victim": 2})
        assert words.prompt_words(choice, names, engine.get("tta")) == ("choose what Raid I takes or gives (answers below) "
                                                        "(the loser is Bot 3)")

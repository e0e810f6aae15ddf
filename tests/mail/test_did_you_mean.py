"""A line that is no command among command lines stops the reading with "did you mean …?" and quotes the lines
not applied; only closings below the last command ("Thanks!", the writer's name) end a reply quietly (issue 23).
Each reply goes in as a raw mail through inbound.receive, as a webhook delivers it, on real PostgreSQL."""
from __future__ import annotations

import sys
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from flask_babel import force_locale, gettext
from sqlalchemy import or_, select
from sqlalchemy.orm.attributes import flag_modified

from pbem import engine, outbox, tokens
from pbem.extensions import db
from pbem.mail import inbound, writing
from pbem.mail.suggest import Suggester
from pbem.models import Game, Move, Outbox

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from tta_helpers import set_tokens, to_hand, tta_state  # noqa: E402


def said(locale: str, message: str, **values) -> str:
    with force_locale(locale):
        return gettext(message, **values)


def turn_mail(game: Game, seat: int) -> Outbox:
    """The newest mail asking `seat` to play: its turn mail, or an answer that doubles as one."""
    token = tokens.reply_token(game.id, seat)
    return db.session.scalars(select(Outbox).where(Outbox.game_id == game.id, or_(
        (Outbox.kind == "turn") & Outbox.dedupe_key.like(f"turn:{game.id}:{seat}:%"),
        (Outbox.kind == "answer") & Outbox.message_id.like(f"<answer.{token}.%")))
                              .order_by(Outbox.id.desc())).first()


def reply(mail: Outbox, text: str, sender: str | None = None) -> bytes:
    """A reply typed above the quoted mail, threaded as mail programs do."""
    msg = EmailMessage()
    msg["From"] = sender or mail.to_address
    msg["To"] = mail.headers["Reply-To"]
    msg["Subject"] = "Re: " + mail.subject
    msg["Message-ID"] = make_msgid(domain="mail.example.org")
    msg["In-Reply-To"] = mail.message_id
    msg["References"] = " ".join(filter(None, [mail.headers.get("References"), mail.message_id]))
    quoted = "\n".join("> " + line for line in mail.text.splitlines())
    msg.set_content(f"{text}\n\nOn Sat, 21 Nov 2026 at 10:00, pbem <pbem@pbem.test> wrote:\n{quoted}\n")
    return msg.as_bytes()


def answer(address: str = "ann@example.com") -> str:
    found = db.session.scalars(select(Outbox.text).where(Outbox.to_address == address, Outbox.kind == "answer")
                               .order_by(Outbox.id.desc())).first()
    return " ".join(found.split())  # folded to 78 columns for phones: compare the words


def moves(game: Game) -> list[str]:
    return list(db.session.scalars(select(Move.text).where(Move.game_id == game.id, Move.source == "email")
                                   .order_by(Move.seq)))


@pytest.fixture
def tta_game(make_game, make_user):
    """Ann (seat 0, in `locale`) in round 2 of TtA against a bot, Irrigation in hand with the science to discover
    it and the resources to build a farm of it; her turn mail sent."""
    def make(locale: str = "en", **user) -> Game:
        ann = make_user("ann", locale=locale, **user)
        game = make_game("tta", humans=(ann,), bots=1)
        state = tta_state(players=2)
        to_hand(state, "civ/I/irrigation")
        state["seats"][0]["science"] = 10
        set_tokens(state, "civ/A/bronze", 5)
        game.state = state
        flag_modified(game, "state")
        seat = game.seat_at(0)
        seat.prompt_version = (seat.prompt_version or 0) + 1  # a new prompt: a new turn mail
        db.session.commit()
        outbox.turn(game, seat)
        db.session.commit()
        writing.write_unwritten(db.session, 10)
        return game
    return make


def test_a_mistyped_verb_stops_the_reading_and_the_done_after_it_is_not_applied(tta_game):
    """The tester's `discover Irigation / buidl farm Irrigation / done` was told "Ignored the rest" and stored as
    done, while the turn silently did not end."""
    game = tta_game()
    row = inbound.receive(reply(turn_mail(game, 0), "discover Irigation\nbuidl farm Irrigation\ndone"), "raw")
    assert moves(game) == ["discover Irrigation"]  # the first line applied; nothing after the typo
    assert row.outcome == "stopped", row.detail
    assert "did you mean 'build farm Irrigation'" in row.detail and "not applied 'done'" in row.detail
    text = answer()
    assert "pbem did not understand this line, so it stopped reading there: > buidl farm Irrigation" in text
    assert 'Did you mean "build farm Irrigation"?' in text
    assert "Not applied either, since they come after it: > done" in text
    assert "Ignored the rest" not in text
    assert [p.seat for p in engine.get("tta").pending(db.session.get(Game, game.id).state)] == [0]  # still Ann's turn


def test_a_closing_line_among_commands_stops_the_reading_too(tta_game):
    """A line that is no command with a command after it is no closing: what follows it is not applied."""
    game = tta_game()
    row = inbound.receive(reply(turn_mail(game, 0), "discover Irrigation\nThanks!\ndone"), "raw")
    assert row.outcome == "stopped" and moves(game) == ["discover Irrigation"]
    text = answer()
    assert "pbem did not understand this line, so it stopped reading there: > Thanks!" in text
    assert "Did you mean" not in text  # nothing is near "Thanks!"
    assert "Not applied either, since they come after it: > done" in text


def test_thanks_and_the_senders_name_below_the_commands_end_the_reply_quietly(tta_game):
    game = tta_game()
    row = inbound.receive(reply(turn_mail(game, 0), "discover Irrigation\nbuild farm Irrigation\nThanks!\nAnn"),
                          "raw")
    assert row.outcome == "done", row.detail
    assert moves(game) == ["discover Irrigation", "build farm Irrigation"]
    text = answer()
    assert "Applied: discover Irrigation; build farm Irrigation." in text
    for alarm in ("Thanks!", "not understand", "Ignored", "Not applied", "Did you mean", "Why:"):
        assert alarm not in text


def test_a_last_line_that_is_the_senders_full_name_ends_the_reply_quietly(tta_game):
    """An Outlook signature that is just the sender's name got "Ignored the rest: "<the name>" is not a command"."""
    game = tta_game()
    mail = reply(turn_mail(game, 0), "discover Irrigation\nAnn Smith", sender="Ann Smith <ann@example.com>")
    row = inbound.receive(mail, "raw")
    assert row.outcome == "done" and moves(game) == ["discover Irrigation"]
    text = answer()
    assert "Ann Smith" not in text.replace("Hello", "") and "Ignored" not in text and "not understand" not in text


def test_a_mistyped_last_command_is_no_closing(tta_game):
    """`dnoe` below the commands is `done` mistyped, not a signature: the answer says so, and the turn goes on."""
    game = tta_game()
    row = inbound.receive(reply(turn_mail(game, 0), "discover Irrigation\ndnoe"), "raw")
    assert row.outcome == "stopped" and moves(game) == ["discover Irrigation"]
    assert 'Did you mean "done"?' in answer()


def test_a_japanese_reply_with_a_mistyped_verb_gets_the_canonical_command(tta_game):
    """建造 is no TtA verb (建設 is): the line is answered in Japanese, the suggestion in the canonical words."""
    game = tta_game("ja")
    row = inbound.receive(reply(turn_mail(game, 0), "発見 Irrigation\n建造 農場 Irrigation\n終了"), "raw")
    assert moves(game) == ["discover Irrigation"]
    assert row.outcome == "stopped" and "did you mean 'build farm Irrigation'" in row.detail
    text = answer()
    assert " ".join(said("ja", "pbem did not understand this line, so it stopped reading there:").split()) in text
    assert "> 建造 農場 Irrigation" in text and "> 終了" in text
    assert said("ja", "Did you mean \"%(command)s\"?", command="build farm Irrigation") in text
    assert "「build farm Irrigation」" in text and "did not understand" not in text  # in Japanese


def test_a_stone_age_reply_with_a_typo(make_game):
    """The hunting grounds take any number of people, so `place 1 hunt` is still legal after the first line."""
    game = make_game(slug="stone-age", humans=("ann",), bots=3)
    row = inbound.receive(reply(turn_mail(game, 0), "place 1 forest\nplcae 1 hnut\nplace 1 river"), "raw")
    assert moves(game) == ["place 1 forest"]
    assert row.outcome == "stopped", row.detail
    text = answer()
    assert "pbem did not understand this line, so it stopped reading there: > plcae 1 hnut" in text
    assert "Did you mean one of these? place 1 hunt" in text or 'Did you mean "place 1 hunt"?' in text
    assert "Not applied either, since they come after it: > place 1 river" in text


def test_no_suggestion_for_a_place_that_is_not_open(make_game):
    """Once Ann's people are on the hunting grounds she may not go there again: "hnut" is then near nothing, and
    "place 1 forest" is not offered for it because the two lines look alike."""
    game = make_game(slug="stone-age", humans=("ann",), bots=3)
    row = inbound.receive(reply(turn_mail(game, 0), "place 1 hunt\nplcae 1 hnut"), "raw")
    assert moves(game) == ["place 1 hunt"] and row.outcome == "stopped"
    text = answer()
    assert "> plcae 1 hnut" in text and "Did you mean" not in text


def test_a_stone_age_closing_in_japanese_ends_quietly(make_game, make_user):
    game = make_game(slug="stone-age", humans=(make_user("ann", locale="ja"),), bots=3)
    row = inbound.receive(reply(turn_mail(game, 0), "狩場に1人\nよろしくお願いします"), "raw")
    assert row.outcome == "done" and moves(game) == ["place 1 hunt"]
    assert "よろしくお願いします" not in answer()


# --- the suggestions alone (the engine's own parser is the dictionary) -----------------------------------


def _irrigation_discovered() -> dict:
    state = tta_state(players=2)
    to_hand(state, "civ/I/irrigation")
    state["seats"][0]["science"] = 10
    set_tokens(state, "civ/A/bronze", 5)
    [move] = engine.get("tta").parse("discover Irrigation", state, 0)
    return engine.get("tta").apply(state, 0, move)[0]


@pytest.mark.parametrize("line, nearest", [
    ("buidl farm Irrigation", "build farm Irrigation"),
    ("建設 農場 Irigatoin", "build farm Irrigation"),  # the card misspelt, the words Japanese
    ("農場 Irrigation 建てる", "build farm Irrigation"),  # Japanese order: the verb last
    ("bauen Farm Irigation", "build farm Irrigation"),
    ("construir ferme Irrigation", "build farm Irrigation"),
    ("dnoe", "done"),
])
def test_the_nearest_legal_command_in_any_language(line, nearest):
    reading = Suggester(engine.get("tta"), _irrigation_discovered(), 0).read(line)
    assert reading.suggestions[0] == nearest and len(reading.suggestions) <= 3


def test_a_misspelt_card_is_suggested_before_it_is_discovered():
    state = tta_state(players=2)
    to_hand(state, "civ/I/irrigation")
    state["seats"][0]["science"] = 10
    assert Suggester(engine.get("tta"), state, 0).read("dicsover Irigation").suggestions == ["discover Irrigation"]


@pytest.mark.parametrize("line", ["Thanks!", "Ann", "Cheers", "Best regards", "よろしくお願いします", "Merci !",
                                  "Viele Grüße"])
def test_closings_are_near_no_command(line):
    for slug, state in (("tta", _irrigation_discovered()), ("stone-age", engine.get("stone-age").setup(4, {}, 1))):
        reading = Suggester(engine.get(slug), state, 0).read(line)
        assert reading.suggestions == [] and not reading.near, (slug, reading)


def test_prose_naming_a_place_is_no_mistyped_command():
    """Stone Age reads "farm" as the field: a sentence with it may get a suggestion, but it ends a mail quietly."""
    rules = engine.get("stone-age")
    assert not Suggester(rules, rules.setup(4, {}, 1), 0).read("I want a farm").near


@pytest.mark.parametrize("line, nearest", [("plcae 2 hunt", "place 2 hunt"), ("2 forrest", "place 2 forest"),
                                           ("placr 2 personnes sur la chasse", "place 2 hunt"),
                                           ("森に2入", "place 2 forest")])
def test_stone_age_suggestions(line, nearest):
    rules = engine.get("stone-age")
    state = rules.setup(4, {}, 1)
    reading = Suggester(rules, state, 0, rules.CAPABILITIES.legal_texts(state, 0)).read(line)
    assert reading.suggestions[0] == nearest and reading.near

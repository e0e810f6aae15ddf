"""Turn mails as rendered: headers and threading, locale and time zone, the board, escaping, examples that work."""
from __future__ import annotations

import copy
import re
from datetime import timezone
from email import message_from_bytes, policy
from zoneinfo import ZoneInfo

import pytest
from conftest import with_bad_signature
from sqlalchemy.exc import IntegrityError
from sqlalchemy import select
from sqlalchemy.orm import Session

from pbem import engine, outbox, play, tokens
from pbem.engine import stone_age
from pbem.engine.stone_age.board_text import board_text
from pbem.extensions import db
from pbem.mail import backends, delivery, outbound, writing
from pbem.models import Game, Move, Outbox, Seat
from pbem.presentation import turn
from pbem.presentation import examples as shown_examples


@pytest.fixture
def stone_age_boards(monkeypatch):
    """Stone Age with its optional `board_text` (the one line its package is to export)."""
    monkeypatch.setattr(stone_age, "board_text", board_text, raising=False)


def turn_mails(to: str | None = None, game: Game | None = None) -> list[Outbox]:
    query = select(Outbox).where(Outbox.kind == "turn").order_by(Outbox.id)
    if to:
        query = query.where(Outbox.to_address == to)
    if game:
        query = query.where(Outbox.game_id == game.id)
    return list(db.session.scalars(query))


def examples_of(text: str) -> list[str]:
    """The example commands of a turn mail's text part: the indented lines after the "For example:" line."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.endswith("For example:")) + 1
    out = []
    for line in lines[start:]:
        if not line.startswith("    "):
            break
        out.append(line.strip())
    return out


def test_a_turn_mail_is_threaded_signed_and_unsubscribable(make_game):
    game = make_game()
    [row] = turn_mails()
    msg = message_from_bytes(backends.message_bytes(row), policy=policy.default)
    token = tokens.reply_token(game.id, 0)
    assert msg["Reply-To"] == f"play+{token}@pbem.test"
    # The seat token is in the Message-ID too, for mail systems that drop plus-addressing.
    assert token in msg["Message-ID"] and tokens.find_reply_token(msg["Message-ID"]) == tokens.SeatAddress(game.id, 0)
    assert msg["In-Reply-To"] == msg["References"] == f"<game-{game.id}@pbem.test>"
    assert msg["Auto-Submitted"] == "auto-generated"
    assert msg["Subject"].startswith(f"[pbem #{game.id} Countdown] ")
    assert msg["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    mailto, https = re.findall(r"<([^>]+)>", msg["List-Unsubscribe"])
    assert mailto.startswith("mailto:unsubscribe+u") and https.startswith("http://pbem.test/unsubscribe/")
    user = game.seat_at(0).user
    assert tokens.find_unsubscribe_address(mailto) == user.id
    assert outbound.read_unsubscribe_token(https.rsplit("/", 1)[1]) == user
    assert msg["Date"] is not None
    assert [part.get_content_type() for part in msg.iter_parts()] == ["text/plain", "text/html"]


def test_the_move_link_is_signed_for_game_seat_and_prompt(make_game):
    game = make_game()
    [row] = turn_mails()
    link = re.search(r"http://pbem\.test/play/(\S+)", row.text).group(1)
    assert tokens.read_seat_link(link) == {"g": game.id, "s": 0, "p": game.seat_at(0).prompt_version}
    assert f"/play/{link}" in row.html


def test_opening_the_link_changes_nothing_and_an_old_one_is_read_only(make_game, client):
    game = make_game()
    link = re.search(r"http://pbem\.test(/play/\S+)", turn_mails()[0].text).group(1)
    for _ in range(3):  # mail scanners open every link, repeatedly
        assert client.get(link).status_code == 200
    assert db.session.scalar(select(Move.id).where(Move.game_id == game.id)) is None
    # No mail from opening it: only the turn mail, and the host's "everyone is seated" of the last join (issue 23).
    assert [row.kind for row in db.session.scalars(select(Outbox).order_by(Outbox.id))] == ["seated", "turn"]
    assert play.submit(game.id, 0, "take 1", "web", "k1").ok
    assert play.submit(game.id, 1, "take 1", "web", "k2").ok
    page = client.get(link).get_data(as_text=True)
    assert "read-only" in page or "earlier" in page


def test_a_move_link_opened_without_a_session_reads_in_the_players_language_and_zone(make_game, make_user, client):
    """A tester opened a Japanese player's link in a fresh browser and read English and UTC: the link names the
    seat, so the page speaks as its turn mail did; a signed-in user still reads in their own settings."""
    ann = make_user("ann", locale="ja")
    ann.timezone = "Asia/Tokyo"
    db.session.commit()
    make_game(humans=(ann, "bob"))
    link = re.search(r"http://pbem\.test(/play/\S+)", turn_mails("ann@example.com")[0].text).group(1)
    page = client.get(link, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert 'lang="ja"' in page and "JST" in page
    from conftest import signin

    make_user("cy", locale="fr")
    signin(client, "cy@example.com")
    assert 'lang="fr"' in client.get(link).get_data(as_text=True)


def test_a_move_link_is_the_seats_key_for_its_prompt_and_no_other(make_game, client):
    """Whoever holds a turn mail's move link, signed in or not, plays that seat's current prompt from it (a
    turn mail is not to be forwarded: docs/security.md); once the prompt is answered the link applies nothing."""
    game = make_game()
    link = re.search(r"http://pbem\.test/play/(\S+)", turn_mails()[0].text).group(1)
    version = game.version
    moved = client.post(f"/games/{game.id}/move", data={"version": version, "move": "take 1", "link": link})
    assert moved.status_code == 302 and moved.headers["Location"].endswith(f"/play/{link}")
    [move] = db.session.scalars(select(Move).where(Move.game_id == game.id)).all()
    assert (move.seat, move.text) == (0, "take 1")
    again = client.post(f"/games/{game.id}/move", data={"version": version + 1, "move": "take 1", "link": link})
    assert again.status_code == 409 and "earlier turn" in again.get_data(as_text=True)
    assert len(db.session.scalars(select(Move).where(Move.game_id == game.id)).all()) == 1
    forged = client.post(f"/games/{game.id}/move", data={"version": version + 1, "move": "take 1",
                                                         "link": with_bad_signature(link)})
    assert forged.status_code == 403


def test_a_japanese_player_in_tokyo_reads_engine_lines_board_and_deadline_in_their_language(
        make_game, make_user, stone_age_boards):
    ann = make_user("ann", locale="ja", timezone="Asia/Tokyo")
    game = make_game(slug="stone-age", humans=(ann,), bots=3)
    assert play.submit(game.id, 0, "place 3 hunt", "email", "k1").ok
    row = turn_mails("ann@example.com")[-1]
    seat = db.session.get(Game, game.id).seat_at(0)
    # What the bots did, in the engine's Japanese lines.
    assert re.search(r"^- Bot \d+は.+に\d人置いた。$", row.text, re.M), row.text
    # The board in Japanese, from Ann's view.
    assert "プレイヤー" in row.text and "ann (あなた)" in row.text
    # The deadline in Tokyo time (UTC+9) and in UTC.
    local = seat.deadline.replace(tzinfo=timezone.utc).astimezone(ZoneInfo("Asia/Tokyo"))
    # (Japanese writes the hour unpadded: 3:49.)
    assert f"{local.hour}:{local:%M} (Asia/Tokyo) = {seat.deadline:%Y-%m-%d %H:%M} UTC" in row.text
    assert f"{local.year}年{local.month}月{local.day}日" in row.text


@pytest.mark.parametrize("locale, word", [("fr", "Lieux"), ("de", "Orte"), ("en", "Places")])
def test_the_board_follows_the_reader_locale(make_game, make_user, stone_age_boards, locale, word):
    ann = make_user("ann", locale=locale, timezone="Europe/Paris")
    make_game(slug="stone-age", humans=(ann,), bots=1)
    row = turn_mails("ann@example.com")[-1]
    assert f"\n{word}\n" in row.text and "(Europe/Paris)" in row.text


def test_a_game_without_board_text_gets_a_generic_board(make_game):
    make_game(options={"pile": 15})
    [row] = turn_mails()
    assert "pile: 15" in row.text


def test_player_written_text_is_escaped_in_html_and_kept_in_text(make_user, make_game):
    evil = make_user("<script>alert(1)</script>", email="evil@example.com")
    game = make_game(humans=(evil, "bob"), title='Fun & <img src=x onerror="boom">')
    assert play.submit(game.id, 0, "take 1", "web", "k1").ok
    row = turn_mails("bob@example.com")[-1]
    assert "<script" not in row.html and "<img" not in row.html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in row.html and "Fun &amp; &lt;img" in row.html
    assert "<script>alert(1)</script> took 1" in row.text
    assert "\n" not in row.subject


def test_the_html_part_uses_inline_styles_only(make_game, stone_age_boards):
    make_game(slug="stone-age", humans=("ann",), bots=1)
    html = turn_mails()[-1].html
    assert "<style" not in html and "<link" not in html and 'style="' in html
    assert "<pre" in html  # the board and the examples keep their columns


def clone(game: Game) -> Game:
    """A copy of `game` at its current state, seats and prompts (not its history), to try one command on."""
    twin = Game(slug=game.slug, title=game.title, options=game.options, seed=game.seed, status="active",
                host_id=game.host_id, num_seats=game.num_seats, random_seating=False,
                turn_seconds=game.turn_seconds, state=copy.deepcopy(game.state), version=game.version)
    for seat in game.seats:
        twin.seats.append(Seat(user_id=seat.user_id, position=seat.position, is_bot=seat.is_bot,
                               prompt_version=seat.prompt_version, deadline=seat.deadline))
    db.session.add(twin)
    db.session.commit()
    return twin


def test_every_example_command_pasted_back_is_accepted(make_game, stone_age_boards):
    """Through Stone Age rounds (placing, resolving): each new turn mail's examples, each sent back alone."""
    import random

    rules = engine.get("stone-age")
    game = make_game(slug="stone-age", humans=("ann",), bots=3, seed="pasted-examples")
    kinds, seen, tried = set(), 0, 0
    for n in range(60):
        row = turn_mails("ann@example.com", game)[-1]
        if row.id == seen:
            # Still the same prompt (Ann places again while the others are done): no new mail, play on.
            command = str(rules.bot_move(game.state, 0, random.Random(n)))
        else:
            seen = row.id
            examples = examples_of(row.text)
            assert 1 <= len(examples) <= shown_examples.EXAMPLES, row.text
            assert len(examples) >= min(5, len(rules.legal(game.state, 0)))
            kinds.update(p.kind for p in rules.pending(game.state) if p.seat == 0)
            for i, text in enumerate(examples):
                outcome = play.submit(clone(game).id, 0, text, "email", f"paste:{n}:{i}")
                assert outcome.ok and outcome.applied, (text, outcome, row.text)
                tried += 1
            # Play on with a card or building place when offered and Ann can pay, so that decisions follow when
            # resolving (one she cannot pay for resolves by itself).
            me = game.state["seats"][0]
            paying = me["wood"] + me["brick"] + me["stone"] + me["gold"] > 0
            command = next((c for c in examples if paying and (" civ " in c or " building " in c)), examples[0])
        assert play.submit(game.id, 0, command, "email", f"real:{n}").ok
        db.session.refresh(game)
        if {"place", "act"} <= kinds and tried >= 30 or game.status != "active":
            break
    assert {"place", "act"} <= kinds and tried >= 30


def test_one_mail_per_prompt_even_if_queued_twice(make_game):
    """A turn mail is stored where a move asks a seat anew, so its key is new and the database is not asked; the
    transaction's own rows are, and the unique key refuses a second row for a prompt mailed before."""
    game = make_game()  # ann is asked at the start: her turn mail is stored then
    ann = game.seat_at(0)
    game.version += 1
    ann.prompt_version = game.version  # asked anew, as advance() does
    assert outbox.turn(game, ann) is True
    assert outbox.turn(game, ann) is False  # the same prompt twice in one transaction: one row
    db.session.commit()
    assert len(turn_mails(to="ann@example.com")) == 2
    outbox.turn(game, ann)
    with pytest.raises(IntegrityError):
        db.session.commit()
    db.session.rollback()
    assert len(turn_mails(to="ann@example.com")) == 2


@pytest.mark.parametrize("bots", [1, 2, 3])
def test_the_first_turn_mails_examples_include_a_card_and_a_building(make_game, bots):
    """Issue 11, point 6: a player who reads only the first mail learns how to take a card and a building."""
    game = make_game(slug="stone-age", humans=("ann",), bots=bots, seed=f"first-examples-{bots}")
    examples = examples_of(turn_mails("ann@example.com", game)[0].text)
    assert any(re.fullmatch(r"place 1 civ [1-4]", e) for e in examples), str(examples)
    assert any(re.fullmatch(r"place 1 building [1-4]", e) for e in examples), examples
    assert not any("tools" in e for e in examples)  # nobody has a tool yet: the places come first


# --- written after the commit ----------------------------------------------------------------

def test_a_turn_mail_is_queued_unwritten_under_the_lock_and_written_once_by_delivery(make_game, monkeypatch):
    game = make_game()  # countdown: ann (seat 0) then bob; ann's mail is sent
    monkeypatch.setattr("pbem.tasks.kick_delivery", lambda: None)  # as when the worker has not run yet
    play.submit(game.id, 0, "take 2", "web", "web:one")
    row = turn_mails(to="bob@example.com")[-1]
    # The move's transaction stored the mail's key and address only: no text was rendered under the lock.
    assert (row.status, row.text, row.html, row.subject) == (outbox.UNWRITTEN, "", None, "")
    assert delivery.pending_count() == 1
    assert delivery.deliver_due() == 1
    db.session.refresh(row)
    assert row.status == "sent" and "take" in row.text and row.subject.startswith(f"[pbem #{game.id} Countdown] ")
    assert row.message_id == outbox.turn_message_id(game, game.seat_at(1))
    assert delivery.deliver_due() == 0  # written and sent once
    assert [r.status for r in turn_mails(to="bob@example.com")] == ["sent"]


def test_a_seat_that_answered_before_its_mail_was_written_gets_none_for_that_prompt(make_game, monkeypatch):
    game = make_game()
    monkeypatch.setattr("pbem.tasks.kick_delivery", lambda: None)
    play.submit(game.id, 0, "take 1", "web", "web:one")  # bob asked
    play.submit(game.id, 1, "take 1", "web", "web:two")  # bob answered at once; ann asked again
    assert delivery.deliver_due() == 1  # ann's new one
    statuses = {r.to_address: r.status for r in turn_mails() if r.dedupe_key.endswith(":1")}
    assert statuses == {"bob@example.com": "suppressed"}
    [bob] = turn_mails(to="bob@example.com")
    assert "answered" in bob.last_error and bob.text == ""
    assert [r.status for r in turn_mails(to="ann@example.com")] == ["sent", "sent"]


def test_a_turn_mail_that_cannot_be_written_fails_alone(make_game, monkeypatch):
    game, other = make_game(), make_game(humans=("cy", "di"))
    monkeypatch.setattr("pbem.tasks.kick_delivery", lambda: None)
    play.submit(game.id, 0, "take 1", "web", "web:one")
    play.submit(other.id, 0, "take 1", "web", "web:two")
    real = turn.turn_block

    def broken(game_, seat, user):
        if game_.id == game.id:
            raise ValueError("no board")
        return real(game_, seat, user)
    monkeypatch.setattr(writing, "turn_block", broken)
    assert delivery.deliver_due() == 1  # di's
    [bob] = turn_mails(to="bob@example.com")
    assert bob.status == "failed" and "no board" in bob.last_error
    assert [r.status for r in turn_mails(to="di@example.com")] == ["sent"]


def test_a_delivery_run_writes_a_mail_for_a_game_it_read_before_the_move(make_game, monkeypatch):
    """The run's session outlives its batches: a game read for an earlier batch is read afresh, so the mail of
    a prompt asked since is written, not dropped as answered."""
    game = make_game()
    monkeypatch.setattr("pbem.tasks.kick_delivery", lambda: None)
    play.submit(game.id, 0, "take 1", "web", "web:one")  # bob asked
    with Session(db.engine, expire_on_commit=False) as session:  # as delivery.deliver_due keeps one
        assert len(writing.write_unwritten(session, 20)) == 1
        read = session.get(Game, game.id)  # still in the run's session (held, as a reference cycle holds it)
        assert read.seat_at(0).prompt_version is None
        play.submit(game.id, 1, "take 1", "web", "web:two")  # ann asked again, meanwhile
        assert len(writing.write_unwritten(session, 20)) == 1
    assert [r.status for r in turn_mails(to="ann@example.com")] == ["sent", "pending"]


@pytest.mark.parametrize("locale, turn, invited, says", [
    ("ja", "あなたの番：", "招待が届いています", "bob の発言"),
    ("fr", "À vous de jouer : ", "Vous êtes invité", "bob dit"),
    ("de", "Du bist dran: ", "Du bist eingeladen", "bob sagt"),
])
def test_subjects_are_in_the_readers_language(make_game, make_user, stone_age_boards, locale, turn, invited,
                                              says):
    # The subjects were once built with gettext inside an f-string, which pybabel does not extract: they stayed
    # English ("Your turn: 人を配置する") for every reader.
    ann, bob = make_user("ann", locale=locale), make_user("bob")
    game = make_game(slug="stone-age", humans=(ann, bob), bots=1)
    tag = f"[pbem #{game.id} {game.title}] "
    assert any(row.subject.startswith(tag + turn) for row in turn_mails("ann@example.com")), \
        [row.subject for row in turn_mails("ann@example.com")]
    play.say(game.id, bob, "hello")
    chat = db.session.scalar(select(Outbox).where(Outbox.kind == "chat", Outbox.to_address == "ann@example.com"))
    assert chat.subject == tag + says
    lobby = play.create_game(make_user("cat"), "stone-age", seats=2, title="Later")
    play.invite(lobby.id, lobby.host, "ann@example.com")
    invite = db.session.scalar(select(Outbox).where(Outbox.kind == "invite"))
    assert invite.subject == f"[pbem #{lobby.id} Later] {invited}"


@pytest.mark.parametrize("locale, expired, forged", [
    ("en", "This link has expired: sign in to open the game.", "This link is not valid."),
    ("ja", "このリンクは期限切れです。サインインしてゲームを開いてください。", "このリンクは無効です。"),
])
def test_an_expired_or_edited_move_link_says_so_in_the_readers_language(make_game, make_user, client, app,
                                                                        monkeypatch, locale, expired, forged):
    # The page once showed the token check's own words, English and lower case ("this link has expired.").
    from conftest import signin

    ann = make_user("ann", locale=locale)
    make_game(humans=(ann, "bob"))
    signin(client, ann.email)
    link = re.search(r"http://pbem\.test(/play/\S+)", turn_mails("ann@example.com")[0].text).group(1)
    edited = client.get(with_bad_signature(link))
    assert edited.status_code == 404 and forged in edited.get_data(as_text=True)
    monkeypatch.setitem(app.config, "SEAT_LINK_MAX_AGE", -1)
    old = client.get(link)
    assert old.status_code == 404 and expired in old.get_data(as_text=True)


@pytest.mark.parametrize("locale, hint", [
    ("en", '(add "tools auto" or "tools none" to a dice place to decide ahead)'),
    ("ja", "（ダイスを振る場所に「tools auto」か「tools none」を付けると、道具の使い方を前もって決められます）"),
    ("fr", "(ajoutez « tools auto » ou « tools none » à un lieu de dés pour décider d'avance)"),
    ("de", '(schreib "tools auto" oder "tools none" hinter einen Würfelort, um vorab zu entscheiden)'),
])
def test_the_tools_ahead_hint_is_in_the_readers_language(make_game, make_user, locale, hint):
    """A Japanese turn mail had the English line '(add "tools auto" or "tools none" to a dice place to decide
    ahead)': the engine's hint is worded in the reader's language; the commands in quotes stay as typed."""
    ann = make_user("ann", locale=locale)
    game = make_game(slug="stone-age", humans=(ann,), bots=1)
    assert any(t.startswith("(add ") for t in stone_age.legal_texts(game.state, 0))  # the engine's hint is English
    text = "".join(turn_mails("ann@example.com")[-1].text.split())  # a Japanese line folds anywhere
    assert "".join(hint.split()) in text
    if locale != "en":
        assert "decideahead" not in text


def test_example_commands_keep_a_games_giving_up_verbs_for_last():
    """TtA's examples opened with "destroy farm Agriculture" and "disband unit Warriors" (a tester's mail)."""
    class Move(str):
        pass

    moves = [Move(t) for t in ("destroy farm Agriculture", "disband unit Warriors", "take 1", "take 2",
                               "build farm Agriculture", "populate", "done")]
    plain = shown_examples.example_commands(moves, 4)
    assert plain[:2] == ["destroy farm Agriculture", "disband unit Warriors"]  # the legal order, by default
    shown = shown_examples.example_commands(moves, 7, last=("destroy", "disband"))
    # Every other command first, then these.
    assert shown == ["take 2", "build farm Agriculture", "populate", "done", "take 1", "destroy farm Agriculture",
                     "disband unit Warriors"], shown

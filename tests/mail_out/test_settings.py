"""What a player's mail settings do: the daily digest, vacations, unsubscribing, bounces and complaints."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from conftest import with_bad_signature
from outbox_rows import pending
from sqlalchemy import select

from pbem import play, tokens
from pbem.extensions import db
from pbem.mail import bounces, delivery, digests, outbound
from pbem.models import Outbox


def mails(kind: str | None = None, to: str | None = None) -> list[Outbox]:
    query = select(Outbox).order_by(Outbox.id)
    if kind:
        query = query.where(Outbox.kind == kind)
    if to:
        query = query.where(Outbox.to_address == to)
    return list(db.session.scalars(query))


def at_local(day: datetime, hour: int, zone: str) -> datetime:
    """`day` at `hour` o'clock in `zone`, as the naive UTC the service uses."""
    local = day.replace(hour=hour, minute=30, tzinfo=ZoneInfo(zone))
    return local.astimezone(timezone.utc).replace(tzinfo=None)


# --- digest ----------------------------------------------------------------------


def test_a_digest_player_gets_one_mail_for_three_waiting_games_each_morning(make_user, make_game):
    ann = make_user("ann", digest=True, timezone="Asia/Tokyo")
    games = [make_game(humans=(ann, f"bob{i}"), title=f"Table {i}") for i in range(3)]
    assert mails("turn", "ann@example.com") == []  # no mail one by one
    day = datetime(2026, 11, 24)
    assert digests.queue_digests(at_local(day, 6, "Asia/Tokyo")) == 0  # before 07:00 in Tokyo
    assert digests.queue_digests(at_local(day, 7, "Asia/Tokyo")) == 1
    assert digests.queue_digests(at_local(day, 9, "Asia/Tokyo")) == 0  # once a day
    db.session.commit()
    [digest] = mails("digest")
    assert digest.to_address == "ann@example.com" and "3 games are waiting" in digest.subject
    for game in games:
        assert f"#{game.id} Table {game.id - games[0].id}" in digest.text
        assert f"play+g{game.id}s0-" in digest.text  # one reply address per game
        assert f"#{game.id} Table" in digest.html
    assert digest.text.count("For example:") == 3
    # Answered one game: the next morning's digest lists the two still waiting.
    assert play.submit(games[0].id, 0, "take 1", "web", "k").ok
    assert digests.queue_digests(at_local(day + timedelta(days=1), 8, "Asia/Tokyo")) == 1
    db.session.commit()
    assert "2 games are waiting" in mails("digest")[-1].subject
    # The other players, not on the digest, got their turn mails as usual.
    assert [m.to_address for m in mails("turn")] == ["bob0@example.com"]


def test_no_digest_when_nothing_waits(make_user, make_game):
    ann = make_user("ann", digest=True)
    make_game(humans=("bob", ann))  # bob is asked first
    assert digests.queue_digests(datetime(2026, 11, 24, 12)) == 0


# --- vacation --------------------------------------------------------------------


def test_a_vacation_pauses_deadlines_in_every_game_and_tells_the_others(make_user, make_game):
    ann = make_user("ann", timezone="Europe/Berlin")
    first = make_game(humans=(ann, "bob"), turn_seconds=2 * 86400)
    second = make_game(humans=(ann, "cid"), turn_seconds=2 * 86400)
    start = first.seat_at(0).waiting_since + timedelta(hours=30)  # 18 hours left to play
    before = [first.seat_at(0).deadline, second.seat_at(0).deadline]
    until = start + timedelta(days=7)
    play.start_vacation(ann, until, start)
    assert [g.seat_at(0).deadline for g in (first, second)] == [d + timedelta(days=7) for d in before]
    assert play.due_seats(before[0] + timedelta(days=1)) == []  # nothing expires meanwhile
    told = mails("vacation")
    assert sorted(m.to_address for m in told) == ["bob@example.com", "cid@example.com"]
    assert "ann is on vacation until" in told[0].text
    # The 24-hour reminder would now fall inside the vacation: it waits for the return.
    assert play.send_reminders(until - timedelta(hours=1)) == 0
    # Back two days early: two days of the pause are taken back and two days of allowance given back.
    back = until - timedelta(days=2)
    play.end_vacation(ann, back)
    assert [g.seat_at(0).deadline for g in (first, second)] == [d + timedelta(days=5) for d in before]
    assert ann.vacation_from is None and ann.vacation_days_used == 5
    assert len([m for m in mails("vacation") if "back from vacation" in m.text]) == 2


def test_a_prompt_that_comes_during_a_vacation_starts_its_clock_at_the_end(make_user, make_game):
    bob = make_user("bob")
    game = make_game(humans=("ann", bob), turn_seconds=86400)
    start = game.seat_at(0).waiting_since
    play.start_vacation(bob, start + timedelta(days=3), start)
    assert play.submit(game.id, 0, "take 1", "web", "k").ok
    db.session.refresh(game)
    assert game.seat_at(1).deadline >= start + timedelta(days=4)


def test_the_vacation_allowance_is_enforced_and_the_beat_ends_vacations(make_user, make_game):
    ann = make_user("ann")
    game = make_game(humans=(ann, "bob"))
    moment = datetime(2026, 3, 1, 12)
    with pytest.raises(play.PlayError, match="31 days of vacation asked, 30 left"):
        play.start_vacation(ann, moment + timedelta(days=30, hours=1), moment)
    play.start_vacation(ann, moment + timedelta(days=10), moment)
    with pytest.raises(play.PlayError, match="already on vacation"):
        play.start_vacation(ann, moment + timedelta(days=11), moment)
    assert play.vacation_days_left(ann, moment) == 20
    assert play.scan(moment + timedelta(days=10, minutes=1))["vacations"] == 1
    db.session.refresh(ann)
    assert ann.vacation_from is None and not play.on_vacation(ann, moment + timedelta(days=11))
    assert game.status == "active"


# --- unsubscribe -----------------------------------------------------------------


def test_unsubscribed_players_still_get_turn_mails_but_no_chat_or_notices(make_user, make_game):
    bob = make_user("bob", notices=False)
    game = make_game(humans=("ann", bob), turn_seconds=3600)
    play.say(game.id, game.seat_at(0).user, "hello")
    assert play.submit(game.id, 0, "take 1", "web", "k").ok
    assert [m.kind for m in mails(to="bob@example.com")] == ["turn"]


def test_one_click_unsubscribe_get_changes_nothing_and_post_needs_no_csrf(app, client, make_user):
    ann = make_user("ann")
    with app.test_request_context():
        link = outbound.unsubscribe_link(ann).removeprefix("http://pbem.test")
    app.config["WTF_CSRF_ENABLED"] = True
    try:
        page = client.get(link)
        assert page.status_code == 200 and b'method="post"' in page.data
        db.session.refresh(ann)
        assert ann.notices
        # What mail providers send (RFC 8058): a bare POST with this body, no cookie, no CSRF token.
        done = client.post(link, data={"List-Unsubscribe": "One-Click"})
        assert done.status_code == 200
        db.session.refresh(ann)
        assert not ann.notices
        assert client.post(with_bad_signature(link)).status_code == 404  # a forged token changes nothing
    finally:
        app.config["WTF_CSRF_ENABLED"] = False


def test_an_unsubscribe_token_stops_working_when_the_address_changes(app, make_user):
    ann = make_user("ann")
    token = outbound.unsubscribe_link(ann).rsplit("/", 1)[1]
    ann.email = "ann@new.example.com"
    db.session.commit()
    with pytest.raises(tokens.BadToken):
        outbound.read_unsubscribe_token(token)


@pytest.mark.parametrize("locale, words", [("en", "This link is not valid."), ("ja", "このリンクは無効です。")])
def test_a_stale_or_edited_unsubscribe_link_says_so_in_the_readers_language(client, make_user, locale, words):
    """The page showed the token check's English words ("this link is not valid any more.") whatever the language."""
    ann = make_user("ann", locale=locale)
    link = outbound.unsubscribe_link(ann).removeprefix("http://pbem.test")
    ann.email = "ann@new.example.com"
    db.session.commit()
    headers = {"Accept-Language": locale}
    for page in (client.get(link, headers=headers), client.get(with_bad_signature(link), headers=headers),
                 client.post(link, headers=headers)):
        assert page.status_code == 404 and words in page.get_data(as_text=True)
        assert "this link is not valid" not in page.get_data(as_text=True)


# --- bounces and complaints ------------------------------------------------------


def test_a_hard_bounce_stops_everything_but_sign_in_links(make_user, make_game):
    bob = make_user("bob")
    game = make_game(humans=("ann", bob))
    assert bounces.record_bounce("Bob@Example.com", True, "550 5.1.1 no such user").email_status == "bounced"
    db.session.commit()
    assert play.submit(game.id, 0, "take 1", "web", "k").ok
    assert mails(to="bob@example.com") == []
    outbound.queue_signin("bob@example.com", "http://pbem.test/signin/abc")
    db.session.commit()
    assert [m.kind for m in mails(to="bob@example.com")] == ["signin"]
    assert bob.email_status_detail == "550 5.1.1 no such user" and bob.email_status_at is not None


def test_soft_bounces_are_counted_and_shown_but_stop_nothing(make_user):
    """Issue 10 changed this: three soft bounces in a row used to count as a hard one and stop turn mail."""
    ann = make_user("ann")
    for _ in range(2):
        bounces.record_bounce("ann@example.com", False, "452 mailbox full")
    assert ann.soft_bounces == 2
    bounces.record_reachable("ann@example.com")  # she replied: the count starts again
    for _ in range(3):
        bounces.record_bounce("ann@example.com", False, "452 mailbox full")
    assert ann.email_status == "ok" and "3 soft bounce(s)" in ann.email_status_detail
    assert bounces.record_bounce("nobody@example.com", True, "x") is None


def test_a_turn_mail_whose_address_bounced_after_it_was_stored_is_withheld_as_it_is_written(
        make_user, make_game, monkeypatch):
    monkeypatch.setattr("pbem.tasks.kick_delivery", lambda: None)  # the move's mail waits in the outbox
    bob = make_user("bob")
    game = make_game(humans=("ann", bob))
    assert play.submit(game.id, 0, "take 1", "web", "k").ok
    assert [(m.kind, m.status) for m in mails(to="bob@example.com")] == [("turn", "unwritten")]
    bounces.record_bounce("bob@example.com", True, "550 5.1.1 no such user")
    db.session.commit()
    assert delivery.deliver_due() == 0  # ann's first turn mail is dropped: she has answered it
    db.session.expire_all()
    assert [(m.status, m.last_error, m.attempts) for m in mails(to="bob@example.com")] == [
        ("suppressed", "not sent: the address bounced", 0)]


def test_a_complaint_stops_optional_mail_and_mail_already_queued(make_user, make_game):
    bob = make_user("bob")
    game = make_game(humans=("ann", bob))
    pending("chat:1:1", "chat", bob.email, "ann says", "hello", user=bob, game=game)
    db.session.commit()  # a chat mail to bob waits in the outbox (no delivery was kicked)
    bounces.record_complaint("bob@example.com", "abuse report")
    db.session.commit()
    assert play.submit(game.id, 0, "take 1", "web", "k").ok
    delivery.deliver_due()
    rows = {m.kind: (m.status, m.last_error) for m in mails(to="bob@example.com")}
    assert rows == {"chat": ("suppressed", "not sent: the player reported our mail as spam"),
                    "turn": ("sent", None)}

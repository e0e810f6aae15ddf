"""The Through the Ages table (issue 24): the row's cards greyed with the reason, the age change foreseen, discards
in one form, and every button of seeded bot games worded in the reader's language, never an English command."""
from __future__ import annotations

import html
import random
import re
import sys
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm.attributes import flag_modified

from conftest import signin
from pbem.extensions import db
from pbem.models import Move

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from tta_helpers import act, to_hand, to_row, tta_state  # noqa: E402


def _page(client, game) -> str:
    response = client.get(f"/games/{game.id}")
    assert response.status_code == 200, response.data
    return html.unescape(response.get_data(as_text=True))


def _seat(game, state: dict) -> None:
    game.state = state
    flag_modified(game, "state")
    db.session.commit()


def _fields(page: str, marker: str) -> dict:
    """The hidden fields of the form holding `marker`."""
    for form in re.findall(r"<form [^>]*>.*?</form>", page, re.S):
        if marker in form:
            return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    raise AssertionError(f"no form holds {marker!r}")


def test_a_card_one_may_not_take_stays_in_the_row_greyed_with_the_reason(client, make_user, make_game):
    """A second leader of an age, or a card beyond one's civil actions, vanished from the buttons without a word:
    it stays in the row, not a button, with the reason in words; a takeable card is itself the button."""
    ann = make_user("ann")
    game = make_game("tta", humans=(ann,), bots=1)
    state = tta_state()
    state["seats"][0]["leader_ages"] = ["A"]
    to_row(state, 1, "civ/A/homer")
    to_hand(state, "civ/I/irrigation")
    to_row(state, 2, "civ/I/irrigation")  # a technology already in hand
    state["seats"][0]["ca"] = 2
    _seat(game, state)
    signin(client, ann.email)
    page = _page(client, game)
    slots = re.findall(r'<li value="(\d+)" class="tta-slot band-(\d) ?([a-z]*)">(.*?)</li>', page, re.S)
    assert len(slots) == 13 and [int(b) for _, b, _, _ in slots] == [1] * 5 + [2] * 4 + [3] * 4
    by_slot = {int(n): (kind, body) for n, _, kind, body in slots}
    assert by_slot[1][0] == "cannot" and "<button" not in by_slot[1][1]
    assert "Not now: you already took a leader of Age A" in by_slot[1][1]
    assert "Not now: you already have Irrigation" in by_slot[2][1]
    assert "Not now: it costs 3 civil actions and you have 2" in by_slot[13][1]
    assert by_slot[6][0] == "can" and re.search(r'<button type="submit" name="move" value="take 6" title="take 6" '
                                                r'class="tta-card', by_slot[6][1])


def test_the_board_foresees_the_age_change_and_what_it_takes(client, make_user, make_game):
    """The age change took a leader and a half-built wonder without a warning: the row now says how many cards
    are left in the age's deck and what the next age change takes from this seat."""
    ann = make_user("ann")
    game = make_game("tta", humans=(ann,), bots=1)
    state = tta_state()
    state["age"] = "I"
    p = state["seats"][0]
    p["leader"] = to_hand(state, "civ/A/homer")
    p["hand"].remove(p["leader"])
    p["wonder"], p["stages"] = to_hand(state, "civ/A/colossus"), 1
    p["hand"].remove(p["wonder"])
    left = len(state["decks"]["I"])
    _seat(game, state)
    signin(client, ann.email)
    page = _page(client, game)
    warning = re.search(r'<p class="tta-age-change tta-warn" id="tta-age-change">(.*?)</p>', page, re.S).group(1)
    assert f"Age I deck: {left} cards left; when it runs out, the age ends." in warning
    assert "Then you lose: " in warning and "Homer" in warning and "Colossus" in warning


def test_discards_are_one_form_with_a_tick_per_card(client, make_user, make_game):
    """Discarding three military cards took three page loads: one form ticks several and sends them at once."""
    from test_tta_military import _at_turn_start_of_seat_0, mil

    ann = make_user("ann")
    game = make_game("tta", humans=(ann,), bots=1)
    state = tta_state()
    state["seats"][0]["ma"] = 0
    for key in ("legion", "phalanx", "raid", "bonus"):
        mil(state, f"mil/I/{key}")
    state = _at_turn_start_of_seat_0(state)
    state, _ = act(state, "done")  # no political action: the discard step follows
    _seat(game, state)
    signin(client, ann.email)
    page = _page(client, game)
    assert "You may keep 2 military cards." in page
    ticks = re.findall(r'<input type="checkbox" name="pick" value="(discard [^"]+)">', page)
    assert len(ticks) == 4, ticks
    fields = _fields(page, 'name="compose" value="lines"')
    sent = client.post(f"/games/{game.id}/move", data={**fields, "compose": "lines", "pick": ticks[:2]})
    assert sent.status_code == 302, sent.data
    mine = db.session.scalars(select(Move.text).where(Move.game_id == game.id, Move.seat == 0)).all()
    assert mine == ticks[:2]
    assert "Discarded" in _page(client, game) or "discarded" in _page(client, game)


# The verbs of the canonical commands: a label in ja, fr or de that begins with one is an English command.
VERBS = {"take", "build", "upgrade", "destroy", "disband", "populate", "wonder", "discover", "revolution", "play",
         "hold", "tactic", "event", "choose", "discard", "done", "bid", "pass", "colonize", "aggression", "war",
         "defend", "sacrifice", "pact", "accept", "refuse", "cancel", "standing"}


def _english_commands(panels) -> list[str]:
    bad = []
    for panel in panels:
        items = [(c.command, str(c.label)) for c in panel.choices]
        items += [(i["value"], str(i["label"])) for i in panel.data.get("items", ()) if isinstance(i, dict)]
        for command, label in items:
            # Commands are lower case: "Revolution zu ..." and "War over Culture III abwerfen" are words.
            if label == command or command in label or label.split(" ", 1)[0] in VERBS:
                bad.append(f"{command!r} labelled {label!r}")
    return bad


@pytest.mark.parametrize("players, seed", [(3, "sweep-3"), (4, "sweep-4")])
def test_no_button_of_a_bot_game_is_an_english_command_in_ja_fr_de(app, players, seed):
    """Every prompt of a seeded bot game, as each asked seat's panels word it in Japanese, French and German: the
    label says what the button does; the command stays in its title and small print only."""
    from flask_babel import force_locale

    from pbem.engine import tta
    from pbem.presentation.tta import forms

    state = tta.setup(players, {}, seed)
    rnd = random.Random(seed)
    seen, bad = set(), []
    with app.test_request_context():
        for _ in range(4000):
            prompts = tta.pending(state)
            if not prompts or state["over"] is not None:
                break
            seat = prompts[0].seat
            legal = tta.legal(state, seat)
            kinds = (prompts[0].kind, frozenset(type(m).__name__ for m in legal))
            if kinds not in seen or rnd.random() < 0.05:  # each new kind of prompt, and a sample of the rest
                seen.add(kinds)
                for locale in ("ja", "fr", "de"):
                    with force_locale(locale):
                        bad += [f"{locale} {prompts[0].kind}: {b}"
                                for b in _english_commands(forms.panels(state, seat, legal, locale))]
            state, _ = tta.apply(state, seat, tta.bot_move(state, seat, rnd))
    assert state["round"] > 10 and len(seen) > 8, (state["round"], len(seen))
    assert not bad, "\n".join(sorted(set(bad))[:40])


def test_the_end_of_turn_production_is_told_under_its_own_heading(make_game):
    """"You produced 2 food" sat under "New turn and card row": the food eaten and the military draw after it had
    no heading of their own, so the farms' production went with the next turn's events."""
    from pbem.engine import tta
    from pbem.web import history

    game = make_game(slug="tta", humans=("ann",), bots=1)
    state = tta_state()
    state, events = act(state, "done")
    moves = [Move(seq=1, seat=0, text="done", events=events)]
    [round_] = history.grouped_history(game, history.Window(1, 1, 1, moves, None, True), 0, "en", ["ann", "bot"])
    by_phase = {p["phase"]: [line["text"] for line in p["lines"]] for p in round_["phases"]}
    told = [tta.describe(ev, 0, "en") for ev in events if ev["kind"] in ("produced", "consumed", "military_draw")]
    assert told and all(line in by_phase["production"] for line in told if line), (told, by_phase)


def test_the_table_renders_for_every_seat_and_a_spectator_to_the_end_of_a_game(client, make_user, make_game):
    """The table's forecasts run the engine's own steps: they hold from the first round to the game's end, for
    each seat and for a spectator (who sees every board in brief, no hand)."""
    from pbem.engine import tta

    ann = make_user("ann")
    game = make_game("tta", humans=(ann,), bots=1)
    state, rnd = tta.setup(2, {}, "to-the-end"), random.Random(3)
    for step in range(6000):
        prompts = tta.pending(state)
        if not prompts or state["over"] is not None:
            break
        if step % 400 == 0 or state["age"] == "III" and step % 50 == 0:
            _seat(game, state)
            assert client.get(f"/games/{game.id}").status_code == 200  # a spectator
        state, _ = tta.apply(state, prompts[0].seat, tta.bot_move(state, prompts[0].seat, rnd))
    assert state["over"] is not None
    _seat(game, state)
    signin(client, ann.email)
    page = _page(client, game)
    assert "Your board" in page and 'id="tta-mil-hand"' in page

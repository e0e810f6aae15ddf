"""A player's "done" that would bring an uprising is refused until it says "done anyway" (issue 23, docs/tta.md);
stored logs with a plain "done" before an uprising still replay, and bots and the deadline never stall on it."""
import random

import pytest
from tta_helpers import tta_state

from pbem.engine import base, tta
from pbem.engine.tta.legal_moves import needs_anyway
from pbem.engine.tta.moves import Done

NAMES = ("Ann", "Bob", "Cy", "Di")  # the service passes the seats' names with every line a player sends


def unrest(state: dict, idle: int = 1) -> dict:
    """Seat 0 with 2 happy faces needed and none (2 discontent workers) and `idle` unused workers."""
    p = state["seats"][0]
    p["yellow"], p["boxed"], p["idle"] = 12, 6, idle
    return state


def said(text: str, state: dict, seat: int = 0) -> list:
    """The moves of `text` as a player's line is read (with the seats' names)."""
    return tta.parse(text, state, seat, names=NAMES[:state["players"]])


def kinds(events: list, seat: int = 0) -> list[str]:
    return [e["kind"] for e in events if e.get("seat") == seat]


@pytest.mark.parametrize("text, locale, expected", [
    ("done", "en", '"done": this ends your actions with an uprising: 2 discontent workers and 1 unused worker to cover '
                   'them, so nothing is produced or scored this turn'),
    ("終了", "ja", "「done anyway」（「それでも終了」）を送ってください"),
    ("fin", "fr", "2 ouvriers mécontents et 1 ouvrier libre pour les couvrir"),
    ("fertig", "de", "2 unzufriedene Arbeiter und 1 freier Arbeiter"),
])
def test_a_plain_done_that_brings_an_uprising_is_refused_with_the_way_out(text, locale, expected):
    """JA l.499-507: more discontent workers than unused ones at production is an uprising, and nothing is produced
    or scored. A player's plain "done" then is refused: how many, how to avoid it, and "done anyway"."""
    state = unrest(tta_state())
    with pytest.raises(base.IllegalMove) as err:
        said(text, state)
    message = err.value.in_locale(locale)
    assert expected in message
    assert "done anyway" in message
    assert "done anyway" in err.value.legal and "done" not in err.value.legal


def test_the_refusal_says_how_to_avoid_the_uprising_in_english_and_japanese():
    state = unrest(tta_state(), idle=0)
    with pytest.raises(base.IllegalMove) as err:
        said("done", state)
    en, ja = err.value.message, err.value.in_locale("ja")
    assert en.startswith('"done": this ends your actions with an uprising: 2 discontent workers and 0 unused workers')
    assert "2 more happy faces or unused workers would avoid it: build a temple, an arena or a wonder" in en
    assert "destroying a building or disbanding a unit" in en
    assert en.endswith('To end your turn regardless, send "done anyway"')
    assert "暴動" in ja and "不満のある労働者が2人" in ja and "未就労の労働者は0人" in ja and "あと2増えれば避けられます" in ja


@pytest.mark.parametrize("text", ["done anyway", "Done Anyway", "終了 それでも", "それでも終了", "それでも 終了",
                                  "fin quand même", "terminé quand même", "fertig trotzdem", "trotzdem fertig"])
def test_done_anyway_in_four_languages_ends_the_actions_with_the_uprising(text):
    """The uprising the player accepted: no culture, science, food or resources this turn (JA l.499, l.505)."""
    state = unrest(tta_state())
    p = state["seats"][0]
    before = (p["culture"], p["science"], dict(p["tokens"]))
    (move,) = said(text, state)
    assert move == Done(anyway=True) and str(move) == "done anyway"
    new, events = tta.apply(state, 0, move)
    assert "uprising" in kinds(events)
    assert not {"scored", "produced", "consumed"} & set(kinds(events))
    q = new["seats"][0]
    assert (q["culture"], q["science"], q["tokens"]) == before


def test_without_an_uprising_both_done_and_done_anyway_end_the_actions():
    """Nothing to confirm: a plain "done" applies; "done anyway" is accepted too (it changes nothing)."""
    state = unrest(tta_state(), idle=2)  # 2 discontent workers covered by 2 unused ones
    assert not needs_anyway(state, 0)
    for text in ("done", "done anyway"):
        (move,) = said(text, state)
        new, events = tta.apply(state, 0, move)
        assert "uprising" not in kinds(events) and "scored" in kinds(events)
        assert new["turn"] == 1


def test_legal_moves_name_done_anyway_only_when_an_uprising_is_ahead():
    """What a refusal lists as "What you could send now" must be accepted as it is written."""
    state = tta_state()
    assert "done" in tta.legal_texts(state, 0) and "done anyway" not in tta.legal_texts(state, 0)
    assert Done() in tta.legal(state, 0)
    unrest(state)
    assert "done anyway" in tta.legal_texts(state, 0) and "done" not in tta.legal_texts(state, 0)
    assert Done(anyway=True) in tta.legal(state, 0) and Done() not in tta.legal(state, 0)
    for text in tta.legal_texts(state, 0):
        said(text, state)  # every command listed is one a player may send


def test_passing_the_political_action_needs_no_anyway():
    """A "done" in the political phase passes it; the actions follow, where the uprising can still be avoided."""
    state = unrest(tta_state())
    state["stack"] = [{"kind": "politics", "seat": 0, "resume": "discard"}]
    state["phase"] = "politics"
    assert said("done", state) == [Done()]
    assert "done" in tta.legal_texts(state, 0)


def test_a_stored_plain_done_before_an_uprising_replays():
    """Logs stored before the rule hold plain "done" moves that brought uprisings: replays, undo and state_at read
    stored texts without the seats' names (pbem/play/replay.py), and the text reads back as it was stored."""
    state = unrest(tta_state())
    moves = tta.parse("done", state, 0)
    assert [str(m) for m in moves] == ["done"]
    new, events = tta.apply(state, 0, moves[0])
    assert "uprising" in kinds(events)
    anyway, _ = tta.apply(state, 0, Done(anyway=True))
    assert new == anyway  # the same game either way


def play(players: int, seed: str, choose) -> tuple[dict, list]:
    """A whole game, every seat's move chosen by `choose(state, seat)`; each Done is checked against the rule."""
    state = tta.setup(players, {}, seed)
    log = []
    for _ in range(6000):
        prompts = tta.pending(state)
        if not prompts:
            return state, log
        seat = prompts[0].seat
        move = choose(state, seat)
        if isinstance(move, Done):
            assert move.anyway == needs_anyway(state, seat), (seed, len(log))
            assert said(str(move), state, seat) == [move]  # a player could have sent it as it is
        state, _ = tta.apply(state, seat, move)
        log.append((seat, str(move)))
    raise AssertionError(f"no end after 6000 moves (seed {seed})")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_end_with_done_anyway_before_each_uprising(players):
    """Seeded bot games run to the end: the bot ends its actions with "done anyway" exactly when an uprising is
    ahead; the same log with those written "done" (as older logs are) replays to the same state."""
    anyway = 0
    # Seeds with uprisings among them for each player count (3 players: the 11th has one since issue 28's rules).
    for n in (*range(7), 10) if players == 3 else range(8):
        seed = f"anyway-{players}-{n}"
        rnd = random.Random(seed)
        final, log = play(players, seed, lambda state, seat: tta.bot_move(state, seat, rnd))
        assert final["over"] is not None
        anyway += sum(1 for _, text in log if text == "done anyway")
        state = tta.setup(players, {}, seed)
        for seat, text in log:
            (move,) = tta.parse("done" if text == "done anyway" else text, state, seat)
            state, _ = tta.apply(state, seat, move)
        assert state == final, seed
    assert anyway, "no uprising in these games: pick seeds that have one"


def test_deadline_moves_end_a_game_with_done_anyway_before_each_uprising():
    """The deadline's move (the bot's without chance) chooses "done anyway" when needed, so a game never stalls."""
    final, log = play(3, "anyway-deadline", tta.deadline_move)
    assert final["over"] is not None

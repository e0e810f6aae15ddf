"""Expansion "Style is the Goal": setup for 2-5 players, the new places and their limits, the end, the view."""
import pytest

from pbem.engine import CommandError, IllegalMove
from pbem.engine.stone_age.cards import BUILDING_IDS, CIV_IDS
from pbem.engine.stone_age.style_cards import SPIELBOX_IDS, STYLE_BUILDING_IDS, STYLE_CIV_IDS
from stone_age_helpers import SA, acting, game, kinds, play, prompts, seat, style_game

SOURCE = "Expansion rules (ja)"


def refused(state, s, text, message):
    with pytest.raises(IllegalMove) as err:
        play(state, s, text)
    assert message in err.value.message, err.value.message


# --- setup ---------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_by_player_count(players):
    """Expansion rules, setup 8, 10, 11: 5 people, 12 food and 1 tusk each, trade marker on 0; the 9 new
    cards join the deck and 5 lie face up whatever the player count; the 9 new tiles join the base tiles,
    stacks of 7, one stack per player, the rest back in the box unseen."""
    s = style_game(players)
    assert all(p["people"] == 5 and p["food"] == 12 and p["ornaments"] == 1 and p["trade"] == 0
               and p["traded"] is False for p in s["seats"])
    assert len(s["row"]) == 5 and None not in s["row"]
    assert sorted(s["row"] + s["deck"]) == sorted(CIV_IDS + STYLE_CIV_IDS) and len(s["deck"]) == 40
    assert [len(st) for st in s["stacks"]] == [7] * players
    tiles = s["box"] + [t for st in s["stacks"] for t in st]
    assert sorted(tiles) == sorted(BUILDING_IDS + STYLE_BUILDING_IDS) and len(s["box"]) == 37 - 7 * players
    assert "tradingpost" in s["board"] and "civ5" in s["board"] and f"building{players}" in s["board"]
    assert prompts(s) == [(0, "place")]


def test_five_players_need_the_expansion():
    """Expansion rules: the 5th player's board and pieces come with the expansion; the base game is for 2-4."""
    with pytest.raises(CommandError) as err:
        SA.setup(5, {}, 1)
    assert "expansion=style" in err.value.message
    assert SA.players_allowed({}) == (2, 3, 4) and SA.players_allowed({"expansion": "style"}) == (2, 3, 4, 5)
    with pytest.raises(CommandError):
        SA.setup(6, {"expansion": "style"}, 1)


def test_spielbox_tiles_are_an_option_of_the_expansion():
    """Expansion rules, setup 10 shuffles only the 9 new tiles; the 6 older (spielbox) tiles are described
    apart: pbem makes them an option, refused without the expansion."""
    s = style_game(4, spielbox_buildings=True)
    tiles = s["box"] + [t for st in s["stacks"] for t in st]
    assert sorted(tiles) == sorted(BUILDING_IDS + STYLE_BUILDING_IDS + SPIELBOX_IDS)
    with pytest.raises(CommandError):
        SA.setup(4, {"spielbox_buildings": True}, 1)


def test_base_game_is_unchanged_without_the_option():
    """Issue: without the option nothing changes: the pinned layout, the seat fields, the result keys."""
    s = game(4, seed=42)
    assert s["row"] == ["civ/food7-pottery", "civ/stone1-shaman1", "civ/once3-toolmaker1", "civ/stone1-farmer1"]
    assert [st[0] for st in s["stacks"]] == ["bld/5of3", "bld/any-1", "bld/bsg-2", "bld/wsg-1"]
    assert "ornaments" not in s["seats"][0] and "data" not in s
    assert "tradingpost" not in s["board"] and "civ5" not in s["board"]
    assert s["options"]["expansion"] == "none"


def test_expansion_layout_is_pinned():
    """A refactor must not shift stored expansion games: the first layout of a fixed seed is pinned."""
    s = style_game(5, seed=42)
    assert s["data"] == "style-provisional-1"
    assert s["row"] == ["civ/food3-farmer2", "civ/style-trade-1", "civ/dice-toolmaker2b", "civ/style-dice-4",
                        "civ/golddice-art"]
    assert [st[0] for st in s["stacks"]] == ["bld/style-7", "bld/wwg-1", "bld/4of2", "bld/wbg-2", "bld/4of4"]
    assert s["rng"]["pos"] == 44 + 36  # shuffling 45 cards draws 44 times, 37 tiles 36 times


# --- the trading post and the village limits ----------------------------------------------

def test_trading_post_takes_exactly_two_people_of_one_player():
    """Expansion rules, placement example: green puts 2 people on the trading post; it is full, nobody else
    may place there."""
    s = style_game(4)
    refused(s, 0, "place 1 trading post", "exactly 2 people")
    s, ev = play(s, 0, "place 2 trading post")
    assert ev[0] == {"kind": "placed", "seat": 0, "n": 2, "place": "tradingpost"}
    refused(s, 1, "place 2 trading post", "taken")


@pytest.mark.parametrize("players, limit", [(2, 2), (3, 2), (4, 3), (5, 4)])
def test_village_limits_by_player_count(players, limit):
    """Expansion rules, fewer than 5 players: with 4 players at most 3 of toolmaker, hut, field and trading
    post are used in a round, with 2 or 3 players at most 2; with 5 all four."""
    s = style_game(players)
    for p in s["seats"]:
        p["people"] = 10
    order = ["place 2 trading post", "place 1 field", "place 2 hut", "place 1 toolmaker"]
    turn = 0
    for i, text in enumerate(order):
        if i < limit:
            s, _ = play(s, turn, text)
            turn = (turn + 1) % players
        else:
            refused(s, turn, text, f"only {limit} of toolmaker, hut, field and trading post")


def test_fifth_card_space_takes_one_person():
    """Expansion rules, placement example: red puts a person on the 5th card; it is full, others must take
    another card."""
    s = style_game(4)
    s, _ = play(s, 0, "place 1 civ 5")
    refused(s, 1, "place 1 civ 5", "taken")


def test_five_players_have_five_stacks_one_person_each():
    """Expansion rules: with 5 players there are 5 building stacks; one person per building."""
    s = style_game(5)
    s, _ = play(s, 0, "place 1 building 5")
    refused(s, 1, "place 1 building 5", "taken")
    refused(s, 1, "place 2 building 4", "exactly 1 person")


def test_resource_places_have_no_colour_limit_with_five_players():
    """Expansion rules: the 5-player game adds no limit to forest, clay pit, quarry and river (7 spaces)."""
    s = style_game(5)
    for i, n in enumerate((2, 2, 2, 1)):
        s, _ = play(s, i, f"place {n} forest")
    assert sum(1 for c in s["board"]["forest"] if c) == 4
    refused(s, 4, "place 1 forest", "full")


def test_hunting_has_no_limit():
    """Expansion rules: any number of people may go hunting."""
    s = style_game(5)
    for p in s["seats"]:
        p["people"] = 10
    placed = []
    for i in range(5):
        s, ev = play(s, i, "place 10 hunt")
        placed += [e["n"] for e in ev if e["kind"] == "placed"]
    assert placed == [10] * 5


def test_trading_post_moves_the_marker_two_and_gives_two_ornaments():
    """Expansion rules, phase 2, trading post: the marker goes 2 spaces forward and the player takes
    2 ornaments at once (hut, field, toolmaker and trading post need no command)."""
    s = style_game(4)
    s, ev = acting(s, {0: {"tradingpost": 2}})
    p = s["seats"][0]
    assert p["trade"] == 2 and p["ornaments"] == 3
    assert {"kind": "trade_track", "seat": 0, "pos": 2, "source": "tradingpost"} in ev


def test_trading_post_at_the_end_of_the_track_still_gives_ornaments():
    """Expansion rules: the 2 ornaments come every time, wherever the marker is; the track ends at 10."""
    s = seat(style_game(4), 0, trade=9)
    s, _ = acting(s, {0: {"tradingpost": 2}})
    assert s["seats"][0]["trade"] == 10 and s["seats"][0]["ornaments"] == 3
    s = seat(style_game(4), 0, trade=10)
    s, _ = acting(s, {0: {"tradingpost": 2}})
    assert s["seats"][0]["trade"] == 10 and s["seats"][0]["ornaments"] == 3


# --- the end ---------------------------------------------------------------------------

def test_game_ends_when_five_cards_cannot_be_laid_out():
    """Expansion rules, end of the game: at the start of a round, if the 5 spaces cannot all be refilled."""
    s = style_game(4)
    s["row"][0] = None
    s["row"][1] = None
    s["deck"] = s["deck"][:1]
    s["phase"], s["turn"] = "feed", 0
    from pbem.engine.stone_age.feeding import end_round
    events = []
    assert end_round(s, events) == "over" and s["over"]["reason"] == "civ_deck"


def test_row_slides_and_refills_five_spaces():
    """Expansion rules, new round: remaining cards slide to the cheap end; the 5th space is refilled like
    the others."""
    s = style_game(4)
    kept = [s["row"][1], s["row"][4]]
    s["row"][0] = s["row"][2] = s["row"][3] = None
    nxt = s["deck"][:3]
    from pbem.engine.stone_age.feeding import end_round
    assert end_round(s, []) == "place"
    assert s["row"] == kept + nxt


# --- the view --------------------------------------------------------------------------

def test_view_shows_the_new_keys_and_hides_extra_cards():
    """Issue: the view gains expansion, places, row_costs, village_limit (every game) and the seats'
    ornaments and trade marker; face-down cards stay counts for others."""
    s = style_game(5)
    s["seats"][1]["hidden"] = [s["deck"].pop(0)]
    v = SA.view(s, 0)
    assert v["expansion"] == "style" and v["village_limit"] is None
    assert v["row_costs"][4] == {"n": 3, "item": "ornament"} and len(v["row"]) == 5
    assert "tradingpost" in v["places"] and "woodyard" in v["places"]
    assert v["seats"][0]["ornaments"] == 1 and v["seats"][0]["trade"] == 0
    assert v["seats"][1]["hidden"] == 1 and isinstance(SA.view(s, 1)["seats"][1]["hidden"], list)
    base = SA.view(game(4), 0)
    assert base["expansion"] == "none" and base["row_costs"] == [{"n": n, "item": "resource"} for n in (1, 2, 3, 4)]
    assert base["village_limit"] is None and SA.view(game(2), 0)["village_limit"] == 2


def test_prompts_and_events_describe_in_four_locales():
    """Issue: every new event has a line in en, ja, fr and de."""
    s = style_game(4)
    s, ev = acting(s, {0: {"tradingpost": 2}})
    events = ev + [{"kind": "traded", "seat": 0, "give": ["ornament", "ornament"], "get": ["stone"]},
                   {"kind": "gained", "seat": 1, "item": "ornament", "n": 2, "source": "hunt"}]
    for e in events:
        for loc in ("en", "ja", "fr", "de"):
            line = SA.describe(e, 1, loc)
            assert line and line != e["kind"], (e, loc)
    assert SA.describe(events[-2], 1, "en") == "Player 1 traded 2 ornaments for 1 stone."
    assert SA.describe(events[-2], 0, "de") == "Du hast 2 Schmuck gegen 1 Stein getauscht."
    assert "trade" in kinds(ev) or "trade_track" in kinds(ev)


def test_every_event_of_expansion_games_reads_in_four_locales():
    """Issue: describe gives a real line (never the bare kind) for every event of whole expansion games,
    for the acting seat, another seat and a spectator."""
    import random
    seen = set()
    for players, seed in ((5, 1), (3, 2), (2, 3)):
        s = style_game(players, seed=seed, spielbox_buildings=True)
        rnd = random.Random(seed)
        while SA.pending(s):
            pr = SA.pending(s)[0]
            s, events = SA.apply(s, pr.seat, SA.bot_move(s, pr.seat, rnd))
            for e in events:
                seen.add(e["kind"])
                for loc in ("en", "ja", "fr", "de"):
                    for viewer in (e.get("seat"), (e.get("seat") or 0) + 1, None):
                        line = SA.describe(e, viewer, loc)
                        assert line and line != e["kind"], (e, loc)
    assert {"trade_track", "gained", "bought", "built"} <= seen


def test_the_fast_copy_shares_nothing_in_expansion_states():
    """apply never mutates its input: the hand-written copy also copies the expansion's fields."""
    import json
    import random
    s = style_game(5, seed=9)
    rnd = random.Random(9)
    for _ in range(200):
        pr = SA.pending(s)[0]
        before = json.dumps(s, sort_keys=True)
        new, _ = SA.apply(s, pr.seat, SA.bot_move(s, pr.seat, rnd))
        assert json.dumps(s, sort_keys=True) == before
        s = new

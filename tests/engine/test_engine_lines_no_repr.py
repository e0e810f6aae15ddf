"""No Python value leaks into a history line: seeded bot games of both engines, every event described in every
language for the seat, another seat and a spectator, and none shows "[", "]", "{", "}", "None", "True" or "False"
(a user-tester read "tools [1, 0, 0]")."""
import random
import re

import pytest

from pbem.engine import get

REPR = re.compile(r"[\[\]{}]|\bNone\b|\bTrue\b|\bFalse\b")


def events(slug: str, players: int, seed: str, options: dict) -> list[dict]:
    engine = get(slug)
    state = engine.setup(players, dict(options), seed)
    rnd = random.Random(seed)
    out = []
    while True:
        prompts = engine.pending(state)
        if not prompts:
            return out
        seat = prompts[0].seat
        state, evs = engine.apply(state, seat, engine.bot_move(state, seat, rnd))
        out += evs


@pytest.mark.parametrize("slug, players, seed, options", [
    ("stone-age", 2, "repr-1", {}),
    ("stone-age", 4, "repr-2", {}),
    ("stone-age", 3, "repr-3", {"expansion": "style"}),
    ("tta", 3, "repr-4", {}),
])
def test_no_python_repr_in_any_line(slug, players, seed, options):
    engine = get(slug)
    bad = set()
    for ev in events(slug, players, seed, options):
        other = 1 if ev.get("seat") == 0 else 0
        for loc in ("en", "ja", "fr", "de"):
            for viewer in (None, ev.get("seat"), other):
                text = engine.describe(ev, viewer, loc)
                if REPR.search(text):
                    bad.add((ev["kind"], loc, text))
    assert not bad, sorted(bad)[:10]

"""The move log as the game page shows it: readable lines grouped by round and phase, and the score track."""
from __future__ import annotations

from .. import engine
from ..models import Game, Move
from .games import presentation




def grouped_history(game: Game, moves: list[Move], viewer: int | None, locale: str, names: list[str]) -> list[dict]:
    """Rounds, newest last: {"round", "start", "phases": [{"phase", "lines": [{"seq", "text", "source"}]}]}.

    A "round" event opens a new round; each event's phase comes from the game's phase table.
    """
    rules = engine.get(game.slug)
    # An engine may define `event_phase(event)` itself, which wins over its presentation's.
    phase_of = getattr(rules, "event_phase", None) or presentation(game.slug).event_phase
    rounds = [{"round": 1 if phase_of else None, "start": None, "phases": []}]
    for move in moves:
        for ev in move.events or ():
            if ev.get("kind") == "round" and "round" in ev:
                rounds.append({"round": ev["round"], "start": rules.describe(ev, viewer, locale, names),
                               "phases": []})
                continue
            text = rules.describe(ev, viewer, locale, names)
            if not text:
                continue
            current = rounds[-1]["phases"]
            phase = phase_of(ev) if phase_of else "moves"
            if phase is None:
                phase = current[-1]["phase"] if current else "act"
            if not current or current[-1]["phase"] != phase:
                current.append({"phase": phase, "lines": []})
            current[-1]["lines"].append({"seq": move.seq, "text": text, "source": move.source})
    return [r for r in rounds if r["phases"] or r["start"]]


def score_track(game: Game, moves: list[Move]) -> list[tuple[int, list[int]]]:
    """(move seq, scores by seat) at the start and after every move that changed a score.

    From `Move.scores` where the engine records them; else from the game's score events.
    """
    points = [(0, [0] * game.num_seats)]
    fold = presentation(game.slug).score_changes
    recorded = any(m.scores is not None for m in moves)
    for move in moves:
        if recorded:
            scores = list(move.scores) if move.scores is not None else points[-1][1]
        elif fold is not None:
            scores = points[-1][1]
            for ev in move.events or ():
                scores = fold(ev, scores)
        else:
            return []
        if scores != points[-1][1]:
            points.append((move.seq, scores))
    if moves and points[-1][0] != moves[-1].seq:
        points.append((moves[-1].seq, points[-1][1]))
    return points


def round_starts(moves: list[Move]) -> list[tuple[int, int]]:
    """(round, seq of the move that began it) for every round after the first."""
    return [(ev["round"], move.seq) for move in moves for ev in move.events or ()
            if ev.get("kind") == "round" and "round" in ev]


def score_chart(track: list[tuple[int, list[int]]], rounds: list[tuple[int, int]],
                width: int = 600, height: int = 220, pad: int = 34) -> dict | None:
    """Geometry of a step chart of the score track (SVG coordinates), or None with nothing to draw."""
    if len(track) < 2:
        return None
    last_seq = max(track[-1][0], 1)
    low = min(0, min(min(s) for _, s in track))
    high = max(10, max(max(s) for _, s in track))
    span = high - low

    def x(seq: int) -> float:
        return round(pad + (width - 2 * pad) * seq / last_seq, 1)

    def y(score: int) -> float:
        return round(height - pad - (height - 2 * pad) * (score - low) / span, 1)

    seats = len(track[0][1])
    lines = []
    for s in range(seats):
        pts, prev = [], None
        for seq, scores in track:
            if prev is not None:
                pts.append(f"{x(seq)},{y(prev)}")  # a step: scores change at a move, not in between
            pts.append(f"{x(seq)},{y(scores[s])}")
            prev = scores[s]
        lines.append({"seat": s, "points": " ".join(pts), "final": track[-1][1][s],
                      "end": (x(track[-1][0]), y(track[-1][1][s]))})
    step = next(k for k in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if span / k <= 6)
    ticks = [{"value": v, "y": y(v)} for v in range(low - low % step, high + 1, step) if v >= low]
    return {"width": width, "height": height, "pad": pad, "lines": lines, "ticks": ticks,
            "rounds": [{"round": r, "x": x(seq)} for r, seq in rounds if seq <= last_seq],
            "x0": pad, "x1": width - pad, "y0": y(low), "y1": pad}


def note_lines(notes: list, names: list[str]) -> list[dict]:
    """The service's steps in the game (timeouts, extensions, vacations) as lines in the viewer's language."""
    from datetime import datetime

    from flask_babel import gettext

    from .local_time import when

    lines = []
    for note in notes:
        data = note.data or {}
        name = data.get("name") or (names[note.seat] if note.seat is not None and note.seat < len(names) else "?")
        if note.kind == "extended":
            text = gettext("%(name)s did not move in time: the deadline is extended to %(deadline)s "
                           "(extension %(n)s of %(of)s)", name=name,
                           deadline=when(datetime.fromisoformat(data["deadline"])), n=data["n"], of=data["of"])
        elif note.kind == "bot_played":
            text = gettext("%(name)s did not move in time: the bot played %(moves)s", name=name,
                           moves="; ".join(data.get("moves", [])))
            if data.get("replaced"):
                text += ". " + gettext("After %(n)s missed turns the bot takes over %(name)s's seat for good",
                                       n=data.get("timeouts"), name=name)
        elif note.kind == "vacation_start":
            text = gettext("%(name)s is on vacation until %(until)s: their deadlines wait until then", name=name,
                           until=when(datetime.fromisoformat(data["until"])))
        elif note.kind == "vacation_end":
            text = gettext("%(name)s is back from vacation: their deadlines run again", name=name)
        else:
            continue
        lines.append({"at": note.created_at, "text": text})
    return lines

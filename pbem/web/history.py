"""The move log as the game page shows it: readable lines grouped by round and phase, and the score track."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from flask_babel import gettext

from sqlalchemy import select

from .. import engine
from ..extensions import db
from ..models import Game, Move
from ..presentation.games import presentation
from ..presentation.news import UNDO, describe
from .local_time import when

# One history page: the latest ROUNDS_SHOWN rounds, never more than MOVES_SHOWN moves (a game
# without rounds, or a long round, shows its latest moves); older ones on demand.
ROUNDS_SHOWN = 3
MOVES_SHOWN = 150
# The score chart reads at most this many (seq, scores) rows and marks at most this many rounds.
CHART_POINTS = 300
CHART_ROUNDS = 40


@dataclass
class Window:
    """The moves one history page shows: seq `first` to `last`; `older` is the `upto` of the page before."""
    first: int
    last: int
    round: int  # the round of move `first`
    moves: list[Move]
    older: int | None
    latest: bool


def window(game: Game, upto: int | None = None) -> Window:
    """The moves of the history page ending at move `upto` (default the newest), in a few indexed queries."""
    last = game.version if upto is None else max(0, min(upto, game.version))
    if last == 0:
        return Window(0, 0, 1, [], None, True)
    opening = select(Move.seq, Move.opens_round).where(Move.game_id == game.id, Move.opens_round.is_not(None))
    # The moves that opened the rounds before the last one: the page begins after the oldest of them.
    openers = db.session.execute(opening.where(Move.seq < last).order_by(Move.seq.desc())
                                 .limit(ROUNDS_SHOWN)).all()
    first, round_ = (openers[-1][0] + 1, openers[-1][1]) if len(openers) == ROUNDS_SHOWN else (1, 1)
    if last - MOVES_SHOWN + 1 > first:  # a long round, or a game without rounds: its latest moves
        first = last - MOVES_SHOWN + 1
        before = db.session.execute(opening.where(Move.seq < first).order_by(Move.seq.desc()).limit(1)).first()
        round_ = before[1] if before else 1
    # The move before the page too: a round's opening line is the last event of the move before it.
    moves = db.session.scalars(select(Move).where(Move.game_id == game.id, Move.seq >= first - 1,
                                                  Move.seq <= last).order_by(Move.seq)).all()
    return Window(first, last, round_, list(moves), first - 1 if first > 1 else None, last == game.version)


def grouped_history(game: Game, page: Window, viewer: int | None, locale: str, names: list[str]) -> list[dict]:
    """Rounds, newest last: {"round", "start", "phases": [{"phase", "lines": [{"seq", "text", "source"}]}]}.

    A "round" event opens a new round; each event's phase comes from the game's phase table. Each
    event is on one page only: the move before the page gives only its round opening, and an older
    page stops where the next round opens.
    """
    rules = engine.get(game.slug)
    # An engine may define `event_phase(event)` itself, which wins over its presentation's.
    phase_of = presentation(game.slug).event_phase
    rounds = [{"round": page.round if phase_of else None, "start": None, "phases": []}]
    for move in page.moves:
        if move.undone_by is not None:
            continue  # taken back: the undo's own line says so
        before = move.seq < page.first
        events = move.events or ()
        # An event without a phase of its own (an undo, a payment made in another way, a one-time gain) belongs
        # with the next event of its move that has one, else with the heading before it.
        phases = [None if ev.get("kind") == UNDO else phase_of(ev) for ev in events] if phase_of else []
        for i in range(len(phases) - 2, -1, -1):
            if phases[i] is None:
                phases[i] = phases[i + 1]
        for i, ev in enumerate(events):
            if ev.get("kind") == "round" and "round" in ev:
                if move.seq == page.last and not page.latest:
                    break
                before = False
                rounds.append({"round": ev["round"], "start": rules.describe(ev, viewer, locale, names),
                               "phases": []})
                continue
            if before:
                continue
            text = describe(rules, ev, viewer, locale, names)
            if not text:
                continue
            current = rounds[-1]["phases"]
            phase = phases[i] if phase_of else "moves"
            if phase is None:
                phase = current[-1]["phase"] if current else "act"
            if not current or current[-1]["phase"] != phase:
                current.append({"phase": phase, "lines": []})
            current[-1]["lines"].append({"seq": move.seq, "text": text, "source": move.source})
    return [r for r in rounds if r["phases"] or r["start"]]


def _sample(last: int, points: int) -> list[int]:
    """About `points` move numbers spread evenly over 1..last, always with the last."""
    step = last / points
    return sorted({min(last, round(1 + i * step)) for i in range(points)} | {last})


def score_track(game: Game) -> list[tuple[int, list[int]]]:
    """(move seq, scores by seat) at the start and after every move that changed a score, in one query.

    From `Move.scores` where the engine records them (a long game: sampled at CHART_POINTS moves,
    enough for a chart CHART_POINTS pixels wide); else, for a short game, from its score events.
    """
    if game.version == 0:
        return []
    points = [(0, [0] * game.num_seats)]
    # Moves taken back are left out: their undo row carries the scores as they are again.
    query = select(Move.seq, Move.scores).where(Move.game_id == game.id, Move.undone_by.is_(None))
    if game.version > CHART_POINTS:
        query = query.where(Move.seq.in_(_sample(game.version, CHART_POINTS)))
    rows = db.session.execute(query.order_by(Move.seq)).all()
    if all(scores is None for _, scores in rows):
        fold = presentation(game.slug).score_changes
        if fold is None or game.version > CHART_POINTS:
            return []
        folded, scores = [], points[-1][1]
        for seq, events in db.session.execute(select(Move.seq, Move.events).where(Move.game_id == game.id)
                                              .order_by(Move.seq)):
            for ev in events or ():
                scores = fold(ev, scores)
            folded.append((seq, scores))
        rows = folded
    for seq, scores in rows:
        scores = list(scores) if scores is not None else points[-1][1]
        if scores != points[-1][1]:
            points.append((seq, scores))
    if points[-1][0] != rows[-1][0]:
        points.append((rows[-1][0], points[-1][1]))
    return points


def round_starts(game: Game) -> list[tuple[int, int]]:
    """(round, seq of the move that began it) for rounds after the first (at most CHART_ROUNDS, spread evenly)."""
    opening = select(Move.opens_round, Move.seq).where(Move.game_id == game.id, Move.opens_round.is_not(None))
    top = db.session.scalar(select(Move.opens_round).where(Move.game_id == game.id, Move.opens_round.is_not(None))
                            .order_by(Move.seq.desc()).limit(1))
    if top is None:
        return []
    if top - 1 > CHART_ROUNDS:
        opening = opening.where(Move.opens_round.in_([r + 1 for r in _sample(top - 1, CHART_ROUNDS)]))
    return [(r, seq) for r, seq in db.session.execute(opening.order_by(Move.seq))]


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
    """The service's steps in the game (timeouts, extensions, vacations, mail a cap left unanswered) as lines in the
    viewer's language."""
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
        elif note.kind == "mail_held":
            text = gettext("A mail from %(name)s got no answer: pbem answers at most %(limit)s (%(cap)s)",
                           name=name, limit=data.get("limit", "?"), cap=data.get("cap", "?"))
        else:
            continue
        lines.append({"at": note.created_at, "text": text})
    return lines

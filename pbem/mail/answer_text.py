"""The words of an answer to a received mail: what each step did or why it stopped, what is legal now, what
happened meanwhile, and the situation (the board and what is asked), in the reader's language."""
from __future__ import annotations

from flask import current_app
from flask_babel import gettext as _, ngettext
from sqlalchemy import select

from .. import engine, keywords
from ..extensions import db
from ..models import Game, Move, Seat, User
from ..presentation.board import board_text
from ..presentation.news import describe, held_text
from ..presentation.turn import commands_doc, turn_block
from ..presentation.words import prompt_words, seat_names, shown_commands, told_moves, worded
from . import outbound
from .report import Report, Step

# "What happened" in an answer: the first lines (what the sender's own lines did and brought) and the latest,
# with a count of those left out between; a reply that ends a TtA turn is followed by every other seat's turn.
HISTORY_LINES = 60
LEGAL_SHOWN = 24  # legal commands listed in an answer; the rest are counted
EXAMPLES = 8


def legal_examples(game: Game, seat: int, limit: int = EXAMPLES) -> list[str]:
    """A few commands `seat` could send now (templates for payments, where the game offers them)."""
    rules = engine.get(game.slug)
    try:
        if rules.CAPABILITIES.legal_texts:
            texts = list(rules.CAPABILITIES.legal_texts(game.state, seat))[:limit]
        else:
            texts = [str(m) for m in rules.legal(game.state, seat)[:limit]]
    except engine.CommandError:
        return []
    return shown_commands(game, seat, texts)


def render(report: Report, locale: str) -> str:
    out = [_("Hello %(name)s,", name=report.user.name), ""]
    if not report.steps:
        out += [_("pbem found no command in your mail. Type your commands above the quoted text, one per "
                  "line; write \"help\" for the list."), ""]
    for step in report.steps:
        out += _RENDERERS[step.verb](step, report, locale)
        out.append("")
    out += _situation(report, locale)
    if report.limit:
        out += ["", _("pbem answers at most %(limit)s mails that come from your address without a reply address "
                      "of yours or a signature of your domain; further ones get no answer for now.",
                      limit=report.limit)]
    return "\n".join(out).rstrip("\n") + "\n"


def _quoted(lines: list[str]) -> list[str]:
    return [f"  > {line}" for line in lines]


def _applied(step: Step, report: Report) -> list[str]:
    if not step.applied:
        return []
    moves = told_moves(report.game, step.applied) if report.game is not None else step.applied
    return [_("Applied: %(moves)s.", moves="; ".join(moves))]


def _shown_legal(step: Step, report: Report, locale: str) -> list[str]:
    """The first of what the seat could send, players named as in its turn mail (the step keeps them canonical)."""
    legal = step.legal[:LEGAL_SHOWN]
    game = report.game
    if step.verb != "moves" or game is None or report.seat is None or game.state is None:
        return worded(legal, locale)
    return worded(shown_commands(game, report.seat, legal), locale)


def _failure(step: Step, report: Report, locale: str) -> list[str]:
    if step.trailing:
        if report.seat is None or report.game is None or report.game.state is None:
            out = [_("Ignored the rest: \"%(line)s\" (%(why)s).", line=step.failed_line, why=step.error_in(locale))]
            if report.unread:
                out += [_("Not read either:"), *_quoted(report.unread)]
            return out
        return []  # a closing below the commands ("Thanks!", the writer's name) ends the mail quietly
    if step.understood:
        out = [_("This line was not applied:"), *_quoted([step.failed_line or ""])]
    else:
        out = [_("pbem did not understand this line, so it stopped reading there:"), *_quoted([step.failed_line or ""])]
    out += _did_you_mean(step, report)
    out.append(_("Why: %(error)s", error=step.error_in(locale)))
    if report.unread:
        out += [_("The lines after it were not read:") if step.understood
                else _("Not applied either, since they come after it:"), *_quoted(report.unread)]
    if step.legal:
        out += [_("What you could send now:"), *(f"  {c}" for c in _shown_legal(step, report, locale))]
        if len(step.legal) > LEGAL_SHOWN:
            # Never a silent cut: say how many more, and where the whole list is.
            more = len(step.legal) - LEGAL_SHOWN
            url = f"{current_app.config['BASE_URL']}/games/{report.game.id}" if report.game else \
                current_app.config["BASE_URL"]
            out.append("  " + ngettext("… and %(num)d more: the game page lists them all: %(url)s",
                                       "… and %(num)d more: the game page lists them all: %(url)s", more, url=url))
    return out


def _did_you_mean(step: Step, report: Report) -> list[str]:
    """The legal commands nearest the failing line, players named as in the turn mail."""
    if not step.suggestions:
        return []
    shown = step.suggestions
    if report.game is not None and report.seat is not None and report.game.state is not None:
        shown = shown_commands(report.game, report.seat, shown)
    if len(shown) == 1:
        return [_("Did you mean \"%(command)s\"?", command=shown[0])]
    return [_("Did you mean one of these?"), *(f"  {command}" for command in shown)]


def _acknowledged(step: Step, locale: str) -> list[str]:
    """Lines that named what was already done: not failures; each says what happened there."""
    if not step.acknowledged:
        return []
    return [_("Already done, nothing more to do:"),
            *(f"  {done['local'].get(locale, done['message'])}" for done in step.acknowledged)]


def _queued(step: Step) -> list[str]:
    """Lines kept until the game asks this seat again in its turn (docs/mail.md)."""
    if not step.queued:
        return []
    return [held_text(step.queued, step.queued_for)]


def _render_moves(step: Step, report: Report, locale: str) -> list[str]:
    return (_applied(step, report) + _acknowledged(step, locale) + _queued(step)
            + ([] if step.ok else _failure(step, report, locale)))


def _render_join(step: Step, report: Report, locale: str) -> list[str]:
    if not step.ok:
        return _failure(step, report, locale)
    game = db.session.get(Game, step.game_id)
    taken = sum(1 for s in game.seats if s.is_bot or s.user_id is not None)
    if step.note == "already":
        out = [_("You already have a seat in game #%(id)s \"%(title)s\".", id=game.id, title=game.title)]
    else:
        out = [_("You joined game #%(id)s \"%(title)s\" (%(name)s).", id=game.id, title=game.title,
                 name=engine.get(game.slug).NAME)]
    out.append(_("%(taken)s of %(seats)s seats are taken.", taken=taken, seats=game.num_seats))
    if game.status == "lobby":
        out.append(_("You are the host: send \"start\" when every seat is taken.") if game.host_id == report.user.id
                   else _("The game starts when the host starts it; your first turn mail will follow."))
    return out


def _render_start(step: Step, report: Report, locale: str) -> list[str]:
    if not step.ok:
        return _failure(step, report, locale)
    game = db.session.get(Game, step.game_id)
    return [_("Game #%(id)s \"%(title)s\" has started.", id=game.id, title=game.title)]


def _render_say(step: Step, report: Report, locale: str) -> list[str]:
    if not step.ok:
        return _failure(step, report, locale)
    return [_("Said to the table of game #%(id)s:", id=step.game_id),
            *(f"  {line}" for line in step.text.strip().split("\n"))]


def _render_status(step: Step, report: Report, locale: str) -> list[str]:
    if not step.ok:
        return _failure(step, report, locale)
    if report.game is None:
        return _game_list(report.user)
    game = report.game
    db.session.refresh(game)
    out = [_("Game #%(id)s \"%(title)s\" (%(name)s), move %(version)s.", id=game.id, title=game.title,
             name=engine.get(game.slug).NAME, version=game.version)]
    if game.state is None:
        return out + [_("It has not started yet.")]
    rules = engine.get(game.slug)
    names = _names(game)
    if rules.CAPABILITIES.board_text:
        # The game's own text board, as the turn mail shows it.
        out += ["", board_text(game, report.seat, locale).rstrip("\n")]
    else:
        scores = rules.CAPABILITIES.scores(game.state) if rules.CAPABILITIES.scores else None
        for position, name in enumerate(names):
            you = _(" (you)") if position == report.seat else ""
            score = _(": %(score)s points", score=scores[position]) if scores else ""
            out.append(f"  {name}{you}{score}")
    last = _history(game, max(game.version - 12, 0), report.seat, locale)
    if last:
        out += ["", _("Lately:"), *(f"  {line}" for line in last)]
    return out


def _game_list(user: User) -> list[str]:
    games = db.session.scalars(select(Game).join(Seat).where(Seat.user_id == user.id,
                                                             Game.status.in_(("lobby", "active")))
                               .order_by(Game.id)).all()
    if not games:
        return [_("You are not playing any game now.")]
    out = [_("Your games:")]
    for game in games:
        seat = game.seat_of(user)
        yours = seat is not None and seat.prompt_version is not None
        state = _("your turn") if yours else (_("not started") if game.status == "lobby" else _("waiting"))
        out.append(f"  #{game.id} {game.title}: {state}")
    return out


def _render_help(step: Step, report: Report, locale: str) -> list[str]:
    words = {verb: ", ".join(w for w in keywords.WORDS[verb][1:]) for verb in keywords.WORDS}
    return [
        _("How to play by email: reply to a turn mail and type your commands above the quoted text, one per "
          "line. They apply in order; the first line that cannot be used stops the reading."),
        "",
        _("Besides the game's own commands:"),
        "  join 12       " + _("take a seat in game 12") + f"  ({words['join']})",
        "  start         " + _("start your game when every seat is taken (host)") + f"  ({words['start']})",
        "  say <text>    " + _("talk to everyone at the table") + f"  ({words['say']})",
        "  status        " + _("the game again") + f"  ({words['status']})",
        "  help          " + _("this text") + f"  ({words['help']})",
        "  undo          " + _("take back your moves of this turn, while they revealed nothing and asked "
                               "nobody") + f"  ({words['undo']})",
        "  new stone-age 3 players with ann@example.org bob@example.org",
        "                " + _("a new game you host: invite by address, or \"with 2 bots\"") + f"  ({words['new']})",
        "  language ja   " + _("write to me in en, ja, fr or de") + f"  ({words['language']})",
        "  timezone Asia/Tokyo",
        "                " + _("show deadlines in this zone (and in UTC)") + f"  ({words['timezone']})",
        "",
        _("Game commands may be written in English, Japanese, French or German; when a line is not "
          "understood, the answer says why and what would be legal."),
    ]


def _render_new(step: Step, report: Report, locale: str) -> list[str]:
    if not step.ok:
        return _failure(step, report, locale)
    game = db.session.get(Game, step.game_id)
    db.session.refresh(game)
    out = [_("You created game #%(id)s \"%(title)s\" (%(name)s) with %(seats)s seats.", id=game.id,
             title=game.title, name=engine.get(game.slug).NAME, seats=game.num_seats)]
    bots = sum(1 for s in game.seats if s.is_bot)
    if bots:
        out.append(bots_line(bots))
    invited = [s.invited_email for s in game.seats if s.invited_email and s.user_id is None]
    if invited:
        out.append(_("Invited: %(addresses)s. The game starts when you send \"start\" once every seat is taken.",
                     addresses=", ".join(invited)))
    if game.status == "active":
        out.append(_("It has started."))
    elif not invited:
        out.append(_("Seats are open: others may join with \"join %(id)s\"; send \"start\" when every seat is "
                     "taken.", id=game.id))
    return out


def bots_line(bots: int) -> str:
    """What a new game's bots are, in the current locale (the answer that made the game, the request's
    confirmation)."""
    return ngettext("With %(num)d bot: it plays its turns at once, whenever it is asked.",
                    "With %(num)d bots: they play their turns at once, whenever they are asked.", bots)


def _render_language(step: Step, report: Report, locale: str) -> list[str]:
    if not step.ok:
        return _failure(step, report, locale)
    return [_("From now on pbem writes to you in English.")]


def _render_timezone(step: Step, report: Report, locale: str) -> list[str]:
    if not step.ok:
        return _failure(step, report, locale)
    return [_("Your time zone is now %(zone)s: deadlines are shown in it and in UTC.", zone=step.note)]


_RENDERERS = {"new": _render_new, "language": _render_language, "timezone": _render_timezone,
              "moves": _render_moves, "join": _render_join, "start": _render_start, "say": _render_say,
              "status": _render_status, "help": _render_help}


def _names(game: Game) -> list[str]:
    seated = sorted((s for s in game.seats if s.position is not None), key=lambda s: s.position)
    return [s.display_name for s in seated]


def _history(game: Game, since: int, viewer: int | None, locale: str) -> list[str]:
    """The game's own lines for the moves after `since`, as `viewer` may see them."""
    rules = engine.get(game.slug)
    names = _names(game)
    moves = db.session.scalars(select(Move).where(Move.game_id == game.id, Move.seq > since)
                               .order_by(Move.seq)).all()
    lines = [describe(rules, ev, viewer, locale, names) for move in moves if move.undone_by is None
             for ev in move.events]
    lines = [line for line in lines if line]
    if len(lines) <= HISTORY_LINES:
        return lines
    head, tail = HISTORY_LINES * 2 // 3, HISTORY_LINES // 3
    left_out = len(lines) - head - tail
    return lines[:head] + [ngettext("… %(num)d more line, on the game page …",
                                    "… %(num)d more lines, on the game page …", left_out)] + lines[-tail:]


def _situation(report: Report, locale: str) -> list[str]:
    """What happened since the mail's first move, and who is asked now; nothing without a game and seat."""
    game, seat = report.game, report.seat
    if game is None or seat is None:
        return []
    db.session.refresh(game)
    if game.state is None:
        return []
    rules = engine.get(game.slug)
    out = []
    befores = [s.version_before for s in report.steps if s.version_before is not None and s.applied]
    if befores:
        lines = _history(game, min(befores), seat, locale)
        if lines:
            out += [_("What happened:"), *(f"  {line}" for line in lines), ""]
    if game.status == "finished":
        out += _result(game)
    else:
        pending = sorted({p.seat for p in rules.pending(game.state)})
        asked_row = asked_seat(game, seat)
        if seat in pending and asked_row is not None:
            names = seat_names(game)
            asked = ", ".join(prompt_words(p, names, rules) for p in rules.pending(game.state) if p.seat == seat)
            out += [_("It is your turn: %(asked)s.", asked=asked), ""]
            # What the turn mail would say (this answer is the turn mail): the commands, the
            # link, the deadline and the board; "what happened" is above already.
            block = turn_block(game, asked_row, report.user)
            block.since = []
            out += outbound.render("_game.txt", block=block, commands_doc=commands_doc()).rstrip("\n").split("\n")
            return out
        else:
            names = _names(game)
            out.append(_("Now waiting for %(names)s.", names=", ".join(names[s] for s in pending if s < len(names))))
    out += ["", _("The game: %(url)s", url=f"{current_app.config['BASE_URL']}/games/{game.id}")]
    return out


def _result(game: Game) -> list[str]:
    result = game.result or {}
    names = _names(game)
    out = [_("The game is over.")]
    for position in result.get("ranking", []):
        place = result.get("places", {}).get(str(position))
        score = result.get("scores", {}).get(str(position))
        name = names[position] if position < len(names) else str(position)
        out.append(f"  {place}. {name}: {score}")
    return out


def asked_seat(game: Game | None, seat: int | None) -> Seat | None:
    """The seat row when `seat` is asked to act now in `game`, else None."""
    if game is None or seat is None or game.status != "active":
        return None
    db.session.refresh(game)
    row = game.seat_at(seat)
    return row if row is not None and row.prompt_version is not None else None

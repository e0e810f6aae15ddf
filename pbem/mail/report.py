"""What one answer to a received mail tells: the steps its lines made (each done, or where it stopped and why), and
why a mail got no answer when a cap held it back."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..languages import translated
from ..models import Game, User
from ..play import PlayError

@dataclass(frozen=True)
class Held:
    """Why a mail got no answer: the cap that held the answer back (recorded, never silent to the operator)."""

    cap: str  # the limit's name: MAX_SEAT_ANSWERS_PER_HOUR, MAIL_STRANGER_LIMIT, ...
    limit: str  # the limit in words: "300 per 1 hour"

    def __str__(self) -> str:
        return f"{HELD_BACK} {self.cap} ({self.limit})"


# The stored detail of a mail whose answer a cap held back says this (the dev mailbox lists them by it).
HELD_BACK = "not answered: held back by"


def per_hour(n: int) -> str:
    return f"{n} per 1 hour"


@dataclass
class Step:
    """What one line of a reply did (a run of game command lines is one step)."""

    verb: str  # "moves" (game commands and `undo`), "join", "start", "say", "status", "help", ...
    lines: list[str]
    text: str = ""  # what follows the service word: a game number, the words said
    ok: bool = True
    applied: list[str] = field(default_factory=list)
    acknowledged: list[dict] = field(default_factory=list)  # lines naming what was already done (play.Outcome)
    queued: list[str] = field(default_factory=list)  # lines held behind another seat's interrupt (play.Outcome)
    queued_for: list[str] = field(default_factory=list)  # the names of the seats answering it
    error: str | None = None  # English, for the stored summary
    error_local: dict[str, str] = field(default_factory=dict)  # the same in the other languages
    failed_line: str | None = None
    legal: list[str] = field(default_factory=list)
    # The failing line is a closing after the last command ("Thanks!", the writer's name): the mail ends there
    # quietly. Any other failing line stops the reading, and nothing after it is applied.
    trailing: bool = False
    understood: bool = True  # False: the failing line is no command of the game (nor a service word)
    suggestions: list[str] = field(default_factory=list)  # did you mean …? the legal commands nearest it
    moved_on: bool = False  # the game had left the part of it the mail was written for (play.Outcome)
    rest: list[str] = field(default_factory=list)  # this step's lines after the failing one
    note: str | None = None
    game_id: int | None = None
    version_before: int | None = None

    def fail(self, line: str, error: str, legal=(), local: dict[str, str] | None = None) -> None:
        self.ok = False
        self.failed_line = line
        self.error = error
        self.error_local = dict(local or {})
        self.legal = list(legal)

    def refuse(self, line: str, message: str, legal=(), **values) -> None:
        """Fail with a sentence of the service's own (a msgid with %(name)s places)."""
        self.fail(line, message % values if values else message, legal, translated(message, **values))

    def refused(self, line: str, exc: PlayError) -> None:
        self.refuse(line, exc.message, **exc.values)

    def error_in(self, locale: str) -> str | None:
        return self.error_local.get(locale, self.error)


@dataclass
class Report:
    """Everything one answer tells: who asked, about which game and seat, and each step up to the first failure."""

    user: User
    game: Game | None
    seat: int | None
    steps: list[Step]
    unread: list[str] = field(default_factory=list)  # lines after the failing one
    limit: str | None = None  # the answer limit this mail reached ("10 per 1 hour"): said once, at the end
    reply_to: str | None = None  # where a reply goes when the answer asks for one (a confirmation address)

    @property
    def outcome(self) -> str:
        if not self.steps:
            return "no_command"
        last = self.steps[-1]
        return "done" if last.ok or last.trailing else "stopped"

    def summary(self) -> str:
        """One line for the stored message: what was done, and where it stopped."""
        parts = []
        for step in self.steps:
            if step.applied:
                parts.append("applied " + "; ".join(step.applied))
            if step.acknowledged:
                parts.append("already done " + "; ".join(repr(done["line"]) for done in step.acknowledged))
            if step.verb != "moves" and step.ok:
                parts.append(step.verb + (f" {step.game_id}" if step.game_id else ""))
            if not step.ok:
                where = "ignored from" if step.trailing else "stopped at"
                parts.append(f"{where} {step.failed_line!r}: {step.error}")
                if step.suggestions:
                    parts.append("did you mean " + " or ".join(repr(text) for text in step.suggestions))
        if self.unread and self.outcome == "stopped":
            parts.append("not applied " + "; ".join(repr(line) for line in self.unread))
        return "; ".join(parts) or "nothing to do"

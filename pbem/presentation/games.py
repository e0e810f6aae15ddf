"""Each game's presentation on the web, found by slug the way pbem.engine.get() finds its rules.

A game's folder (games/<package>/) holds its board template and style sheet, the template
globals the board needs, its move-form panels and how its events group into phases. The
generic pages (game_page.py, move_forms.py, history.py, the mail) ask this registry and name
no game; a game without a folder gets the generic presentation (its view as JSON, buttons).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from flask import Blueprint, Flask

# Player colours of the box, by seat; templates always print a name and a shape beside them.
SEAT_COLOURS = ("red", "blue", "green", "yellow")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond")


@dataclass(frozen=True)
class OptionWords:
    """A game option as the new-game form shows it (lazy strings): the engine keeps its key and values."""

    label: Any
    help: Any
    choices: Mapping[Any, Any]  # each value of the option -> its words


@dataclass(frozen=True)
class Presentation:
    """What the generic pages need from one game; every field has a generic default."""

    board_template: str = "boards/generic.html"
    # (state, seat, legal moves, locale) -> panels; None: buttons or a list of the legal moves.
    panels: Callable[..., list] | None = None
    # event -> the phase of the round it belongs to (None: the phase running); None: one list of moves.
    event_phase: Callable[[Mapping], str | None] | None = None
    # phase key -> its name in the reader's language (lazy strings).
    phase_names: Mapping[str, Any] = field(default_factory=dict)
    # (event, scores by seat) -> scores after it, for games whose moves do not record scores.
    score_changes: Callable[[Mapping, list[int]], list[int]] | None = None
    template_globals: Mapping[str, Any] = field(default_factory=dict)
    stylesheet: str | None = None  # a file in the game's static folder
    example: str = ""  # a command shown under the text box when no move form offers one
    summary: Any = ""  # what a host should know before choosing the game (a lazy string), shown in the lobby
    # prompt -> what is at stake in it, in the reader's language ("" for nothing more than the prompt's words):
    # the card a pact offer, an event's choice or a territory is about, as its face says. Page and turn mail.
    prompt_stakes: Callable[[Any], str] | None = None
    options: Mapping[str, OptionWords] = field(default_factory=dict)  # option name -> its words on the form
    blueprint: Blueprint | None = None  # serves the game's templates and static files


GENERIC = Presentation()
# slug -> module defining PRESENTATION; loaded on first use, like the engines.
_MODULES = {"stone-age": "pbem.presentation.stone_age", "tta": "pbem.presentation.tta"}
_loaded: dict[str, Presentation] = {}
# slug -> module whose board_text(state, seat, locale, names) writes the turn mail's board in words of the
# presentation floor (pbem/presentation/board.py); a game without one gets its engine's board text.
_MAIL_BOARDS = {"tta": "pbem.presentation.tta.mail_board"}


def stakes(slug: str, prompts) -> list[str]:
    """What is at stake in `prompts`, one line each where the game says more than the prompt's words."""
    of = presentation(slug).prompt_stakes
    return [line for line in (of(p) for p in prompts) if line] if of else []


def presentation(slug: str) -> Presentation:
    """The presentation of game `slug` (the generic one for a game without its own)."""
    if slug not in _loaded:
        name = _MODULES.get(slug)
        _loaded[slug] = importlib.import_module(name).PRESENTATION if name else GENERIC
    return _loaded[slug]


def mail_board(slug: str) -> Callable[..., str] | None:
    """The turn mail's board of game `slug`, `(state, seat, locale, names) -> text`, or None: the engine's."""
    name = _MAIL_BOARDS.get(slug)
    return importlib.import_module(name).board_text if name else None


def option_words(slug: str, option) -> OptionWords:
    """How the new-game form shows an engine option of game `slug`; the engine's own words if the game has none."""
    return presentation(slug).options.get(option.name) or OptionWords(option.name, option.help,
                                                                      {c: c for c in option.choices})


def init_app(app: Flask) -> None:
    """Serve every game's templates and static files and register the globals their boards use."""
    app.jinja_env.globals.update(seat_colours=SEAT_COLOURS, seat_shapes=SEAT_SHAPES, presentation=presentation,
                                 option_words=option_words)
    for slug in _MODULES:
        shown = presentation(slug)
        app.jinja_env.globals.update(shown.template_globals)
        if shown.blueprint is not None and shown.blueprint.name not in app.blueprints:
            app.register_blueprint(shown.blueprint)

"""Players, commands and prompts in the reader's words: seat names, commands as a player may send them, moves
told back, what a prompt asks."""
from __future__ import annotations

import re
from collections import Counter

from flask_babel import gettext, lazy_gettext, ngettext

from .. import engine
from ..engine.base import text_width
from ..models import Game


def seat_names(game: Game) -> list[str]:
    """Display names by engine seat, for the engine's describe lines."""
    return [s.display_name for s in sorted(game.seats, key=lambda s: s.position if s.position is not None else 99)]


def shown_commands(game: Game, seat: int, texts: list[str]) -> list[str]:
    """Commands `seat` may send, as a player reads them: the engine's optional `shown_command` names the players
    ("aggression Raid I Bob" for "... player 2"); stored moves, the API and other games keep the texts as they are."""
    show = engine.get(game.slug).CAPABILITIES.shown_command
    if show is None or not texts:
        return list(texts)
    names = seat_names(game)
    return [show(text, game.state, seat, names) for text in texts]


def worded(texts: list[str], locale: str) -> list[str]:
    """A list of legal commands as the reader reads it: a line that is no command but an engine's hint (a str with
    `render`, e.g. Stone Age's "(add "tools auto" ... to decide ahead)") in the reader's language."""
    return [text.render(locale) if callable(getattr(text, "render", None)) else text for text in texts]


_PLAYER_N = re.compile(r"\bplayer (\d+)\b")


def told_moves(game: Game, texts: list[str]) -> list[str]:
    """Moves as told back to players ("Applied: ..."): each "player N" as that seat's name where no other seat
    shares it; the stored moves and the API keep "player N". Not a command to send, so it need not parse back."""
    names = [name.strip() for name in seat_names(game)]
    counts = Counter(name.casefold() for name in names)

    def name(m: re.Match) -> str:
        n = int(m.group(1)) - 1
        one = 0 <= n < len(names) and names[n] and counts[names[n].casefold()] == 1
        return names[n] if one else m.group(0)
    return [_PLAYER_N.sub(name, text) for text in texts]


def columns(rows: list[list[str]]) -> list[str]:
    """Rows of cells as aligned text: the first column left, the others right, wide (CJK) characters as two."""
    widths = [max(text_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell + " " * (widths[i] - text_width(cell)) if i == 0
                      else " " * (widths[i] - text_width(cell)) + cell
                      for i, cell in enumerate(row)).rstrip() for row in rows]


# What each prompt kind asks, in words (games add theirs here; an unknown kind is shown as it is).
PROMPT_WORDS = {
    "place": lazy_gettext("place your people"),
    "act": lazy_gettext("use the places where your people stand"),
    "tools": lazy_gettext("decide which tools to add to your roll"),
    "pick": lazy_gettext("pick a die from the dice card"),
    "feed": lazy_gettext("feed your people"),
    "actions": lazy_gettext("take your actions (cards from the row, building, then done)"),
    "politics": lazy_gettext("your political action (an event, an aggression, a war or a pact; or done)"),
    "discard": lazy_gettext("discard military cards down to your hand limit"),
    "event_choice": lazy_gettext("choose what the event or the attack takes or gives (answers below)"),
    "bid": lazy_gettext("bid for the territory, or pass"),
    "colonize": lazy_gettext("pay for the territory you won (units to sacrifice, bonus cards)"),
    "defend": lazy_gettext("you are attacked: defend with bonus cards and sacrifices, or defend none"),
    "sacrifice": lazy_gettext("your war is resolved: sacrifice units for strength, or sacrifice none"),
    "pact_answer": lazy_gettext("a pact is offered to you: accept or refuse"),
}


def _card_words(prompt, names, card_name) -> str | None:
    """A prompt about a card (TtA's), in words naming the card (`card_name`: the game's, which stays English), the
    player and the amount it is about; None when the prompt has no card or the game names none."""
    data = prompt.data or {}
    if card_name is None or "card" not in data or prompt.kind not in ("bid", "colonize", "defend", "pact_answer",
                                                                      "event_choice", "sacrifice"):
        return None
    card = card_name(data["card"])
    by = data.get("on") if prompt.kind == "sacrifice" else data.get("by")
    who = (names[by] if by is not None and by < len(names) and names[by] else
           gettext("Player %(n)d", n=(by or 0) + 1))
    if prompt.kind == "sacrifice":
        return gettext("your war on %(on)s (%(card)s) is resolved now: your strength %(attack)s, theirs %(defence)s "
                       "before sacrifices; sacrifice units for strength, or sacrifice none", on=who, card=card,
                       attack=data.get("attack", 0), defence=data.get("defence", 0))
    if prompt.kind == "bid":
        return gettext("bid for %(card)s or pass; to beat: %(high)s (a bid is the colonization strength you will pay "
                       "if you win: sacrificed units plus bonus cards)", card=card, high=data.get("high", 0))
    if prompt.kind == "colonize":
        words = gettext("pay for %(card)s, won with a bid of %(bid)s: units to sacrifice and bonus cards worth at "
                        "least %(bid)s", card=card, bid=data.get("bid", 0))
        if data.get("pays"):  # what a bare "colonize" gives up
            words += " " + gettext("(“colonize” alone is %(command)s)", command=data["pays"])
        return words
    if prompt.kind == "defend" and data.get("war"):
        return gettext("%(by)s is at war with you (%(card)s), strength %(attack)s: sacrifice units for strength, "
                       "or defend none", by=who, card=card, attack=data.get("attack", 0))
    if prompt.kind == "defend":
        return gettext("%(by)s attacks you with %(card)s, strength %(attack)s: reach %(attack)s with bonus cards "
                       "and sacrifices to hold (a tie holds), or defend none", by=who, card=card,
                       attack=data.get("attack", 0))
    if prompt.kind == "pact_answer":
        return gettext("%(by)s offers you the pact %(card)s, you as %(side)s: accept or refuse", by=who, card=card,
                       side="A" if data.get("a") == prompt.seat else "B")
    if prompt.kind == "event_choice":
        words = gettext("choose what %(card)s takes or gives (answers below)", card=card)
        victim = data.get("victim")
        if victim is not None and victim != prompt.seat:
            words += " " + gettext("(the loser is %(name)s)", name=names[victim] if victim < len(names) and
                                   names[victim] else gettext("Player %(n)d", n=victim + 1))
        if "budget" in data:
            words += " " + gettext("(worth up to %(budget)s civil actions)", budget=data["budget"])
        return words
    return None


def prompt_words(prompt, names=(), rules=None) -> str:
    """One prompt in the reader's words, with the counts that matter ("place your people (3 left)"), and for a
    prompt about a card (the game module `rules` names cards: `card_name`) the card, the player (by `names`, the
    seats' names) and the amount it is about."""
    words = _card_words(prompt, names, rules.CAPABILITIES.card_name if rules is not None else None)
    if words is not None:
        return words
    words = str(PROMPT_WORDS.get(prompt.kind, prompt.kind))
    data = prompt.data or {}
    if "left" in data:
        words += " " + ngettext("(%(num)s person left)", "(%(num)s people left)", data["left"])
    if data.get("short"):
        words += " " + gettext("(%(short)s food short)", short=data["short"])
    if "limit" in data and "hand" in data:
        words += " " + gettext("(you hold %(hand)s, keep %(limit)s)", hand=data["hand"], limit=data["limit"])
    if "high" in data:
        words += " " + gettext("(highest bid so far: %(high)s)", high=data["high"])
    if "total" in data and "dice" in data:
        words += " " + gettext("(you rolled %(dice)s, total %(total)s)",
                               dice=" ".join(map(str, data["dice"])), total=data["total"])
    return words

"""The domain verbs, each owning one transaction: the lobby, the one path of a move, table talk,
the clock's timeouts and reminders, vacations, and the replay check.

Callers use these names from `pbem.play`; the modules behind them are how the verbs are kept
apart for reading, not a second way in.
"""
from .errors import NoSuchGame, NotAllowed, PlayError, StaleForm
from .lobby import add_bot, create_game, invite, join, leave, start_game
from .moves import MAX_BOT_MOVES, Outcome, split_commands, submit
from .replay import replay
from .talk import say
from .timeouts import due_seats, expire_turn, scan, send_reminders
from .vacations import (end_due_vacations, end_vacation, on_vacation, start_vacation, turn_clock_start,
                        vacation_allowance, vacation_days_left)

__all__ = [
    "MAX_BOT_MOVES", "NoSuchGame", "NotAllowed", "Outcome", "PlayError", "StaleForm", "add_bot", "create_game",
    "due_seats", "end_due_vacations", "end_vacation", "expire_turn", "invite", "join", "leave", "on_vacation",
    "replay", "say", "scan", "send_reminders", "split_commands", "start_game", "start_vacation", "submit",
    "turn_clock_start", "vacation_allowance", "vacation_days_left",
]

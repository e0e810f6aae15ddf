"""The printed boards: the player board's tables (by tokens left in a bank), the yellow bank's two sections, and the
card row's costs."""
from __future__ import annotations

YELLOW_TOTAL = 25   # JA l.71: 18 in the yellow bank, 1 unused worker, 6 on the starting cards
YELLOW_BANK = 18
BLUE_TOTAL = 18     # JA l.71
ROW_SLOTS = 13
ROW_COSTS = (1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3)  # civil actions to take the card in each slot
ROW_REMOVAL = {2: 3, 3: 2, 4: 1}                      # JA l.136-142: leftmost slots cleared each turn
MILITARY_DRAW_MAX = 3                                 # JA l.545
HAPPY_MAX = 8                                          # the happiness track's last space
FAMINE_CULTURE = 4                                     # JA l.525: culture lost per missing food
AGE_END_YELLOW = 2                                     # JA l.175: yellow tokens each player boxes at an age end


def _band(table: tuple, tokens: int) -> int:
    for least, value in table:
        if tokens >= least:
            return value
    return table[-1][1]


# (fewest tokens left in the bank, value): the first row that fits is read.
POPULATION_FOOD = ((17, 2), (13, 3), (9, 4), (5, 5), (1, 7))
CONSUMPTION = ((17, 0), (13, 1), (9, 2), (5, 3), (1, 4), (0, 6))
HAPPY_NEEDED = ((17, 0), (13, 1), (11, 2), (9, 3), (7, 4), (5, 5), (3, 6), (1, 7), (0, 8))
CORRUPTION = ((9, 0), (5, 2), (1, 4), (0, 6))


def population_cost(yellow_bank: int) -> int | None:
    """Food to move the next yellow token from the bank to the unused workers; None when the bank is empty."""
    return _band(POPULATION_FOOD, yellow_bank) if yellow_bank > 0 else None


def consumption(yellow_bank: int) -> int:
    """Food eaten at the end of a turn."""
    return _band(CONSUMPTION, yellow_bank)


def happy_needed(yellow_bank: int) -> int:
    """Happy faces needed so that no worker is discontent."""
    return _band(HAPPY_NEEDED, yellow_bank)


def corruption(blue_bank: int) -> int:
    """Resources lost to corruption after the mines produce."""
    return _band(CORRUPTION, blue_bank)


# The yellow bank has the 18 printed spaces, whose tokens the tables read, and a free section beside them: the
# yellow tokens a territory adds sit there, cost no food to take and eat nothing (the reference's player board;
# JA l.262 says only that they go into the bank; docs/tta.md). `yellow` counts the whole bank, `yellow_free` (added
# when first needed) the free section. Tokens leave the bank from the free section first and come back to the
# printed spaces first.


def free_yellow(p: dict) -> int:
    """Tokens in the yellow bank's free section."""
    return p.get("yellow_free", 0)


def printed_yellow(p: dict) -> int:
    """Tokens on the yellow bank's printed spaces: the number its tables are read by."""
    return p["yellow"] - free_yellow(p)


def printed_after_increase(p: dict) -> int:
    """Tokens on the printed spaces after the next increase (one from the free section leaves them as they are)."""
    return printed_yellow(p) - (0 if free_yellow(p) else 1)


def take_yellow(p: dict, n: int = 1) -> int:
    """Take up to `n` tokens out of the yellow bank, the free section first; returns how many were taken."""
    n = min(n, p["yellow"])
    free = min(n, free_yellow(p))
    if free:
        p["yellow_free"] -= free
    p["yellow"] -= n
    return n


def return_yellow(p: dict, n: int = 1) -> None:
    """Put `n` tokens back into the yellow bank: the printed spaces first, what they cannot hold in the free section."""
    over = max(0, printed_yellow(p) + n - YELLOW_BANK)
    if over:
        p["yellow_free"] = free_yellow(p) + over
    p["yellow"] += n


def add_free_yellow(p: dict, n: int) -> None:
    """A territory's tokens: into the free section of the yellow bank."""
    p["yellow_free"] = free_yellow(p) + n
    p["yellow"] += n

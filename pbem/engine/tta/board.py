"""The printed boards: the player board's tables (by tokens left in a bank) and the card row's costs."""
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

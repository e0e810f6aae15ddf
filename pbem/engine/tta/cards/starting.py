"""The starting tableau: six cards every player begins with (never in a deck), and their workers."""
from .make import farm, government, mine, unit, urban

NONE = (0, 0, 0)  # not physical deck cards: each player's board has them

CARDS = (
    # JA l.324 names it in Japanese too: 専制政治.
    government("A", "despotism", "Despotism", revolution=None, peaceful=None, ca=4, ma=2, limit=2, copies=NONE,
               aliases=("専制政治",)),
    farm("A", "agriculture", "Agriculture", science=None, build=2, food=1, copies=NONE),
    mine("A", "bronze", "Bronze", science=None, build=2, resource=1, copies=NONE),
    urban("A", "philosophy", "Philosophy", "lab", science=None, build=3, science_yield=1, copies=NONE),
    urban("A", "religion", "Religion", "temple", science=None, build=3, culture=1, happy=1, copies=NONE),
    unit("A", "warriors", "Warriors", "infantry", science=None, build=2, strength=1, copies=NONE),
)
# Workers on each starting card (JA l.71: 25 yellow = 18 in the bank, 1 unused, 6 on cards).
WORKERS = {"civ/A/despotism": 0, "civ/A/agriculture": 2, "civ/A/bronze": 2, "civ/A/philosophy": 1,
           "civ/A/religion": 0, "civ/A/warriors": 1}

"""Civil cards of Age A (20 in every game): 6 leaders, 4 wonders, 10 action cards."""
from .make import action, discount, leader, once, per, rate, wonder
from .schema import UNIT_TYPES as UNITS

CARDS = (
    leader("A", "alexander_the_great", "Alexander the Great", [per("per_unit", "strength", 1, UNITS)]),
    leader("A", "aristotle", "Aristotle", [per("trigger", "science", 1, ("take_technology",))]),
    leader("A", "hammurabi", "Hammurabi", [rate("civil_actions", 1), rate("military_actions", -1)]),
    # Homer: "up to two of your Warriors" = Age A infantry units only.
    leader("A", "homer", "Homer", [rate("military_resources", 1),
                                   per("per_unit", "culture", 1, ("infantry",), cap=2, level=0)]),
    leader("A", "julius_caesar", "Julius Caesar", [rate("strength", 1), rate("military_actions", 1)]),
    leader("A", "moses", "Moses", [discount("population_food", 1)]),
    wonder("A", "colossus", "Colossus", (3, 3), [rate("culture", 1), rate("strength", 1), rate("colonization", 1)]),
    wonder("A", "hanging_gardens", "Hanging Gardens", (2, 2, 2), [rate("culture", 1), rate("happy", 2)]),
    wonder("A", "library_of_alexandria", "Library of Alexandria", (1, 2, 2, 1),
           [rate("culture", 1), rate("science", 1), rate("civil_hand", 1), rate("military_hand", 1)]),
    wonder("A", "pyramids", "Pyramids", (3, 2, 1), [rate("civil_actions", 1)]),
    action("A", "engineering_genius", "Engineering Genius", [once("wonder_stage", amount=2)]),
    action("A", "frugality", "Frugality", [once("populate", amount=1)], copies=(2, 2, 2)),
    action("A", "ideal_building_site", "Ideal Building Site", [once("build", amount=1, of=("urban",))],
           copies=(2, 2, 2)),
    action("A", "patriotism", "Patriotism", [once("this_turn", "military_actions", 1),
                                             once("this_turn", "military_resources", 1)]),
    action("A", "revolutionary_idea", "Revolutionary Idea", [once("gain", "science", 1)]),
    action("A", "rich_land", "Rich Land", [once("build", amount=1, of=("farm", "mine"))], copies=(2, 2, 2)),
    action("A", "work_of_art", "Work of Art", [once("gain", "culture", 6)]),
)

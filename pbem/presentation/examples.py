"""Example commands: a few legal commands that show the variety of what a seat may send now."""
from __future__ import annotations

import re

EXAMPLES = 8  # example commands in a turn mail


def _spread(items: list) -> list:
    """`items` reordered so that any first few are spread over the whole list (0, n/2, n/4, 3n/4, ...)."""
    order, seen, step = [], set(), len(items)
    while len(order) < len(items):
        for i in range(0, len(items), max(step, 1)):
            if i not in seen:
                seen.add(i)
                order.append(items[i])
        step //= 2
    return order


def _by_form(shapes: list[str]) -> list[str]:
    """A verb's shapes, each form in turn, the simplest first. A form is a shape with its words blanked too:
    "place # hunt" and "place # forest" share one, "place # civ #" has another, so that a card and a
    building are shown beside the places (issue 11). Variants of a shape ("place # hunt tools auto") come
    after all the rest."""
    ordered = sorted(shapes, key=lambda shape: shape.count(" "))
    variant = {shape for shape in ordered if any(shape.startswith(other + " ") for other in ordered)}
    forms: dict[str, list[str]] = {}
    for shape in ordered:
        if shape not in variant:
            forms.setdefault(" ".join(w if w == "#" else "_" for w in shape.split(" ")[1:]), []).append(shape)
    groups = list(forms.values())
    interleaved = [group[i] for i in range(max(map(len, groups), default=0)) for group in groups if i < len(group)]
    return interleaved + [shape for shape in ordered if shape in variant]


def game_examples(rules, moves: list, limit: int = EXAMPLES) -> list[str]:
    """example_commands with the game's giving-up verbs last (its capabilities' examples_last)."""
    return example_commands(moves, limit, rules.CAPABILITIES.examples_last)


def example_commands(moves: list, limit: int = EXAMPLES, last: tuple[str, ...] = ()) -> list[str]:
    """Up to `limit` legal commands showing the variety of what is legal: one per kind of command, in turn.

    A kind (a shape) is the command with its numbers blanked out; the verbs take turns, and
    within a verb the simplest shapes come first (the plain form before its "tools auto" variant),
    taking each form of shape in turn (_by_form). Verbs in `last` (a game's examples_last: giving
    something up, such as TtA's "destroy" and "disband", or ending the turn, such as its "done") come after
    every other command.
    """
    shapes: dict[str, list[str]] = {}
    for move in moves:
        text = str(move)
        shapes.setdefault(re.sub(r"\d+", "#", text), []).append(text)
    by_verb: dict[str, list[str]] = {}
    for shape in sorted(shapes, key=lambda shape: shape.split(" ")[0] in last):  # stable: legal order otherwise
        by_verb.setdefault(shape.split(" ")[0], []).append(shape)
    # Each shape's commands, a middle one first ("place 3 hunt" reads better than always "1").
    for shape, texts in shapes.items():
        middle = len(texts) // 2
        shapes[shape] = [texts[middle]] + _spread(texts[:middle] + texts[middle + 1:])
    chosen: list[str] = []
    while len(chosen) < limit and any(shapes.values()):
        # One round: a command of each shape, taking the verbs in turn and spreading over each verb's shapes.
        queues = [_by_form(group) for group in by_verb.values()]
        while len(chosen) < limit and any(queues):
            for queue in queues:
                while queue and len(chosen) < limit:
                    texts = shapes[queue.pop(0)]
                    if texts:
                        chosen.append(texts.pop(0))
                        break
    # Pasted in order, the examples must not end the turn before the other lines: the `last` verbs go after
    # every other command, in the order `last` names them (TtA's "done" last of all).
    return sorted(chosen, key=lambda text: last.index(verb) + 1 if (verb := text.split(" ")[0]) in last else 0)

"""The TtA board as plain text from one seat's view: the card row with costs, each tableau, banks, what is asked."""
from __future__ import annotations

from typing import Mapping, Sequence

from .board import ROW_COSTS
from .cards import CARDS, card
from .moves import name


def _who(i: int, view: Mapping, names: Sequence[str] | None) -> str:
    label = names[i] if names and i < len(names) else f"Player {i + 1}"
    return label + (" (you)" if view.get("you") == i else "")


def board_text(view: Mapping, locale: str = "en", names: Sequence[str] | None = None) -> str:
    """The board as monospaced text for a turn email."""
    out = [f"Round {view['round']}, Age {view['age']}. Turn: {_who(view['turn'], view, names)}."]
    if view.get("last_round"):
        out.append(f"Round {view['last_round']} is the last.")
    if view.get("over"):
        out.append("The game is over.")
    decks = ", ".join(f"{a}: {n}" for a, n in view["decks"].items() if n)
    out.append(f"Card row (civil actions to take; decks {decks or 'empty'}):")
    for i, copy in enumerate(view["row"]):
        out.append(f"  {i + 1:>2}. [{ROW_COSTS[i]}] " + (name(copy) if copy else "-"))
    for i, p in enumerate(view["seats"]):
        r = p["ratings"]
        out.append("")
        out.append(f"{_who(i, view, names)}: culture {p['culture']} (+{r['culture']}), science {p['science']} "
                   f"(+{r['science']}), strength {r['strength']}, happy {r['happy']}")
        out.append(f"  government {name(p['government'])}; leader {name(p['leader']) if p['leader'] else '-'}; "
                   f"civil actions {p['ca']}/{r['civil_actions']}, military {p['ma']}/{r['military_actions']}")
        out.append(f"  food {p['food']}, resources {p['resources']}; yellow bank {p['yellow']}, unused workers "
                   f"{p['idle']}; blue bank {p['blue']}")
        cards = []
        for cid, n in p["workers"].items():
            c = CARDS[cid]
            tokens = p["tokens"].get(cid)
            cards.append(f"{c.name} {n}" + (f"+{tokens}b" if tokens else ""))
        out.append("  " + ", ".join(cards))
        extra = [name(c) for c in p["specials"].values()] + [name(c) for c in p["wonders"]]
        if p["wonder"]:
            extra.append(f"{name(p['wonder'])} (building, {p['stages']}/{len(card(p['wonder']).stages)})")
        if extra:
            out.append("  " + ", ".join(extra))
        hand = p["hand"]
        if isinstance(hand, list):
            out.append("  hand: " + (", ".join(name(c) for c in hand) or "-"))
        else:
            out.append(f"  hand: {hand['count']} cards")
    asked = view.get("asked") or []
    if asked:
        out.append("")
        out.append("Waiting for: " + ", ".join(f"{_who(a['seat'], view, names)} ({a['kind']})" for a in asked))
    return "\n".join(out) + "\n"


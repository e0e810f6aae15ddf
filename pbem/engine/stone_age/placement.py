"""Phase 1: people are put on the board, one place per turn, in turn order from the start player."""
from __future__ import annotations

from functools import lru_cache

from .. import base
from .board import is_style, limits, village
from .cards import BUILDINGS, PLACE_INFO
from .messages import Msg
from .moves import Place, made
from .state import illegal, place_kind, places, set_count


def workplaces_owned(p: dict, pid: str) -> int:
    """Expansion: how many workplace tiles for place `pid` ("woodyard", "goldyard") the seat owns."""
    return sum(1 for t in p["buildings"]
               if (BUILDINGS[t].get("effect") or {}).get("place") == pid)


def placement_error(state: dict, seat: int, n: int, pid: str) -> Msg | None:
    """Why `seat` may not put `n` people on `pid` now, or None when it may.

    What refuses the place whatever the count comes first (it is taken, full, has no card...): "place 2 hut" with
    one person left and the hut taken says the hut is taken, not that one person is left. Then what is wrong with
    the count. The order only chooses the reason told: a placement is refused when any check fails."""
    board = state["board"]
    counts = board.get(pid)
    if counts is None:
        return Msg("no_such_place", place=pid)
    p = state["seats"][seat]
    left = p["people"] - p["placed"]
    if not left:
        return Msg("no_people_left")
    if counts[seat]:
        # Rulebook: no adding to a place you already stand on, even with room left.
        return Msg("already_on", place=pid)
    kind, index, info = _RULES[pid]
    closed = _closed(state, seat, pid, counts, kind, index, info)
    if closed is not None:
        return closed
    if n < 1:
        return Msg("place_one")
    if kind == "civ" and n != 1:
        return Msg("civ_one")
    if kind == "building" and n != 1:
        return Msg("building_one")
    if kind == "village":
        exactly = info.get("exactly", info["capacity"])
        if n != exactly:
            return Msg("village_one", place=pid) if exactly == 1 else Msg("village_n", place=pid, n=exactly)
    if n > left:
        return Msg("people_left", n=left)
    if kind in ("civ", "building", "village"):
        return None
    if info.get("owner_only"):
        most = info["capacity"] * workplaces_owned(p, pid)
        return Msg("workplace_max", place=pid, n=most) if n > most else None
    cap = info["capacity"]
    if cap is not None and sum(counts) + n > cap:
        return Msg("spaces_left", n=cap - sum(counts), pid=pid)
    return None


def _closed(state: dict, seat: int, pid: str, counts: list, kind: str, index, info) -> Msg | None:
    """Why nobody of `seat`'s could go on `pid` now, whatever their number (placement_error's first checks)."""
    if kind == "civ":
        if state["row"][index - 1] is None:
            return Msg("no_card_on", place=pid)
        return Msg("taken", place=pid) if any(counts) else None
    if kind == "building":
        if not state["stacks"][index - 1]:
            return Msg("stack_empty", place=pid)
        return Msg("taken", place=pid) if any(counts) else None
    if kind == "village":
        if any(counts):
            return Msg("the_place_taken", place=pid)
        board = state["board"]
        limit = limits(state)["village_places"]
        if limit is not None and sum(1 for v in village(state) if any(board[v])) >= limit:
            *others, last = village(state)
            return Msg("village_limit", players=state["players"], limit=limit, places=tuple(others), place=last)
        return None
    if info.get("owner_only"):
        # Expansion: a workplace owned at the start of the round takes up to 3 of its owner's people.
        return None if workplaces_owned(state["seats"][seat], pid) else Msg("no_workplace", place=pid)
    cap = info["capacity"]
    if cap is not None and sum(counts) >= cap:
        return Msg("full", pid=pid)
    # Colours on the place: the seats with people there (len - count(0): the bot asks this often). An empty
    # place is below every limit, and the limit is not looked up.
    if info["colour_limited"] and any(counts):
        colours = limits(state)["colours"]
        if colours is not None and len(counts) - counts.count(0) >= colours:
            return Msg("colours_one" if colours == 1 else "colours_n", players=state["players"], n=colours,
                       pid=pid)
    return None


# Every place of every game as (kind, card space or stack number, place data), looked up once per
# question: the random player's legal lists ask placement_error some 20,000 times a game.
_RULES = {**{f"civ{k}": ("civ", k, None) for k in range(1, 10)},
          **{f"building{k}": ("building", k, None) for k in range(1, 10)},
          **{pid: (info["kind"], None, info) for pid, info in PLACE_INFO.items()}}


def occupied(counts: list, seat: int, pid: str) -> bool:
    """Whether `pid`, with `counts` people of each seat on it, is refused for who stands there: `seat` does
    already, or (but at a dice place, which seats share) anybody does. The reason placement_error gives
    most often, asked without it (the bot and the legal lists ask it of every place)."""
    return bool(counts[seat]) or (pid not in _SHARED and any(counts))


_SHARED = frozenset(pid for pid, info in PLACE_INFO.items() if info["kind"] == "dice")


@lru_cache(maxsize=None)  # a few hundred (place, people left) pairs; legal_places asks of every place
def counts_to_try(pid: str, left: int) -> tuple[int, ...]:
    """The numbers of people worth asking `placement_error` about for `pid`: a card or building space takes
    exactly 1, a village place its fixed number, a dice place 1 to `left`."""
    kind = place_kind(pid)
    if kind == "civ" or kind == "building":
        return (1,)
    if kind == "village":
        info = PLACE_INFO[pid]
        return (info.get("exactly", info["capacity"]),)
    return tuple(range(1, left + 1))


def can_place_somewhere(state: dict, seat: int) -> bool:
    """Whether `seat` has people left and at least one legal place for them."""
    p = state["seats"][seat]
    if p["people"] <= p["placed"]:
        return False
    board = state["board"]
    if not board["hunt"][seat]:
        return True  # hunting has no limit
    for pid in places(state):
        if occupied(board[pid], seat, pid):
            continue
        n = PLACE_INFO[pid].get("exactly", 1) if pid in PLACE_INFO else 1
        if placement_error(state, seat, n, pid) is None:
            return True
    return False


def legal_places(state: dict, seat: int) -> list[Place]:
    """Every legal placement for `seat` (dice places also with a tool choice said ahead)."""
    moves, ahead = [], []
    p = state["seats"][seat]
    left = p["people"] - p["placed"]
    style = is_style(state)
    board = state["board"]
    for pid in places(state):
        if occupied(board[pid], seat, pid):
            continue
        allowed = _accepted(state, seat, pid, counts_to_try(pid, left))
        if allowed:
            plain, told = _placements(pid, allowed, style)
            moves += plain
            ahead += told
    return moves + ahead  # the plain placements first: lists shown to players are cut short


def _accepted(state: dict, seat: int, pid: str, tries: tuple) -> tuple:
    """The numbers in `tries` (ascending) that `seat` may put on `pid`. A place that refuses n people refuses
    more (people left, room, a workplace's size), so they are the first few: when it takes the most it takes
    every number below, otherwise the count is found by halving (fewer questions than asking each)."""
    if not tries:
        return ()
    if placement_error(state, seat, tries[-1], pid) is None:
        return tries
    low, high = 0, len(tries) - 1  # at least `low` are accepted, at most `high`
    while low < high:
        mid = (low + high + 1) // 2
        if placement_error(state, seat, tries[mid - 1], pid) is None:
            low = mid
        else:
            high = mid - 1
    return tries[:low]


@lru_cache(maxsize=1024)
def _placements(pid: str, counts: tuple, style: bool) -> tuple[tuple, tuple]:
    """The placements of each of `counts` people on `pid`: plainly, and (dice places) with the tools (and, with
    the expansion, the hunt's ornaments) said ahead. Built once: the random player asks on every move."""
    plain, ahead = [], []
    dice = place_kind(pid) == "dice"
    for n in counts:
        plain.append(made(Place, n, pid))
        if dice:
            ahead += [made(Place, n, pid, "auto"), made(Place, n, pid, "none")]
            if pid == "hunt" and style:
                ahead += [made(Place, n, pid, "auto", k) for k in (0, 1, 2)]
    return tuple(plain), tuple(ahead)


def place_prompts(state: dict) -> list[base.Prompt]:
    """The seat whose turn it is to place."""
    p = state["seats"][state["turn"]]
    return [base.Prompt(state["turn"], "place", {"left": p["people"] - p["placed"]})]


def do_place(state: dict, seat: int, move: Place, events: list) -> None:
    """Apply a placement and pass the turn on."""
    reason = placement_error(state, seat, move.n, move.pid)
    if reason:
        raise illegal(move, reason)
    if move.tools is not None and place_kind(move.pid) != "dice":
        raise illegal(move, Msg("tools_dice_only"))
    if move.orn is not None:
        if not is_style(state):
            raise illegal(move, Msg("no_ornaments"))
        if move.pid != "hunt":
            raise illegal(move, Msg("ornaments_place_hunt"))
    set_count(state, move.pid, seat, move.n)
    p = state["seats"][seat]
    p["placed"] += move.n
    if move.tools:
        p["prefs"] = {**p["prefs"], move.pid: move.tools}
    if move.orn is not None:
        p["prefs"] = {**p["prefs"], "ornaments": move.orn}
    events.append(base.event("placed", seat, n=move.n, place=move.pid))
    state["turn"] = (seat + 1) % state["players"]


def place_step(state: dict, events: list) -> bool:
    """Skip seats that cannot place; True when nobody can place any more."""
    n = state["players"]
    for i in range(n):
        seat = (state["turn"] + i) % n
        if can_place_somewhere(state, seat):
            state["turn"] = seat
            return False
    return True

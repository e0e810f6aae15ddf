"""Expansion: ornaments and the trade track: gaining them, trading while paying, and every payment that exists."""
from __future__ import annotations

from functools import lru_cache

from .. import base
from .board import row_spaces
from .cards import BUILDINGS, RESOURCES
from .messages import Msg
from .moves import resources_sorted
from .payments import ANY_MAX, building_error
from .state import illegal
from .style_cards import EXTRA_CARD_ORNAMENTS, ITEMS, ORNAMENT, TRADE_MAX, TRADE_RATES



# --- holdings and gains -------------------------------------------------------------

def holdings(p: dict) -> dict[str, int]:
    """What a seat can pay with: resources and (expansion) ornaments."""
    out = {r: p[r] for r in RESOURCES}
    out[ORNAMENT] = p.get("ornaments", 0)
    return out


def counts(items) -> dict[str, int]:
    """A multiset of items as counts."""
    out: dict[str, int] = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return out


def gain_ornaments(state: dict, seat: int, n: int, events: list, source: str) -> None:
    """Give `seat` n ornaments (the supply is unlimited)."""
    if n:
        state["seats"][seat]["ornaments"] += n
        events.append(base.event("gained", seat, item=ORNAMENT, n=n, source=source))


def advance_trade(state: dict, seat: int, steps: int, ornaments: int, events: list, source: str) -> None:
    """Move the trade marker forward (it stops at 10) and take the ornaments, wherever the marker is."""
    p = state["seats"][seat]
    p["trade"] = min(TRADE_MAX, p["trade"] + steps)
    events.append(base.event("trade_track", seat, pos=p["trade"], source=source))
    gain_ornaments(state, seat, ornaments, events, source)


def rate(pos: int) -> tuple[int, int] | None:
    """(give, get) at trade track position `pos`; None at 0 (no trading)."""
    for low, high, give, get in TRADE_RATES:
        if low <= pos <= high:
            return give, get
    return None


def can_trade(p: dict) -> bool:
    """Whether the seat may still trade this round."""
    return "trade" in p and p["trade"] > 0 and not p["traded"]


# --- what a payment must look like ------------------------------------------------------

def civ_pay_error(state: dict, slot: int, pay: tuple, extra: bool) -> Msg | None:
    """Why `pay` does not fit card space `slot` (holdings aside), or None."""
    space = row_spaces(state)[slot - 1]
    if extra and space["item"] != ORNAMENT:
        return Msg("extra_only_space5")
    if extra and not state["deck"]:
        return Msg("deck_empty")
    if space["item"] == ORNAMENT:
        want = space["n"] + (EXTRA_CARD_ORNAMENTS if extra else 0)
        if pay != (ORNAMENT,) * want:
            return Msg("space_ornaments_extra" if extra else "space_ornaments", slot=slot, n=want)
        return None
    if any(x == ORNAMENT for x in pay):
        return Msg("ornaments_space5")
    if any(x not in RESOURCES for x in pay):
        return Msg("pay_resources")
    if len(pay) != space["n"]:
        return Msg("space_costs_one" if space["n"] == 1 else "space_costs_n", slot=slot, n=space["n"])
    return None








# --- settling a payment, with or without a trade -------------------------------------------

def shortfall(pay: dict, avail: dict) -> dict[str, int]:
    """What `avail` lacks of `pay`."""
    return {x: n - avail.get(x, 0) for x, n in pay.items() if n > avail.get(x, 0)}


def trade_error(p: dict, pay: tuple, give: tuple, get: tuple) -> Msg | None:
    """Why this trade is not allowed with this payment, or None.

    Expansion: a trade is only part of paying for a card or a building, once per round, from
    trade track position 1; the rate depends on the position; only items the payment lacks
    are received (what a trade would bring beyond the payment is lost, so it is never taken).
    """
    if "trade" not in p:
        return Msg("no_trading")
    r = rate(p["trade"])
    if r is None:
        return Msg("trade_at_zero")
    if p["traded"]:
        return Msg("traded_already")
    n_give, n_get = r
    if any(x not in ITEMS for x in give + get):
        return Msg("trade_items")
    if len(give) != n_give or not 1 <= len(get) <= n_get:
        return _rate_msg(p["trade"], n_give, n_get)
    if set(give) & set(get):
        return Msg("trade_swaps")
    have = holdings(p)
    for x, n in counts(give).items():
        if have[x] < n:
            return Msg("you_have", n=have[x], item=x)
    avail = {x: have[x] - counts(give).get(x, 0) for x in have}
    short = shortfall(counts(pay), avail)
    if short != counts(get):
        lacking = resources_sorted(x for x, n in short.items() for _ in range(n))
        return Msg("trade_lacks", items=lacking) if lacking else Msg("no_trade_needed")
    return None


def _rate_msg(pos: int, n_give: int, n_get: int) -> Msg:
    """What the trade track allows at `pos` (English counts its items: "1 item", "up to 2")."""
    if n_get > 1:
        key = "trade_rate_one_up_to" if n_give == 1 else "trade_rate_up_to"
    else:
        key = "trade_rate_one" if n_give == 1 else "trade_rate"
    return Msg(key, pos=pos, give=n_give, get=n_get)


def settle(state: dict, seat: int, move, pay: tuple, give: tuple, get: tuple, events: list) -> None:
    """Check the holdings (and the trade) for `pay` and take it; raises IllegalMove."""
    p = state["seats"][seat]
    if give or get:
        reason = trade_error(p, pay, give, get)
        if reason:
            raise illegal(move, reason)
    have = holdings(p)
    spend = counts(give)
    for x, n in counts(pay).items():
        spend[x] = spend.get(x, 0) + n
    for x, n in counts(get).items():
        spend[x] -= n
    for x in ITEMS:
        if spend.get(x, 0) > have[x]:
            raise illegal(move, Msg("you_have", n=have[x], item=x) if x != ORNAMENT
                          else Msg("you_have_ornaments", n=have[x]))
    for x, n in spend.items():
        if x == ORNAMENT:
            p["ornaments"] -= n
        else:
            p[x] -= n
    if give:
        p["traded"] = True
        events.append(base.event("traded", seat, give=list(give), get=list(get)))


# --- every payment (for legal moves, the bot and "can this be paid") ---------------------------

@lru_cache(maxsize=8192)
def _multisets(kinds: tuple, size: int, caps: tuple) -> tuple[tuple, ...]:
    """Multisets of `size` over `kinds` (in that order) with at most caps[i] of kinds[i]."""
    if not kinds:
        return ((),) if size == 0 else ()
    out = []
    for n in range(min(size, caps[0]), -1, -1):
        for tail in _multisets(kinds[1:], size - n, caps[1:]):
            out.append((kinds[0],) * n + tail)
    return tuple(out)


def _over(kinds: tuple, size: int, caps: dict) -> tuple[tuple, ...]:
    return _multisets(kinds, size, tuple(caps.get(k, 0) for k in kinds))


def shapes(state: dict, pid: str, extra: bool = False) -> list[tuple[tuple, int, tuple | None]]:
    """The (kinds, size, exact payment or None) a payment at `pid` may take."""
    if pid.startswith("civ"):
        space = row_spaces(state)[int(pid[3:]) - 1]
        if space["item"] == ORNAMENT:
            n = space["n"] + (EXTRA_CARD_ORNAMENTS if extra else 0)
            return [((ORNAMENT,), n, (ORNAMENT,) * n)]
        return [(RESOURCES, space["n"], None)]
    b = BUILDINGS[state["stacks"][int(pid[8:]) - 1][0]]
    if b["kind"] == "fixed":
        pay = tuple(r for r in RESOURCES for _ in range(b["cost"].get(r, 0)))
        return [(tuple(r for r in RESOURCES if r in b["cost"]), len(pay), pay)]
    if b["kind"] == "count_kinds":
        return [(RESOURCES, b["count"], None)]
    if b["kind"] == "ornaments":
        return [((ORNAMENT,), k, (ORNAMENT,) * k) for k in range(b["min"], b["max"] + 1)]
    return [(RESOURCES, k, None) for k in range(1, ANY_MAX + 1)]


def _fits(state: dict, pid: str, pay: tuple, extra: bool) -> bool:
    if pid.startswith("civ"):
        return civ_pay_error(state, int(pid[3:]), pay, extra) is None
    return building_error(state["stacks"][int(pid[8:]) - 1][0], pay) is None


def _traded_pays(kinds: tuple, size: int, exact: tuple | None, give: tuple, avail: dict, n_get: int):
    """Payments of this shape that lack 1 to n_get items (of kinds not given) after giving `give`:
    each (pay, get). A kind received must be used up from stock first."""
    if exact is not None:
        short = shortfall(counts(exact), avail)
        got = sum(short.values())
        if 1 <= got <= n_get and not set(short) & set(give):
            yield exact, resources_sorted(x for x, n in short.items() for _ in range(n))
        return
    receivable = tuple(k for k in kinds if k not in give)
    for s in range(1, n_get + 1):
        for get in _over(receivable, s, {k: s for k in receivable}):
            forced = tuple(x for k in set(get) for x in (k,) * avail.get(k, 0))
            rest = size - s - len(forced)
            if rest < 0:
                continue
            others = tuple(k for k in kinds if k not in get)
            for part in _over(others, rest, avail):
                yield resources_sorted(part + forced + get), get


def payments(state: dict, seat: int, pid: str, extra: bool = False, first: bool = False) -> list[tuple]:
    """Every (pay, give, get) that `seat` can make at `pid` (a card space or a stack), plain payments
    first; `first` stops at the first one found."""
    p = state["seats"][seat]
    have = holdings(p)
    out: list[tuple] = []
    for kinds, size, exact in shapes(state, pid, extra):
        for pay in ((exact,) if exact is not None else _over(kinds, size, have)):
            if all(have[x] >= n for x, n in counts(pay).items()) and _fits(state, pid, pay, extra):
                out.append((pay, (), ()))
                if first:
                    return out
    if not can_trade(p):
        return out
    n_give, n_get = rate(p["trade"])
    for give in _over(ITEMS, n_give, have):
        avail = {x: have[x] - give.count(x) for x in have}
        for kinds, size, exact in shapes(state, pid, extra):
            for pay, get in _traded_pays(kinds, size, exact, give, avail, n_get):
                if _fits(state, pid, pay, extra):
                    out.append((pay, give, get))
                    if first:
                        return out
    return out


def can_pay_plainly(state: dict, seat: int, pid: str) -> bool:
    """Whether `seat` could pay for the card or building at `pid` without a trade (a quick count)."""
    have = holdings(state["seats"][seat])
    resources = sum(have[r] for r in RESOURCES)
    if pid.startswith("civ"):
        space = row_spaces(state)[int(pid[3:]) - 1]
        return (have[ORNAMENT] if space["item"] == ORNAMENT else resources) >= space["n"]
    b = BUILDINGS[state["stacks"][int(pid[8:]) - 1][0]]
    if b["kind"] == "fixed":
        return all(have[r] >= n for r, n in b["cost"].items())
    if b["kind"] == "count_kinds":
        kinds = sorted((have[r] for r in RESOURCES if have[r]), reverse=True)
        return len(kinds) >= b["kinds"] and sum(kinds[:b["kinds"]]) >= b["count"]
    if b["kind"] == "ornaments":
        return have[ORNAMENT] >= b["min"]
    return resources >= 1


def can_pay(state: dict, seat: int, pid: str) -> bool:
    """Whether `seat` could pay for the card or building at `pid` now (a trade included)."""
    if can_pay_plainly(state, seat, pid):
        return True
    return can_trade(state["seats"][seat]) and bool(payments(state, seat, pid, first=True))

"""TtA moves: small frozen values whose str() is the canonical English command."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import CARDS
from .cards.military import MILITARY
from .pacts import TRADE_WORD, symmetric

# Names printed on several cards (action cards of several ages) are shown with the age: "Work of Art II".
_SHARED = {n for n, k in Counter(c.name for c in CARDS.values()).items() if k > 1}
KIND_WORD = {"farm": "farm", "mine": "mine", "unit": "unit"}


_MIL_SHARED = {n for n, k in Counter(c.name for c in MILITARY.values()).items() if k > 1}


def name(card_id: str) -> str:
    """The canonical name of a card (or of a copy's card); military cards of several ages: "Raid II"."""
    cid = card_id.split(":", 1)[0]
    if cid.startswith("mil/"):
        m = MILITARY[cid]
        return f"{m.name} {m.age}" if m.name in _MIL_SHARED else m.name
    c = CARDS[cid]
    return f"{c.name} {c.age}" if c.name in _SHARED else c.name


def type_word(card_id: str) -> str:
    """"farm", "mine", "unit", or the urban subtype ("lab", "temple", ...)."""
    c = CARDS[card_id.split(":", 1)[0]]
    return c.subtype if c.kind == "urban" else KIND_WORD.get(c.kind, c.kind)


def pay_text(pay: tuple) -> str:
    """The canonical " pay ..." suffix of an explicit payment."""
    if not pay:
        return ""
    parts = [m if m == TRADE_WORD else name(m) if isinstance(m, str) else f"{name(m[0])}>{name(m[1])}" for m in pay]
    return " pay " + ", ".join(parts)


@dataclass(frozen=True)
class Take:
    """Take the card in row slot `slot` (1-13)."""

    slot: int

    def __str__(self) -> str:
        return f"take {self.slot}"


@dataclass(frozen=True)
class Build:
    """Build a farm, mine, urban building or military unit on card `card` (an id)."""

    card: str
    pay: tuple = ()

    def __str__(self) -> str:
        return f"build {type_word(self.card)} {name(self.card)}{pay_text(self.pay)}"


@dataclass(frozen=True)
class Upgrade:
    """Move one worker from card `src` to the better card `dst` of the same type, paying the difference."""

    src: str
    dst: str
    pay: tuple = ()

    def __str__(self) -> str:
        return f"upgrade {type_word(self.dst)} {name(self.src)} {name(self.dst)}{pay_text(self.pay)}"


@dataclass(frozen=True)
class Destroy:
    """Take a worker off card `card` back to the unused workers (units: disband)."""

    card: str

    def __str__(self) -> str:
        verb = "disband" if CARDS[self.card].kind == "unit" else "destroy"
        return f"{verb} {type_word(self.card)} {name(self.card)}"


@dataclass(frozen=True)
class Populate:
    """Increase the population by one worker (Ocean Liner Service's free increase first when it is there)."""

    pay: tuple = ()

    def __str__(self) -> str:
        return f"populate{pay_text(self.pay)}"


@dataclass(frozen=True)
class GrowUnit:
    """Frederick Barbarossa: increase the population and build a unit on `card` with that worker."""

    card: str

    def __str__(self) -> str:
        return f"populate unit {name(self.card)}"


@dataclass(frozen=True)
class Wonder:
    """Build `stages` stages of the wonder under construction."""

    stages: int = 1
    pay: tuple = ()

    def __str__(self) -> str:
        n = "" if self.stages == 1 else f" {self.stages}"
        return f"wonder{n}{pay_text(self.pay)}"


@dataclass(frozen=True)
class Discover:
    """Play technology card `card` (a copy in hand) for its science; governments: a peaceful change."""

    card: str

    def __str__(self) -> str:
        return f"discover {name(self.card)}"


@dataclass(frozen=True)
class Revolution:
    """Play government `card` by revolution: the smaller science cost and all civil actions (JA l.386-388)."""

    card: str

    def __str__(self) -> str:
        return f"revolution {name(self.card)}"


@dataclass(frozen=True)
class Play:
    """Play leader or action card `card` (a copy in hand); `then` is the action the card includes."""

    card: str
    then: object = None

    def __str__(self) -> str:
        return f"play {name(self.card)}" + (f" {self.then}" if self.then is not None else "")


@dataclass(frozen=True)
class Hold:
    """Optional corruption rule (JA l.539-541): produce one blue token less at this turn's mine production."""

    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True)
class Tactic:
    """Play tactic card `card` (a copy in the military hand) for one military action (JA l.477-479)."""

    card: str

    def __str__(self) -> str:
        return f"tactic {name(self.card)}"


@dataclass(frozen=True)
class Event:
    """Political action: prepare event or territory `card` (a copy in the military hand) (JA l.205)."""

    card: str

    def __str__(self) -> str:
        return f"event {name(self.card)}"


@dataclass(frozen=True)
class Choose:
    """An answer to an event choice: "food", "resource", "build", "skip", "N food" (the rest resources) or a card id
    (the building, worker or colony lost)."""

    option: str

    def __str__(self) -> str:
        return f"choose {name(self.option) if '/' in self.option else self.option}"


@dataclass(frozen=True)
class Discard:
    """Discard military card `card` (a copy in hand) at the discard step (JA l.314-316)."""

    card: str

    def __str__(self) -> str:
        return f"discard {name(self.card)}"


@dataclass(frozen=True)
class Done:
    """End the action phase (production and maintenance follow), or pass the political action; `anyway`: the player
    knows that production will find an uprising (JA l.499-507), which a plain "done" a player sends is refused for
    (commands.parse, docs/tta.md)."""

    anyway: bool = False

    def __str__(self) -> str:
        return "done anyway" if self.anyway else "done"


@dataclass(frozen=True)
class Bid:
    """Bid `amount` for the territory up for colonization (JA l.239-243)."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True)
class Pass:
    """Leave the bidding for a territory; a pass is final (JA l.239)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Colonize:
    """Pay for the territory won: `units` ((unit card id, count), ...) sacrificed and `bonus` cards (copies in the
    military hand) played (JA l.245-253); both empty: the cheapest payment."""

    units: tuple = ()
    bonus: tuple = ()

    def __str__(self) -> str:
        if not self.units and not self.bonus:
            return "colonize"
        out = "colonize"
        out += units_text(self.units)
        if self.bonus:
            out += " with " + " ".join(f"+{MILITARY[c.split(':', 1)[0]].colonization}" for c in self.bonus)
        return out


@dataclass(frozen=True)
class FreeColony:
    """Christopher Columbus: colonize territory `card` from the military hand as the political action, no units
    sacrificed, once a game."""

    card: str

    def __str__(self) -> str:
        return f"colonize {name(self.card)}"


@dataclass(frozen=True)
class StandingBid:
    """A standing order for territory bids: bid up to `limit` (0: always pass), or None: ask me."""

    limit: int | None

    def __str__(self) -> str:
        return f"standing bid {'none' if self.limit is None else self.limit}"


def seat_text(seat: int) -> str:
    """A seat in a command: "player 2"."""
    return f"player {seat + 1}"


def units_text(units: tuple) -> str:
    """The canonical " sacrifice ..." suffix: "sacrifice 2 Knights, Swordsmen"."""
    if not units:
        return ""
    return " sacrifice " + ", ".join(name(cid) if n == 1 else f"{n} {name(cid)}" for cid, n in units)


@dataclass(frozen=True)
class Aggression:
    """Political action: play aggression `card` on seat `target`, sacrificing `units` ((unit id, n), ...)."""

    card: str
    target: int
    units: tuple = ()

    def __str__(self) -> str:
        return f"aggression {name(self.card)} {seat_text(self.target)}{units_text(self.units)}"


@dataclass(frozen=True)
class War:
    """Political action: declare war `card` on seat `target` (resolved at the declarer's next turn)."""

    card: str
    target: int

    def __str__(self) -> str:
        return f"war {name(self.card)} {seat_text(self.target)}"


@dataclass(frozen=True)
class Defend:
    """The answer to an attack: defence bonus cards (copies in the military hand) and sacrificed units."""

    cards: tuple = ()
    units: tuple = ()

    def __str__(self) -> str:
        if not self.cards and not self.units:
            return "defend none"
        bonus = "".join(f" +{MILITARY[c.split(':', 1)[0]].defense}" for c in self.cards)
        return f"defend with{bonus}{units_text(self.units)}"


@dataclass(frozen=True)
class Sacrifice:
    """The declarer of a war, when it is resolved: units sacrificed for strength (none: `units` empty)."""

    units: tuple = ()

    def __str__(self) -> str:
        return units_text(self.units).strip() or "sacrifice none"


@dataclass(frozen=True)
class Pact:
    """Political action: offer pact `card` to seat `target`; `a` is the seat that takes side A ("as A": the
    target is A; symmetric pacts: the offerer)."""

    card: str
    target: int
    a: int

    def __str__(self) -> str:
        if symmetric(self.card):
            return f"pact {name(self.card)} {seat_text(self.target)}"  # symmetric: no sides
        return f"pact {name(self.card)} {seat_text(self.target)} as {'A' if self.a == self.target else 'B'}"


@dataclass(frozen=True)
class Accept:
    """Accept the pact offered to you."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True)
class Refuse:
    """Refuse the pact offered to you (it goes back to the offerer's hand, JA l.298)."""

    def __str__(self) -> str:
        return "refuse"


@dataclass(frozen=True)
class CancelPact:
    """Political action: cancel the pact you played (JA l.306-308)."""

    def __str__(self) -> str:
        return "cancel pact"


@dataclass(frozen=True)
class Standing:
    """A standing order, set any time: `topic` "defence" (never, cheapest, ask), "pacts" (refuse, ask, accept
    from the seats in `seats`) or "choices" (default, ask: event choices)."""

    topic: str
    policy: str
    seats: tuple = ()

    def __str__(self) -> str:
        who = "".join(f" {seat_text(s)}" for s in self.seats)
        return f"standing {self.topic} {self.policy}{who}"


MOVE_TYPES = (Take, Build, Upgrade, Destroy, Populate, GrowUnit, Wonder, Discover, Revolution, Play, Hold, Tactic,
              Event, Choose, Discard, Done, Bid, Pass, Colonize, FreeColony, StandingBid, Aggression, War, Defend,
              Sacrifice, Pact, Accept, Refuse, CancelPact, Standing)

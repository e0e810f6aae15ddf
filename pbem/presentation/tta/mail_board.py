"""The Through the Ages board of a turn mail, enough to decide a turn without the web: what is asked and its
stakes, the seat's production forecast, the card row with costs and effects, its board and hands with effects,
the events, then each opponent's strength, units, buildings, tactic and hands (plain text, lines of at most 78
columns, in English, Japanese, French or German; card names stay as printed)."""
from __future__ import annotations

from typing import Mapping, Sequence

from ...engine import tta
from ...engine.base import Count, char_width
from ...engine.tta.board_text import (asked_line, colon, labels, rates_words, seat_namer, table_lines, tableau_lines,
                                       title_lines)
from ...engine.tta.board_text import board_text as engine_board_text
from ...engine.tta import forecast
from ...engine.tta.cards import CARDS, card
from ...engine.tta.cards.military import MILITARY
from ...engine.tta.checks import build_cost, rival_surcharge, take_cost, technology_cost
from ...engine.tta.bot import least_useful
from ...engine.tta.pacts import military_hand_limit
from ...engine.tta.moves import name
from . import face_words as W
from .faces import does_words, military_cost, military_does, type_words

WIDTH = 78  # columns, a wide character taking two: the mail's fold (pbem/mail/folding.py)
PAST_SHOWN = 3  # the last resolved events named
NO_START = set("、。，．：；！？）」』】〕ー・")  # Japanese line-breaking rules (kinsoku), as the mail's fold
NO_END = set("（「『【〔")
TIGHT = set(":;!?»")  # marks French sets after a space, which stays with the word before them

WORDS = {
    "en": {
        "forecast": "Your next production, if nothing changes:",
        "food": "food {now} +{made} made -{eaten} eaten = {after}",
        "famine": "famine: {missing} food short, -{culture} culture",
        "resources": "resources {now} +{made} made -{lost} corruption = {after}",
        "gains": "culture {culture} {cr:+d} = {culture_after}, science {science} {sr:+d} = {science_after}",
        "happy": "happy faces {happy}, needed {needed}: {d} discontent, {idle} unused {idle:worker|workers}",
        "uprising": "UPRISING: more discontent than unused workers, so nothing is produced. Make happy faces "
                    "or unused workers first.",
        "populate": "Populate: {food} food (you have {have}); then {after} food eaten a turn (now {now}).",
        "populate_empty": "Populate: the yellow bank is empty.",
        "age": "Age {age} deck: {n} {n:card|cards} left.", "age_loss": " When it runs out you lose: {lost}.",
        "yellow": "{n} {n:yellow token|yellow tokens}",
        "row": "Card row: [civil actions to take] card (age type; your cost): effect",
        "science": "science {n}", "build": "build {n}", "stages": "stages {s}", "revolution": "revolution {n}",
        "strengths": "Strength: {list}.",
        "discard_ahead": "After your political action you keep {limit} of your {h} military cards (a card you "
                         "play from them counts): name the ones to discard in this reply, anywhere, the most "
                         "expendable first (discard {cards}).",
        "hand": "Your hand:", "mil_hand": "Your military hand ({n}; limit {limit}):",
        "tactic": "Tactic in play: {card}",
        "events": "Events: {current} current, {future} future.",
        "yours": "you prepared:", "past": "last resolved: {cards}",
        "gov": "government {gov}, leader {leader}, tactic {tactic}",
        "counts": "hand {h}, military hand {m}; food {food}, resources {res}",
        "units": "units: {list}", "buildings": "buildings: {list}", "production": "farms and mines: {list}",
        "wonders": "wonders: {list}", "colonies": "colonies: {list}", "specials": "special: {list}",
    },
    "ja": {
        "forecast": "次の生産（このままなら）：",
        "food": "食料 {now} +{made}生産 -{eaten}消費 = {after}",
        "famine": "飢饉：食料{missing}不足、カルチャー-{culture}",
        "resources": "資源 {now} +{made}生産 -{lost}汚職 = {after}",
        "gains": "カルチャー {culture} {cr:+d} = {culture_after}、発明 {science} {sr:+d} = {science_after}",
        "happy": "幸福度{happy}（必要{needed}）：不満{d}人、未就労{idle}人",
        "uprising": "暴動：不満が未就労を上回るため何も生産されません。先に幸福度か未就労の労働者を増やしてください。",
        "populate": "人口増加：食料{food}（所持{have}）。増やすと毎ターンの消費は{after}（現在{now}）。",
        "populate_empty": "人口増加：黄バンクが空です。",
        "age": "時代{age}の山札：残り{n}枚。", "age_loss": "尽きると失うもの：{lost}。",
        "yellow": "黄トークン{n}個",
        "row": "カード列：［取得のCivilアクション］カード（時代 種類、あなたのコスト）：効果",
        "science": "発明{n}", "build": "建設{n}", "stages": "段階{s}", "revolution": "革命{n}",
        "strengths": "軍事力：{list}。",
        "discard_ahead": "政治アクションの後、軍事カード{h}枚のうち{limit}枚まで残します（そこからプレイしたカードも"
                         "数えます）：捨てるカードをこの返信のどこにでも、手放してよい順に書けます（捨てる {cards}）。",
        "hand": "手札：", "mil_hand": "軍事手札（{n}枚、上限{limit}）：",
        "tactic": "使用中の戦術：{card}",
        "events": "イベント：現在{current}枚、未来{future}枚。",
        "yours": "あなたが準備したもの：", "past": "最近の解決済み：{cards}",
        "gov": "政府 {gov}、リーダー {leader}、戦術 {tactic}",
        "counts": "手札{h}、軍事手札{m}、食料{food}、資源{res}",
        "units": "ユニット：{list}", "buildings": "建物：{list}", "production": "農場・鉱山：{list}",
        "wonders": "ワンダー：{list}", "colonies": "植民地：{list}", "specials": "特殊技術：{list}",
    },
    "fr": {
        "forecast": "Votre prochaine production, si rien ne change :",
        "food": "nourriture {now} +{made} produite -{eaten} consommée = {after}",
        "famine": "famine : {missing} nourriture manquante, -{culture} culture",
        "resources": "ressources {now} +{made} produites -{lost} corruption = {after}",
        "gains": "culture {culture} {cr:+d} = {culture_after}, science {science} {sr:+d} = {science_after}",
        "happy": "bonheur {happy}, requis {needed} : {d} {d:mécontent|mécontents}, "
                 "{idle} {idle:ouvrier libre|ouvriers libres}",
        "uprising": "SOULÈVEMENT : plus de mécontents que d'ouvriers libres, rien n'est produit. Ajoutez "
                    "d'abord du bonheur ou des ouvriers libres.",
        "populate": "Peupler : {food} nourriture (vous en avez {have}) ; ensuite {after} consommée par tour "
                    "(maintenant {now}).",
        "populate_empty": "Peupler : la réserve jaune est vide.",
        "age": "Pioche de l'âge {age} : {n} {n:carte|cartes}.",
        "age_loss": " Quand elle est épuisée, vous perdez : {lost}.",
        "yellow": "{n} {n:jeton jaune|jetons jaunes}",
        "row": "Rangée : [actions civiles pour prendre] carte (âge type ; votre coût) : effet",
        "science": "science {n}", "build": "construction {n}", "stages": "étapes {s}",
        "revolution": "révolution {n}",
        "strengths": "Force : {list}.",
        "discard_ahead": "Après votre action politique, vous gardez {limit} de vos {h} cartes militaires (une "
                         "carte jouée parmi elles compte) : nommez celles à défausser dans cette réponse, "
                         "n'importe où, la moins utile d'abord (discard {cards}).",
        "hand": "Votre main :", "mil_hand": "Votre main militaire ({n} ; limite {limit}) :",
        "tactic": "Tactique en jeu : {card}",
        "events": "Événements : {current} en cours, {future} à venir.",
        "yours": "préparés par vous :", "past": "derniers résolus : {cards}",
        "gov": "gouvernement {gov}, dirigeant {leader}, tactique {tactic}",
        "counts": "main {h}, main militaire {m} ; nourriture {food}, ressources {res}",
        "units": "unités : {list}", "buildings": "bâtiments : {list}", "production": "fermes et mines : {list}",
        "wonders": "merveilles : {list}", "colonies": "colonies : {list}", "specials": "spéciales : {list}",
    },
    "de": {
        "forecast": "Deine nächste Produktion, wenn sich nichts ändert:",
        "food": "Nahrung {now} +{made} erzeugt -{eaten} verbraucht = {after}",
        "famine": "Hungersnot: {missing} Nahrung fehlt, -{culture} Kultur",
        "resources": "Rohstoffe {now} +{made} erzeugt -{lost} Korruption = {after}",
        "gains": "Kultur {culture} {cr:+d} = {culture_after}, Wissenschaft {science} {sr:+d} = {science_after}",
        "happy": "Zufriedenheit {happy}, nötig {needed}: {d} unzufrieden, {idle} freie Arbeiter",
        "uprising": "AUFSTAND: mehr Unzufriedene als freie Arbeiter, also wird nichts produziert. Schaffe erst "
                    "Zufriedenheit oder freie Arbeiter.",
        "populate": "Bevölkerung +1: {food} Nahrung (du hast {have}); danach {after} Verbrauch pro Zug "
                    "(jetzt {now}).",
        "populate_empty": "Bevölkerung +1: der gelbe Vorrat ist leer.",
        "age": "Stapel von Zeitalter {age}: noch {n} {n:Karte|Karten}.",
        "age_loss": " Ist er leer, verlierst du: {lost}.",
        "yellow": "{n} gelbe Marker",
        "row": "Kartenreihe: [Zivilaktionen zum Nehmen] Karte (Zeitalter Typ; deine Kosten): Wirkung",
        "science": "Wissenschaft {n}", "build": "Bau {n}", "stages": "Stufen {s}", "revolution": "Revolution {n}",
        "strengths": "Stärke: {list}.",
        "discard_ahead": "Nach deiner politischen Aktion behältst du {limit} deiner {h} Militärkarten (eine "
                          "davon gespielte Karte zählt): nenne die abzuwerfenden irgendwo in dieser Antwort, "
                          "die entbehrlichste zuerst (discard {cards}).",
        "hand": "Deine Hand:", "mil_hand": "Deine Militärhand ({n}; Limit {limit}):",
        "tactic": "Taktik im Spiel: {card}",
        "events": "Ereignisse: {current} aktuelle, {future} künftige.",
        "yours": "von dir vorbereitet:", "past": "zuletzt abgehandelt: {cards}",
        "gov": "Regierung {gov}, Anführer {leader}, Taktik {tactic}",
        "counts": "Hand {h}, Militärhand {m}; Nahrung {food}, Rohstoffe {res}",
        "units": "Einheiten: {list}", "buildings": "Gebäude: {list}", "production": "Farmen und Minen: {list}",
        "wonders": "Weltwunder: {list}", "colonies": "Kolonien: {list}", "specials": "Spezial: {list}",
    },
}

# A card with what it is and does: "Theology (I temple; science 2, build 5): +1 culture ...".
FACE = {"en": "{name} ({what}): {does}", "ja": "{name}（{what}）：{does}", "fr": "{name} ({what}) : {does}",
        "de": "{name} ({what}): {does}"}
SEMI = {"en": "; ", "ja": "、", "fr": " ; ", "de": "; "}


def board_text(state: dict, seat: int | None, locale: str = "en", names: Sequence[str] | None = None) -> str:
    """The board of `seat`'s turn mail as plain text (a spectator gets the engine's board)."""
    view = tta.view(state, seat)
    loc = W.loc(locale)
    if seat is None:
        return engine_board_text(view, loc, names)
    sections = [_asked(state, view, loc, names), _forecast(state, view, loc), _row(state, view, loc),
                _yours(state, view, loc, names), _events(view, loc)]
    who = seat_namer(view, loc, names)
    sections += [_opponent(view, i, loc, who) for i in range(view["players"]) if i != seat]
    lines = [line for part in sections if part for line in part + [""]]
    return "\n".join(line for text in lines for line in fold(text)).rstrip("\n") + "\n"


def _asked(state: dict, view: Mapping, loc: str, names) -> list[str]:
    """The round, who is asked for what, the attack or pact at stake and the strengths it is weighed by."""
    who = seat_namer(view, loc, names)
    out = title_lines(view, loc, names)
    out += filter(None, [asked_line(view, loc, names)])
    out += table_lines(view, loc, names)
    if not view.get("over"):
        strengths = [f"{who(i)} {p['ratings']['strength']}" for i, p in enumerate(view["seats"])]
        out.append(WORDS[loc]["strengths"].format(list=W.comma(loc, strengths)))
    return out + _discard_ahead(state, view["you"], loc)


def _discard_ahead(state: dict, seat: int, loc: str) -> list[str]:
    """At its political action, a seat holding more military cards than it may keep is told the discard that
    follows, so that one reply plays the whole turn (JA l.314-316)."""
    frame = state["stack"][-1] if state["stack"] else None
    p = state["seats"][seat]
    n = len(p["mil_hand"]) - military_hand_limit(state, seat)
    if frame is None or frame["kind"] != "politics" or frame["seat"] != seat or n <= 0:
        return []
    return [WORDS[loc]["discard_ahead"].format(n=n, h=len(p["mil_hand"]), limit=military_hand_limit(state, seat),
                                               cards=", ".join(name(c) for c in least_useful(p, n)))]


def _forecast(state: dict, view: Mapping, loc: str) -> list[str]:
    """The seat's next production, its next population increase and the age change ahead."""
    if view.get("over"):
        return []
    t, seat = WORDS[loc], view["you"]
    p = view["seats"][seat]
    f = forecast.production(state, seat)
    out = [t["forecast"]]
    if not f["uprising"]:
        out.append("  " + t["food"].format(now=p["food"], made=f["food_made"], eaten=f["food_eaten"],
                                           after=p["food"] + f["food_net"]))
        if f["famine"]:
            out.append("  " + t["famine"].format(missing=f["famine"], culture=f["famine_culture"]))
        out.append("  " + t["resources"].format(now=p["resources"], made=f["resources_made"], lost=f["corruption"],
                                                after=p["resources"] + f["resources_net"]))
        out.append("  " + t["gains"].format(culture=p["culture"], cr=f["culture"], culture_after=f["culture_after"],
                                            science=p["science"], sr=f["science"],
                                            science_after=f["science_after"]))
    out.append("  " + t["happy"].format(happy=f["happy"], needed=f["happy_needed"], d=Count(f["discontent"], loc),
                                        idle=Count(f["idle"], loc)))
    if f["uprising"]:
        out.append("  " + t["uprising"])
    grow = forecast.populate(state, seat)
    out.append(t["populate_empty"] if grow["food"] is None else t["populate"].format(
        food=grow["food"], have=p["food"], after=grow["eats_after"], now=grow["eats_now"]))
    age = forecast.age_change(state, seat)
    lost = [name(c) for c in age["losses"] + age["military"] + age["pacts"]]
    if age["yellow"]:
        lost.append(t["yellow"].format(n=Count(age["yellow"], loc)))
    if age["age"] != "A" and age["cards_left"]:
        out.append(t["age"].format(age=age["age"], n=Count(age["cards_left"], loc))
                   + (t["age_loss"].format(lost=W.comma(loc, lost)) if lost else ""))
    return out


def _costs(state: dict, seat: int, c, loc: str) -> str:
    """What putting card `c` in play costs the seat: science to discover, resources to build, wonder stages."""
    t, parts = WORDS[loc], []
    if c.kind == "government":
        parts += [t["science"].format(n=technology_cost(state, seat, c.id)),
                  t["revolution"].format(n=technology_cost(state, seat, c.id, peaceful=False))]
    elif c.science is not None:
        parts.append(t["science"].format(n=technology_cost(state, seat, c.id)))
    if c.build is not None and c.kind in ("urban", "unit", "farm", "mine"):
        parts.append(t["build"].format(n=build_cost(state, seat, c.id) + rival_surcharge(state, seat, c)))
    if c.stages:
        parts.append(t["stages"].format(s="+".join(map(str, c.stages))))
    return W.comma(loc, parts)


def civil_face(state: dict, seat: int, copy: str, loc: str) -> str:
    """A civil card as one line: its name, age, type and cost to the seat, then what it does."""
    c = card(copy)
    what = " ".join([c.age, type_words(c, loc)])
    cost = _costs(state, seat, c, loc)
    return FACE[loc].format(name=name(copy), what=what + (SEMI[loc] + cost if cost else ""),
                            does=does_words(c, loc) or "-")


def military_face(copy: str, loc: str) -> str:
    """A military card as one line: its name, age, type and military actions, then what it does."""
    m = MILITARY[copy.split(":", 1)[0]]
    cost = military_cost(m, loc)
    # A bonus card's name says what it is ("Defense / Colonization Bonus I"): its age alone.
    what = " ".join([m.age] + ([] if m.kind == "bonus" else [W.TYPES[loc][m.kind]]))
    what += SEMI[loc] + cost if cost else ""
    return FACE[loc].format(name=name(copy), what=what, does=military_does(m, loc))


def _row(state: dict, view: Mapping, loc: str) -> list[str]:
    """The card row: slot, civil actions to take the card, and its face."""
    seat = view["you"]
    p = view["seats"][seat]
    out = [WORDS[loc]["row"]]
    for i, copy in enumerate(view["row"]):
        if copy:
            out.append(f"  {i + 1:>2}. [{take_cost(p, i, card(copy).id)}] {civil_face(state, seat, copy, loc)}")
        else:
            out.append(f"  {i + 1:>2}. -")
    return out


def _yours(state: dict, view: Mapping, loc: str, names) -> list[str]:
    """The seat's own board, its tactic, civil hand and military hand, each card with what it does."""
    t, seat = WORDS[loc], view["you"]
    p = view["seats"][seat]
    who = seat_namer(view, loc, names)
    out = [f"{who(seat)}{colon(loc)}{rates_words(p, loc)}"]
    out += tableau_lines(p, loc, legend=True, hands=False)
    if p["tactic"]:
        out.append("  " + t["tactic"].format(card=military_face(p["tactic"], loc)))
    out.append(t["hand"] + ("" if p["hand"] else " -"))
    out += ["  " + (f"{n}× " if n > 1 else "") + civil_face(state, seat, c, loc) for c, n in _grouped(p["hand"])]
    limit = military_hand_limit(state, seat)
    out.append(t["mil_hand"].format(n=len(p["mil_hand"]), limit=limit) + ("" if p["mil_hand"] else " -"))
    out += ["  " + (f"{n}× " if n > 1 else "") + military_face(c, loc) for c, n in _grouped(p["mil_hand"])]
    return out


def _grouped(copies) -> list[tuple[str, int]]:
    """Copies of one card once, with how many there are, in the order of their first copy."""
    counts: dict[str, list] = {}
    for copy in copies:
        counts.setdefault(copy.split(":", 1)[0], [copy, 0])[1] += 1
    return [(copy, n) for copy, n in counts.values()]


def _events(view: Mapping, loc: str) -> list[str]:
    """The current and future events' counts, the future events the seat prepared, the last ones resolved."""
    t = WORDS[loc]
    m = view.get("military") or {}
    out = [t["events"].format(current=m.get("current", 0), future=m.get("future", 0))]
    if m.get("future_yours"):
        out += ["  " + t["yours"]] + ["    " + military_face(c, loc) for c in m["future_yours"]]
    if m.get("past"):
        out.append("  " + t["past"].format(cards=W.comma(loc, [name(c) for c in m["past"][-PAST_SHOWN:]])))
    return out


def _opponent(view: Mapping, i: int, loc: str, who) -> list[str]:
    """Another seat as its public board: strength and rates, government, leader and tactic, hands and goods,
    units by kind, buildings, farms and mines, wonders, colonies."""
    t, p = WORDS[loc], view["seats"][i]
    hand, mil = p["hand"]["count"], (p.get("mil_hand") or {"count": 0})["count"]
    out = [f"{who(i)}{colon(loc)}{rates_words(p, loc)}",
           "  " + t["gov"].format(gov=name(p["government"]), leader=name(p["leader"]) if p["leader"] else "-",
                                  tactic=name(p["tactic"]) if p["tactic"] else "-"),
           "  " + t["counts"].format(h=hand, m=mil, food=p["food"], res=p["resources"])]
    kinds: dict[str, dict[str, list[str]]] = {"unit": {}, "urban": {}, "production": {}}
    for cid, n in p["workers"].items():
        c = CARDS[cid]
        if n:
            group = "production" if c.kind in ("farm", "mine") else c.kind
            kinds.setdefault(group, {}).setdefault(c.subtype or c.kind, []).append(f"{c.name} {n}")
    units = [f"{W.TYPES[loc][kind]} {W.comma(loc, cards)}" for kind, cards in kinds["unit"].items()]
    out.append("  " + t["units"].format(list=SEMI[loc].join(units) or "-"))
    buildings = [x for cards in kinds["urban"].values() for x in cards]
    if buildings:
        out.append("  " + t["buildings"].format(list=W.comma(loc, buildings)))
    out.append("  " + t["production"].format(list=W.comma(loc, [x for cards in kinds["production"].values()
                                                                for x in cards])))
    flipped = p.get("flipped", ())
    shown = labels(loc)
    wonders = [shown["flipped"].format(wonder=name(c)) if c in flipped else name(c) for c in p["wonders"]]
    if p["wonder"]:
        wonders.append(shown["building"].format(wonder=name(p["wonder"]), done=p["stages"],
                                                 stages=len(card(p["wonder"]).stages)))
    extra = [t[key].format(list=W.comma(loc, items)) for key, items in (
        ("wonders", wonders), ("specials", [name(c) for c in p["specials"].values()]),
        ("colonies", [name(c) for c in p.get("colonies", [])])) if items]
    if extra:
        out.append("  " + SEMI[loc].join(extra))
    return out


def text_width(text: str) -> int:
    """Columns `text` takes, a wide character two."""
    return len(text) if text.isascii() else sum(char_width(ch) for ch in text)


def fold(line: str, width: int = WIDTH) -> list[str]:
    """`line` as lines of at most `width` columns, broken at spaces or beside wide characters; continuation lines
    hang under the text (two columns deeper, or under a row card's name)."""
    if text_width(line) <= width:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    head = line[lead:]
    slot = head.split(" ", 2)
    hang = lead + (len(slot[0]) + len(slot[1]) + 2 if slot[0].rstrip(".").isdigit() and slot[1].startswith("[") else 2)
    indent, out = " " * min(hang, width // 2), []
    while text_width(line) > width:
        cols, at, start = 0, None, len(line) - len(line.lstrip(" "))
        for i, ch in enumerate(line):
            w = char_width(ch)
            if cols + w > width:
                break
            # French sets a space before ":" and ";": never break there, so no line starts with one.
            if i > start and ((ch == " " and line[i + 1:i + 2] not in TIGHT) or (
                    (w == 2 or char_width(line[i - 1]) == 2) and ch not in NO_START and line[i - 1] not in NO_END)):
                at = i
            cols += w
        if at is None:
            at = max(start + 1, i)  # a word wider than the line: cut it
        out.append(line[:at].rstrip())
        line = indent + line[at:].lstrip(" ")
    return out + [line]

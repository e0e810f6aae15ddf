"""One line per Stone Age event in English, Japanese, French and German, as a given seat may see it."""
from __future__ import annotations

from typing import Mapping, Sequence

from ..base import is_one, may_see, with_counts
from .cards import BUILDINGS, CIV_CARDS, PLACE_INFO

LOCALES = ("en", "ja", "fr", "de")

PLACE_NAMES = {
    "en": {"hunt": "hunting grounds", "forest": "forest", "clay": "clay pit", "quarry": "quarry", "river": "river",
           "toolmaker": "toolmaker", "hut": "hut", "field": "field", "civ": "civilization card {n}",
           "building": "building {n}", "tradingpost": "trading post", "woodyard": "wood yard",
           "goldyard": "gold yard"},
    "ja": {"hunt": "狩場", "forest": "森", "clay": "煉瓦鉱山", "quarry": "採石場", "river": "川", "toolmaker": "工房",
           "hut": "小屋", "field": "畑", "civ": "文明カード{n}", "building": "建物{n}", "tradingpost": "交易所",
           "woodyard": "木の仕事場", "goldyard": "金の仕事場"},
    "fr": {"hunt": "chasse", "forest": "forêt", "clay": "glaisière", "quarry": "carrière", "river": "rivière",
           "toolmaker": "fabricant d'outils", "hut": "hutte", "field": "champ", "civ": "carte civilisation {n}",
           "building": "bâtiment {n}", "tradingpost": "comptoir", "woodyard": "chantier de bois",
           "goldyard": "chantier d'or"},
    "de": {"hunt": "Jagd", "forest": "Wald", "clay": "Lehmgrube", "quarry": "Steinbruch", "river": "Fluss",
           "toolmaker": "Werkzeugmacher", "hut": "Hütte", "field": "Acker", "civ": "Zivilisationskarte {n}",
           "building": "Gebäude {n}", "tradingpost": "Handelsplatz", "woodyard": "Holzplatz",
           "goldyard": "Goldplatz"},
}
ITEM_NAMES = {
    "en": {"food": "food", "wood": "wood", "brick": "brick", "stone": "stone", "gold": "gold", "tool": "a tool",
           "agriculture": "agriculture +1", "ornament": "ornaments"},
    "ja": {"food": "食料", "wood": "木", "brick": "レンガ", "stone": "石", "gold": "金", "tool": "道具",
           "agriculture": "農業+1", "ornament": "装飾品"},
    "fr": {"food": "nourriture", "wood": "bois", "brick": "argile", "stone": "pierre", "gold": "or",
           "tool": "un outil", "agriculture": "agriculture +1", "ornament": "ornements"},
    "de": {"food": "Nahrung", "wood": "Holz", "brick": "Lehm", "stone": "Stein", "gold": "Gold",
           "tool": "ein Werkzeug", "agriculture": "Ackerbau +1", "ornament": "Schmuck"},
}
# An item's name for a count of one where it differs ("1 ornament"; "2 wood" and "1 wood" alike).
ITEM_ONE = {"en": {"ornament": "ornament"}, "fr": {"ornament": "ornement"}, "ja": {}, "de": {}}
CULTURE_NAMES = {
    "en": {"medicine": "Medicine", "art": "Art", "writing": "Writing", "pottery": "Pottery", "sundial": "Sundial",
           "transport": "Transport", "music": "Music", "weaving": "Weaving", "necklace": "Necklace"},
    "ja": {"medicine": "医療", "art": "美術", "writing": "書物", "pottery": "陶工", "sundial": "時計",
           "transport": "移動", "music": "音楽", "weaving": "織物", "necklace": "首輪"},
    "fr": {"medicine": "Médecine", "art": "Art", "writing": "Écriture", "pottery": "Poterie", "sundial": "Cadran solaire",
           "transport": "Transport", "music": "Musique", "weaving": "Tissage", "necklace": "Collier"},
    "de": {"medicine": "Heilkunst", "art": "Kunst", "writing": "Schrift", "pottery": "Töpferei", "sundial": "Zeit",
           "transport": "Transport", "music": "Musik", "weaving": "Weberei", "necklace": "Ring"},
}
MULTIPLIER_NAMES = {
    "en": {"farmer": "farmer", "toolmaker": "toolmaker", "hut_builder": "hut builder", "shaman": "shaman", "trader": "trader"},
    "ja": {"farmer": "農夫", "toolmaker": "道具職人", "hut_builder": "小屋の建築者", "shaman": "呪い師", "trader": "交易人"},
    "fr": {"farmer": "paysan", "toolmaker": "fabricant d'outils", "hut_builder": "constructeur", "shaman": "chaman", "trader": "marchand"},
    "de": {"farmer": "Bauer", "toolmaker": "Werkzeugmacher", "hut_builder": "Hüttenbauer", "shaman": "Schamane", "trader": "Händler"},
}
TOP_NAMES = {
    "en": {"dice_roll_items": "dice for all", "food": "{n} food", "resource": "{n} {res}",
           "resource_dice": "2 dice for {res}", "points": "{n} points", "tool": "tool", "agriculture": "agriculture",
           "extra_card": "extra card", "one_use_tool": "one-use tool {value}", "any_two_resources": "any 2 resources",
           "dice_roll_items_style": "style dice for all", "trade_track": "trade +{advance}, {ornaments} ornaments"},
    "ja": {"dice_roll_items": "全員ダイス", "food": "食料{n}", "resource": "{res}{n}", "resource_dice": "{res}ダイス2個",
           "points": "{n}点", "tool": "道具", "agriculture": "農業", "extra_card": "追加カード",
           "one_use_tool": "使い捨て道具{value}", "any_two_resources": "任意の資源2個",
           "dice_roll_items_style": "生活スタイル全員ダイス", "trade_track": "交易+{advance}・装飾品{ornaments}"},
    "fr": {"dice_roll_items": "dés pour tous", "food": "{n} nourriture", "resource": "{n} {res}",
           "resource_dice": "2 dés pour {res}", "points": "{n} points", "tool": "outil", "agriculture": "agriculture",
           "extra_card": "carte en plus", "one_use_tool": "outil unique {value}",
           "any_two_resources": "2 ressources au choix", "dice_roll_items_style": "dés de style pour tous",
           "trade_track": "commerce +{advance}, {ornaments} ornements"},
    "de": {"dice_roll_items": "Würfel für alle", "food": "{n} Nahrung", "resource": "{n} {res}",
           "resource_dice": "2 Würfel für {res}", "points": "{n} Punkte", "tool": "Werkzeug", "agriculture": "Ackerbau",
           "extra_card": "Extrakarte", "one_use_tool": "Einmal-Werkzeug {value}",
           "any_two_resources": "2 beliebige Rohstoffe", "dice_roll_items_style": "Stil-Würfel für alle",
           "trade_track": "Händler +{advance}, {ornaments} Schmuck"},
}
BUILDING_NAMES = {
    "en": {"fixed": "{points}-point hut", "count_kinds": "hut of {count} resources of {kinds} {kinds:kind|kinds}",
           "any": "hut of 1-7 resources of any kinds",
           "ornaments": "hut of {min}-{max} ornaments ({per} {per:point|points} each)"},
    "ja": {"fixed": "{points}点の建物", "count_kinds": "{kinds}種類{count}個の建物", "any": "任意1〜7個の建物",
           "ornaments": "装飾品{min}〜{max}個の建物（1個{per}点）"},
    "fr": {"fixed": "bâtiment à {points} points",
           "count_kinds": "bâtiment de {count} ressources de {kinds} {kinds:sorte|sortes}",
           "any": "bâtiment de 1 à 7 ressources au choix",
           "ornaments": "bâtiment de {min} à {max} ornements ({per} {per:point|points} chacun)"},
    "de": {"fixed": "{points}-Punkte-Gebäude", "count_kinds": "Gebäude aus {count} Rohstoffen von {kinds} {kinds:Sorte|Sorten}",
           "any": "Gebäude aus 1-7 beliebigen Rohstoffen",
           "ornaments": "Gebäude aus {min}-{max} Schmuck (je {per} {per:Punkt|Punkte})"},
}
# What an expansion tile does besides its points.
BUILDING_EFFECT_NAMES = {
    "en": {"draw_card": "draws a card", "dice_items": "style dice for all", "workplace": "{place}",
           "income": "1 {res} each round", "person": "+1 person", "tool": "+1 tool", "agriculture": "agriculture +1"},
    "ja": {"draw_card": "カードを1枚引く", "dice_items": "生活スタイル全員ダイス", "workplace": "{place}",
           "income": "毎ラウンド{res}1個", "person": "人+1", "tool": "道具+1", "agriculture": "農業+1"},
    "fr": {"draw_card": "pioche une carte", "dice_items": "dés de style pour tous", "workplace": "{place}",
           "income": "1 {res} par manche", "person": "+1 personne", "tool": "+1 outil",
           "agriculture": "agriculture +1"},
    "de": {"draw_card": "zieht eine Karte", "dice_items": "Stil-Würfel für alle", "workplace": "{place}",
           "income": "1 {res} pro Runde", "person": "+1 Person", "tool": "+1 Werkzeug", "agriculture": "Ackerbau +1"},
}
YOU = {"en": "You", "ja": "あなた", "fr": "Vous", "de": "Du"}
PLAYER = {"en": "Player {n}", "ja": "プレイヤー{n}", "fr": "Joueur {n}", "de": "Spieler {n}"}
# French and German conjugate for "you": {a} -> avez/a, {hat} -> hast/hat, {ist} -> bist/ist; French and English
# possessives agree with the reader too: {sa} -> votre/sa, {son} -> votre/son, {ses} -> vos/ses, {their} -> your/their.
VERBS = {"fr": {"a": ("avez", "a"), "est": ("êtes", "est"), "sa": ("votre", "sa"), "son": ("votre", "son"),
                "ses": ("vos", "ses")},
         "de": {"hat": ("hast", "hat"), "ist": ("bist", "ist")},
         "en": {"their": ("your", "their")}, "ja": {}}
START_VERB = {"en": ("start", "starts"), "fr": ("commencez", "commence"), "de": ("beginnst", "beginnt"), "ja": ("", "")}
REASONS = {
    "en": {"building_stack": "a building stack ran out", "civ_deck": "the card row could not be refilled"},
    "ja": {"building_stack": "建物の山が尽きた", "civ_deck": "文明カードを補充できない"},
    "fr": {"building_stack": "une pile de bâtiments est épuisée", "civ_deck": "la rangée de cartes ne peut être complétée"},
    "de": {"building_stack": "ein Gebäudestapel ist leer", "civ_deck": "die Kartenreihe kann nicht aufgefüllt werden"},
}

TEMPLATES = {
    "round": {"en": "Round {round} begins; {start_name} {starts}.", "ja": "第{round}ラウンド開始。スタートプレーヤーは{start_name}。",
              "fr": "Manche {round} : {start_name} {starts}.", "de": "Runde {round}: {start_name} {starts}."},
    "revealed": {"en": "Revealed: {thing}.", "ja": "{thing}が公開された。", "fr": "Révélé : {thing}.",
                 "de": "Aufgedeckt: {thing}."},
    "placed": {"en": "{who} placed {n} on the {place}.", "ja": "{who}は{place}に{n}人置いた。",
               "fr": "{who} {a} placé {n} sur {place}.", "de": "{who} {hat} {n} auf {place} gesetzt."},
    "rolled": {"en": "{who} rolled {dice} (total {total}) for {place}.", "ja": "{who}は{place}で{dice}を出した（合計{total}）。",
               "fr": "{who} {a} lancé {dice} (total {total}) pour {place}.",
               "de": "{who} {hat} {dice} (Summe {total}) für {place} gewürfelt."},
    # A dice-for-everyone card: each die is picked for its face, the sum means nothing.
    "rolled_faces": {"en": "{who} rolled {dice} for {place}.", "ja": "{who}は{place}で{dice}を出した。",
                     "fr": "{who} {a} lancé {dice} pour {place}.", "de": "{who} {hat} {dice} für {place} gewürfelt."},
    "tools_used": {"en": "{who} used tools {tools}: total {total}.", "ja": "{who}は道具{tools}を使った：合計{total}。",
                   "fr": "{who} {a} utilisé les outils {tools} : total {total}.",
                   "de": "{who} {hat} Werkzeuge {tools} benutzt: Summe {total}."},
    "gained": {"en": "{who} got {n} {item}.", "ja": "{who}は{item}を{n}個得た。", "fr": "{who} {a} reçu {n} {item}.",
               "de": "{who} {hat} {n} {item} erhalten."},
    "tool": {"en": "{who} got a tool: {their} tools are now {tools}.", "ja": "{who}は道具を得た：道具は{tools}になった。",
             "fr": "{who} {a} reçu un outil : {ses} outils valent maintenant {tools}.",
             "de": "{who} {hat} ein Werkzeug erhalten: die Werkzeuge stehen jetzt auf {tools}."},
    "person": {"en": "{who} now {has} {people} {people:person|people}.", "ja": "{who}の人数は{people}人になった。",
               "fr": "{who} {a} maintenant {people} {people:personne|personnes}.",
               "de": "{who} {hat} jetzt {people} {people:Person|Personen}."},
    "agriculture": {"en": "{who} raised agriculture to {agri}.", "ja": "{who}の農業は{agri}になった。",
                    "fr": "{who} {a} monté l'agriculture à {agri}.", "de": "{who} {hat} den Ackerbau auf {agri} erhöht."},
    "bought": {"en": "{who} took {card} for {paid}.", "ja": "{who}は{paid}を払って{card}を取った。",
               "fr": "{who} {a} pris {card} pour {paid}.", "de": "{who} {hat} {card} für {paid} genommen."},
    "declined": {"en": "{who} took the person back from {place}.", "ja": "{who}は{place}から人を戻した。",
                 "fr": "{who} {a} repris {sa} personne de {place}.", "de": "{who} {hat} die Person von {place} zurückgenommen."},
    "built": {"en": "{who} built {tile} for {paid}: {points} {points:point|points}.",
              "ja": "{who}は{paid}で{tile}を建てた：{points}点。",
              "fr": "{who} {a} construit {tile} pour {paid} : {points} {points:point|points}.",
              "de": "{who} {hat} {tile} für {paid} gebaut: {points} {points:Punkt|Punkte}."},
    "stack_empty": {"en": "Building stack {stack} is empty: this is the last round.",
                    "ja": "建物の山{stack}が尽きた。このラウンドが最後。",
                    "fr": "La pile de bâtiments {stack} est vide : dernière manche.",
                    "de": "Gebäudestapel {stack} ist leer: letzte Runde."},
    "extra_card": {"en": "{who} took {card} face down.", "ja": "{who}は{card}を裏向きで取った。",
                   "fr": "{who} {a} pris {card} face cachée.", "de": "{who} {hat} {card} verdeckt genommen."},
    "extra_card_hidden": {"en": "{who} took a card face down.", "ja": "{who}はカードを1枚裏向きで取った。",
                          "fr": "{who} {a} pris une carte face cachée.", "de": "{who} {hat} eine Karte verdeckt genommen."},
    "points": {"en": "{who} scored {n} {n:point|points}.", "ja": "{who}は{n}点を得た。",
               "fr": "{who} {a} marqué {n} {n:point|points}.", "de": "{who} {hat} {n} {n:Punkt|Punkte} erhalten."},
    "picked": {"en": "{who} picked the {face}: {item}.", "ja": "{who}は{face}の目を選んだ：{item}。",
               "fr": "{who} {a} choisi le {face} : {item}.", "de": "{who} {hat} die {face} gewählt: {item}."},
    "used_card": {"en": "{who} used the card for {res}.", "ja": "{who}はカードを使って{res}を得た。",
                  "fr": "{who} {a} utilisé la carte pour {res}.", "de": "{who} {hat} die Karte für {res} benutzt."},
    "fed": {"en": "{who} fed the people{paid}.", "ja": "{who}は人々を養った{paid}。", "fr": "{who} {a} nourri {sa} tribu{paid}.",
            "de": "{who} {hat} die Leute ernährt{paid}."},
    "short": {"en": "{who} {is} {short} food short.", "ja": "{who}は食料が{short}足りない。",
              "fr": "{who} {a} {short} nourriture de moins que nécessaire.", "de": "Bei {who_dat} fehlen {short} Nahrung."},
    "starved": {"en": "{who} could not feed everyone: -10 points.", "ja": "{who}は養えなかった：-10点。",
                "fr": "{who} n'{a} pas nourri tout le monde : -10 points.",
                "de": "{who} {hat} nicht alle ernährt: -10 Punkte."},
    "trade_track": {"en": "{who} moved the trade marker to {pos}.", "ja": "{who}の交易マーカーは{pos}になった。",
                    "fr": "{who} {a} avancé {son} marqueur de commerce à {pos}.",
                    "de": "{who} {hat} den Händlermarker auf {pos} gezogen."},
    "traded": {"en": "{who} traded {give} for {get}.", "ja": "{who}は{give}を{get}と交換した。",
               "fr": "{who} {a} échangé {give} contre {get}.", "de": "{who} {hat} {give} gegen {get} getauscht."},
    "game_over": {"en": "Game over ({reason}). Scores: {scores}.", "ja": "ゲーム終了（{reason}）。得点：{scores}。",
                  "fr": "Fin de partie ({reason}). Scores : {scores}.", "de": "Spielende ({reason}). Punkte: {scores}."},
}
WITH = {"en": " with {x}", "ja": "（{x}を使用）", "fr": " avec {x}", "de": " mit {x}"}
JOIN = {"en": ", ", "ja": "、", "fr": ", ", "de": ", "}


def card_name(card: str, locale: str = "en") -> str:
    """"Writing/extra card": the card's final-scoring part, then its immediate effect."""
    loc = locale if locale in LOCALES else "en"
    data = CIV_CARDS[card]
    bottom = data["bottom"]
    if "culture" in bottom:
        low = CULTURE_NAMES[loc][bottom["culture"]]
    else:
        low = f"{bottom['count']} {MULTIPLIER_NAMES[loc][bottom['multiplier']]}"
    top = dict(data["top"])
    if "res" in top:
        top["res"] = ITEM_NAMES[loc][top["res"]]
    return f"{low}/{TOP_NAMES[loc][top['kind']].format(**top)}"


def building_name(tile: str, locale: str = "en") -> str:
    """A building tile in words."""
    loc = locale if locale in LOCALES else "en"
    b = BUILDINGS[tile]
    name = BUILDING_NAMES[loc][b["kind"]].format(**with_counts(b, loc))
    effect = b.get("effect")
    if effect:
        words = {"place": place_name(effect.get("place", ""), loc), "res": ITEM_NAMES[loc].get(effect.get("res"), "")}
        name += f" ({BUILDING_EFFECT_NAMES[loc][effect['kind']].format(**words)})"
    return name


def place_name(pid: str, locale: str = "en") -> str:
    """A place in words."""
    names = PLACE_NAMES[locale if locale in LOCALES else "en"]
    for prefix in ("civ", "building"):
        if pid.startswith(prefix) and pid[len(prefix):].isdigit():
            return names[prefix].format(n=pid[len(prefix):])
    return names.get(pid, pid)


def items_text(res: Sequence[str], loc: str) -> str:
    """Items counted in words: "2 wood, 1 brick" (also in error messages)."""
    counts: dict[str, int] = {}
    for r in res:
        counts[r] = counts.get(r, 0) + 1
    return JOIN[loc].join(f"{n} {item_name(r, n, loc)}" for r, n in counts.items()) or "-"


def item_name(item: str, n: int, loc: str) -> str:
    """An item's name after a count of `n`: "1 ornament", "2 ornaments" (French: "0 ornement")."""
    if is_one(n, loc) and item in ITEM_ONE[loc]:
        return ITEM_ONE[loc][item]
    return ITEM_NAMES[loc].get(item, item)


def _who(seat, viewer, loc, names) -> str:
    if seat is None:
        return ""
    if seat == viewer:
        return YOU[loc]
    if names and 0 <= seat < len(names):
        return str(names[seat])
    return PLAYER[loc].format(n=seat + 1)


def describe(event: Mapping, viewer: int | None, locale: str = "en", names: Sequence[str] | None = None) -> str:
    """One line for `event` as `viewer` may see it; private details only for those in `event["to"]`."""
    loc = locale if locale in LOCALES else "en"
    kind = event.get("kind")
    seat = event.get("seat")
    you = seat is not None and seat == viewer
    f = with_counts({k: v for k, v in event.items() if k not in ("kind", "seat", "to")}, loc)
    f["who"] = _who(seat, viewer, loc, names)
    f["who_dat"] = "dir" if you else f["who"]
    for verb, (second, third) in VERBS[loc].items():
        f[verb] = second if you else third
    f["has"] = "have" if you else "has"
    f["is"] = "are" if you else "is"
    if "target" in f:
        f["place"] = place_name(f["target"], loc)
    elif "place" in f:
        f["place"] = place_name(f["place"], loc)
    if kind == "extra_card" and not may_see(event, viewer):
        kind = "extra_card_hidden"
    if "card" in f and f["card"]:
        f["card"] = card_name(f["card"], loc)
    if "tile" in f and f["tile"]:
        f["tile"] = building_name(f["tile"], loc)
    if kind == "revealed":
        f["thing"] = f.get("card") or f.get("tile")
    if "item" in f:
        f["item"] = item_name(f["item"], f.get("n", 2), loc)
    if "dice" in f:
        f["dice"] = " ".join(map(str, f["dice"]))
    if kind == "rolled" and event.get("target") not in PLACE_INFO:
        kind = "rolled_faces"  # a card or tile's dice for everyone: no total
    if kind == "tool":
        f["tools"] = JOIN[loc].join(map(str, f["tools"]))  # "1, 0, 0", not a list
    if kind == "tools_used":
        f["tools"] = " ".join(map(str, f["tiles"])) + "".join(f" +{v}" for v in f["cards"])
    if kind in ("bought", "built", "used_card", "fed"):
        paid = f.get("paid", f.get("res", []))
        f["paid"] = items_text(paid, loc)
        f["res"] = f["paid"]
        if kind == "fed":
            f["paid"] = WITH[loc].format(x=items_text(paid, loc)) if paid else ""
    if kind == "traded":
        f["give"], f["get"] = items_text(f["give"], loc), items_text(f["get"], loc)
    if kind == "round":
        f["start_name"] = _who(event.get("start"), viewer, loc, names)
        # The start player may be the reader: "you start", "vous commencez", "du beginnst".
        you_start = event.get("start") is not None and event.get("start") == viewer
        f["starts"] = START_VERB[loc][0 if you_start else 1]
        if you_start and loc in ("en", "fr"):
            f["start_name"] = f["start_name"].lower()  # mid-sentence: "you start", "vous commencez"
    if kind == "game_over":
        f["reason"] = REASONS[loc].get(f["reason"], f["reason"])
        f["scores"] = JOIN[loc].join(f"{_who(s, viewer, loc, names)} {v}" for s, v in enumerate(f["scores"]))
    template = TEMPLATES.get(kind)
    if template is None:
        return f"{kind}"
    return template[loc].format(**f)

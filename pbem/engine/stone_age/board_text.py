"""The Stone Age board as plain monospaced text, from one seat's view, for the text part of a turn email."""
from __future__ import annotations

from typing import Mapping, Sequence

from ..base import Count, counted, text_width
from .cards import BUILDINGS, CIV_CARDS, RESOURCES, ROW_COSTS
from .style_cards import STYLE_ROW
from .text import CULTURE_NAMES, ITEM_NAMES, LOCALES, MULTIPLIER_NAMES, building_name, card_name, place_name

LABELS = {
    "en": {"stage": "round {round}, {phase}", "title": "Round {round}: {phase}. Start player: {start}.", "last": "This is the last round.",
           "over": "The game is over.", "waiting": "Waiting for: {who}.",
           "place": "placing people", "act": "resolving places", "feed": "feeding", "over_phase": "game over",
           "places": "Places", "row": ("Card row ({n} card in the deck)", "Card row ({n} cards in the deck)"), "cost": "cost {n}",
           "stacks": "Building stacks", "left": "{n} {n:tile|tiles}", "empty": "empty", "players": "Players",
           "you": "you", "points": "{n} {n:point|points}", "people": "people {n}", "placed": "{n} placed",
           "food": "food {n}", "agri": "agriculture {n}", "tools": "tools {tools}", "used": "used",
           "cards": "cards {n}", "hidden": "{n} face down", "buildings": "buildings {n}",
           "once": "one-use tools {values}", "any2": "any-2-resources card", "rolled": "Roll at {place}: {dice} = {total}.",
           "pick": "Dice to pick: {dice}.", "hungry": "{who}: {n} food short.",
           "culture": "culture: {list}", "multipliers": "for the end: {list}"},
    "ja": {"stage": "第{round}ラウンドの{phase}", "title": "第{round}ラウンド：{phase}。スタートプレーヤー：{start}。", "last": "このラウンドが最後。",
           "over": "ゲーム終了。", "waiting": "手番：{who}。",
           "place": "配置", "act": "解決", "feed": "食料供給", "over_phase": "終了",
           "places": "場所", "row": ("文明カード（山札{n}枚）",) * 2, "cost": "コスト{n}",
           "stacks": "建物の山", "left": "{n}枚", "empty": "なし", "players": "プレイヤー",
           "you": "あなた", "points": "{n}点", "people": "人数{n}", "placed": "配置済み{n}",
           "food": "食料{n}", "agri": "農業{n}", "tools": "道具{tools}", "used": "使用済み",
           "cards": "カード{n}", "hidden": "裏向き{n}", "buildings": "建物{n}",
           "once": "使い捨て道具{values}", "any2": "任意の資源2個のカード", "rolled": "{place}の出目：{dice} = {total}。",
           "pick": "選べるダイス：{dice}。", "hungry": "{who}：食料が{n}足りない。",
           "culture": "文明：{list}", "multipliers": "最終得点：{list}"},
    "fr": {"stage": "manche {round}, {phase}", "title": "Manche {round} : {phase}. Premier joueur : {start}.", "last": "C'est la dernière manche.",
           "over": "La partie est finie.", "waiting": "En attente de : {who}.",
           "place": "placement", "act": "résolution", "feed": "nourriture", "over_phase": "fin",
           "places": "Lieux", "row": ("Cartes civilisation ({n} dans la pioche)",) * 2, "cost": "coût {n}",
           "stacks": "Piles de bâtiments", "left": "{n} {n:tuile|tuiles}", "empty": "vide", "players": "Joueurs",
           "you": "vous", "points": "{n} {n:point|points}", "people": "personnes {n}", "placed": "{n} {n:placée|placées}",
           "food": "nourriture {n}", "agri": "agriculture {n}", "tools": "outils {tools}", "used": "utilisés",
           "cards": "cartes {n}", "hidden": "{n} face cachée", "buildings": "bâtiments {n}",
           "once": "outils uniques {values}", "any2": "carte 2 ressources au choix",
           "rolled": "Lancer à {place} : {dice} = {total}.", "pick": "Dés à choisir : {dice}.",
           "hungry": "{who} : {n} nourriture manquante.",
           "culture": "culture : {list}", "multipliers": "pour la fin : {list}"},
    "de": {"stage": "Runde {round}, {phase}", "title": "Runde {round}: {phase}. Startspieler: {start}.", "last": "Dies ist die letzte Runde.",
           "over": "Das Spiel ist vorbei.", "waiting": "Am Zug: {who}.",
           "place": "Einsetzen", "act": "Auswerten", "feed": "Ernährung", "over_phase": "Spielende",
           "places": "Orte", "row": ("Kartenreihe ({n} Karte im Stapel)", "Kartenreihe ({n} Karten im Stapel)"), "cost": "Kosten {n}",
           "stacks": "Gebäudestapel", "left": "{n} Plättchen", "empty": "leer", "players": "Spieler",
           "you": "du", "points": "{n} {n:Punkt|Punkte}", "people": "Personen {n}", "placed": "{n} eingesetzt",
           "food": "Nahrung {n}", "agri": "Ackerbau {n}", "tools": "Werkzeuge {tools}", "used": "benutzt",
           "cards": "Karten {n}", "hidden": "{n} verdeckt", "buildings": "Gebäude {n}",
           "once": "Einmal-Werkzeuge {values}", "any2": "Karte 2 beliebige Rohstoffe",
           "rolled": "Wurf bei {place}: {dice} = {total}.", "pick": "Würfel zur Wahl: {dice}.",
           "hungry": "{who}: {n} Nahrung fehlt.",
           "culture": "Kultur: {list}", "multipliers": "für das Ende: {list}"},
}
SEP = {"en": ", ", "ja": "、", "fr": ", ", "de": ", "}


def pad(text: str, columns: int) -> str:
    """`text` padded with spaces to `columns` display columns (Japanese place names line up too)."""
    return text + " " * max(0, columns - text_width(text))


def _name(seat: int, view: Mapping, names: Sequence[str] | None, label: Mapping) -> str:
    name = str(names[seat]) if names and 0 <= seat < len(names) else f"#{seat + 1}"
    return f"{name} ({label['you']})" if seat == view.get("you") else name


def _table(rows: list[tuple[str, str]], indent: str = "  ") -> list[str]:
    columns = max((text_width(left) for left, _ in rows), default=0) + 2
    return [(indent + pad(left, columns) + right).rstrip() for left, right in rows]


def _counts(counts: Sequence[int], view: Mapping, names, label, loc) -> str:
    return SEP[loc].join(f"{_name(s, view, names, label)} {n}" for s, n in enumerate(counts) if n)


def _building(tile: str | None, loc: str) -> str:
    if tile is None:
        return ""
    data = BUILDINGS[tile]
    text = building_name(tile, loc)
    if data["kind"] == "fixed":
        cost = SEP[loc].join(f"{ITEM_NAMES[loc][r]} {data['cost'][r]}" for r in RESOURCES if r in data["cost"])
        text += f" ({cost})"
    return text


def _row_cost(space: int, loc: str) -> str:
    """What the card space `space` (1-based) costs: resources, or the expansion's fifth space's ornaments."""
    if space <= len(ROW_COSTS):
        return str(ROW_COSTS[space - 1])
    return f"{STYLE_ROW[space - 1]['n']} {ITEM_NAMES[loc]['ornament']}"


def board_text(view: Mapping, locale: str = "en", names: Sequence[str] | None = None) -> str:
    """The board of `view(state, seat)` as lines of text in `locale` (en, ja, fr, de), with seat `names`."""
    loc = locale if locale in LOCALES else "en"
    label = LABELS[loc]
    items = ITEM_NAMES[loc]
    lines = []
    phase = label["over_phase" if view["phase"] == "over" else view["phase"]]
    lines.append(label["title"].format(round=view["round"], phase=phase,
                                       start=_name(view["start"], view, names, label)))
    if view.get("over") is not None:
        lines.append(label["over"])
    elif view.get("ending"):
        lines.append(label["last"])
    waiting = sorted({p["seat"] for p in view.get("prompts", [])})
    if waiting:
        lines.append(label["waiting"].format(who=SEP[loc].join(_name(s, view, names, label) for s in waiting)))
    ask = view.get("ask")
    if ask and ask.get("kind") == "tools":
        lines.append(label["rolled"].format(place=place_name(ask["target"], loc),
                                            dice=" ".join(map(str, ask["dice"])), total=ask["total"]))
    elif ask and ask.get("kind") == "pick":
        lines.append(label["pick"].format(dice=" ".join(map(str, sorted(ask["dice"])))))
    for seat, short in enumerate(view.get("hungry") or []):
        if short:
            lines.append(label["hungry"].format(who=_name(seat, view, names, label), n=short))

    board = view["board"]
    lines += ["", label["places"]]
    village = [pid for pid in board if not pid.startswith(("civ", "building"))]
    lines += _table([(place_name(pid, loc), _counts(board[pid], view, names, label, loc) or "-")
                     for pid in _ordered(village)])

    lines += ["", counted(label["row"], view["deck"], loc)]
    lines += _table([(f"{i}. {card_name(card, loc) if card else '-'}",
                      f"[{label['cost'].format(n=_row_cost(i, loc))}] "
                      + _counts(board.get(f"civ{i}", []), view, names, label, loc))
                     for i, card in enumerate(view["row"], start=1)])

    lines += ["", label["stacks"]]
    lines += _table([(f"{i}. {_building(stack['top'], loc) or label['empty']}",
                      f"[{label['left'].format(n=Count(stack['count'], loc))}] "
                      + _counts(board.get(f"building{i}", []), view, names, label, loc))
                     for i, stack in enumerate(view["stacks"], start=1)])

    lines += ["", label["players"]]
    for seat, p in enumerate(view["seats"]):
        tools = " ".join(f"{v}" + ("*" if used else "") for v, used in zip(p["tools"], p["used"]))
        hidden = p["hidden"] if isinstance(p["hidden"], int) else len(p["hidden"])
        first = [label["points"].format(n=Count(p["score"], loc)),
                 label["people"].format(n=p["people"]) + (f" ({label['placed'].format(n=Count(p['placed'], loc))})"
                                                          if p["placed"] else ""),
                 label["food"].format(n=p["food"]), label["agri"].format(n=p["agri"]),
                 label["tools"].format(tools=tools)]
        second = [" ".join(f"{items[r]} {p[r]}" for r in RESOURCES),
                  label["cards"].format(n=len(p["cards"]))
                  + (f" (+{label['hidden'].format(n=hidden)})" if hidden else ""),
                  label["buildings"].format(n=len(p["buildings"]))]
        if p.get("once"):
            second.append(label["once"].format(values=" ".join(str(CIV_CARDS[c]["top"]["value"]) for c in p["once"])))
        if p.get("any2"):
            second.append(label["any2"])
        lines.append(f"  {_name(seat, view, names, label)}")
        lines.append("    " + " | ".join(first))
        lines.append("    " + " | ".join(second))
        if p["cards"]:
            lines.append("    " + _card_bottoms(p["cards"], label, loc))
    if any(any(p["used"]) for p in view["seats"]):
        lines.append(f"  (* {label['used']})")
    return "\n".join(lines) + "\n"


def _card_bottoms(cards: list[str], label: Mapping, loc: str) -> str:
    """What a player's open cards will score: their culture symbols, and their multipliers summed by kind."""
    bottoms = [CIV_CARDS[c]["bottom"] for c in cards]
    cultures = [CULTURE_NAMES[loc][b["culture"]] for b in bottoms if "culture" in b]
    counts: dict[str, int] = {}
    for b in bottoms:
        if "multiplier" in b:
            counts[b["multiplier"]] = counts.get(b["multiplier"], 0) + b["count"]
    parts = []
    if cultures:
        parts.append(label["culture"].format(list=SEP[loc].join(cultures)))
    if counts:
        parts.append(label["multipliers"].format(
            list=SEP[loc].join(f"{MULTIPLIER_NAMES[loc][kind]} ×{n}" for kind, n in counts.items())))
    return " | ".join(parts)


def _ordered(pids: list[str]) -> list[str]:
    # Board order, whatever order a JSONB round trip gave the keys.
    order = ("hunt", "forest", "clay", "quarry", "river", "toolmaker", "hut", "field")
    return sorted(pids, key=lambda pid: order.index(pid) if pid in order else len(order))

"""The final-scoring sheet: where each seat's points came from, row by row, in four languages."""
from __future__ import annotations

from typing import Mapping

# In the order the rulebook scores them; "trader" appears only in expansion games.
ROWS = ("track", "culture", "farmer", "toolmaker", "hut_builder", "shaman", "trader", "resources", "unused_cards", "total")
LABELS = {
    "en": {"track": "Points during play", "culture": "Culture sets", "farmer": "Farmers × agriculture",
           "toolmaker": "Toolmakers × tools", "hut_builder": "Hut builders × buildings",
           "shaman": "Shamans × people", "trader": "Traders × trade track", "resources": "Resources (1 each)",
           "unused_cards": "Unused any-2-resources cards (2 each)",
           "total": "Total"},
    "ja": {"track": "ゲーム中の得点", "culture": "文明の組", "farmer": "農夫 × 農業", "toolmaker": "道具職人 × 道具",
           "hut_builder": "小屋の建築者 × 建物", "shaman": "呪い師 × 人", "trader": "交易人 × 交易トラック",
           "resources": "資源（1個1点）", "unused_cards": "未使用の「任意の資源2個」カード（1枚2点）", "total": "合計"},
    "fr": {"track": "Points en cours de partie", "culture": "Séries de culture", "farmer": "Paysans × agriculture",
           "toolmaker": "Fabricants d'outils × outils", "hut_builder": "Constructeurs × bâtiments",
           "shaman": "Chamans × personnes", "trader": "Marchands × piste de commerce",
           "resources": "Ressources (1 chacune)",
           "unused_cards": "Cartes « 2 ressources au choix » inutilisées (2 chacune)", "total": "Total"},
    "de": {"track": "Punkte im Spiel", "culture": "Kultursätze", "farmer": "Bauern × Ackerbau",
           "toolmaker": "Werkzeugmacher × Werkzeuge", "hut_builder": "Hüttenbauer × Gebäude",
           "shaman": "Schamanen × Personen", "trader": "Händler × Händlerleiste",
           "resources": "Rohstoffe (je 1)",
           "unused_cards": "Unbenutzte Karten „2 beliebige Rohstoffe“ (je 2)", "total": "Summe"},
}


def score_sheet(result: Mapping, locale: str = "en") -> list[tuple[str, dict[int, int]]]:
    """Rows of (label, points by seat) from a result (as stored: seats may be string keys).

    Optional contract: the game page and the game-over mail show it under the ranking.
    """
    details = {int(seat): row for seat, row in (result.get("details") or {}).items()}
    labels = LABELS.get(locale, LABELS["en"])
    return [(labels[key], {seat: row.get(key, 0) for seat, row in details.items()})
            for key in ROWS if any(key in row for row in details.values())]

"""The final-scoring sheet: where each seat's points came from."""
from __future__ import annotations

from typing import Mapping

ROWS = ("culture", "total")
LABELS = {
    "en": {"culture": "Culture points", "total": "Total"},
    "ja": {"culture": "カルチャーポイント", "total": "合計"},
    "fr": {"culture": "Points de culture", "total": "Total"},
    "de": {"culture": "Kulturpunkte", "total": "Summe"},
}


def score_sheet(result: Mapping, locale: str = "en") -> list[tuple[str, dict[int, int]]]:
    """Rows of (label, points by seat) from a result (as stored: seats may be string keys)."""
    details = {int(seat): row for seat, row in (result.get("details") or {}).items()}
    labels = LABELS.get(locale, LABELS["en"])
    return [(labels[key], {seat: row.get(key, 0) for seat, row in details.items()})
            for key in ROWS if any(key in row for row in details.values())]

"""The JSON API under /api/v1 (filled in by the API module work)."""
from __future__ import annotations

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")

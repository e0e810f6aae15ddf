"""Schemathesis against the API served by gunicorn on PostgreSQL: every operation, every check, zero failures."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from served import gunicorn, migrated_app

from conftest import ROOT

pytestmark = pytest.mark.integration

# Bounded and repeatable: a fixed seed, deterministic generation, a few examples per operation
# (about two minutes on two cores), stateful runs along the spec's links from a created game.
MAX_EXAMPLES = 60
SEED = 20261124


def _seed_rows(app) -> str:
    """ann (whose token the run uses) hosts a lobby game and plays an active one; the token's text."""
    from pbem import play
    from pbem.extensions import db
    from pbem.models import User
    from pbem.web.tokens_page import issue_token

    with app.app_context():
        ann, bob = User(email="ann@example.com", name="ann"), User(email="bob@example.com", name="bob")
        db.session.add_all([ann, bob])
        db.session.commit()
        play.create_game(ann, "stone-age", seats=3, title="Lobby")
        active = play.create_game(ann, "stone-age", seats=2, title="Active", random_seating=False)
        play.join(active.id, bob)
        play.start_game(active.id, ann)
        token = issue_token(ann, "schemathesis")
        db.session.remove()
        return token


def test_schemathesis_finds_nothing(fresh_pg, tmp_path):
    token = _seed_rows(migrated_app(fresh_pg, tmp_path))
    with gunicorn(fresh_pg, tmp_path) as base:
        run = subprocess.run(
            [str(Path(sys.executable).parent / "schemathesis"), "run", f"{base}/api/v1/openapi.json",
             "--checks", "all", "--max-examples", str(MAX_EXAMPLES), "--seed", str(SEED),
             "--generation-deterministic", "--workers", "1",
             "--header", f"Authorization: Bearer {token}", "--no-color", "--request-timeout", "30"],
            cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-20000:] + run.stderr[-3000:]

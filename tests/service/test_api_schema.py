"""Schemathesis against the API served by gunicorn on PostgreSQL: every operation, every check, zero failures."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from served import gunicorn, set_up

pytestmark = pytest.mark.integration

# Bounded and repeatable: a fixed seed, deterministic generation, at most 60 examples per operation and
# phase (two to three minutes on two cores); stateful runs follow the description's links between games.
MAX_EXAMPLES = 60
SEED = 20261124

# The moves and legal operations are aimed at the started game, so that commands meet real rules. A
# well-formed move may be refused by those rules: 422 with the outcome, as the description says; which
# command is legal depends on the game's state, which no request schema can express.
CONFIG = """
[[operations]]
include-operation-id = "submit_moves"
parameters = {{ game_id = {game_id} }}
checks.positive_data_acceptance.expected-statuses = ["2xx", "401", "403", "404", "409", "422"]

[[operations]]
include-operation-id = "legal_moves"
parameters = {{ game_id = {game_id} }}

# A record that fits the schema seldom replays: refused with 422 naming the move, as the description says.
[[operations]]
include-operation-id = "import_game"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "422"]
"""


def _seed_rows(app) -> tuple[str, int]:
    """ann hosts a lobby game and plays a started one: the text of her API token, the started game's id."""
    from pbem import play
    from pbem.extensions import db
    from pbem.models import User
    from pbem.web.tokens_page import issue_token

    ann, bob = User(email="ann@example.com", name="ann"), User(email="bob@example.com", name="bob")
    db.session.add_all([ann, bob])
    db.session.commit()
    play.create_game(ann, "stone-age", seats=3, title="Lobby")
    active = play.create_game(ann, "stone-age", seats=2, title="Active", random_seating=False)
    play.join(active.id, bob)
    play.start_game(active.id, ann)
    return issue_token(ann, "schemathesis"), active.id


def test_schemathesis_finds_nothing(fresh_pg, tmp_path):
    token, game_id = set_up(fresh_pg, tmp_path, _seed_rows)
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG.format(game_id=game_id))
    with gunicorn(fresh_pg, tmp_path) as base:
        run = subprocess.run(
            [str(Path(sys.executable).parent / "schemathesis"), "--config-file", str(config),
             "run", f"{base}/api/v1/openapi.json", "--checks", "all", "--max-examples", str(MAX_EXAMPLES),
             "--seed", str(SEED), "--generation-deterministic", "--workers", "1",
             "--header", f"Authorization: Bearer {token}", "--no-color", "--request-timeout", "30"],
            cwd=tmp_path, capture_output=True, text=True, timeout=900)  # its cache stays out of the tree
    assert run.returncode == 0, run.stdout[-20000:] + run.stderr[-3000:]
    assert "16 selected / 16 total" in run.stdout and "Stateful" in run.stdout, run.stdout[-5000:]

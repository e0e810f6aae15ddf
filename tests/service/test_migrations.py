"""The migrations build, on an empty PostgreSQL database, exactly the schema the models declare."""
from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from pbem.extensions import db


def test_migrated_database_matches_the_models(ctx):
    # The `app` fixture ran `flask db upgrade` on a new, empty database.
    with db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), db.metadata)
    assert diff == []

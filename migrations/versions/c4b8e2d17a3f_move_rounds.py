"""moves open rounds, the move log as JSON text, outbox bodies index

Revision ID: c4b8e2d17a3f
Revises: a7d3e5f91c20
Create Date: 2026-11-25

"""
import json

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = 'c4b8e2d17a3f'
down_revision = 'a7d3e5f91c20'
branch_labels = None
depends_on = None


def upgrade():
    # The round a move's "round" event opens: the game page reads a few rounds by index, not the whole log.
    with op.batch_alter_table('moves', schema=None) as batch_op:
        batch_op.add_column(sa.Column('opens_round', sa.Integer(), nullable=True))
    if op.get_bind().dialect.name == "postgresql":
        op.execute("""
            UPDATE moves SET opens_round = o.opened FROM (
                SELECT id, (SELECT (e ->> 'round')::int FROM jsonb_array_elements(events) WITH ORDINALITY AS x(e, n)
                            WHERE e ->> 'kind' = 'round' AND e ? 'round' ORDER BY n DESC LIMIT 1) AS opened
                FROM moves WHERE events @> '[{"kind": "round"}]'
            ) o WHERE moves.id = o.id AND o.opened IS NOT NULL
        """)
    else:  # SQLite, the embedded default: a small database, filled in Python
        bind = op.get_bind()
        for id_, events in bind.execute(sa.text("SELECT id, events FROM moves")).all():
            opened = [ev["round"] for ev in json.loads(events or "[]") if ev.get("kind") == "round" and "round" in ev]
            if opened:
                bind.execute(sa.text("UPDATE moves SET opens_round = :r WHERE id = :id"), {"r": opened[-1], "id": id_})
    op.create_index('ix_moves_opens', 'moves', ['game_id', 'seq'], unique=False,
                    postgresql_where=sa.text('opens_round IS NOT NULL'), sqlite_where=sa.text('opens_round IS NOT NULL'))
    # The move log is written once and read whole: JSON text is about a third smaller than JSONB.
    if op.get_bind().dialect.name == "postgresql":  # SQLite keeps JSON as text already
        op.execute("ALTER TABLE moves ALTER COLUMN events TYPE json USING events::json,"
                   " ALTER COLUMN scores TYPE json USING scores::json")
    # Only mail that still has a body: mail retention finds what to empty without reading the whole outbox.
    op.create_index('ix_outbox_bodies', 'outbox', ['created_at'], unique=False,
                    postgresql_where=sa.text("text <> '' OR html IS NOT NULL"),
                    sqlite_where=sa.text("text <> '' OR html IS NOT NULL"))


def downgrade():
    op.drop_index('ix_outbox_bodies', table_name='outbox', postgresql_where=sa.text("text <> '' OR html IS NOT NULL"))
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TABLE moves ALTER COLUMN events TYPE jsonb USING events::jsonb,"
                   " ALTER COLUMN scores TYPE jsonb USING scores::jsonb")
    op.drop_index('ix_moves_opens', table_name='moves', postgresql_where=sa.text('opens_round IS NOT NULL'))
    with op.batch_alter_table('moves', schema=None) as batch_op:
        batch_op.drop_column('opens_round')

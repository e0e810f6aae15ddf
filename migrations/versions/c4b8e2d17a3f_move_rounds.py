"""move rounds, outbox bodies index

Revision ID: c4b8e2d17a3f
Revises: a7d3e5f91c20
Create Date: 2026-11-25

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = 'c4b8e2d17a3f'
down_revision = 'a7d3e5f91c20'
branch_labels = None
depends_on = None


def upgrade():
    # The round a move was played in: the game page reads a few rounds by index, not the whole log.
    with op.batch_alter_table('moves', schema=None) as batch_op:
        batch_op.add_column(sa.Column('round', sa.Integer(), server_default='1', nullable=False))
    # Existing moves: a "round" event opens its round for the moves after the one that holds it.
    op.execute("""
        UPDATE moves SET round = r.round FROM (
            SELECT id, coalesce(max(opened) OVER (PARTITION BY game_id ORDER BY seq
                                                  ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 1) AS round
            FROM (SELECT id, game_id, seq,
                         (SELECT max((e ->> 'round')::int) FROM jsonb_array_elements(moves.events) e
                          WHERE e ->> 'kind' = 'round' AND e ? 'round') AS opened
                  FROM moves) m
        ) r WHERE moves.id = r.id AND r.round <> 1
    """)
    op.create_index('ix_moves_round', 'moves', ['game_id', 'round', 'seq'], unique=False)
    # Only mail that still has a body: mail retention finds what to empty without reading the whole outbox.
    op.create_index('ix_outbox_bodies', 'outbox', ['created_at'], unique=False,
                    postgresql_where=sa.text("text <> '' OR html IS NOT NULL"))


def downgrade():
    op.drop_index('ix_outbox_bodies', table_name='outbox', postgresql_where=sa.text("text <> '' OR html IS NOT NULL"))
    op.drop_index('ix_moves_round', table_name='moves')
    with op.batch_alter_table('moves', schema=None) as batch_op:
        batch_op.drop_column('round')

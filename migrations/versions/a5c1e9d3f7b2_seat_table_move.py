"""when each seat last played from the game page

Revision ID: a5c1e9d3f7b2
Revises: e3b7d9a1c542
Create Date: 2026-11-28

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = 'a5c1e9d3f7b2'
down_revision = 'e3b7d9a1c542'
branch_labels = None
depends_on = None


def upgrade():
    # The quiet window reads it from the seat, which a move has locked anyway, rather than from the move log.
    # Not filled from the log: for QUIET_WINDOW_SECONDS after the upgrade a seat's turn mail goes at once.
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('table_move_at', sa.DateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_column('table_move_at')

"""moves taken back by an undo

Revision ID: d5f1a8c3b920
Revises: c4b8e2d17a3f
Create Date: 2026-11-25

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = 'd5f1a8c3b920'
down_revision = 'c4b8e2d17a3f'
branch_labels = None
depends_on = None


def upgrade():
    # The seq of the undo row that took a move back; null for the moves that stand (all of them before).
    with op.batch_alter_table('moves', schema=None) as batch_op:
        batch_op.add_column(sa.Column('undone_by', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('moves', schema=None) as batch_op:
        batch_op.drop_column('undone_by')

"""lines queued behind an interrupt

Revision ID: f2c7a9e4b613
Revises: d5f1a8c3b920
Create Date: 2026-11-25

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = 'f2c7a9e4b613'
down_revision = 'd5f1a8c3b920'
branch_labels = None
depends_on = None


def upgrade():
    # The rest of a submission held until the seat is asked again in the same turn; null: nothing queued.
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('queued', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_column('queued')

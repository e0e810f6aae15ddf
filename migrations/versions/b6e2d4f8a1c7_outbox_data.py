"""outbox rows stored unwritten with what they are about

Revision ID: b6e2d4f8a1c7
Revises: a3d8f0c6e215
Create Date: 2026-11-28

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = 'b6e2d4f8a1c7'
down_revision = 'a3d8f0c6e215'
branch_labels = None
depends_on = None


def upgrade():
    # What an unwritten mail is about (pbem/outbox.py); emptied once the mail is written.
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.add_column(sa.Column('data', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.drop_column('data')

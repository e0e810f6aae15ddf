"""due mail in one index

Revision ID: a3d8f0c6e215
Revises: f2c7a9e4b613
Create Date: 2026-11-25

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = 'a3d8f0c6e215'
down_revision = 'f2c7a9e4b613'
branch_labels = None
depends_on = None

DUE = "status IN ('pending', 'sending')"


def upgrade():
    # A delivery run claims pending mail and mail whose claim's lease ran out in one statement, oldest due
    # first: this index gives that order without sorting every due row (ix_outbox_pending would, for two
    # statuses at once). It holds only mail not yet done, a few rows.
    op.create_index('ix_outbox_due', 'outbox', ['next_attempt_at'], unique=False,
                    postgresql_where=sa.text(DUE), sqlite_where=sa.text(DUE))


def downgrade():
    op.drop_index('ix_outbox_due', table_name='outbox')

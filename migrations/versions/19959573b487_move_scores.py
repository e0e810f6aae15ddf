"""move scores

Revision ID: 19959573b487
Revises: 8c34b3b7628a
Create Date: 2026-11-22

"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

# revision identifiers, used by Alembic.
revision = '19959573b487'
down_revision = '8c34b3b7628a'
branch_labels = None
depends_on = None


def upgrade():
    # The score track after each move, for the score chart.
    with op.batch_alter_table('moves', schema=None) as batch_op:
        batch_op.add_column(sa.Column('scores', sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), 'postgresql'), nullable=True))

    # ### end Alembic commands ###


def downgrade():
    # The score track after each move, for the score chart.
    with op.batch_alter_table('moves', schema=None) as batch_op:
        batch_op.drop_column('scores')

    # ### end Alembic commands ###

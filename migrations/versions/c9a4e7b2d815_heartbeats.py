"""when each background job last ran

Revision ID: c9a4e7b2d815
Revises: b6e2d4f8a1c7
Create Date: 2026-11-28

"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

# revision identifiers, used by Alembic.
revision = 'c9a4e7b2d815'
down_revision = 'b6e2d4f8a1c7'
branch_labels = None
depends_on = None


def upgrade():
    # One row per background job (delivery, scan): when its last run finished (pbem/health.py).
    op.create_table(
        'heartbeats',
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.Column('detail', sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), 'postgresql'),
                  nullable=False),
        sa.PrimaryKeyConstraint('name', name=op.f('pk_heartbeats')),
    )


def downgrade():
    op.drop_table('heartbeats')

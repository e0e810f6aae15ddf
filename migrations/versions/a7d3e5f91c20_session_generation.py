"""session generation

Revision ID: a7d3e5f91c20
Revises: 3f2a9c1d7e05
Create Date: 2026-11-25

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = 'a7d3e5f91c20'
down_revision = '3f2a9c1d7e05'
branch_labels = None
depends_on = None


def upgrade():
    # "Sign out everywhere" raises it; a session cookie of an older generation opens nothing.
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('session_generation', sa.Integer(), server_default='0', nullable=False))


def downgrade():
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('session_generation')

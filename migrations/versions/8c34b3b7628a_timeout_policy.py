"""timeout policy

Revision ID: 8c34b3b7628a
Revises: 271710d3cb56
Create Date: 2026-11-22

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '8c34b3b7628a'
down_revision = '271710d3cb56'
branch_labels = None
depends_on = None


def upgrade():
    # Existing rows get the defaults of the model.
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('weekend_pause', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('timeout_extensions', sa.Integer(), nullable=False, server_default='1'))
        batch_op.add_column(sa.Column('replace_after', sa.Integer(), nullable=False, server_default='3'))

    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('replaced', sa.Boolean(), nullable=False, server_default=sa.false()))

    # ### end Alembic commands ###


def downgrade():
    # Existing rows get the defaults of the model.
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_column('replaced')

    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('replace_after')
        batch_op.drop_column('timeout_extensions')
        batch_op.drop_column('weekend_pause')

    # ### end Alembic commands ###

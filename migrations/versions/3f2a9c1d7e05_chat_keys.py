"""chat keys

Revision ID: 3f2a9c1d7e05
Revises: e8e557a1a649
Create Date: 2026-11-22

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = '3f2a9c1d7e05'
down_revision = 'e8e557a1a649'
branch_labels = None
depends_on = None


def upgrade():
    # Table talk sent twice (a double click, a mail handled again) is said once.
    with op.batch_alter_table('chat_messages', schema=None) as batch_op:
        batch_op.add_column(sa.Column('key', sa.String(length=200), nullable=True))
        batch_op.create_unique_constraint(batch_op.f('uq_chat_messages_game_id_user_id_key'),
                                          ['game_id', 'user_id', 'key'])


def downgrade():
    with op.batch_alter_table('chat_messages', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_chat_messages_game_id_user_id_key'), type_='unique')
        batch_op.drop_column('key')

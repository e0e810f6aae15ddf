"""game notes

Revision ID: e8e557a1a649
Revises: b1e4c9c61896
Create Date: 2026-11-22

"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

# revision identifiers, used by Alembic.
revision = 'e8e557a1a649'
down_revision = 'b1e4c9c61896'
branch_labels = None
depends_on = None


def upgrade():
    # The service's own entries in a game's log.
    op.create_table('game_notes',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=True),
    sa.Column('kind', sa.String(length=24), nullable=False),
    sa.Column('data', sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), 'postgresql'), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_game_notes_game_id_games'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_game_notes'))
    )
    with op.batch_alter_table('game_notes', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_notes_game_id'), ['game_id'], unique=False)

    # ### end Alembic commands ###


def downgrade():
    # The service's own entries in a game's log.
    with op.batch_alter_table('game_notes', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_notes_game_id'))

    op.drop_table('game_notes')
    # ### end Alembic commands ###

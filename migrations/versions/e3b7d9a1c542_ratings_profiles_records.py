"""ratings, hidden profiles, imported games

Revision ID: e3b7d9a1c542
Revises: c9a4e7b2d815
Create Date: 2026-12-02

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = 'e3b7d9a1c542'
down_revision = 'c9a4e7b2d815'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('profile_hidden', sa.Boolean(), server_default=sa.text('false'),
                                      nullable=False))
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rated', sa.Boolean(), nullable=True))
        batch_op.add_column(sa.Column('rating_seq', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('origin', sa.String(length=16), nullable=True))
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('imported_name', sa.String(length=80), nullable=True))
    # One current rating per player and game (pbem/ratings.py).
    op.create_table(
        'ratings',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('slug', sa.String(length=32), nullable=False),
        sa.Column('mu', sa.Float(), nullable=False),
        sa.Column('sigma', sa.Float(), nullable=False),
        sa.Column('games', sa.Integer(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_ratings_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_ratings')),
        sa.UniqueConstraint('user_id', 'slug', name=op.f('uq_ratings_user_id_slug')),
    )
    op.create_index('ix_ratings_slug', 'ratings', ['slug'], unique=False)
    # Each rated game's change of each player's rating: the profile's chart.
    op.create_table(
        'rating_changes',
        sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('slug', sa.String(length=32), nullable=False),
        sa.Column('place', sa.Integer(), nullable=False),
        sa.Column('mu_before', sa.Float(), nullable=False),
        sa.Column('sigma_before', sa.Float(), nullable=False),
        sa.Column('mu', sa.Float(), nullable=False),
        sa.Column('sigma', sa.Float(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_rating_changes_game_id_games'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_rating_changes_user_id_users'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_rating_changes')),
    )
    op.create_index('ix_rating_changes_user', 'rating_changes', ['user_id', 'slug', 'id'], unique=False)
    op.create_index(op.f('ix_rating_changes_game_id'), 'rating_changes', ['game_id'], unique=False)


def downgrade():
    op.drop_index(op.f('ix_rating_changes_game_id'), table_name='rating_changes')
    op.drop_index('ix_rating_changes_user', table_name='rating_changes')
    op.drop_table('rating_changes')
    op.drop_index('ix_ratings_slug', table_name='ratings')
    op.drop_table('ratings')
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_column('imported_name')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('origin')
        batch_op.drop_column('rating_seq')
        batch_op.drop_column('rated')
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('profile_hidden')

"""Ratings of accounts, per game and player-count class, and their history.

- ``ratings``: an account's openskill (Plackett-Luce) rating ``mu``/``sigma`` at one game
  and player-count class (``2``: two players; ``3+``: three or more), and how many rated
  games made it; indexed by ``(game, class)`` for the leaderboards.
- ``rated_tables``: one row per finished table whose rating was settled, the key that
  makes a table rated at most once (at every process of a site, after any restart);
  ``rated`` false where the table asked to be rated but could not be (a guest's seat).
- ``rating_history``: per rated table and account: its seat, rank, and rating before and
  after (for profiles and charts).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision: str | None = "0009"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column(
            "account_id",
            sa.String(32),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("class", sa.String(4), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_game_class", "ratings", ["game", "class"])
    op.create_table(
        "rated_tables",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column(
            "account_id",
            sa.String(32),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("class", sa.String(4), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_rating_history_account_id", "rating_history", ["account_id", "at"])


def downgrade() -> None:
    op.drop_index("ix_rating_history_account_id", "rating_history")
    op.drop_table("rating_history")
    op.drop_table("rated_tables")
    op.drop_index("ix_ratings_game_class", "ratings")
    op.drop_table("ratings")

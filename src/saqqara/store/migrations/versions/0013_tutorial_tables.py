"""A tutorial's table is marked as one, so that it can be removed.

``tables.tutorial`` names the lesson a tutorial table was made for (``game/lesson``,
``server/tutorials.py``); ``None`` for every other table. Such a table is private and
unrated, owned by no account, left out of every list, and removed with everything of it
once it is over and nobody watches, or some hours after it was made
(``TableService.sweep_tutorials``).

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision: str | None = "0012"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("tutorial", sa.String(80), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("tutorial")

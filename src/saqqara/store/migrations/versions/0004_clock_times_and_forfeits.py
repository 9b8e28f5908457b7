"""Turn clocks survive a restart, and a table can end by forfeit.

``actions.game_left`` is the acting seat's game time left (seconds) just after that
action, where the table has a game clock; a resumed table's clocks start from each seat's
last one. ``tables.forfeit`` is a table-level result (JSON: the seats that lost on time
and the reason) for a table that ended because a clock ran out under ``on_timeout``
``lose``; the game itself did not finish.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("actions", sa.Column("game_left", sa.Float, nullable=True))
    op.add_column("tables", sa.Column("forfeit", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("forfeit")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("game_left")

"""The move clock survives a restart after an undo.

``actions.move_used`` is how many seconds of the acting seat's move clock its decision had
used when it acted, where the table has a move clock. A seat that takes a decision back
decides it again with that time already used, also after a restart (the time between is
not kept in memory then), so an undo never buys time.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("actions", sa.Column("move_used", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("move_used")

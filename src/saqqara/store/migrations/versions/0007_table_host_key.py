"""A table's host key: its creator may invite someone to a seat given up before the start.

``tables.host_hash`` is the SHA-256 of the host key that creating the table answers (the
table's creator keeps it); with it, ``POST /api/tables/{id}/invite`` gives a free person
seat of a table not yet started a new link. Tables created before this have none.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("host_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("host_hash")

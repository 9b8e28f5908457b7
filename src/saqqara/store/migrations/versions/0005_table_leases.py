"""Table leases: which server process owns a table, until when, under which epoch.

A site of several processes (``saqqara serve --redis``) lets exactly one of them run a
table at a time. The lease row names the owner, an ``epoch`` that grows by one each time
the table changes hands (the fencing token every append checks), and ``expires_at`` in
the database's own clock (seconds since 1970), renewed by the owner about every second.
A single process never writes to it.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "table_leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("epoch", sa.BigInteger, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("table_leases")

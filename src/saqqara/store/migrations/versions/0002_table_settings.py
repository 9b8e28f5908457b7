"""Table settings (JSON): how long a person may be away before a bot stands in.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("settings", sa.Text, nullable=False, server_default="{}"))


def downgrade() -> None:
    op.drop_column("tables", "settings")

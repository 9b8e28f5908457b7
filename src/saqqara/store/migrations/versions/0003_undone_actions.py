"""Undo: an action taken back stays in the log, marked ``undone``.

``undone`` is 0 for the actions that stand and the table's n-th undo for one taken back,
so the primary key ``(table_id, seq, undone)`` lets the action played instead take the
same sequence number, and a client id is unique among the actions that stand.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import warnings

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    # SQLAlchemy warns that the copied table's primary key is replaced: that is the point.
    with (
        warnings.catch_warnings(),
        op.batch_alter_table("actions", recreate="always") as batch,
    ):
        warnings.simplefilter("ignore", sa.exc.SAWarning)
        batch.add_column(sa.Column("undone", sa.Integer, nullable=False, server_default="0"))
        batch.drop_constraint("uq_actions_client_id", type_="unique")
        batch.create_unique_constraint(
            "uq_actions_client_id", ["table_id", "seat", "client_id", "undone"]
        )
        batch.create_primary_key("pk_actions", ["table_id", "seq", "undone"])


def downgrade() -> None:
    op.execute(sa.text("DELETE FROM actions WHERE undone <> 0"))
    with (
        warnings.catch_warnings(),
        op.batch_alter_table("actions", recreate="always") as batch,
    ):
        warnings.simplefilter("ignore", sa.exc.SAWarning)
        batch.drop_constraint("uq_actions_client_id", type_="unique")
        batch.create_unique_constraint("uq_actions_client_id", ["table_id", "seat", "client_id"])
        batch.create_primary_key("pk_actions", ["table_id", "seq"])
        batch.drop_column("undone")

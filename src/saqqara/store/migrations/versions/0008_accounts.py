"""Accounts, their sessions, and seats that belong to an account.

- ``accounts``: a player's account: ``name`` as typed, ``name_key`` its case-folded form
  (unique, so ``Ann`` and ``ann`` cannot both exist), the argon2id ``password_hash``
  (argon2-cffi's encoded form, its parameters inside), and when it was made.
- ``sessions``: one signed-in browser: only the SHA-256 of its session token is kept, so a
  copy of the database signs nobody in; it expires at ``expires_at`` (seconds since
  1970). Stored in the database, a session works at every process of a site.
- ``seats.account_id``: the account a seat belongs to (``NULL``: a guest's seat, held by
  its link alone); indexed, for "my games".

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(256), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.String(32),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.String(32), nullable=True))
        batch.create_index("ix_seats_account_id", ["account_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_account_id")
        batch.drop_column("account_id")
    op.drop_table("sessions")
    op.drop_table("accounts")

"""The site's own keys, and the accounts' Web Push subscriptions.

- ``site_keys``: secrets a site makes once, at its first start, and keeps (the VAPID key
  pair Web Push signs with: ``vapid``, its private key as PKCS#8 PEM); a row is written
  once and never changed, so every process of a site signs with the same key.
- ``push_subscriptions``: one browser's push subscription of an account: the push
  service's endpoint (keyed by its SHA-256, so one endpoint is one row), and the
  browser's ``p256dh`` public key and ``auth`` secret (base64url) that encrypt what is
  sent; deleted with the account, and when the push service answers 404 or 410.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision: str | None = "0011"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "site_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.String(32),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("endpoint", sa.Text, nullable=False),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_push_subscriptions_account_id", "push_subscriptions", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_push_subscriptions_account_id", "push_subscriptions")
    op.drop_table("push_subscriptions")
    op.drop_table("site_keys")

"""Sign-in with OpenID Connect: accounts linked to a provider's subject, and sign-ins
under way.

- ``oidc_links``: an account signed in through a provider: the ID token's ``issuer`` and
  ``subject`` (together unique: one provider's person is one account), which of the
  server's providers (``provider``, its key) and when it was linked. An account may have
  several (one per provider); they go with the account.
- ``oidc_flows``: a sign-in under way, between the redirect to the provider and its
  answer: kept by the SHA-256 of the random value in the browser's ``saqqara_oidc``
  cookie, with the ``state``, ``nonce`` and PKCE ``code_verifier`` sent, and the account
  to link (``NULL``: a sign-in). Each is taken once, and expires at ``expires_at``. In
  the database, a sign-in started at one process of a site ends at any other.

Revision ID: 0013
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision: str | None = "0010"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "oidc_links",
        sa.Column("issuer", sa.String(256), primary_key=True),
        sa.Column("subject", sa.String(256), primary_key=True),
        sa.Column(
            "account_id",
            sa.String(32),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("provider", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "oidc_flows",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("provider", sa.String(32), nullable=False),
        sa.Column("state", sa.String(128), nullable=False),
        sa.Column("nonce", sa.String(128), nullable=False),
        sa.Column("code_verifier", sa.String(128), nullable=False),
        sa.Column("redirect_uri", sa.String(512), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=True),
        sa.Column("expires_at", sa.Float, nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("oidc_flows")
    op.drop_table("oidc_links")

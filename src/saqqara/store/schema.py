"""The store's tables, as SQLAlchemy Core metadata (the migrations create exactly these).

- ``tables``: one online table (game, options, server-side seed, status, the hash of its
  creator's host key, a ``forfeit`` when it ended because a seat ran out of time, and for
  a tutorial's table its lesson, ``tutorial``: such a table is removed in time).
- ``seats``: who sits where; a person's secret is kept only as its SHA-256 hash.
- ``actions``: the append-only log; ``(table_id, seq, undone)`` is the primary key, so a
  sequence number is given at most once per table among the actions that stand
  (``undone`` 0), and ``(table_id, seat, client_id, undone)`` is unique, so a client's
  resend is recognised. An action taken back is marked with the table's undo count.
  ``game_left`` is the acting seat's game clock just after the action and ``move_used``
  the time its move clock had run for that decision (turn clocks).
- ``snapshots``: a table's state at a sequence number, to resume without a full replay.
- ``accounts``: players' accounts (name, its case-folded key, unique; the argon2id hash of
  the password); ``sessions``: signed-in browsers, by the SHA-256 of their token only;
  ``seats.account_id``: the account a seat belongs to (``None``: a guest's, by its link).
- ``chat``: the lines said at a table, numbered from 1 per table (``seat`` ``None``: a
  spectator's), plain text.
- ``ratings``: an account's openskill rating per game and player-count class;
  ``rated_tables``: the finished tables whose rating was settled (each once);
  ``rating_history``: per rated table and account, its rank and rating before and after.
- ``site_keys``: secrets a site makes once at its first start (the VAPID key pair of Web
  Push); ``push_subscriptions``: accounts' browsers' push subscriptions (the endpoint, by
  its SHA-256, and the keys that encrypt a push).
- ``oidc_links``: accounts signed in through an OpenID Connect provider, by the ID token's
  ``(issuer, subject)``; ``oidc_flows``: sign-ins under way (state, nonce, PKCE verifier),
  by the SHA-256 of the browser's flow cookie, each taken once.
- ``table_leases``: which process of a many-process site owns a table, under which epoch
  (the fencing token) and until when (``server/lease.py``; unused by a single process).
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("rules_version", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("public", Boolean, nullable=False),
    Column("spectator_hash", String(64), nullable=False),
    Column("rematch_of", String(32), nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("created_at", Float, nullable=False),
    Column("settings", Text, nullable=False, server_default="{}"),
    Column("forfeit", Text, nullable=True),
    Column("host_hash", String(64), nullable=True),
    Column("tutorial", String(80), nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("bot", String(64), nullable=True),
    Column("name", String(64), nullable=False),
    Column("secret_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False),
    Column("lang", String(8), nullable=False),
    Column("account_id", String(32), nullable=True, index=True),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", String(200), nullable=False),
    Column("client_id", String(64), nullable=True),
    Column("undone", Integer, primary_key=True, server_default="0"),
    Column("game_left", Float, nullable=True),
    Column("move_used", Float, nullable=True),
    UniqueConstraint("table_id", "seat", "client_id", "undone", name="uq_actions_client_id"),
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("state", Text, nullable=False),
)

table_leases = Table(
    "table_leases",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("epoch", BigInteger, nullable=False),
    Column("expires_at", Float, nullable=False, index=True),
)

accounts = Table(
    "accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(32), nullable=False, unique=True),
    Column("password_hash", String(256), nullable=False),
    Column("created_at", Float, nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column(
        "account_id",
        String(32),
        ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
)


oidc_links = Table(
    "oidc_links",
    metadata,
    Column("issuer", String(256), primary_key=True),
    Column("subject", String(256), primary_key=True),
    Column(
        "account_id",
        String(32),
        ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    Column("provider", String(32), nullable=False),
    Column("created_at", Float, nullable=False),
)

oidc_flows = Table(
    "oidc_flows",
    metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("provider", String(32), nullable=False),
    Column("state", String(128), nullable=False),
    Column("nonce", String(128), nullable=False),
    Column("code_verifier", String(128), nullable=False),
    Column("redirect_uri", String(512), nullable=False),
    Column("account_id", String(32), nullable=True),
    Column("expires_at", Float, nullable=False, index=True),
)

chat = Table(
    "chat",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=True),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)

ratings = Table(
    "ratings",
    metadata,
    Column(
        "account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    ),
    Column("game", String(64), primary_key=True),
    Column("class", String(4), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
    Index("ix_ratings_game_class", "game", "class"),
)

rated_tables = Table(
    "rated_tables",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("rated", Boolean, nullable=False),
    Column("at", Float, nullable=False),
)

rating_history = Table(
    "rating_history",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column(
        "account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    ),
    Column("game", String(64), nullable=False),
    Column("class", String(4), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_rating_history_account_id", "account_id", "at"),
)

site_keys = Table(
    "site_keys",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

push_subscriptions = Table(
    "push_subscriptions",
    metadata,
    Column("id", String(64), primary_key=True),
    Column(
        "account_id",
        String(32),
        ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
    ),
    Column("endpoint", Text, nullable=False),
    Column("p256dh", String(128), nullable=False),
    Column("auth", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Index("ix_push_subscriptions_account_id", "account_id"),
)

"""Persistence of online tables: seats, the append-only action log, snapshots.

SQLite (WAL) is the embedded default; PostgreSQL is used when given by URL. The schema is
owned by the Alembic migrations in ``migrations/``, which run automatically on open.
"""

from saqqara.store.store import (
    CLOSED,
    FINISHED,
    OPEN,
    PLAYING,
    ActionRow,
    Batch,
    SeatRow,
    Snapshot,
    Store,
    TableRow,
    hash_secret,
    new_secret,
    normalize_url,
    secret_matches,
)

__all__ = [
    "CLOSED",
    "FINISHED",
    "OPEN",
    "PLAYING",
    "ActionRow",
    "Batch",
    "SeatRow",
    "Snapshot",
    "Store",
    "TableRow",
    "hash_secret",
    "new_secret",
    "normalize_url",
    "secret_matches",
]

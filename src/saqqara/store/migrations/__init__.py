"""Alembic migrations of the store's schema (run automatically by :class:`Store`)."""

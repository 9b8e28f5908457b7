"""Alembic environment: migrate the connection the store hands over (never a new engine)."""

from __future__ import annotations

from alembic import context

from saqqara.store.schema import metadata


def run_migrations() -> None:
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()


run_migrations()

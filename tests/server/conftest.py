"""Fixtures for the store and server tests: a fresh database per test, SQLite and PostgreSQL.

PostgreSQL runs at 127.0.0.1:5432 (``SAQQARA_TEST_PG`` overrides the URL). Each test gets
its own schema, so parallel runs never collide; when ``CI`` is set an unreachable
PostgreSQL fails the run instead of skipping.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

PG_URL = os.environ.get("SAQQARA_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def _pg_reachable() -> bool:
    try:
        engine = create_engine(PG_URL)
        with engine.connect() as connection:
            connection.execute(text("select 1"))
        engine.dispose()
    except Exception:
        return False
    return True


@pytest.fixture(scope="session")
def pg_available() -> bool:
    reachable = _pg_reachable()
    if not reachable and os.environ.get("CI"):
        pytest.fail(f"PostgreSQL is not reachable at {PG_URL} and CI requires it")
    return reachable


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path, pg_available: bool) -> Iterator[str]:
    """A database URL with an empty schema, on each backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'saqqara.db'}"
        return
    if not pg_available:
        pytest.skip("PostgreSQL is not reachable (CI never skips this)")
    with fresh_pg_schema() as url:
        yield url


@contextlib.contextmanager
def fresh_pg_schema(prefix: str = "t") -> Iterator[str]:
    """The URL of a new, empty PostgreSQL schema (as the connections' search path),
    dropped on leaving."""
    schema = f"{prefix}_{uuid.uuid4().hex[:16]}"
    engine = create_engine(PG_URL)
    with engine.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield f"{PG_URL}?options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()

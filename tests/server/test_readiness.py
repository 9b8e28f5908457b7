"""``/healthz`` says a process is alive, ``/readyz`` whether it can serve: 503 with the
failed check named when its store cannot be read (a SQLite file gone or made unreadable
under it, a PostgreSQL schema dropped, PostgreSQL refusing connections), 200 again once it
can (issue 34: a trial's processes said ``ok`` throughout an outage)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text

from tests.server.conftest import PG_URL
from tests.server.harness import ServerProcess, ready_until
from tests.server.proxy import Proxy


def _alive(server: ServerProcess) -> None:
    answer = httpx.get(server.base + "/healthz", timeout=10)
    assert answer.status_code == 200
    body = answer.json()
    assert body["ok"] is True
    assert {"live_tables", "accepted", "replayed", "bots_busy"} <= set(body)


@contextmanager
def _schema() -> Iterator[tuple[str, str]]:
    """A fresh PostgreSQL schema: its name and a URL whose search path it is."""
    schema = f"r_{uuid.uuid4().hex[:16]}"
    engine = create_engine(PG_URL)
    with engine.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield schema, f"{PG_URL}?options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as connection:
            connection.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        engine.dispose()


def test_a_sqlite_file_made_unreadable_makes_the_server_unready(tmp_path: Path) -> None:
    path = tmp_path / "ready.db"
    with ServerProcess(f"sqlite:///{path}") as server:
        body = ready_until(server, 200)
        assert body["ready"] is True and body["failed"] == []
        assert body["checks"]["store"]["ok"] is True
        assert set(body["checks"]) == {"store"}  # one process: no site checks
        # The file made unreadable under the running server (its open connections would
        # go on reading the old file: the check reads it afresh). As root, permissions
        # stop nothing, so garbage takes the file's place.
        kept = tmp_path / "kept.db"
        os.rename(path, kept)
        path.write_bytes(b"not a database " * 512)
        if os.geteuid() != 0:
            path.chmod(0)
        body = ready_until(server, 503)
        assert body["ready"] is False and body["failed"] == ["store"]
        assert body["checks"]["store"]["ok"] is False and body["checks"]["store"]["error"]
        _alive(server)  # alive all the same: restarting it would not help
        path.unlink()
        os.rename(kept, path)
        ready_until(server, 200)


def test_a_dropped_postgresql_schema_makes_the_server_unready(pg_available: bool) -> None:
    if not pg_available:
        pytest.skip("PostgreSQL is not reachable (CI never skips this)")
    with _schema() as (schema, url), ServerProcess(url) as server:
        ready_until(server, 200)
        engine = create_engine(PG_URL)
        with engine.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()
        body = ready_until(server, 503)
        assert body["failed"] == ["store"]
        _alive(server)


def test_postgresql_refusing_connections_makes_the_server_unready(pg_available: bool) -> None:
    if not pg_available:
        pytest.skip("PostgreSQL is not reachable (CI never skips this)")
    with _schema() as (_, url), Proxy(5432) as proxy, ServerProcess(proxy.url(url)) as server:
        ready_until(server, 200)
        proxy.cut()  # every connection of the server's closed; new ones refused
        body = ready_until(server, 503)
        assert body["failed"] == ["store"]
        _alive(server)
        proxy.mend()
        ready_until(server, 200)  # the pool connects again

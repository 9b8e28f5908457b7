"""Fixtures for the many-process site: a fresh PostgreSQL schema per test and Redis.

PostgreSQL at 127.0.0.1:5432 (``SAQQARA_TEST_PG``) and Redis at 127.0.0.1:6379
(``SAQQARA_TEST_REDIS``); either unreachable skips these tests, except when ``CI`` is set,
where it fails them (``scripts/check`` starts both).
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

import pytest
from sqlalchemy import create_engine, text

from tests.server.conftest import PG_URL, _pg_reachable
from tests.server.harness import free_port

REDIS_URL = os.environ.get("SAQQARA_TEST_REDIS", "redis://127.0.0.1:6379/0")


def pytest_configure(config: pytest.Config) -> None:
    # pytest-xdist registers this marker; without xdist (-p no:xdist) it must exist too
    config.addinivalue_line("markers", "xdist_group(name): tests that share one xdist worker")


def redis_reachable(url: str = REDIS_URL) -> bool:
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 6379), 2) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _require(name: str, reachable: bool) -> None:
    if reachable:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{name} is not reachable and CI requires it")
    pytest.skip(f"{name} is not reachable (CI never skips this)")


@pytest.fixture(scope="session")
def redis_url() -> str:
    _require(f"Redis at {REDIS_URL}", redis_reachable())
    return REDIS_URL


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A PostgreSQL URL whose search path is a fresh, empty schema."""
    with fresh_schema() as url:
        yield url


@contextmanager
def fresh_schema() -> Iterator[str]:
    """A fresh PostgreSQL schema for one test or module (dropped after), as a URL."""
    _require(f"PostgreSQL at {PG_URL}", _pg_reachable())
    schema = f"c_{uuid.uuid4().hex[:16]}"
    engine = create_engine(PG_URL)
    with engine.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield f"{PG_URL}?options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()


@pytest.fixture
def own_redis() -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """A Redis of this test's own, so that restarting it disturbs nothing else."""
    port = free_port()
    command = ["redis-server", "--port", str(port), "--bind", "127.0.0.1"]
    command += ["--save", "", "--appendonly", "no"]
    started: list[subprocess.Popen[bytes]] = []

    def start() -> None:
        started.append(subprocess.Popen(command, stdout=subprocess.DEVNULL))
        for _ in range(100):
            if redis_reachable(f"redis://127.0.0.1:{port}/0"):
                return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    try:
        start()
    except FileNotFoundError:
        pytest.skip("redis-server is not installed")
    started.append(started[0])  # the slot the restart fills
    yield f"redis://127.0.0.1:{port}/0", started
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait()

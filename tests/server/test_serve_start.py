"""``saqqara serve`` at its start: what it cannot serve on is one clear line, and the
address it prints is the one it serves on (``server/main.py``: the database is opened and
the address held before anything is printed)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.server.conftest import PG_URL
from tests.server.harness import free_port


def _serve(*arguments: str, home: Path) -> subprocess.CompletedProcess[str]:
    """``saqqara serve`` with ``arguments``, expected to stop on its own (it refuses)."""
    return subprocess.run(
        [sys.executable, "-m", "saqqara.cli", "serve", *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data")},
        check=False,
    )


def _refused(done: subprocess.CompletedProcess[str], status: int, *words: str) -> None:
    """Refused with exit ``status`` and one line naming ``words``: nothing served, no
    traceback."""
    assert done.returncode == status, done
    assert "serving on" not in done.stdout
    assert "Traceback" not in done.stderr
    error = done.stderr.strip().splitlines()[-1]
    assert error.startswith("saqqara serve: error:"), done.stderr
    for word in words:
        assert word in error, error


@pytest.mark.parametrize("port", ["65536", "99999", "-1", "eighty"])
def test_a_port_outside_0_to_65535_is_refused(port: str, tmp_path: Path) -> None:
    _refused(_serve("--port", port, home=tmp_path), 2, "--port", "0 to 65535", port)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--rate", "0"),
        ("--rate", "-3"),
        ("--rate", "nan"),
        ("--tables-per-minute", "-1"),
        ("--expire-open-after", "-1"),
        ("--expire-open-after", "nan"),
        ("--seek-ttl", "1"),
        ("--seek-ttl", "nan"),
        ("--redis-prefix", "two words"),
        ("--redis-prefix", ""),
    ],
)
def test_limits_that_would_refuse_everything_are_refused(
    option: str, value: str, tmp_path: Path
) -> None:
    done = _serve(option, value, home=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert option in done.stderr.strip().splitlines()[-1]


def test_a_database_it_cannot_open_is_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "folder" / "saqqara.db"
    _refused(_serve("--db", f"sqlite:///{missing}", home=tmp_path), 1, "cannot open", str(missing))
    _refused(_serve("--db", "mysql://somewhere/db", home=tmp_path), 1, "sqlite:///FILE")


def test_a_database_password_is_never_printed(tmp_path: Path) -> None:
    done = _serve("--db", "postgresql://saqqara:hunter2@127.0.0.1:1/none", home=tmp_path)
    _refused(done, 1, "cannot open the database", "***")
    assert "hunter2" not in done.stdout + done.stderr


def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _serve("--port", str(port), "--db", f"sqlite:///{tmp_path / 'a.db'}", home=tmp_path)
    _refused(done, 1, "cannot listen", str(port))


def test_redis_it_cannot_reach_is_one_line(tmp_path: Path, pg_available: bool) -> None:
    if not pg_available:
        pytest.skip("PostgreSQL is not reachable (CI never skips this)")
    unreachable = f"redis://127.0.0.1:{free_port()}"
    done = _serve("--db", PG_URL, "--redis", unreachable, home=tmp_path)
    _refused(done, 1, "cannot reach Redis", unreachable)


def test_port_0_serves_on_a_free_port_and_prints_it(tmp_path: Path) -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "saqqara.cli", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")},
    ) as server:
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            assert line.startswith("saqqara serving on http://127.0.0.1:"), line
            base = line.split()[3].rstrip("/")
            assert int(base.rsplit(":", 1)[1]) > 0
            assert str(tmp_path / "data" / "saqqara" / "server.db") in line
            # Printed once the address is held: a request made at once waits for the start.
            with urllib.request.urlopen(base + "/healthz", timeout=60) as answer:
                assert answer.status == 200
        finally:
            server.terminate()
            server.wait(timeout=30)

"""``--ray HOST:PORT`` to a Ray cluster that requires token authentication (Ray 2.52+,
on by default in newer Ray): with ``--ray-token FILE`` the arena plays there; without a
token it stops with one line that says what to give, instead of Ray's own guess (a
crashed earlier instance). A real Ray head (``ray start --head --block``) of its own, on
its own port, stopped at the end without touching any other Ray on the machine."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("ray")

RAY = Path(sys.executable).with_name("ray")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.fixture
def token_head(tmp_path: Path) -> Iterator[tuple[str, Path, dict[str, str]]]:
    """A one-CPU Ray head requiring a fresh token: its address, the token's file, and an
    environment for drivers that holds no token (a home of their own, no RAY_AUTH_*)."""
    if not RAY.exists():
        pytest.skip("Ray is not installed (the extra saqqara[cluster])")
    token = tmp_path / "token"
    token.write_text(secrets.token_hex(16) + "\n", encoding="utf-8")
    port = _free_port()
    clean = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    clean["HOME"] = str(tmp_path)  # no ~/.ray/auth_token of the machine's
    head_env = {**clean, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": token.read_text().strip()}
    # Its own temporary folder (short: Ray's socket paths must fit), so that it is never
    # recorded as this machine's latest cluster, which a plain ray.init() would join.
    temp = Path(tempfile.mkdtemp(prefix="rt", dir="/tmp"))
    command = [str(RAY), "start", "--head", "--block", f"--port={port}", "--num-cpus=1"]
    command += ["--include-dashboard=false", "--disable-usage-stats", f"--temp-dir={temp}"]
    log = (tmp_path / "head.log").open("wb")
    head = subprocess.Popen(command, env=head_env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        while b"ray stop" not in (tmp_path / "head.log").read_bytes():
            assert head.poll() is None, (tmp_path / "head.log").read_text()
            assert time.monotonic() < deadline, "the Ray head did not start"
            time.sleep(0.5)
        yield f"127.0.0.1:{port}", token, clean
    finally:
        head.send_signal(signal.SIGTERM)  # --block: the head stops what it started
        try:
            head.wait(60)
        except subprocess.TimeoutExpired:
            head.kill()
        log.close()
        shutil.rmtree(temp, ignore_errors=True)


def _arena(address: str, env: dict[str, str], *extra: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "saqqara.cli", "arena", "tutankhamun", "--players", "2"]
    command += ["--bots", "random,random", "--games", "4", "--json", "--ray", address, *extra]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)


def test_a_token_cluster_plays_with_the_token_and_says_what_is_missing_without(
    token_head: tuple[str, Path, dict[str, str]],
) -> None:
    address, token, env = token_head
    played = _arena(address, env, "--ray-token", str(token))
    assert played.returncode == 0, played.stderr[-3000:]
    assert json.loads(played.stdout)["games"] == 4
    refused = _arena(address, env)
    assert refused.returncode != 0
    last = refused.stderr.strip().splitlines()[-1]
    assert f"the Ray cluster at '{address}' did not accept this driver" in last
    assert "--ray-token FILE" in last and "Traceback" not in refused.stderr


def test_a_token_file_that_cannot_be_read_is_refused_before_anything_runs(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.write_text("\n")
    for path, reason in [(tmp_path / "missing", "cannot read the token file"), (empty, "empty")]:
        command = [sys.executable, "-m", "saqqara.cli", "arena", "tutankhamun", "--players", "2"]
        command += ["--bots", "random,random", "--ray", "127.0.0.1:1", "--ray-token", str(path)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert done.returncode == 2 and reason in done.stderr, done.stderr

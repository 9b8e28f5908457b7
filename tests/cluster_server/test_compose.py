"""``compose.yaml`` and the ``Containerfile``, checked where no container engine runs.

What can be checked here is: that the compose file's two processes' command lines, after
the image's entrypoint, are accepted by ``saqqara serve`` and start a site on the real
PostgreSQL and Redis (only the hosts and ports of the containers' network made local);
that the container's health check passes against them; that they stop on SIGTERM (what
``compose stop`` sends), the first giving its table's lease up on the way out; and that
the compose file agrees with itself and with
``docs/deploy/nginx.conf``, the configuration ``test_nginx.py`` runs (upstream names and
ports, the proxy's address in ``--forwarded-allow-ips``, the database's credentials).
"""

from __future__ import annotations

import ipaddress
import json
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
import yaml
from sqlalchemy import create_engine, text

from saqqara.cli import build_parser
from saqqara.client import create_table
from tests.cluster_server.nginx_harness import TEMPLATE
from tests.server.harness import free_port

pytestmark = pytest.mark.xdist_group("cluster-server")

ROOT = Path(__file__).parents[2]
PROCESSES = ("saqqara-1", "saqqara-2")


def _compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text("utf-8"))
    return loaded


def _instruction(name: str) -> str:
    """The argument of the Containerfile's (last) instruction ``name``."""
    text = (ROOT / "Containerfile").read_text("utf-8").replace("\\\n", " ")
    found = re.findall(rf"^{name}\s+(.+)$", text, re.MULTILINE)
    assert found, f"the Containerfile has no {name}"
    return str(found[-1]).strip()


def _option(command: list[str], name: str) -> str:
    return command[command.index(name) + 1]


def test_the_compose_file_agrees_with_itself_and_the_nginx_configuration() -> None:
    services = _compose()["services"]
    assert set(services) == {"postgres", "redis", *PROCESSES, "nginx"}
    nginx = services["nginx"]
    assert "./docs/deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro" in nginx["volumes"]
    upstreams = re.findall(
        r"^\s*server\s+([^\s;{]+)[^;{]*;", TEMPLATE.read_text("utf-8"), re.MULTILINE
    )
    proxy = nginx["networks"]["site"]["ipv4_address"]
    subnet = _compose()["networks"]["site"]["ipam"]["config"][0]["subnet"]
    assert ipaddress.ip_address(proxy) in ipaddress.ip_network(subnet)
    assert set(nginx["depends_on"]) == set(PROCESSES)
    database = services["postgres"]["environment"]
    expose = int(_instruction("EXPOSE"))
    for name in PROCESSES:
        command = services[name]["command"]
        assert f"{name}:{_option(command, '--port')}" in upstreams
        assert int(_option(command, "--port")) == expose
        assert _option(command, "--forwarded-allow-ips") == proxy
        db = urlsplit(_option(command, "--db"))
        assert (db.hostname, db.port) == ("postgres", 5432)
        assert (db.username, db.password) == (
            database["POSTGRES_USER"],
            database["POSTGRES_PASSWORD"],
        )
        assert db.path == f"/{database['POSTGRES_DB']}"
        assert urlsplit(_option(command, "--redis")).hostname == "redis"
        build_parser().parse_args(command)  # accepted as written (argparse exits otherwise)
    assert len(upstreams) == len(PROCESSES)


def test_the_containerfile_copies_what_the_repository_has() -> None:
    """Every ``COPY`` from the build context names a path this repository has, none of
    them left out by ``.dockerignore``; its ``CMD`` is accepted by ``saqqara``; its health
    check asks the port it exposes."""
    text = (ROOT / "Containerfile").read_text("utf-8")
    ignored = [
        line.strip().lstrip("*/")
        for line in (ROOT / ".dockerignore").read_text("utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    copies = re.findall(r"^COPY\s+(?!--from)(.+)$", text, re.MULTILINE)
    assert copies
    for copy in copies:
        *sources, _ = copy.split()
        for source in sources:
            assert (ROOT / source).exists(), source
            assert not any(source.rstrip("/").startswith(i) for i in ignored), source
    command = json.loads(_instruction("CMD"))
    assert build_parser().parse_args(command).command == "serve"
    assert f"127.0.0.1:{_instruction('EXPOSE')}/" in _instruction("HEALTHCHECK")


def _local(command: list[str], pg_url: str, redis_url: str, port: int) -> list[str]:
    """``command`` with the container network's addresses replaced by this machine's."""
    local = list(command)
    for option, value in (
        ("--host", "127.0.0.1"),
        ("--port", str(port)),
        ("--db", pg_url),
        ("--redis", redis_url),
    ):
        local[local.index(option) + 1] = value
    return local


def _entrypoint() -> list[str]:
    """The image's entrypoint (``saqqara``, the console script) as installed here."""
    entry = json.loads(_instruction("ENTRYPOINT"))
    assert entry == ["saqqara"]
    script = Path(sys.executable).parent / "saqqara"
    return [str(script)] if script.exists() else [sys.executable, "-m", "saqqara.cli"]


def test_the_compose_command_lines_start_a_site_here(pg_url: str, redis_url: str) -> None:
    services = _compose()["services"]
    ports = [free_port() for _ in PROCESSES]
    logs = [tempfile.TemporaryFile() for _ in PROCESSES]  # noqa: SIM115 (closed below)
    processes = [
        subprocess.Popen(
            [*_entrypoint(), *_local(services[name]["command"], pg_url, redis_url, port)],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        for name, port, log in zip(PROCESSES, ports, logs, strict=True)
    ]

    def output() -> str:
        said = []
        for log in logs:
            log.seek(0)
            said.append(log.read().decode("utf-8", "replace"))
        return "\n---\n".join(said)

    try:
        for process, port in zip(processes, ports, strict=True):
            _until_ready(process, port, output)
        for name, port in zip(PROCESSES, ports, strict=True):
            health = services[name]["healthcheck"]["test"]
            assert health[0] == "CMD"
            check = [sys.executable if w == "python" else w for w in health[1:]]
            check = [w.replace("127.0.0.1:8000", f"127.0.0.1:{port}") for w in check]
            assert subprocess.run(check, timeout=60).returncode == 0
            site = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=10).json()["site"]
            assert site["redis_subscriptions"] >= 1
        seats = [{"kind": "person"}, {"kind": "person"}]
        table = create_table(f"http://127.0.0.1:{ports[0]}", "tutankhamun", seats)["table"]
        codes = []
        for process in processes:
            process.send_signal(signal.SIGTERM)  # what `compose stop` sends first
            # Engines wait 10 s before they kill; give a loaded machine more. uvicorn shuts
            # down, then raises the signal again: the exit is the signal's (143 to an engine).
            codes.append(process.wait(timeout=60))
            if process is processes[0]:  # it gave its table up on the way out (no kill -9)
                owner, expires = _lease(pg_url, table)
                gone = int(owner.split("-")[-2]) != process.pid  # another process has it
                assert expires == 0 or gone, (owner, expires)
        assert set(codes) <= {0, -signal.SIGTERM}, output()
        assert "Traceback" not in output(), output()
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()
        for log in logs:
            log.close()


def _lease(pg_url: str, table_id: str) -> tuple[str, float]:
    """The owner of the table's lease and when it expires (0: given up)."""
    engine = create_engine(pg_url)
    try:
        with engine.connect() as connection:
            row = connection.execute(
                text("SELECT owner, expires_at FROM table_leases WHERE table_id = :t"),
                {"t": table_id},
            ).one()
    finally:
        engine.dispose()
    return str(row[0]), float(row[1])


def _until_ready(process: subprocess.Popen[bytes], port: int, output: Any) -> None:
    deadline = time.monotonic() + 180  # two processes starting at once on a loaded machine
    while time.monotonic() < deadline:
        assert process.poll() is None, output()
        try:
            if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"not ready in time: {output()}")

"""``saqqara serve --log-format json``: every line the server prints is one JSON object
(the address it serves on, and what goes wrong: here a store that fails its readiness
check), for a log pipeline to read without patterns."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import httpx

from tests.server.harness import ServerProcess


def test_json_logs_are_one_object_a_line(tmp_path: Path) -> None:
    path = tmp_path / "logs.db"
    with ServerProcess(f"sqlite:///{path}", "--log-format", "json") as server:
        os.rename(path, tmp_path / "kept.db")
        path.write_bytes(b"not a database " * 512)
        assert httpx.get(server.base + "/readyz", timeout=10).status_code == 503
        deadline = time.monotonic() + 10
        while "readiness" not in server.output() and time.monotonic() < deadline:
            time.sleep(0.05)
        lines = [line for line in server.output().splitlines() if line.strip()]
    records = [json.loads(line) for line in lines]  # every line: one JSON object
    for record in records:
        assert {"ts", "level", "logger", "message"} <= set(record), record
        assert record["ts"].endswith("Z")
    first = records[0]
    assert first["message"].startswith("saqqara serving on ") and first["url"] == server.base + "/"
    failed = [r for r in records if r["logger"] == "saqqara.store"]
    assert failed and failed[0]["level"] == "warning", records
    assert "readiness" in failed[0]["message"]

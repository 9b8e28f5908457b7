"""Searches never hold every bot worker: tables whose bots think for a minute a move cannot
stall the quick bots of other tables (random, heuristic, every stand-in). A real server
with the default two workers; two tables of long searches, then a table of random bots."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from saqqara.client import create_table
from saqqara.server.bots import BotPool
from tests.server.harness import ServerProcess

THINK = 60
"""Seconds each search bot thinks a move: longer than the random table may take."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path / 'lanes.db'}"
    extra = ("--bot-move-limit", str(THINK * 2), "--sqlite-sync", "normal")
    with ServerProcess(db, *extra) as running:
        yield running


def test_a_table_of_quick_bots_plays_on_while_searches_fill_the_pool(
    server: ServerProcess,
) -> None:
    searching = [{"kind": "bot", "bot": f"ismcts:{THINK}s"}] * 2
    for _ in range(2):
        create_table(server.base, "tutankhamun", searching)
    with httpx.Client(base_url=server.base, timeout=10) as http:
        deadline = time.monotonic() + 30
        while http.get("/healthz").json()["bots_busy"] < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert http.get("/healthz").json()["bots_busy"] >= 2  # searches running and queued
        quick = create_table(server.base, "tutankhamun", [{"kind": "bot", "bot": "random"}] * 2)
        started = time.monotonic()
        status = ""
        while time.monotonic() - started < THINK / 2:
            status = http.get(f"/api/tables/{quick['table']}").json()["status"]
            if status == "finished":
                break
            time.sleep(0.1)
    assert status == "finished"  # every move of it answered long before a search's end


def test_searches_take_all_workers_but_one() -> None:
    assert [BotPool(workers=n).search_workers for n in (1, 2, 4)] == [1, 1, 3]

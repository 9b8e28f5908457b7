"""A table that closes cancels its bots' searches: the worker stops at once (no orphan
work in the pool) and no late move reaches the closed table's log.

A real server; a bot with a long think time; the last person leaves, which abandons the
table while the bot is searching.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from saqqara.client import SeatLink, TableClient, create_table
from saqqara.store import Store
from tests.server.harness import ServerProcess

THINK = 120
"""The bot's think time per move (seconds), within the server's move limit: far longer
than a cancelled search may take to stop, even on a loaded machine."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path / 'cancel.db'}"
    extra = ("--bot-move-limit", str(THINK * 2))
    with ServerProcess(db, "--rate", "5000", "--sqlite-sync", "normal", *extra) as running:
        yield running


def _until(check: object, what: str, within: float) -> float:
    """Poll ``check()`` until it holds; the seconds it took."""
    assert callable(check)
    start = time.monotonic()
    while not check():
        if time.monotonic() - start > within:
            raise AssertionError(f"{what} did not happen within {within} s")
        time.sleep(0.05)
    return time.monotonic() - start


def test_closing_a_table_cancels_its_bots_search(server: ServerProcess) -> None:
    table = create_table(
        server.base,
        "tutankhamun",
        [{"kind": "person"}, {"kind": "bot", "bot": f"ismcts:{THINK}s"}],
    )
    table_id = table["table"]
    link = SeatLink.parse(table["seats"][0]["link"])
    http = httpx.Client(base_url=server.base, timeout=10)

    def busy() -> int:
        answer: int = http.get("/healthz").json()["bots_busy"]
        return answer

    async def move_until_the_bot_thinks() -> None:
        client = TableClient(link)
        await client.connect()
        while busy() == 0:
            update = client.update
            if update is not None and update.legal and client.pending is None:
                await client.act(update.legal[0].id)
            with contextlib.suppress(TimeoutError):
                await client.receive(timeout=0.2)
        await client.close()

    try:
        asyncio.run(asyncio.wait_for(move_until_the_bot_thinks(), 60))
        store = Store(server.db_url)
        before = store.actions(table_id)
        assert busy() == 1
        left = http.post(f"/api/tables/{table_id}/leave", json={"seat": 0, "key": link.key})
        assert left.status_code == 200
        _until(lambda: busy() == 0, "the bot's cancellation", within=THINK / 4)
        time.sleep(0.5)
        assert store.actions(table_id) == before  # no late move reached the log
        row = store.table(table_id)
        store.close()
        assert row is not None and row.status == "closed"
        assert http.get(f"/api/tables/{table_id}").json()["status"] == "closed"
        # The pool serves the next table at once.
        bots = create_table(server.base, "tutankhamun", [{"kind": "bot", "bot": "random"}] * 2)
        _until(
            lambda: http.get(f"/api/tables/{bots['table']}").json()["status"] == "finished",
            "a game of random bots",
            within=30,
        )
    finally:
        http.close()

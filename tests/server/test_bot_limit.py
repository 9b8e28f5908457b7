"""A bot that overruns the server's time per move (``--bot-move-limit``) is not waited for:
the table plays a random legal action for it, its search is cancelled in the worker (the
pool is free again) and the game goes on. A real server, over real WebSockets."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from saqqara.client import TableClient, create_table
from saqqara.server.messages import Error
from saqqara.store import Store
from tests.server.harness import ServerProcess

LIMIT = 1.0
"""The server's time per bot move (seconds)."""
THINK = 300
"""Seconds the test waits at most for a message."""
ITERATIONS = 80_000
"""The bot's search per move: the most a table with a one-second limit takes (a budget
that could not end within the limit even at the fastest rate, ``ISMCTSBot.fastest``, is
refused when the table is made: ``bot-too-slow``), some four seconds on one core here:
beyond the limit."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path / 'limit.db'}"
    extra = ("--bot-move-limit", str(LIMIT))
    with ServerProcess(db, "--rate", "5000", "--sqlite-sync", "normal", *extra) as running:
        yield running


def test_a_bot_over_its_time_limit_plays_a_legal_move_and_stops_searching(
    server: ServerProcess,
) -> None:
    table = create_table(
        server.base,
        "tutankhamun",
        [{"kind": "person"}, {"kind": "bot", "bot": f"ismcts:{ITERATIONS}"}],
    )
    store = Store(server.db_url)
    http = httpx.Client(base_url=server.base, timeout=10)

    def bot_moves() -> int:
        return sum(1 for a in store.actions(table["table"]) if a.seat == 1)

    async def play_until_the_bot_moved_twice() -> None:
        person = TableClient(table["seats"][0]["link"])
        await person.connect()
        acted_on = -1
        while bot_moves() < 2:
            update = person.update
            if update and update.legal and person.pending is None and update.seq != acted_on:
                acted_on = update.seq
                await person.act(update.legal[0].id)
            message = await person.receive(timeout=THINK / 10)
            assert not isinstance(message, Error), message
        await person.close()

    try:
        started = time.monotonic()
        asyncio.run(play_until_the_bot_moved_twice())
        took = time.monotonic() - started
        assert took < THINK / 10  # the bot was not waited for
        deadline = time.monotonic() + THINK / 10
        while http.get("/healthz").json()["bots_busy"] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert http.get("/healthz").json()["bots_busy"] == 0  # the overrun searches stopped
        info = http.get(f"/api/tables/{table['table']}").json()
        assert info["status"] == "playing"
        moves = [a for a in store.actions(table["table"]) if a.seat == 1]
        assert len(moves) >= 2 and all(a.client_id is None for a in moves)
    finally:
        http.close()
        store.close()

"""Turn clocks survive ``kill -9``: after a restart each seat's game time resumes from the
bank stored with its last action, and the time the server was down does not count (an
update tells the time left when it is sent: the seat to move has used a little since the
restart).

On SQLite and PostgreSQL, with the real server and the crash test's machinery.
"""

from __future__ import annotations

import asyncio
import time

from saqqara.client import TableClient, create_table
from saqqara.server.messages import Update
from saqqara.store import Store
from tests.server.harness import ServerProcess

THINK = 0.4
"""Seconds each seat thinks before a move (what its game clock is charged)."""
GAME = 600.0


async def _play(clients: list[TableClient], moves: int) -> Update:
    """Play until every seat has made ``moves`` thoughtful moves; the last update."""
    made = dict.fromkeys(clients, 0)
    done = asyncio.Event()

    async def seat(client: TableClient) -> None:
        while True:
            update = client.update
            if update is not None and update.legal and client.pending is None and not done.is_set():
                await asyncio.sleep(THINK)
                await client.act(update.legal[0].id)
                made[client] += 1
                if min(made.values()) >= moves:
                    done.set()
            await client.receive()

    async def settled() -> None:
        """Until every move is acknowledged and every seat holds the same update (a fixed
        sleep loses the last update on a loaded machine)."""
        while True:
            seqs = {c.update.seq if c.update else -1 for c in clients}
            if all(c.pending is None for c in clients) and len(seqs) == 1:
                return
            await asyncio.sleep(0.05)

    tasks = [asyncio.ensure_future(seat(client)) for client in clients]
    await done.wait()
    await asyncio.wait_for(settled(), timeout=60)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    latest = max((c.update for c in clients if c.update is not None), key=lambda u: u.seq)
    return latest


def test_clocks_resume_from_the_store_after_kill_nine(db_url: str) -> None:
    server = ServerProcess(db_url, "--rate", "5000").start()
    try:
        table = create_table(
            server.base,
            "tutankhamun",
            [{"kind": "person"}] * 2,
            clock={"game": GAME, "on_timeout": "lose"},
        )
        clients = [TableClient(s["link"]) for s in table["seats"]]

        async def before() -> Update:
            for client in clients:
                await client.connect()
            last = await _play(clients, 3)
            for client in clients:
                await client.close()
            return last

        last = before_kill = asyncio.run(before())
        server.kill()
        time.sleep(2.0)  # the server is down: this must not count against anyone
        store = Store(db_url)
        logged = store.actions(table["table"])
        store.close()
        banks = {a.seat: a.game_left for a in logged if a.seat >= 0}
        server.start()

        async def after() -> Update:
            client = TableClient(table["seats"][0]["link"])
            client.seq = last.seq
            await client.connect()
            update = await client.until_update()
            await client.close()
            return update

        resumed = asyncio.run(after())
    finally:
        server.close()
    assert before_kill.clock is not None and resumed.clock is not None
    assert resumed.seq == before_kill.seq and resumed.status == "playing"
    for seat in (0, 1):
        stored = banks[seat]
        assert stored is not None and stored < GAME - 2 * THINK  # each seat thought 3 times
        left = resumed.clock.game_left[seat]
        assert left is not None
        if seat in resumed.clock.running:  # resumed from the store, counting since then ...
            assert stored - 10 < left <= stored
        else:
            assert left == stored
        shown = before_kill.clock.game_left[seat]
        assert shown is not None and abs(stored - shown) < 1.0  # ... as it stood at the kill
    assert resumed.clock.running == resumed.to_act

"""A long game resumes from its latest snapshot plus the actions after it.

The server stores the state every ``--snapshot-every`` steps in the same transaction as the
actions; after ``kill -9`` and a restart it replays only the steps after the snapshot
(``/healthz`` counts them), and a snapshot this engine cannot read falls back on a full
replay of the log (the policy in docs/views.md).
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

from saqqara.client import TableClient, create_table, http_json
from saqqara.server.messages import Error, Update
from saqqara.store import Store
from tests.server.harness import ServerProcess


async def _play_until(client: TableClient, seq: int, seed: int) -> Update:
    """Play seeded random moves for ``client``'s seat until the table is past ``seq``."""
    rng = random.Random(seed)
    if client.welcome is None:
        await client.connect()
    acted_on = -1
    while True:
        message = await client.receive()
        if isinstance(message, Error):
            assert message.code == "stale", message
            await client.sync()
            continue
        update = client.update
        if update is None:
            continue
        if update.seq >= seq or update.over:
            return update
        if update.legal and client.pending is None and update.seq != acted_on:
            acted_on = update.seq
            await client.act(rng.choice(update.legal).id)


def _stop_when_past(clients: list[TableClient], seq: int) -> Update:
    async def both() -> Update:
        done = await asyncio.gather(*(_play_until(c, seq, i) for i, c in enumerate(clients)))
        for client in clients:
            await client.close()
        return max(done, key=lambda u: u.seq)

    return asyncio.run(both())


def test_a_long_game_resumes_from_its_snapshot(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'snap.db'}"
    every = 40
    server = ServerProcess(db, "--rate", "5000", "--snapshot-every", str(every)).start()
    try:
        table = create_table(server.base, "curse-of-the-mummy", [{"kind": "person"}] * 2)
        clients = [TableClient(s["link"]) for s in table["seats"]]
        reached = _stop_when_past(clients, 2 * every + 10)
        assert not reached.over  # random play in this game lasts hundreds of steps
        server.kill()

        store = Store(db)
        logged = len(store.actions(table["table"]))
        latest = store.latest_snapshot(table["table"])
        assert latest is not None and latest[0] >= 2 * every
        snapshot_seq = latest[0]
        store.close()

        server.start()
        health = http_json(server.base, "/healthz")
        assert health["live_tables"] == 1
        assert health["replayed"] == logged - snapshot_seq < logged

        async def resumed() -> Update:
            client = TableClient(table["seats"][0]["link"])
            await client.connect()
            update = await client.until_update()
            await client.close()
            return update

        again = asyncio.run(resumed())
        assert again.seq == logged
        assert again.view == reached.view or reached.seq < logged
        # The game goes on from the snapshot: the seats play on past another one.
        clients = [TableClient(s["link"]) for s in table["seats"]]
        for client in clients:
            client.seq = logged
        further = _stop_when_past(clients, logged + 20)
        assert further.seq >= logged + 20 or further.over
        server.kill()

        # A snapshot of another rules version is refused: the table replays its whole log.
        store = Store(db)
        seq, text = store.latest_snapshot(table["table"]) or (0, "")
        data = json.loads(text)
        data["rules_version"] += 1
        store.save_snapshot(table["table"], seq, json.dumps(data))
        logged = len(store.actions(table["table"]))
        store.close()
        server.start()
        assert http_json(server.base, "/healthz")["replayed"] == logged
    finally:
        server.close()

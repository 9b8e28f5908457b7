"""Store before tell: whatever a seat has been told is in the store. The server is killed
(``kill -9``) the moment an update reaches the client; every step that update and the
ones before it told of is in the log, at its number, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

from saqqara.client import TableClient, create_table
from saqqara.server.messages import Error, Update
from saqqara.store import Store
from tests.server.harness import ServerProcess


def test_every_step_a_seat_was_told_of_survives_a_kill(db_url: str) -> None:
    server = ServerProcess(db_url, "--rate", "5000").start()
    try:
        table = create_table(
            server.base,
            "valley-of-the-kings",
            [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
        )
        client = TableClient(table["seats"][0]["link"])

        async def until_told_of_bot_moves() -> list[Update]:
            told: list[Update] = []
            await client.connect()
            while True:
                message = await client.receive()
                assert not isinstance(message, Error), message
                if not isinstance(message, Update):
                    continue
                told.append(message)
                if sum(1 for e in message.events if e.data.get("seat") == 1) and len(told) > 8:
                    server.kill()  # at once: no later write can make this true by luck
                    return told
                if message.legal and client.pending is None:
                    await client.act(message.legal[-1].id)

        told = asyncio.run(until_told_of_bot_moves())
    finally:
        server.close()
    store = Store(db_url)
    logged = store.actions(table["table"])
    store.close()
    assert [a.seq for a in logged] == list(range(1, len(logged) + 1))
    assert told[-1].seq <= len(logged)
    assert all(event.seq <= len(logged) for update in told for event in update.events)

"""A connection that arrives while a takeover is under way is seated at the one live table.

A takeover takes the table's lease, reads its row, then resumes it, each step waiting on
the database. A seat reconnecting in between was once served by a copy of the table of its
own, which nothing ever told: a welcome and one update, then nothing, the game frozen at
that seat's turn. Here one process of a site runs in the test's event loop, its takeover
paused between the lease and the resume while a seat connects; once it goes on, the seat
must be at the resumed table and see every move.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from saqqara.client import TableClient
from saqqara.server.app import create_app
from saqqara.server.bots import BotPool
from saqqara.server.live import LiveTable
from saqqara.server.messages import CreateTable, SeatRequest, Update
from saqqara.server.service import TableService
from saqqara.store import CLOSED, OPEN, Store, TableRow
from tests.cluster_server.site_harness import serve_here

pytestmark = pytest.mark.xdist_group("cluster-server")

GAME = "valley-of-the-kings"


async def _stored_table(db_url: str, age: float = 0.0) -> tuple[str, dict[int, str]]:
    """A table of two person seats made ``age`` seconds ago by a process that then died
    (no lease kept)."""
    service = TableService(Store(db_url), BotPool(0))
    try:
        links = await service.create(
            CreateTable(GAME, [SeatRequest("person"), SeatRequest("person")], public=False)
        )
        if age:
            service.store.update_table(links.table, created_at=time.time() - age)
    finally:
        await service.close()
    return links.table, links.keys


def _lease(db_url: str, table_id: str, expires: str) -> None:
    """The table's lease held by a dead process, expiring at ``expires`` (SQL)."""
    engine = create_engine(db_url)
    try:
        with engine.begin() as tx:
            tx.execute(
                text(
                    "INSERT INTO table_leases (table_id, owner, epoch, expires_at) "
                    f"VALUES (:t, 'dead-1-0', 1, {expires}) "
                    f"ON CONFLICT (table_id) DO UPDATE SET expires_at = {expires}"
                ),
                {"t": table_id},
            )
    finally:
        engine.dispose()


async def _until(client: TableClient, wanted: Callable[[Update], bool]) -> Update:
    """The first update ``wanted`` (the last one seen included) within 10 seconds."""
    deadline = time.monotonic() + 10.0
    update = client.update
    while update is None or not wanted(update):
        update = await client.until_update(max(deadline - time.monotonic(), 0.01))
    return update


def _after(seq: int) -> Callable[[Update], bool]:
    return lambda update: update.seq > seq


def test_a_seat_connecting_mid_takeover_is_at_the_one_live_table(
    pg_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        table_id, keys = await _stored_table(pg_url)
        # Its owner's lease is still valid when this process starts: no takeover at start.
        _lease(pg_url, table_id, "extract(epoch from clock_timestamp()) + 3600")
        app: Any = create_app(pg_url, redis_url=redis_url, lease_seconds=1.0, bot_workers=0)
        async with serve_here(app) as port:
            service: TableService = app.state.service

            # The takeover pauses once it holds the lease, before it resumes the table.
            leased, go_on = asyncio.Event(), asyncio.Event()
            resume = service.resume

            async def paused_resume(row: TableRow) -> LiveTable:
                if row.id == table_id:
                    leased.set()
                    await go_on.wait()
                return await resume(row)

            # Whether the connection has asked the service for its table yet.
            asked = asyncio.Event()
            table = service.table

            def spied_table(wanted: str) -> Awaitable[LiveTable] | LiveTable:
                asked.set()
                return table(wanted)

            patches: dict[str, Callable[..., Any]] = {
                "resume": paused_resume,
                "table": spied_table,
            }
            for name, patch in patches.items():
                setattr(service, name, patch)

            _lease(pg_url, table_id, "0")  # the owner is dead: its lease has run out
            await asyncio.wait_for(leased.wait(), 20)
            assert service.leases is not None and service.leases.holds(table_id)

            base = f"http://127.0.0.1:{port}/t/{table_id}"
            first = TableClient(f"{base}?seat=0&key={keys[0]}")
            connecting = asyncio.ensure_future(first.connect())
            await asyncio.wait_for(asked.wait(), 10)
            await asyncio.sleep(0.2)  # whatever it does before the takeover goes on, it did
            go_on.set()
            await asyncio.wait_for(connecting, 10)

            second = TableClient(f"{base}?seat=1&key={keys[1]}")
            await second.connect()
            clients = [first, second]
            # Both seats taken: the game starts, and every move reaches both seats.
            seen = [await _until(c, lambda u: u.status == "playing") for c in clients]
            live = service.live[table_id]
            assert {listener.seat for listener in live.listeners} == {0, 1}
            for _ in range(6):
                update = seen[0]
                if update.over:
                    break
                mover = clients[update.to_act[0]]
                legal = mover.update.legal if mover.update is not None else []
                await mover.act(legal[0].id)
                # Each seat sees the move (a chance step after it may come with it or after).
                moved = [await _until(c, _after(update.seq)) for c in clients]
                last = max(u.seq for u in moved)
                seen = [await _until(c, _after(last - 1)) for c in clients]
                assert seen[0].seq == seen[1].seq == last
            assert service.live[table_id] is live
            for client in clients:
                await client.close()

    asyncio.run(scenario())


def test_an_open_table_nobody_sat_at_is_not_taken_over_but_closed(
    pg_url: str, redis_url: str
) -> None:
    """Its owner died and its time is up: the takeover closes it instead of loading it,
    and it is never an orphan again; a younger one is taken over as ever."""

    async def scenario() -> None:
        old, _ = await _stored_table(pg_url, age=7200)
        young, _ = await _stored_table(pg_url)
        app: Any = create_app(
            pg_url, redis_url=redis_url, lease_seconds=1.0, bot_workers=0, expire_open_after=3600
        )
        async with serve_here(app):
            service: TableService = app.state.service
            assert service.leases is not None
            assert young in service.live and service.leases.holds(young)
            assert old not in service.live and not service.leases.holds(old)
            assert service.expired == 1
            assert old not in await asyncio.to_thread(service.leases.orphans)
        store = Store(pg_url)
        try:
            statuses = {t: row.status for t in (old, young) if (row := store.table(t))}
        finally:
            store.close()
        assert statuses == {old: CLOSED, young: OPEN}

    asyncio.run(scenario())

"""One live object per table per process, whatever the order of takeover and request.

A takeover (``server/cluster.py``) marks its table arriving (``TableService.arriving``)
from before it asks for the lease until the table is resumed; a request meanwhile waits
and gets the resumed table, never a copy of its own. A request that comes first brings the
table live itself, resumed as a takeover would, and a resume after it finds it live.
(``tests/cluster_server/test_takeover_race.py`` plays the race through a site process.)
"""

from __future__ import annotations

import asyncio

from saqqara.server.bots import BotPool
from saqqara.server.messages import CreateTable, SeatRequest
from saqqara.server.service import TableService
from saqqara.store import OPEN, Store

GAME = "valley-of-the-kings"


async def _stored(db_url: str) -> str:
    service = TableService(Store(db_url), BotPool(0))
    try:
        links = await service.create(
            CreateTable(GAME, [SeatRequest("person"), SeatRequest("person")])
        )
    finally:
        await service.close()
    return links.table


def test_a_request_during_a_takeover_waits_for_the_resumed_table(db_url: str) -> None:
    async def scenario() -> None:
        table_id = await _stored(db_url)
        service = TableService(Store(db_url), BotPool(0))
        try:
            with service.arriving(table_id):
                asked = asyncio.ensure_future(service.table(table_id))
                await asyncio.sleep(0.2)
                assert not asked.done() and table_id not in service.live
                row = service.store.table(table_id)
                assert row is not None
                resumed = await service.resume(row)
            assert await asked is resumed is service.live[table_id]
            assert await service.resume(row) is resumed  # never loaded a second time
        finally:
            await service.close()

    asyncio.run(scenario())


def test_a_request_first_brings_the_table_live_resumed(db_url: str) -> None:
    async def scenario() -> None:
        table_id = await _stored(db_url)
        service = TableService(Store(db_url), BotPool(0))
        try:
            first, second = await asyncio.gather(service.table(table_id), service.table(table_id))
            assert first is second is service.live[table_id]
            assert first.status == OPEN
            row = service.store.table(table_id)
            assert row is not None
            assert await service.resume(row) is first  # a takeover after it: the same
        finally:
            await service.close()

    asyncio.run(scenario())

"""Open tables nobody sits at expire (``saqqara serve --expire-open-after HOURS``).

A table still ``open`` (never started) ``expire_open_after`` seconds after it was made,
with no person seat taken, is closed in the store: at start it is not loaded again, and a
live one is closed when its time comes. A table where someone sits stays open.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from saqqara.server.bots import BotPool
from saqqara.server.messages import CreateTable, Join, SeatKey, SeatRequest
from saqqara.server.service import Links, TableService
from saqqara.store import CLOSED, OPEN, Store

GAME = "valley-of-the-kings"
PEOPLE = [SeatRequest("person"), SeatRequest("person")]


def _service(db_url: str, expire_open_after: float | None) -> TableService:
    return TableService(Store(db_url), BotPool(0), expire_open_after=expire_open_after)


def _status(db_url: str, table_id: str) -> str:
    store = Store(db_url)
    try:
        row = store.table(table_id)
        assert row is not None
        return row.status
    finally:
        store.close()


def test_an_open_table_nobody_sat_at_is_closed_at_start_and_never_loaded(db_url: str) -> None:
    async def made() -> dict[str, Links]:
        service = _service(db_url, None)
        try:
            tables = {
                "empty": await service.create(CreateTable(GAME, PEOPLE)),
                "with a bot": await service.create(
                    CreateTable(GAME, [SeatRequest("person"), SeatRequest("bot", bot="random")])
                ),
                "seated": await service.create(CreateTable(GAME, PEOPLE)),
                "left": await service.create(CreateTable(GAME, PEOPLE)),
                "young": await service.create(CreateTable(GAME, PEOPLE)),
            }
            seated, left = tables["seated"], tables["left"]
            await service.join(seated.table, Join(seat=0, key=seated.keys[0]))
            await service.join(left.table, Join(seat=1, key=left.keys[1]))
            await service.leave(left.table, SeatKey(1, left.keys[1]))  # nobody sits there now
            for name, links in tables.items():
                if name != "young":
                    service.store.update_table(links.table, created_at=time.time() - 7200)
        finally:
            await service.close()
        return tables

    tables = asyncio.run(made())
    ids = {name: links.table for name, links in tables.items()}
    gone = {ids["empty"], ids["with a bot"], ids["left"]}

    async def restarted(expire_open_after: float | None) -> tuple[set[str], int]:
        service = _service(db_url, expire_open_after)
        try:
            await service.resume_all()
            live = set(service.live)
            if expire_open_after is not None:
                again = await service.table(ids["empty"])  # read back on demand: closed
                assert again.status == CLOSED and not again.bot_tasks
            return live, service.expired
        finally:
            await service.close()

    # Without a limit every unfinished table is loaded, as before.
    live, expired = asyncio.run(restarted(None))
    assert live == set(ids.values()) and expired == 0
    live, expired = asyncio.run(restarted(3600.0))
    assert live == {ids["seated"], ids["young"]} and expired == 3
    for table_id in ids.values():
        assert _status(db_url, table_id) == (CLOSED if table_id in gone else OPEN)
    live, expired = asyncio.run(restarted(3600.0))  # closed: not even looked at again
    assert live == {ids["seated"], ids["young"]} and expired == 0


def test_a_live_open_table_nobody_sits_at_closes_when_its_time_comes(db_url: str) -> None:
    async def scenario() -> None:
        service = _service(db_url, 0.5)
        try:
            empty = await service.create(CreateTable(GAME, PEOPLE))
            seated = await service.create(CreateTable(GAME, PEOPLE))
            await service.join(seated.table, Join(seat=1, key=seated.keys[1]))
            assert service.live[empty.table].status == OPEN
            await asyncio.sleep(1.5)
            assert empty.table not in service.live  # closed, and let go of
            assert service.live[seated.table].status == OPEN
            assert service.expired == 1
        finally:
            await service.close()
        assert _status(db_url, empty.table) == CLOSED
        assert _status(db_url, seated.table) == OPEN

    asyncio.run(scenario())


def test_a_limit_must_be_above_zero() -> None:
    with pytest.raises(ValueError, match="expire_open_after"):
        TableService(Store("sqlite://"), BotPool(0), expire_open_after=0)

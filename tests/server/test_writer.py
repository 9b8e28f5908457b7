"""The writer thread: group commits and the store calls it makes for the event loop, in
the order they were queued, with a failure raised to the caller only."""

from __future__ import annotations

import asyncio
import time

import pytest
from sqlalchemy.exc import IntegrityError

from saqqara.server.writer import Writer
from saqqara.store import FINISHED, PLAYING, ActionRow, SeatRow, Store, TableRow, hash_secret


def _row(table_id: str) -> TableRow:
    return TableRow(
        id=table_id,
        game="tutankhamun",
        players=2,
        rules_version=1,
        options={"edition": "amigo-1993"},
        seed=11,
        status=PLAYING,
        public=True,
        spectator_hash=hash_secret("watch"),
        created_at=time.time(),
    )


def test_calls_run_in_order_with_the_batches_and_failures_reach_their_caller(
    db_url: str,
) -> None:
    store = Store(db_url)
    writer = Writer(store)
    seats = [SeatRow(0, "person", "A"), SeatRow(1, "person", "B")]

    async def scenario() -> None:
        # A table created through the writer, then written to, in one burst: the log rows
        # are committed after the call that made their table.
        await asyncio.gather(
            writer.call(store.create_table, _row("t1"), seats),
            writer.write("t1", [ActionRow(1, -1, "chance")], None),
            writer.call(store.update_table, "t1", status=FINISHED),
        )
        with pytest.raises(IntegrityError):
            await writer.call(store.create_table, _row("t1"), seats)  # the id is taken
        await writer.write("t1", [ActionRow(2, 0, "x", "c1")], None)  # the writer goes on
        assert await writer.call(store.table, "t1") is not None

    try:
        asyncio.run(scenario())
    finally:
        writer.close()
    assert [a.seq for a in store.actions("t1")] == [1, 2]
    assert [t.id for t in store.tables_with_status(FINISHED)] == ["t1"]
    store.close()

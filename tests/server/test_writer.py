"""The writer thread: group commits and the store calls it makes for the event loop, in
the order they were queued, with a failure raised to the caller only."""

from __future__ import annotations

import asyncio
import threading

import pytest
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError

from saqqara.server.writer import Writer
from saqqara.store import FINISHED, ActionRow, SeatRow, Store
from tests.server.rows import table_row


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
            writer.call(store.create_table, table_row("t1"), seats),
            writer.write("t1", [ActionRow(1, -1, "chance")], None),
            writer.call(store.update_table, "t1", status=FINISHED),
        )
        with pytest.raises(IntegrityError):
            await writer.call(store.create_table, table_row("t1"), seats)  # the id is taken
        await writer.write("t1", [ActionRow(2, 0, "x", "c1")], None)  # the writer goes on
        assert await writer.call(store.table, "t1") is not None

    try:
        asyncio.run(scenario())
    finally:
        writer.close()
    assert [a.seq for a in store.actions("t1")] == [1, 2]
    assert [t.id for t in store.tables_with_status(FINISHED)] == ["t1"]
    store.close()


def test_what_is_queued_together_is_one_commit_and_a_failure_sinks_no_other(
    db_url: str,
) -> None:
    store = Store(db_url)
    commits: list[int] = []
    event.listen(store.engine, "commit", lambda _connection: commits.append(1))
    writer = Writer(store)
    gate = threading.Event()
    seats = [SeatRow(0, "person", "A"), SeatRow(1, "person", "B")]

    async def scenario() -> None:
        held = writer.submit(gate.wait, 30)  # the writer waits here while the rest queue
        await asyncio.sleep(0.05)
        burst = asyncio.gather(
            writer.call(store.create_table, table_row("t1"), seats, [ActionRow(1, -1, "setup")]),
            writer.write("t1", [ActionRow(2, 0, "x", "c1")], None),
            writer.call(store.update_seat, "t1", 0, claimed=True),
            writer.write("t1", [ActionRow(3, 1, "y")], FINISHED),
        )
        gate.set()
        assert await held
        await burst
        assert len(commits) == 2  # the held call's group, then the burst's
        gate.clear()
        held = writer.submit(gate.wait, 30)
        await asyncio.sleep(0.05)
        answers = asyncio.gather(
            writer.write("t1", [ActionRow(4, 0, "z")], None),
            writer.write("t1", [ActionRow(4, 1, "again")], None),  # seq 4 is taken
            writer.call(store.update_seat, "t1", 1, claimed=True),
            return_exceptions=True,
        )
        gate.set()
        await held
        first, second, third = await answers
        assert first is None and third is None
        assert isinstance(second, IntegrityError)

    try:
        asyncio.run(scenario())
    finally:
        writer.close()
    assert [(a.seq, a.action) for a in store.actions("t1")] == [
        (1, "setup"),
        (2, "x"),
        (3, "y"),
        (4, "z"),
    ]
    assert [s.claimed for s in store.seats("t1")] == [True, True]
    assert [t.id for t in store.tables_with_status(FINISHED)] == ["t1"]
    store.close()

"""Table leases against the real PostgreSQL: one owner at a time, takeover after expiry,
and the fencing token that keeps a stale owner from ever writing again."""

from __future__ import annotations

import time

import pytest

from saqqara.server.lease import LeaseLost, Leases
from saqqara.store import ActionRow, SeatRow, Store, TableRow

pytestmark = pytest.mark.xdist_group("cluster-server")


def _table(store: Store, table_id: str, status: str = "playing") -> None:
    row = TableRow(table_id, "tutankhamun", 2, 1, {}, 7, status, True, "h" * 64, time.time())
    store.create_table(row, [SeatRow(0, "bot", "a", "random"), SeatRow(1, "bot", "b", "random")])


def test_one_owner_at_a_time_and_a_takeover_after_expiry(pg_url: str) -> None:
    store = Store(pg_url)
    first, second = Leases(store.engine, "first", 0.5), Leases(store.engine, "second", 0.5)
    _table(store, "t1")
    assert first.acquire("t1") and first.held == {"t1": 1}
    assert not second.acquire("t1")
    assert first.renew() == []  # still ours, extended
    assert not second.acquire("t1")
    time.sleep(0.7)  # first stalls past its lease
    assert second.orphans() == ["t1"]
    assert second.acquire("t1") and second.held == {"t1": 2}
    assert first.renew() == ["t1"] and first.held == {}  # it learns it lost the table
    assert second.holders(["t1", "nope"]) == {"t1": second.holders(["t1"])["t1"]}
    holder = second.holders(["t1"])["t1"]
    assert (holder.owner, holder.epoch, holder.valid) == ("second", 2, True)
    store.close()


def test_a_stale_owner_can_never_append_after_losing_its_lease(pg_url: str) -> None:
    stale_store, new_store = Store(pg_url), Store(pg_url)
    stale = Leases(stale_store.engine, "stale", 0.5)
    fresh = Leases(new_store.engine, "fresh", 0.5)
    stale_store.fence, new_store.fence = stale.fence, fresh.fence
    _table(stale_store, "t2")
    assert stale.acquire("t2")
    stale_store.append("t2", [ActionRow(1, 0, "a", "c1")])
    time.sleep(0.7)
    assert fresh.acquire("t2")
    # The stale owner still believes it holds the table: the fence refuses its write, in
    # the same transaction, so nothing of it reaches the log (and it is never acked).
    with pytest.raises(LeaseLost):
        stale_store.append("t2", [ActionRow(2, 0, "b", "c2")])
    with pytest.raises(LeaseLost):
        stale_store.append_many([("t2", [ActionRow(2, 1, "x", None)], None, None)])
    assert not stale.holds("t2")
    assert stale.renew() == ["t2"]  # the refused write is reported, so the process lets go
    new_store.append("t2", [ActionRow(2, 1, "c", "c3")])
    assert [(a.seq, a.client_id) for a in new_store.actions("t2")] == [(1, "c1"), (2, "c3")]
    # Even re-taking the table later gives a new epoch: the old incarnation stays fenced.
    fresh.release("t2")
    assert stale.acquire("t2") and stale.held["t2"] == 3
    stale_store.close()
    new_store.close()


def test_released_tables_are_free_at_once_and_finished_ones_are_no_orphans(pg_url: str) -> None:
    store = Store(pg_url)
    first, second = Leases(store.engine, "first", 30), Leases(store.engine, "second", 30)
    _table(store, "open1", "open")
    _table(store, "done1", "finished")
    assert second.orphans() == ["open1"]
    assert first.acquire("open1")
    assert second.orphans() == []
    first.release("open1")
    assert second.acquire("open1") and second.held["open1"] == 2
    with pytest.raises(ValueError, match="PostgreSQL"):
        Leases(Store("sqlite://").engine, "x")
    store.close()

"""Table leases in PostgreSQL: one process of a site owns a table at a time.

A lease is a row ``table_leases(table_id, owner, epoch, expires_at)`` (migration 0005).
The owner renews every lease it holds in one statement about every ``ttl / 4`` seconds;
a lease not renewed for ``ttl`` seconds (a dead or stalled process) may be taken by any
other process, which raises the ``epoch`` by one. Times are the database's clock, so the
processes' clocks never have to agree.

The epoch is a fencing token: every transaction that appends to a table's action log
first locks that table's lease row and checks that this process still holds it under the
epoch it took (:meth:`Leases.fence`, installed as the store's fence). A process that was
stalled past its lease and wakes up can therefore never write after another has taken the
table over: its commit is refused, so it never acknowledges the move either.

PostgreSQL only (``ON CONFLICT`` and ``FOR UPDATE``); a single process needs no lease.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, Engine, bindparam, text

from saqqara.core.errors import SaqqaraError

NOW = "extract(epoch from clock_timestamp())"

_ACQUIRE = text(
    f"""
    INSERT INTO table_leases (table_id, owner, epoch, expires_at)
    VALUES (:table_id, :owner, 1, {NOW} + :ttl)
    ON CONFLICT (table_id) DO UPDATE
        SET owner = EXCLUDED.owner, epoch = table_leases.epoch + 1,
            expires_at = EXCLUDED.expires_at
        WHERE table_leases.expires_at < {NOW} OR table_leases.owner = EXCLUDED.owner
    RETURNING epoch
    """
)
# Rows are locked in table id order, here and in the fence, so a renewal and a group
# commit touching the same tables can never deadlock.
_RENEW = text(
    f"""
    UPDATE table_leases SET expires_at = {NOW} + :ttl
    WHERE table_id IN (
        SELECT table_id FROM table_leases
        WHERE owner = :owner AND table_id IN :ids ORDER BY table_id FOR UPDATE
    )
    RETURNING table_id, epoch
    """
).bindparams(bindparam("ids", expanding=True))
_RELEASE = text(
    "UPDATE table_leases SET expires_at = 0 WHERE table_id = :table_id AND owner = :owner"
)
_FENCE = text(
    """
    SELECT table_id, owner, epoch FROM table_leases
    WHERE table_id IN :ids ORDER BY table_id FOR SHARE
    """
).bindparams(bindparam("ids", expanding=True))
_OWNERS = text(
    f"""
    SELECT table_id, owner, epoch, expires_at > {NOW} AS valid
    FROM table_leases WHERE table_id IN :ids
    """
).bindparams(bindparam("ids", expanding=True))
_ORPHANS = text(
    f"""
    SELECT t.id FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id
    WHERE t.status IN ('open', 'playing') AND (l.table_id IS NULL OR l.expires_at < {NOW})
    ORDER BY t.created_at LIMIT :limit
    """
)


class LeaseLost(SaqqaraError):
    """This process no longer holds a table's lease: the write is refused."""

    code = "moved"


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a table's lease: the owner, its epoch, and whether it is still valid."""

    owner: str
    epoch: int
    valid: bool


class Leases:
    """The leases one process holds (``held``: table id -> epoch), and the queries on all.

    Safe to use from several threads (the renewal thread, the store's writer, the event
    loop): each method is one transaction, and ``held`` changes by single dict steps.
    """

    def __init__(self, engine: Engine, owner: str, ttl: float = 4.0) -> None:
        if engine.dialect.name != "postgresql":
            raise ValueError("table leases need PostgreSQL (a site of many processes)")
        if not 0.5 <= ttl <= 600:
            raise ValueError(f"a lease lasts between 0.5 and 600 seconds, not {ttl}")
        self.engine = engine
        self.owner = owner
        self.ttl = ttl
        self.held: dict[str, int] = {}
        self._fenced: set[str] = set()
        """Tables a write found lost (reported by the next :meth:`renew`)."""

    @property
    def renew_every(self) -> float:
        """Seconds between renewals: a quarter of the lease, so three may fail in a row."""
        return self.ttl / 4

    def holds(self, table_id: str) -> bool:
        return table_id in self.held

    def acquire(self, table_id: str) -> bool:
        """Take the table's lease if it is free, expired or ours; whether we hold it now."""
        if table_id in self.held:
            return True
        with self.engine.begin() as tx:
            epoch = tx.execute(
                _ACQUIRE, {"table_id": table_id, "owner": self.owner, "ttl": self.ttl}
            ).scalar()
        if epoch is None:
            return False
        self.held[table_id] = int(epoch)
        return True

    def renew(self) -> list[str]:
        """Extend every lease held; returns the tables whose lease was lost (taken by
        another process since, or found lost by a refused write), no longer held."""
        fenced = [self._fenced.pop() for _ in range(len(self._fenced))]
        before = dict(self.held)
        if not before:
            return fenced
        ids = sorted(before)
        with self.engine.begin() as tx:
            rows = tx.execute(_RENEW, {"owner": self.owner, "ttl": self.ttl, "ids": ids}).all()
        kept = {str(row[0]): int(row[1]) for row in rows}
        # A table released or taken again meanwhile (another thread) is judged next time.
        lost = [t for t in ids if kept.get(t) != before[t] and self.held.get(t) == before[t]]
        for table_id in lost:
            self.held.pop(table_id, None)
        return lost + fenced

    def lapse(self) -> list[str]:
        """Stop believing in every lease held (none could be renewed for its lifetime);
        the tables given up. The rows stay: another process takes them when they expire,
        or this one again, under a new epoch, once the database answers."""
        lost = []
        for table_id in list(self.held):
            if self.held.pop(table_id, None) is not None:
                lost.append(table_id)
        return lost

    def release(self, table_id: str) -> None:
        """Give a table up at once (it expires now; the epoch is kept, so it only grows)."""
        if self.held.pop(table_id, None) is None:
            return
        with self.engine.begin() as tx:
            tx.execute(_RELEASE, {"table_id": table_id, "owner": self.owner})

    def release_all(self) -> None:
        for table_id in list(self.held):
            self.release(table_id)

    def fence(self, tx: Connection, table_ids: Sequence[str]) -> None:
        """Inside a write transaction: lock the tables' lease rows (shared: no other
        process can take them until the commit) and refuse (raise :class:`LeaseLost`)
        unless this process holds each under the epoch it took."""
        rows = tx.execute(_FENCE, {"ids": list(table_ids)}).all()
        current = {str(row[0]): (str(row[1]), int(row[2])) for row in rows}
        for table_id in table_ids:
            if current.get(table_id) != (self.owner, self.held.get(table_id)):
                self.held.pop(table_id, None)
                self._fenced.add(table_id)
                raise LeaseLost(f"table {table_id} is now served by another process")

    def holders(self, table_ids: Sequence[str]) -> dict[str, Holder]:
        """The current holders of those tables' leases (a table never leased is absent)."""
        if not table_ids:
            return {}
        with self.engine.begin() as tx:
            rows = tx.execute(_OWNERS, {"ids": list(table_ids)}).all()
        return {str(r[0]): Holder(str(r[1]), int(r[2]), bool(r[3])) for r in rows}

    def orphans(self, limit: int = 100) -> list[str]:
        """Unfinished tables nobody holds a valid lease on (their owner died, or none yet)."""
        with self.engine.begin() as tx:
            rows = tx.execute(_ORPHANS, {"limit": limit}).all()
        return [str(row[0]) for row in rows if str(row[0]) not in self.held]

"""SQLite's WAL checkpoints on a thread of their own, off the commit path.

In WAL mode SQLite appends each commit to the ``-wal`` file and, by default, the commit
that takes the log past 1,000 pages also copies the log back into the database file and
syncs it (an automatic checkpoint). On the server that commit is the writer thread's group
commit, and every move waiting on it waits for the copy and its sync too: under load, with
``--sqlite-sync normal`` (where no other commit syncs), such commits took up to 471 ms
(docs/architecture.md, "Eleventh pass"). A store opened with background checkpoints turns
the automatic ones off on its connections and this thread checkpoints instead, every
``interval`` seconds, on a connection of its own. Its checkpoints are ``PASSIVE``: they copy
what they can without waiting for any reader or writer, so a commit never waits for them
(SQLite lets one checkpoint and one writer run at once in WAL mode). Durability does not
change: a commit is whole in the log when it returns, checkpointed or not.

A writer starts the log again from its beginning only when a checkpoint has copied all of
it, and under steady load a commit nearly always lands while the thread's checkpoint runs:
the log then never starts again. It grew to 911 MB in 100 seconds of the load benchmark, and
the server's memory with it (SQLite maps an index of the log, the ``-shm`` file, 32 KiB for
every 4,096 pages). So a checkpoint that leaves a log longer than ``long_log`` pages marks
the log ``behind``, and the writer finishes the copy between two of its commits
(:meth:`catch_up`, from :meth:`Store.catch_up_log`): no commit can land during that one, so
it copies the whole log (the few pages the thread's left), and the next commit starts the
log from its beginning. A ``RESTART`` checkpoint from the thread would do the same but holds
every commit back while it waits for the writer and the readers: under load it took 46 ms at
the median and gave up after its 250 ms wait in 6 of 33 tries.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from typing import Any

log = logging.getLogger(__name__)

CHECKPOINT_INTERVAL = 1.0
"""Seconds between two background checkpoints: the log holds about a second of commits
(SQLite's own threshold is 1,000 pages, some 4 MB)."""

LONG_LOG = 1000
"""A log longer than this many pages after a background checkpoint is caught up by the
writer (:meth:`BackgroundCheckpoints.catch_up`): SQLite's own automatic checkpoints start at
the same length, about 4 MB."""


class BackgroundCheckpoints:
    """A daemon thread that checkpoints the WAL of the SQLite database at ``path``."""

    def __init__(
        self, path: str, interval: float = CHECKPOINT_INTERVAL, long_log: int = LONG_LOG
    ) -> None:
        self.path = path
        self.interval = interval
        self.long_log = long_log
        self.done = 0
        """The thread's checkpoints made so far (the final one included)."""
        self.behind = False
        """Whether the thread's last checkpoint left a log longer than ``long_log`` pages,
        for the writer to finish (:meth:`catch_up`)."""
        self.caught_up = 0
        """The writer's checkpoints that copied the whole log, so that it starts again."""
        self._connection: sqlite3.Connection | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoints", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop the thread after one last checkpoint, which also empties the log file
        (``TRUNCATE``) when nothing else is using it."""
        self._stop.set()
        self._thread.join()

    def catch_up(self, connection: Any) -> None:
        """Copy the rest of a log the thread left ``behind``, on the writer's DB-API
        ``connection`` between two of its commits (outside any transaction). A reader or
        the thread's own checkpoint in the way leaves it ``behind``, for after the next
        commit."""
        if not self.behind:
            return
        busy, pages, copied = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        if not busy and copied == pages:
            self.behind = False
            self.caught_up += 1

    def checkpoint(self) -> None:
        """One ``PASSIVE`` checkpoint now, as the thread makes one every ``interval``
        seconds (the tests make them at chosen moments, the interval set long)."""
        self._connection = self._checkpoint(self._connection, "PASSIVE")

    def _run(self) -> None:
        try:
            while not self._stop.wait(self.interval):
                self.checkpoint()
            self._connection = self._checkpoint(self._connection, "TRUNCATE")
        finally:
            if self._connection is not None:
                self._connection.close()

    def _checkpoint(
        self, connection: sqlite3.Connection | None, mode: str
    ) -> sqlite3.Connection | None:
        """One checkpoint (on ``connection``, opened first when ``None``); the connection
        for the next. A failure is logged and the next one tries again, on a new
        connection: a commit's log stays whole meanwhile, so a skipped checkpoint loses
        nothing."""
        try:
            if connection is None:
                connection = sqlite3.connect(self.path, timeout=1.0, check_same_thread=False)
            _, pages, _ = connection.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
        except sqlite3.Error as exc:
            log.warning("WAL checkpoint of %s failed: %s", self.path, exc)
            if connection is not None:
                connection.close()
            return None
        self.done += 1
        if pages > self.long_log:
            self.behind = True
        return connection

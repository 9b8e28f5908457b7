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
it, and under steady load a commit nearly always lands while a ``PASSIVE`` checkpoint runs:
the log then never starts again. It grew to 911 MB in 100 seconds of the load benchmark, and
the server's memory with it (SQLite maps an index of the log, the ``-shm`` file, 32 KiB for
every 4,096 pages). So when a ``PASSIVE`` checkpoint leaves a log longer than
``restart_pages``, the thread follows it with a ``RESTART`` one at once: that one holds the
writers back while it copies the little the first left and waits for the readers, then the
next commit starts the log from its beginning. Its wait is bounded (``RESTART_WAIT``); one
that gives up is tried again after the next ``PASSIVE``.
"""

from __future__ import annotations

import logging
import sqlite3
import threading

log = logging.getLogger(__name__)

CHECKPOINT_INTERVAL = 1.0
"""Seconds between two background checkpoints: the log holds about a second of commits
(SQLite's own threshold is 1,000 pages, some 4 MB)."""


RESTART_PAGES = 1000
"""A log longer than this many pages after a ``PASSIVE`` checkpoint is started again
(``RESTART``): SQLite's own automatic checkpoints start at the same length, about 4 MB."""

RESTART_WAIT = 0.25
"""Seconds a ``RESTART`` checkpoint waits for a writer or reader to finish before it gives
up (the busy timeout of the thread's connection); the commits wait for it meanwhile."""


class BackgroundCheckpoints:
    """A daemon thread that checkpoints the WAL of the SQLite database at ``path``."""

    def __init__(
        self, path: str, interval: float = CHECKPOINT_INTERVAL, restart_pages: int = RESTART_PAGES
    ) -> None:
        self.path = path
        self.interval = interval
        self.restart_pages = restart_pages
        self.done = 0
        """Checkpoints made so far (the final one included)."""
        self.restarts = 0
        """``RESTART`` checkpoints that started the log again (see the module's text)."""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoints", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop the thread after one last checkpoint, which also empties the log file
        (``TRUNCATE``) when nothing else is using it."""
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        connection: sqlite3.Connection | None = None
        try:
            while not self._stop.wait(self.interval):
                connection, left = self._checkpoint(connection, "PASSIVE")
                if left > self.restart_pages:
                    connection, left = self._checkpoint(connection, "RESTART")
                    self.restarts += left == 0
            connection, _ = self._checkpoint(connection, "TRUNCATE")
        finally:
            if connection is not None:
                connection.close()

    def _checkpoint(
        self, connection: sqlite3.Connection | None, mode: str
    ) -> tuple[sqlite3.Connection | None, int]:
        """One checkpoint (on ``connection``, opened first when ``None``): the connection
        for the next, and the pages of the log it could not copy or start again (0 once a
        ``RESTART`` or ``TRUNCATE`` finished; the log's length where it gave up). A failure
        is logged and the next one tries again, on a new connection: a commit's log stays
        whole meanwhile, so a skipped checkpoint loses nothing."""
        try:
            if connection is None:
                connection = sqlite3.connect(
                    self.path, timeout=RESTART_WAIT, check_same_thread=False
                )
            busy, pages, copied = connection.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
        except sqlite3.Error as exc:
            log.warning("WAL checkpoint of %s failed: %s", self.path, exc)
            if connection is not None:
                connection.close()
            return None, 0
        self.done += 1
        if mode != "PASSIVE":
            return connection, int(pages) if busy else 0
        return connection, int(pages)

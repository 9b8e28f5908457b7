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
(SQLite lets one checkpoint and one writer run at once in WAL mode), and the next writer
starts the log again from its beginning once all of it has been copied. Durability does not
change: a commit is whole in the log when it returns, checkpointed or not.
"""

from __future__ import annotations

import logging
import sqlite3
import threading

log = logging.getLogger(__name__)

CHECKPOINT_INTERVAL = 1.0
"""Seconds between two background checkpoints: the log holds about a second of commits
(SQLite's own threshold is 1,000 pages, some 4 MB)."""


class BackgroundCheckpoints:
    """A daemon thread that checkpoints the WAL of the SQLite database at ``path``."""

    def __init__(self, path: str, interval: float = CHECKPOINT_INTERVAL) -> None:
        self.path = path
        self.interval = interval
        self.done = 0
        """Checkpoints made so far (each a ``PASSIVE`` one; the final one included)."""
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
                connection = self._checkpoint(connection, "PASSIVE")
            connection = self._checkpoint(connection, "TRUNCATE")
        finally:
            if connection is not None:
                connection.close()

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
            connection.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
        except sqlite3.Error as exc:
            log.warning("WAL checkpoint of %s failed: %s", self.path, exc)
            if connection is not None:
                connection.close()
            return None
        self.done += 1
        return connection

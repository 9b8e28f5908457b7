"""Group commit: accepted actions reach the store from one writer thread, in batches.

A table hands its rows to :meth:`Writer.write` and awaits it; the writer thread takes
every batch waiting, writes them in one transaction, and then resolves each waiter. So
each action is stored with its sequence number before anyone is told, and a burst of
moves across many tables costs one commit instead of one each.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Sequence

from saqqara.store import ActionRow, Snapshot, Store

_Job = tuple[
    str,
    Sequence[ActionRow],
    str | None,
    Snapshot | None,
    asyncio.AbstractEventLoop,
    asyncio.Future[None],
]
_STOP = None


class Writer:
    """The one thread that writes the action log."""

    def __init__(self, store: Store, max_batch: int = 256) -> None:
        self.store = store
        self.max_batch = max_batch
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="saqqara-writer", daemon=True)
        self._thread.start()

    async def write(
        self,
        table_id: str,
        rows: Sequence[ActionRow],
        status: str | None,
        snapshot: Snapshot | None = None,
    ) -> None:
        """Store ``rows`` (and the table's new status and snapshot, in the same
        transaction); returns once committed."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._queue.put((table_id, rows, status, snapshot, loop, done))
        await done

    def close(self) -> None:
        self._queue.put(_STOP)
        self._thread.join()

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is _STOP:
                return
            jobs = [first]
            stop = False
            while len(jobs) < self.max_batch:
                try:
                    job = self._queue.get_nowait()
                except queue.Empty:
                    break
                if job is _STOP:
                    stop = True
                    break
                jobs.append(job)
            self._commit(jobs)
            if stop:
                return

    def _commit(self, jobs: list[_Job]) -> None:
        try:
            self.store.append_many([(job[0], job[1], job[2], job[3]) for job in jobs])
        except Exception:
            # One bad batch must not sink the others: write them one by one.
            for job in jobs:
                table_id, rows, status, snapshot, loop, done = job
                try:
                    self.store.append(table_id, rows, status=status, snapshot=snapshot)
                except Exception as exc:
                    loop.call_soon_threadsafe(_fail, done, exc)
                else:
                    loop.call_soon_threadsafe(_succeed, done)
            return
        for _, _, _, _, loop, done in jobs:
            loop.call_soon_threadsafe(_succeed, done)


def _succeed(done: asyncio.Future[None]) -> None:
    if not done.done():
        done.set_result(None)


def _fail(done: asyncio.Future[None], exc: BaseException) -> None:
    if not done.done():
        done.set_exception(exc)

"""Group commit: accepted actions reach the store from one writer thread, in batches.

A table hands its rows to :meth:`Writer.write` and awaits it; the writer thread takes
every batch waiting, writes them in one transaction, and then resolves each waiter. So
each action is stored with its sequence number before anyone is told, and a burst of
moves across many tables costs one commit instead of one each.

Other writes the event loop needs (a new table, a seat taken, a status) go through the
same thread with :meth:`Writer.call`, in order with the batches: the event loop never
waits on the disk, and only one thread writes.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, TypeVar

from saqqara.store import ActionRow, Snapshot, Store

_T = TypeVar("_T")
_Job = tuple[
    str,
    Sequence[ActionRow],
    str | None,
    Snapshot | None,
    asyncio.AbstractEventLoop,
    asyncio.Future[None],
]


class _Call:
    """A store call to make in the writer thread, and where its answer goes."""

    __slots__ = ("done", "function", "loop")

    def __init__(
        self,
        function: Callable[[], Any],
        loop: asyncio.AbstractEventLoop,
        done: asyncio.Future[Any],
    ) -> None:
        self.function = function
        self.loop = loop
        self.done = done


_STOP = None


class Writer:
    """The one thread that writes the action log."""

    def __init__(self, store: Store, max_batch: int = 256) -> None:
        self.store = store
        self.max_batch = max_batch
        self._queue: queue.SimpleQueue[_Job | _Call | None] = queue.SimpleQueue()
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

    async def call(self, function: Callable[..., _T], *args: Any, **named: Any) -> _T:
        """``function(*args, **named)`` (a store method) run in the writer thread after the
        writes queued before it; its answer, or its exception raised here."""
        return await self.submit(function, *args, **named)

    def submit(self, function: Callable[..., _T], *args: Any, **named: Any) -> asyncio.Future[_T]:
        """Queue ``function(*args, **named)`` as :meth:`call` does, without waiting: for a
        caller that must go on at once (and awaits the answer later), the write keeping its
        place in the order."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[_T] = loop.create_future()
        self._queue.put(_Call(partial(function, *args, **named), loop, done))
        return done

    def close(self) -> None:
        self._queue.put(_STOP)
        self._thread.join()

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is _STOP:
                return
            if isinstance(first, _Call):
                _make(first)
                continue
            jobs = [first]
            after: _Call | None = None
            stop = False
            while len(jobs) < self.max_batch:
                try:
                    job = self._queue.get_nowait()
                except queue.Empty:
                    break
                if job is _STOP:
                    stop = True
                    break
                if isinstance(job, _Call):
                    after = job  # the batch before it is committed first
                    break
                jobs.append(job)
            self._commit(jobs)
            if after is not None:
                _make(after)
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
                    loop.call_soon_threadsafe(_succeed, done, None)
            return
        for _, _, _, _, loop, done in jobs:
            loop.call_soon_threadsafe(_succeed, done, None)


def _make(call: _Call) -> None:
    try:
        answer = call.function()
    except Exception as exc:
        call.loop.call_soon_threadsafe(_fail, call.done, exc)
    else:
        call.loop.call_soon_threadsafe(_succeed, call.done, answer)


def _succeed(done: asyncio.Future[Any], answer: Any) -> None:
    if not done.done():
        done.set_result(answer)


def _fail(done: asyncio.Future[Any], exc: BaseException) -> None:
    if not done.done():
        done.set_exception(exc)

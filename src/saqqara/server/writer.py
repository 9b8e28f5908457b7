"""Group commit: accepted actions reach the store from one writer thread, in batches.

A table hands its rows to :meth:`Writer.write` and awaits it; the writer thread takes
every job waiting, writes them in one transaction, and then resolves each waiter. So
each action is stored with its sequence number before anyone is told, and a burst of
moves across many tables costs one commit instead of one each.

Other writes the event loop needs (a new table, a seat taken, a status) go through the
same thread with :meth:`Writer.call`, in order with the batches and in the same
transaction (:meth:`Store.group`): the event loop never waits on the disk, only one thread
writes, and a call costs no commit of its own. When anything in a group fails, nothing
of it is stored, and each job is made again in a transaction of its own, so one bad job
does not sink the others and its failure reaches its caller only.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, TypeVar

from saqqara.store import ActionRow, Batch, Snapshot, Store

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
        self.on_commit: Callable[[float], None] | None = None
        """Told the seconds of each group commit that succeeded (the server's metrics)."""
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
            self.store.catch_up_log()  # the waiters were told: none waits on it
            if stop:
                return

    def _commit(self, jobs: list[_Job | _Call]) -> None:
        """Make ``jobs`` in queue order in one transaction, then resolve their waiters;
        after a failure, each again in its own (see the module's docstring)."""
        started = time.perf_counter()
        try:
            with self.store.group():
                answers = self._make_all(jobs)
        except Exception:
            for job in jobs:
                if isinstance(job, _Call):
                    _make(job)
                    continue
                table_id, rows, status, snapshot, loop, done = job
                try:
                    self.store.append(table_id, rows, status=status, snapshot=snapshot)
                except Exception as exc:
                    loop.call_soon_threadsafe(_fail, done, exc)
                else:
                    loop.call_soon_threadsafe(_succeed, done, None)
            return
        on_commit = self.on_commit
        if on_commit is not None:
            on_commit(time.perf_counter() - started)
        # One wake-up per event loop for the whole group, not one per job.
        settled: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Any]]] = {}
        for job, answer in zip(jobs, answers, strict=True):
            if isinstance(job, _Call):
                settled.setdefault(job.loop, []).append((job.done, answer))
            else:
                settled.setdefault(job[4], []).append((job[5], None))
        for loop, answered in settled.items():
            loop.call_soon_threadsafe(_succeed_all, answered)

    def _make_all(self, jobs: list[_Job | _Call]) -> list[Any]:
        """Every job's store work in queue order (the batches between two calls in one
        ``append_many``); each call's answer (``None`` for a batch)."""
        answers: list[Any] = []
        batches: list[Batch] = []
        for job in jobs:
            if isinstance(job, _Call):
                if batches:
                    self.store.append_many(batches)
                    batches = []
                answers.append(job.function())
            else:
                batches.append((job[0], job[1], job[2], job[3]))
                answers.append(None)
        if batches:
            self.store.append_many(batches)
        return answers


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


def _succeed_all(answered: list[tuple[asyncio.Future[Any], Any]]) -> None:
    for done, answer in answered:
        _succeed(done, answer)


def _fail(done: asyncio.Future[Any], exc: BaseException) -> None:
    if not done.done():
        done.set_exception(exc)

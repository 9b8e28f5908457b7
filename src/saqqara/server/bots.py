"""Bots off the event loop: a process pool that chooses on a determinization of the bot's seat.

The server never hands a bot the true state. It sends ``state.resample(seat, rng)``: a
full state consistent with exactly what that seat knows, which is all a bot may plan on
(a bot's own resampling from it draws from the same distribution), as its snapshot's JSON
value (``State.to_json``, plain lists, dicts and scalars, pickled with the job in C): a
pickled state would carry its whole configured game (its action index) to the worker, ten
times the bytes and the time, and JSON text would cost the server a ``json.dumps`` (and
the worker a ``json.loads``) several times the pickling. The worker answers an
action id; the table checks it like any other submission. A move that overruns the time
limit is replaced by a uniformly random legal action.

A move no longer wanted (its table closed, was abandoned or rebuilt by an undo, its
person came back, or it overran its limit) is **cancelled**: a job still queued never
starts, and a search under way stops within one iteration. Each job has a number; the
pool shares an array of cancelled job numbers with its workers, and a watcher thread in
each worker cancels the search it runs (``cancel()``, which search bots have) once its
number appears there. The answer of a cancelled job is dropped.

A **search** (a bot that thinks for iterations or seconds) may take a worker for as long
as the time limit; a quick bot (random, heuristic: the stand-in of every person away or
out of time) answers in milliseconds. Searches run on at most all workers but one, so a
quick bot never waits behind searches: however many tables run long searches, the tables
with quick bots (and every stand-in) keep their pace.

A **hint** (``server/hints.py``) runs in the same workers, as a search: a seat's view goes
down, the analysis's best move and estimate come back (:meth:`BotPool.hint`). Its budget is
small and fixed, so a hint no longer wanted is dropped but never stopped in its worker. So
is a part of a finished game's **review** (``server/reviews.py``, :meth:`BotPool.review`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import itertools
import multiprocessing
import os
import random
import threading
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from saqqara.ai.registry import make_bot
from saqqara.core.game import Game
from saqqara.core.perspective import Perspective
from saqqara.core.playout import Agent
from saqqara.core.registry import load
from saqqara.server.hints import HintAnswer, HintJob, run_hint
from saqqara.server.reviews import ReviewJob, run_review

CANCEL_SLOTS = 4096
"""Size of the shared array of cancelled job numbers (job ``n`` uses slot ``n % size``)."""
WATCH_EVERY = 0.02
"""Seconds between two looks of a worker's watcher at the cancelled jobs."""


@dataclass(frozen=True, slots=True)
class BotJob:
    """What a worker needs: the game's configuration, the determinization, seat, bot, seed."""

    game: str
    players: int
    options: tuple[tuple[str, str], ...]
    state: Any
    """The determinization: ``State.to_json``'s value (plain JSON values only)."""
    seat: int
    bot: str
    seed: int


AgentKey = tuple[str, int, tuple[tuple[str, str], ...], str]
_agents: dict[AgentKey, tuple[Game, Agent]] = {}

# -- in a worker process ------------------------------------------------------------------
_cancelled: Any = None
"""The worker's view of the pool's shared array of cancelled job numbers."""
_lock = threading.Lock()
_running: tuple[int, Agent, AgentKey] | None = None
"""The job this worker runs now: its number, its agent and the agent's cache key."""
_stopped: int | None = None
"""The number of the running job the watcher cancelled (its agent is not reused)."""


def start_worker(cancelled: Any, server: int) -> None:
    """The pool's initializer: keep the shared array and start the watcher thread, which
    watches ``server``, the process id of the server that made the pool. The server names
    itself: a worker that asked for its parent could be told init's id, had the server died
    while the worker was starting, and would then watch init for ever."""
    global _cancelled
    _cancelled = cancelled
    threading.Thread(target=_watch, args=(server,), name="saqqara-bot-watch", daemon=True).start()


def _watch(server: int) -> None:
    """Cancel the running search when its job is cancelled; end this worker when the server
    that started it is gone (killed, or stopped without waiting for its pool): a worker is
    never left behind."""
    global _stopped
    while True:
        time.sleep(WATCH_EVERY)
        if os.getppid() != server:
            os._exit(0)
        with _lock:
            if _running is None or _stopped == _running[0]:
                continue
            number, agent, _ = _running
            if _cancelled[number % CANCEL_SLOTS] == number:
                _stopped = number
                cancel = getattr(agent, "cancel", None)
                if callable(cancel):
                    cancel()


def choose(job: BotJob, number: int = 0) -> int:
    """Run in a worker: the bot's choice for ``job.seat``, as an action id (-1 for a job
    cancelled before it started: its answer is dropped)."""
    global _running
    if _cancelled is not None and _cancelled[number % CANCEL_SLOTS] == number:
        return -1
    key = (job.game, job.players, job.options, job.bot)
    if key not in _agents:
        game = load(job.game, job.players, dict(job.options))
        _agents[key] = (game, make_bot(job.bot, game))
    game, agent = _agents[key]
    state = game.state_from_json(job.state)
    with _lock:
        _running = (number, agent, key)
    try:
        action = agent.choose(Perspective(state, job.seat), random.Random(job.seed))
    finally:
        with _lock:
            _running = None
            if _stopped == number:
                _agents.pop(key, None)  # a cancel may land after the search: a fresh agent
    return game.action_id(action)


Job = BotJob | HintJob | ReviewJob
"""What a worker runs: a bot's move, a hint, or a part of a finished game's review."""


def perform(job: Job, number: int = 0) -> int | HintAnswer | list[dict[str, Any]]:
    """Run in a worker: a bot's move (:func:`choose`), a hint (``run_hint``) or decisions
    of a review (``run_review``); -1 for a job cancelled before it started."""
    if isinstance(job, BotJob):
        return choose(job, number)
    if _cancelled is not None and _cancelled[number % CANCEL_SLOTS] == number:
        return -1
    if isinstance(job, HintJob):
        return run_hint(job)
    return run_review(job)


def work(conn: Connection, cancelled: Any, server: int) -> None:
    """A worker process's life: ``(number, job)`` from its pipe, ``(number, action id,
    error)`` back, until the pipe closes or ``None`` comes."""
    start_worker(cancelled, server)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        number, job = message
        answer: int | HintAnswer | list[dict[str, Any]] | None = None
        error: BaseException | None = None
        try:
            answer = perform(job, number)
        except Exception as exc:
            error = exc
        try:
            conn.send((number, answer, error))
        except (OSError, ValueError):
            return
        except Exception:  # an error that does not pickle: its words do
            conn.send((number, None, RuntimeError(repr(error))))


# -- in the server --------------------------------------------------------------------------
class _Worker:
    """One worker process, the server's end of its pipe, and the job it runs (its number)."""

    __slots__ = ("conn", "loop", "process", "running", "searching")

    def __init__(
        self, process: BaseProcess, conn: Connection, loop: asyncio.AbstractEventLoop
    ) -> None:
        self.process = process
        self.conn = conn
        self.loop = loop
        self.running: int | None = None
        self.searching = False
        """Whether the job it runs is a search."""


class BotPool:
    """Worker processes, each with a pipe of its own, started on the first bot move.

    A job waits in the server until a worker is free, then goes down that worker's pipe;
    the answer comes back up it to a reader on the event loop, which hands the worker the
    next job: no feeder or manager thread, and no future of another thread to wrap.
    """

    def __init__(self, workers: int = 2, move_limit: float = 10.0) -> None:
        self.workers = workers
        self.move_limit = move_limit
        self._pool: list[_Worker] = []
        self._cancelled: Any = None
        self._numbers = itertools.count(1)
        self._waiting: collections.deque[tuple[int, Job, bool]] = collections.deque()
        """Jobs no worker has taken yet, in order, each with whether it is a search."""
        self._futures: dict[int, asyncio.Future[Any]] = {}
        """Each job's awaited answer, by number, until the job is answered or dropped."""

    @property
    def busy(self) -> int:
        """Jobs queued or running in the workers (cancelled ones count until they stop)."""
        return self.running + self.queued

    @property
    def running(self) -> int:
        """Workers choosing a move now."""
        return sum(1 for worker in self._pool if worker.running is not None)

    @property
    def queued(self) -> int:
        """Jobs waiting for a free worker (those no longer awaited not counted)."""
        return sum(1 for number, _, _ in self._waiting if not self._futures[number].done())

    def worker_pids(self) -> list[int]:
        """The process ids of the workers started so far."""
        return [w.process.pid for w in self._pool if w.process.pid is not None]

    @property
    def search_workers(self) -> int:
        """How many workers may run searches at once: all but one (one, in a pool of one)."""
        return max(1, self.workers - 1)

    async def choose(self, job: BotJob, search: bool = False) -> int | None:
        """The bot's action id, or ``None`` when it overran the time limit. Cancelling the
        awaiting task cancels the job in its worker. ``search``: the bot may think long
        (it waits for one of :attr:`search_workers`)."""
        answer = await self._run(job, search)
        return answer if isinstance(answer, int) else None

    async def hint(self, job: HintJob) -> HintAnswer | None:
        """The analysis of a seat's view (a search: it waits for one of
        :attr:`search_workers`), or ``None`` when it overran the time limit."""
        answer = await self._run(job, True)
        return answer if isinstance(answer, HintAnswer) else None

    async def review(self, job: ReviewJob) -> list[dict[str, Any]] | None:
        """Decisions of a finished game analysed (a search), or ``None`` past the limit."""
        answer = await self._run(job, True)
        return answer if isinstance(answer, list) else None

    async def _run(self, job: Job, search: bool) -> Any:
        """A worker's answer to ``job`` (``None`` past the time limit)."""
        loop = asyncio.get_running_loop()
        number = next(self._numbers)
        future: asyncio.Future[Any] = loop.create_future()
        self._futures[number] = future
        self._waiting.append((number, job, search))
        self._dispatch(loop)
        timer = loop.call_later(self.move_limit, _expire, future)
        try:
            answer: Any = await future
        except asyncio.CancelledError:
            self._cancel(number)
            raise
        finally:
            timer.cancel()
        if answer is None:  # over the limit: its search stops
            self._cancel(number)
        return answer

    def _dispatch(self, loop: asyncio.AbstractEventLoop) -> None:
        """Hand waiting jobs to free workers (starting workers up to the pool's size), in
        order, but a search only while fewer than :attr:`search_workers` run one (a quick
        job behind it goes first); a job whose answer is no longer awaited is dropped
        unstarted."""
        while self._waiting:
            if len(self._pool) < self.workers:
                self._pool.append(self._spawn(loop))
            free = next((w for w in self._pool if w.running is None), None)
            if free is None:
                return
            index = self._next_job()
            if index is None:
                return
            number, job, search = self._waiting[index]
            del self._waiting[index]
            if self._futures[number].done():
                del self._futures[number]
                continue
            try:
                free.conn.send((number, job))
            except OSError:
                self._waiting.appendleft((number, job, search))
                self._lost(free)
                continue
            free.running, free.searching = number, search

    def _next_job(self) -> int | None:
        """The index in the queue of the job a free worker takes next: the first one, or,
        while every worker a search may have is searching, the first quick job."""
        searching = sum(1 for w in self._pool if w.running is not None and w.searching)
        may_search = searching < self.search_workers
        for index, (number, _, search) in enumerate(self._waiting):
            if may_search or not search or self._futures[number].done():
                return index
        return None

    def _spawn(self, loop: asyncio.AbstractEventLoop) -> _Worker:
        context = multiprocessing.get_context("spawn")
        if self._cancelled is None:
            self._cancelled = context.RawArray("q", CANCEL_SLOTS)
        here, there = context.Pipe(duplex=True)
        process = context.Process(
            target=work,
            args=(there, self._cancelled, os.getpid()),
            name="saqqara-bot",
            daemon=True,
        )
        process.start()
        there.close()
        worker = _Worker(process, here, loop)
        loop.add_reader(here.fileno(), self._answered, worker)
        return worker

    def _answered(self, worker: _Worker) -> None:
        """A worker's pipe is readable: its answers settle their jobs; it takes the next."""
        try:
            while worker.conn.poll():
                number, answer, error = worker.conn.recv()
                if worker.running == number:
                    worker.running = None
                future = self._futures.pop(number, None)
                if future is not None and not future.done():
                    if error is not None:
                        future.set_exception(error)
                    else:
                        future.set_result(
                            None if isinstance(answer, int) and answer == -1 else answer
                        )
        except (EOFError, OSError):
            self._lost(worker)
        self._dispatch(worker.loop)

    def _lost(self, worker: _Worker) -> None:
        """A worker died or closed its pipe: its job fails (the table plays the fallback)
        and a new worker takes its place at the next job."""
        with contextlib.suppress(ValueError, OSError):
            worker.loop.remove_reader(worker.conn.fileno())
        worker.conn.close()
        if worker in self._pool:
            self._pool.remove(worker)
        future = None if worker.running is None else self._futures.pop(worker.running, None)
        worker.running = None
        if future is not None and not future.done():
            future.set_exception(OSError("a bot worker stopped"))

    def _cancel(self, number: int) -> None:
        """Stop a job: a queued one is dropped when its turn comes; a running one has its
        worker stop its search."""
        future = self._futures.get(number)
        if future is not None and not future.done():
            future.cancel()
        if self._cancelled is not None and any(w.running == number for w in self._pool):
            self._cancelled[number % CANCEL_SLOTS] = number

    def close(self) -> None:
        for number in list(self._futures):
            self._cancel(number)
        self._waiting.clear()
        for worker in self._pool:
            with contextlib.suppress(ValueError, OSError):
                worker.loop.remove_reader(worker.conn.fileno())
            with contextlib.suppress(OSError):
                worker.conn.send(None)
            worker.conn.close()
        self._pool.clear()
        self._futures.clear()


def _expire(future: asyncio.Future[Any]) -> None:
    """The move's time is up: its awaiting move goes on without the bot's choice."""
    if not future.done():
        future.set_result(None)

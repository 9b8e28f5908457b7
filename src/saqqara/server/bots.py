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
"""

from __future__ import annotations

import asyncio
import itertools
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from saqqara.ai.registry import make_bot
from saqqara.core.game import Game
from saqqara.core.perspective import Perspective
from saqqara.core.playout import Agent
from saqqara.core.registry import load

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


# -- in the server --------------------------------------------------------------------------
class BotPool:
    """A pool of worker processes, started on the first bot move."""

    def __init__(self, workers: int = 2, move_limit: float = 10.0) -> None:
        self.workers = workers
        self.move_limit = move_limit
        self._pool: ProcessPoolExecutor | None = None
        self._cancelled: Any = None
        self._numbers = itertools.count(1)
        self._jobs: dict[Future[int], int] = {}
        """Jobs submitted and not yet finished in their worker, with their numbers."""

    @property
    def busy(self) -> int:
        """Jobs queued or running in the workers (cancelled ones count until they stop)."""
        return sum(1 for future in list(self._jobs) if not future.done())

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._cancelled = context.RawArray("q", CANCEL_SLOTS)
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=context,
                initializer=start_worker,
                initargs=(self._cancelled, os.getpid()),
            )
        return self._pool

    async def choose(self, job: BotJob) -> int | None:
        """The bot's action id, or ``None`` when it overran the time limit. Cancelling the
        awaiting task cancels the job in its worker."""
        number = next(self._numbers)
        future = self._executor().submit(choose, job, number)
        self._jobs[future] = number
        future.add_done_callback(self._finished)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), self.move_limit)
        except TimeoutError:
            self._cancel(future)
            return None
        except asyncio.CancelledError:
            self._cancel(future)
            raise

    def _finished(self, future: Future[int]) -> None:
        self._jobs.pop(future, None)

    def _cancel(self, future: Future[int]) -> None:
        """Stop a job: drop it from the queue, or have its worker stop its search."""
        number = self._jobs.get(future)
        if future.cancel() or number is None or self._cancelled is None:
            return
        self._cancelled[number % CANCEL_SLOTS] = number

    def close(self) -> None:
        for future in list(self._jobs):
            self._cancel(future)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

"""Bots off the event loop: a process pool that chooses on a determinization of the bot's seat.

The server never hands a bot the true state. It sends ``state.resample(seat, rng)``: a
full state consistent with exactly what that seat knows, which is all a bot may plan on
(a bot's own resampling from it draws from the same distribution), as its snapshot's JSON
text: a pickled state would carry its whole configured game (its action index) to the
worker, ten times the bytes and the time. The worker answers an
action id; the table checks it like any other submission. A move that overruns the time
limit is replaced by a uniformly random legal action, and a table that closes cancels its
bots' pending moves (their answers are dropped).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from saqqara.ai.registry import make_bot
from saqqara.core.game import Game
from saqqara.core.perspective import Perspective
from saqqara.core.playout import Agent
from saqqara.core.registry import load


@dataclass(frozen=True, slots=True)
class BotJob:
    """What a worker needs: the game's configuration, the determinization, seat, bot, seed."""

    game: str
    players: int
    options: tuple[tuple[str, str], ...]
    state: str
    """The determinization: ``State.to_json`` as JSON text."""
    seat: int
    bot: str
    seed: int


_agents: dict[tuple[str, int, tuple[tuple[str, str], ...], str], tuple[Game, Agent]] = {}


def choose(job: BotJob) -> int:
    """Run in a worker: the bot's choice for ``job.seat``, as an action id."""
    key = (job.game, job.players, job.options, job.bot)
    if key not in _agents:
        game = load(job.game, job.players, dict(job.options))
        _agents[key] = (game, make_bot(job.bot, game))
    game, agent = _agents[key]
    state = game.state_from_json(json.loads(job.state))
    action = agent.choose(Perspective(state, job.seat), random.Random(job.seed))
    return game.action_id(action)


class BotPool:
    """A pool of worker processes, started on the first bot move."""

    def __init__(self, workers: int = 2, move_limit: float = 10.0) -> None:
        self.workers = workers
        self.move_limit = move_limit
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        return self._pool

    async def choose(self, job: BotJob) -> int | None:
        """The bot's action id, or ``None`` when it overran the time limit."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._executor(), choose, job)
        try:
            return await asyncio.wait_for(future, self.move_limit)
        except TimeoutError:
            return None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

"""The arena: many seeded games between bots, on every core, with win rates and intervals,
and each bot's processor seconds per move (:class:`TimedAgent`).

Seats rotate from game to game so that no bot keeps the first seat; game ``k`` is played
with seed ``seed + k``, so a result does not depend on how many workers played it, nor on
whether they ran on this machine or on a Ray cluster (:mod:`saqqara.ai.distributed`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from saqqara.ai.distributed import batch_size, cut, run_batches
from saqqara.ai.intervals import share_interval
from saqqara.ai.registry import make_bot
from saqqara.core.actions import Action
from saqqara.core.agent import Agent
from saqqara.core.game import Game
from saqqara.core.match import Match
from saqqara.core.perspective import Perspective
from saqqara.core.playout import play_out
from saqqara.core.registry import load


class TimedAgent:
    """Another agent, with the processor time and number of its decisions counted."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds = 0.0
        self.moves = 0

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        start = time.thread_time()
        try:
            return self.agent.choose(perspective, rng)
        finally:
            self.seconds += time.thread_time() - start
            self.moves += 1


@dataclass(frozen=True, slots=True)
class GameResult:
    """One arena game: the bot name in each seat, the returns and the number of steps, and
    each seat's thinking (processor seconds, decisions), which differs from run to run and
    so is left out of comparisons."""

    seats: tuple[str, ...]
    returns: tuple[float, ...]
    steps: int
    seconds: tuple[float, ...] = field(default=(), compare=False)
    moves: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class BotScore:
    """A bot's share of wins over the games, with a 95% confidence interval."""

    name: str
    seats_played: int
    mean: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {
            "seats_played": self.seats_played,
            "win_rate": round(self.mean, 4),
            "ci95": [round(self.low, 4), round(self.high, 4)],
        }


@dataclass(slots=True)
class ArenaResult:
    game: str
    players: int
    options: Mapping[str, str]
    seed: int
    roles: tuple[str, ...] | None = None
    """The side of each seat in games of unequal sides (:meth:`Game.seat_roles`)."""
    results: list[GameResult] = field(default_factory=list)

    def scores(self) -> list[BotScore]:
        """Each distinct bot's mean return per seat it played (a shared win counts a share)."""
        samples: dict[str, list[float]] = {}
        for result in self.results:
            for name, value in zip(result.seats, result.returns, strict=True):
                samples.setdefault(name, []).append(value)
        return [_interval(name, values) for name, values in samples.items()]

    def seconds_per_move(self) -> dict[str, float]:
        """Each distinct bot's processor seconds per decision, over all its seats."""
        seconds: dict[str, float] = {}
        moves: dict[str, int] = {}
        for result in self.results:
            for seat, name in enumerate(result.seats):
                seconds[name] = seconds.get(name, 0.0) + sum(result.seconds[seat : seat + 1])
                moves[name] = moves.get(name, 0) + sum(result.moves[seat : seat + 1])
        return {name: seconds[name] / max(1, moves[name]) for name in seconds}

    def side_scores(self) -> list[BotScore]:
        """In games of unequal sides, how often each side won (any of its seats winning),
        over all games; ``name`` is the side. Empty when every seat plays the same game."""
        if self.roles is None:
            return []
        samples: dict[str, list[float]] = {role: [] for role in self.roles}
        for result in self.results:
            for role, values in samples.items():
                values.append(
                    sum(v for r, v in zip(self.roles, result.returns, strict=True) if r == role)
                )
        return [_interval(role, values) for role, values in samples.items()]

    def bot_side_scores(self) -> list[BotScore]:
        """Each bot's mean return per seat played on each side; ``name`` is "bot as side"."""
        if self.roles is None:
            return []
        samples: dict[str, list[float]] = {}
        for result in self.results:
            for name, role, value in zip(result.seats, self.roles, result.returns, strict=True):
                samples.setdefault(f"{name} as {role}", []).append(value)
        return [_interval(key, values) for key, values in sorted(samples.items())]

    def to_json(self) -> dict[str, Any]:
        steps = [r.steps for r in self.results]
        sides = {}
        if self.roles is not None:
            sides = {
                "sides": {s.name: s.to_json() for s in self.side_scores()},
                "bots_by_side": {s.name: s.to_json() for s in self.bot_side_scores()},
            }
        return {
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "games": len(self.results),
            "seed": self.seed,
            "fair_share": round(1 / self.players, 4),
            "mean_steps": round(sum(steps) / max(1, len(steps)), 1),
            "bots": {s.name: s.to_json() for s in self.scores()},
            "seconds_per_move": {k: round(v, 4) for k, v in self.seconds_per_move().items()},
            **sides,
        }


def _interval(name: str, values: Sequence[float]) -> BotScore:
    """The mean return of ``values`` with its Wilson 95% interval (:mod:`saqqara.ai.intervals`)."""
    mean, low, high = share_interval(values)
    return BotScore(name, len(values), mean, low, high)


def seating(bots: Sequence[str], game_index: int) -> tuple[str, ...]:
    """The bot in each seat for game ``game_index``: the list rotated by the index."""
    n = len(bots)
    return tuple(bots[(seat + game_index) % n] for seat in range(n))


_WORKER_CACHE: dict[
    tuple[str, int, tuple[tuple[str, str], ...]], tuple[Game, dict[str, Agent]]
] = {}


def play_one(
    game_id: str,
    players: int,
    options: Mapping[str, str],
    bots: Sequence[str],
    index: int,
    seed: int,
) -> GameResult:
    """Play arena game ``index`` (seed ``seed + index``); used in worker processes."""
    key = (game_id, players, tuple(sorted(options.items())))
    if key not in _WORKER_CACHE:
        game = load(game_id, players, options)
        _WORKER_CACHE[key] = (game, {})
    game, agents = _WORKER_CACHE[key]
    seats = seating(bots, index)
    for name in seats:
        if name not in agents:
            agents[name] = make_bot(name, game)
    match = Match(game, seed=seed + index, names=seats)
    timed = [TimedAgent(agents[name]) for name in seats]
    play_out(match, timed)
    return GameResult(
        seats,
        match.outcome().returns(),
        match.seq,
        tuple(t.seconds for t in timed),
        tuple(t.moves for t in timed),
    )


def _play_chunk(
    args: tuple[str, int, dict[str, str], list[str], list[int], int],
) -> list[GameResult]:
    game_id, players, options, bots, indices, seed = args
    return [play_one(game_id, players, options, bots, i, seed) for i in indices]


def run_arena(
    game_id: str,
    players: int,
    options: Mapping[str, str],
    bots: Sequence[str],
    games: int,
    seed: int,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    ray_address: str | None = None,
    batch: int | None = None,
) -> ArenaResult:
    """Play ``games`` games and collect the results; ``progress(k)`` reports k more done.
    With ``ray_address`` the games run on Ray; ``batch`` is the number of games per job."""
    game = load(game_id, players, options)  # validates everything before any work starts
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots for {players} seats")
    for name in set(bots):
        make_bot(name, game)
    result = ArenaResult(game_id, players, dict(game.options), seed, game.seat_roles())
    size = batch or batch_size(games, workers, ray_address)
    jobs = [
        (game_id, players, dict(game.options), list(bots), indices, seed)
        for indices in cut(range(games), size)
    ]
    result.results.extend(
        run_batches(_play_chunk, jobs, workers=workers, ray_address=ray_address, progress=progress)
    )
    return result

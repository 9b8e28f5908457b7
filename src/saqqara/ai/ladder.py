"""The rating ladder: a round robin between bots, rated with openskill (Plackett-Luce).

Every table of ``players`` distinct bots (every pair at 2 players) plays ``games`` seeded
games with the seats rotating; games run on every core. Each finished game updates the
ratings in a fixed order (table by table, game by game), so a seed fixes the ladder
whatever the number of workers, on this machine or on a Ray cluster
(:mod:`saqqara.ai.distributed`). A bot's interval is its rating mu ± 1.96 sigma; its
seconds per move are the processor time of its own ``choose`` calls (one core, whatever
else the machine runs), over every decision it took.

Needs the research extra (openskill, matplotlib).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saqqara.ai.arena import TimedAgent, seating
from saqqara.ai.distributed import batch_size, cut, run_batches
from saqqara.ai.intervals import Z95, share_interval
from saqqara.ai.registry import make_bot
from saqqara.core.game import Game
from saqqara.core.playout import Agent, play_game
from saqqara.core.registry import load
from saqqara.core.seeding import mix

DEFAULT_BOTS = ("random", "easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class LadderGame:
    """One ladder game: who sat where, the returns, and each seat's thinking."""

    table: int
    index: int
    seats: tuple[str, ...]
    returns: tuple[float, ...]
    seconds: tuple[float, ...]
    moves: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Share:
    """A mean return over games, with its Wilson 95% interval (:mod:`saqqara.ai.intervals`)."""

    mean: float
    low: float
    high: float
    games: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Share:
        if not values:
            return cls(math.nan, math.nan, math.nan, 0)
        mean, low, high = share_interval(values)
        return cls(mean, low, high, len(values))

    def text(self) -> str:
        return f"{self.mean:.2f} [{self.low:.2f}, {self.high:.2f}] in {self.games} games"


@dataclass(frozen=True, slots=True)
class Rung:
    """A bot's place on the ladder."""

    name: str
    mu: float
    sigma: float
    games: int
    win_share: float
    """Mean return over its games (a win is 1, a shared win a share)."""
    seconds_per_move: float

    @property
    def low(self) -> float:
        return self.mu - Z95 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + Z95 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "ci95": [round(self.low, 3), round(self.high, 3)],
            "games": self.games,
            "win_share": round(self.win_share, 4),
            "seconds_per_move": round(self.seconds_per_move, 4),
        }


@dataclass(slots=True)
class Ladder:
    game: str
    players: int
    options: Mapping[str, str]
    bots: tuple[str, ...]
    games_per_table: int
    seed: int
    results: list[LadderGame] = field(default_factory=list)

    def rungs(self) -> list[Rung]:
        """Every bot rated from the games in their fixed order, best first."""
        from openskill.models import PlackettLuce

        model = PlackettLuce()
        ratings = {name: model.rating(name=name) for name in self.bots}
        returns: dict[str, list[float]] = {name: [] for name in self.bots}
        seconds = dict.fromkeys(self.bots, 0.0)
        moves = dict.fromkeys(self.bots, 0)
        for result in sorted(self.results, key=lambda r: (r.table, r.index)):
            teams = [[ratings[name]] for name in result.seats]
            rated = model.rate(teams, ranks=[-value for value in result.returns])
            for name, team in zip(result.seats, rated, strict=True):
                ratings[name] = team[0]
            for seat, name in enumerate(result.seats):
                returns[name].append(result.returns[seat])
                seconds[name] += result.seconds[seat]
                moves[name] += result.moves[seat]
        rungs = [
            Rung(
                name,
                ratings[name].mu,
                ratings[name].sigma,
                len(returns[name]),
                sum(returns[name]) / max(1, len(returns[name])),
                seconds[name] / max(1, moves[name]),
            )
            for name in self.bots
        ]
        return sorted(rungs, key=lambda r: -r.mu)

    def share_against(self, bot: str, others: Sequence[str]) -> Share:
        """``bot``'s mean return in the games it played at tables of exactly ``bot`` and
        ``others`` (a seat of a side counts when the game has sides)."""
        wanted = sorted([bot, *others])
        values = [
            result.returns[result.seats.index(bot)]
            for result in self.results
            if sorted(result.seats) == wanted
        ]
        return Share.of(values)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "games": len(self.results),
            "games_per_table": self.games_per_table,
            "seed": self.seed,
            "rating": "openskill Plackett-Luce; ci95 = mu ± 1.96 sigma",
            "bots": {r.name: r.to_json() for r in self.rungs()},
        }

    def markdown(self) -> str:
        """The ladder as a Markdown table."""
        lines = [
            "| bot | rating (mu) | 95% interval | games | win share | s/move |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        for r in self.rungs():
            lines.append(
                f"| {r.name} | {r.mu:.1f} | {r.low:.1f} – {r.high:.1f} | {r.games} "
                f"| {r.win_share:.3f} | {r.seconds_per_move:.3f} |"
            )
        return "\n".join(lines)

    def plot(self, stem: Path) -> list[Path]:
        """Draw the ratings with their intervals; write ``stem``.png and ``stem``.svg."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        rungs = list(reversed(self.rungs()))
        fig, ax = plt.subplots(figsize=(7, 0.5 * len(rungs) + 1.4))
        ys = list(range(len(rungs)))
        ax.errorbar(
            [r.mu for r in rungs],
            ys,
            xerr=[Z95 * r.sigma for r in rungs],
            fmt="o",
            capsize=4,
        )
        ax.set_yticks(ys, [f"{r.name}\n{r.seconds_per_move:.3f} s/move" for r in rungs])
        ax.set_xlabel("openskill rating (mu, 95% interval)")
        ax.set_title(
            f"{self.game}, {self.players} players: {len(self.results)} games "
            f"({self.games_per_table} per table)"
        )
        ax.grid(axis="x", alpha=0.3)
        fig.tight_layout()
        stem.parent.mkdir(parents=True, exist_ok=True)
        paths = [stem.with_suffix(".png"), stem.with_suffix(".svg")]
        for path in paths:
            fig.savefig(path, metadata={"Date": None} if path.suffix == ".svg" else None)
        plt.close(fig)
        return paths


def tables(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every table of ``players`` distinct bots, in a fixed order."""
    if len(bots) < players:
        raise ValueError(f"{players} seats need at least {players} bots, not {len(bots)}")
    return list(itertools.combinations(bots, players))


def game_seed(seed: int, table: int, index: int) -> int:
    """The seed of game ``index`` at ``table``: SplitMix64 of the three, so no two games
    of a ladder share a seed however many games a table plays (``seed + 10_000 * table +
    index`` gave table 1's first game the seed of table 0's ten-thousandth)."""
    return mix(seed, table, index)


_AGENTS: dict[tuple[str, int, tuple[tuple[str, str], ...]], tuple[Game, dict[str, Agent]]] = {}


def play_ladder_game(
    game_id: str,
    players: int,
    options: Mapping[str, str],
    table: int,
    bots: Sequence[str],
    index: int,
    seed: int,
) -> LadderGame:
    """Game ``index`` of a table (seed :func:`game_seed`); in a worker."""
    key = (game_id, players, tuple(sorted(options.items())))
    if key not in _AGENTS:
        _AGENTS[key] = (load(game_id, players, options), {})
    game, agents = _AGENTS[key]
    seats = seating(bots, index)
    for name in seats:
        if name not in agents:
            agents[name] = make_bot(name, game)
    timed = [TimedAgent(agents[name]) for name in seats]
    played = play_game(game, timed, seed=game_seed(seed, table, index))
    return LadderGame(
        table,
        index,
        seats,
        played.state.returns(),
        tuple(t.seconds for t in timed),
        tuple(t.moves for t in timed),
    )


def _play_batch(
    args: tuple[str, int, dict[str, str], int, tuple[str, ...], list[int], int],
) -> list[LadderGame]:
    game_id, players, options, table, bots, indices, seed = args
    return [play_ladder_game(game_id, players, options, table, bots, i, seed) for i in indices]


def run_ladder(
    game_id: str,
    players: int,
    options: Mapping[str, str],
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    ray_address: str | None = None,
    batch: int | None = None,
) -> Ladder:
    """Play ``games`` games at every table of the round robin and collect them. With
    ``ray_address`` the games run on Ray; ``batch`` is the number of games per job."""
    game = load(game_id, players, options)
    for name in set(bots):
        make_bot(name, game)  # refuse unknown bots before any work starts
    ladder = Ladder(game_id, players, dict(game.options), tuple(bots), games, seed)
    round_robin = tables(bots, players)
    size = batch or batch_size(games * len(round_robin), workers, ray_address)
    jobs = [
        (game_id, players, dict(game.options), t, seated, indices, seed)
        for t, seated in enumerate(round_robin)
        for indices in cut(range(games), size)
    ]
    ladder.results.extend(
        run_batches(_play_batch, jobs, workers=workers, ray_address=ray_address, progress=progress)
    )
    return ladder

"""Think time per decision of the levels as players meet them: wall-clock seconds of every
decision of a bot (a decision: two legal moves or more), over whole seeded games against
an opponent, seats rotating, in every game and edition.

Issue 31 asks ``hard`` to take at most a second a move and ``medium`` at most 50 ms. The
arena's figures are processor seconds per move on average; this prints the distribution
a player waits through: mean, median, 90th and 99th percentiles, the longest, and how
many decisions passed the limit. Run it on a quiet machine: wall-clock time counts
whatever else runs.

Usage: python benchmarks/move_time.py [--bot hard] [--against medium] [--games 4]
           [--game ID] [--players 2] [--limit 1.0]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from saqqara.ai.arena import seating
from saqqara.ai.registry import make_bot
from saqqara.core.actions import Action
from saqqara.core.agent import Agent
from saqqara.core.match import Match
from saqqara.core.perspective import Perspective
from saqqara.core.playout import play_out
from saqqara.core.registry import load, registered_games


class _Clocked:
    """An agent whose decisions with a choice are timed (wall clock)."""

    def __init__(self, agent: Agent, times: list[float] | None) -> None:
        self.agent = agent
        self.name = agent.name
        self.times = times

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        started = time.perf_counter()
        action = self.agent.choose(perspective, rng)
        if self.times is not None and len(perspective.legal_actions()) > 1:
            self.times.append(time.perf_counter() - started)
        return action


def _percentile(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="hard", help="the bot timed (default hard)")
    parser.add_argument("--against", default="medium", help="the other seats' bot")
    parser.add_argument("--games", type=int, default=4, help="games per game and edition")
    parser.add_argument("--game", help="only this game id")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--limit", type=float, default=1.0, help="seconds counted as over")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    print(f"{args.bot} against {args.against}, {args.players} players, {args.games} games each")
    print(
        f"{'game':<22}{'options':<24}{'decisions':>10}{'mean':>8}{'p50':>8}{'p90':>8}"
        f"{'p99':>8}{'max':>8}{'over':>7}"
    )
    for game_id, cls in registered_games().items():
        if args.game and game_id != args.game:
            continue
        for options in cls.spec.option_sets():
            game = load(game_id, args.players, options)
            times: list[float] = []
            names = [args.bot] + [args.against] * (args.players - 1)
            for index in range(args.games):
                seats = seating(names, index)
                agents = [
                    _Clocked(make_bot(n, game), times if n == args.bot else None) for n in seats
                ]
                play_out(Match(game, seed=args.seed + index, names=seats), agents)
                print(f"  game {index + 1}/{args.games}", end="\r", file=sys.stderr, flush=True)
            ordered = sorted(times)
            label = ",".join(options.values()) or "-"
            over = sum(1 for t in ordered if t > args.limit)
            print(
                f"{game_id:<22}{label:<24}{len(ordered):>10}{statistics.fmean(ordered):>8.3f}"
                f"{_percentile(ordered, 0.5):>8.3f}{_percentile(ordered, 0.9):>8.3f}"
                f"{_percentile(ordered, 0.99):>8.3f}{ordered[-1]:>8.3f}{over:>7}",
                flush=True,
            )


if __name__ == "__main__":
    main()

"""A long game's memory: games stalled by every seat, played through :class:`Match`.

Usage: python benchmarks/long_game.py [--game ID] [--steps 100000] [--no-trace]

Every game now ends whatever its seats do (``tests/test_games_end.py``; Curse of the
Mummy by its round limit, decision 19 of its rules doc), so no single game runs to 100,000
steps. For each game (default: every game, at its largest player count) this prints:

1. the longest stalled game found: each stalling policy of ``saqqara.testing.stalling`` on
   every seat, three seeds each, played through a :class:`Match` as the arena plays
   (``play_out``); its steps, its round where the game has one, the steps its match holds in
   :attr:`Match.history`, and the Python memory the live match holds once the game is over
   (``tracemalloc``: current and peak during the game, the match's own allocations only);
2. consecutive stalled games in one process until ``--steps`` steps (100,000) were played,
   each match dropped when its game is over: the process's resident memory (RSS) after the
   first game and after the last, its peak (``VmHWM``) and the Python memory still held
   after the last game, so growth across games would show.

Figures are for one process on one core; ``--no-trace`` leaves ``tracemalloc`` off (faster,
RSS only).
"""

from __future__ import annotations

import argparse
import gc
import time
import tracemalloc
from pathlib import Path

from saqqara.core.game import Game
from saqqara.core.match import Match
from saqqara.core.playout import play_out
from saqqara.core.registry import load, registered_games
from saqqara.testing.stalling import POLICIES, PolicyName, StallingAgent, step_bound


def _status(key: str) -> int:
    """A ``/proc/self/status`` figure in KiB (``VmRSS``, ``VmHWM``); 0 where there is none."""
    path = Path("/proc/self/status")
    if not path.exists():
        return 0
    for line in path.read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


def _mib(kib: int) -> str:
    return f"{kib / 1024:.1f} MiB"


def _stalled_match(game: Game, name: PolicyName, seed: int) -> Match:
    agents = [StallingAgent(game, name) for _ in range(game.players)]
    match = Match(game, seed=seed, names=[name] * game.players)
    play_out(match, agents, max_steps=step_bound(game))
    return match


def _round(match: Match) -> str:
    view = match.view(None)
    return f", round {view['round']}" if "round" in view else ""


def longest(game: Game, trace: bool) -> tuple[PolicyName, int]:
    """Find the longest stalled game and print what its match holds."""
    best: tuple[int, PolicyName, int] = (-1, "stall", 0)
    for name in POLICIES:
        for seed in range(3):
            steps = _stalled_match(game, name, seed).seq
            best = max(best, (steps, name, seed))
    steps, name, seed = best
    gc.collect()
    if trace:
        tracemalloc.start()
    start = time.perf_counter()
    match = _stalled_match(game, name, seed)
    seconds = time.perf_counter() - start
    line = (
        f"  longest: policy {name}, seed {seed}: {match.seq} steps{_round(match)}, "
        f"{match.outcome().reason!r}; history holds {len(match.history)} steps; "
        f"{seconds:.1f} s"
    )
    if trace:
        current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        line += (
            f"; the live match holds {_mib(current // 1024)} "
            f"({current / max(match.seq, 1):.0f} B per step), peak {_mib(peak // 1024)}"
        )
    print(line, flush=True)
    return name, seed


def consecutive(game: Game, name: PolicyName, total: int, trace: bool) -> None:
    """Stalled games one after another until ``total`` steps; memory across them."""
    gc.collect()
    if trace:
        tracemalloc.start()
    steps = games = 0
    first_rss = 0
    start = time.perf_counter()
    while steps < total:
        match = _stalled_match(game, name, games)
        steps += match.seq
        games += 1
        del match
        if games == 1:
            gc.collect()
            first_rss = _status("VmRSS")
    gc.collect()
    seconds = time.perf_counter() - start
    line = (
        f"  consecutive: {games} games, {steps} steps in {seconds:.1f} s; RSS after the "
        f"first {_mib(first_rss)}, after the last {_mib(_status('VmRSS'))}, "
        f"peak {_mib(_status('VmHWM'))}"
    )
    if trace:
        current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        line += f"; Python memory still held {_mib(current // 1024)}, peak {_mib(peak // 1024)}"
    print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(registered_games()))
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--no-trace", action="store_true")
    args = parser.parse_args()
    trace = not args.no_trace
    ids = [args.game] if args.game else sorted(registered_games())
    print(f"start: RSS {_mib(_status('VmRSS'))}", flush=True)
    for game_id in ids:
        spec = registered_games()[game_id].spec
        game = load(game_id, spec.max_players)
        print(f"{game_id}, {spec.max_players} players", flush=True)
        name, _ = longest(game, trace)
        consecutive(game, name, args.steps, trace)


if __name__ == "__main__":
    main()

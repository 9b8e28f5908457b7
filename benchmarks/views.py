"""What the view contract costs per action: every seat's view and the spectator's, serialised
to JSON, and a state snapshot written (``to_json``) and read back (``state_from_json``).

Usage: python benchmarks/views.py [--games N] [--game ID]
Runs on one core; prints one row per game at its largest table, default options.
"""

from __future__ import annotations

import argparse
import json
import time

from saqqara.core.game import Game, State
from saqqara.core.registry import load, registered_games
from saqqara.testing.conformance import random_playout


def positions(game: Game, games: int) -> list[State]:
    """Every position of ``games`` seeded random games (clones)."""
    return [step.state for seed in range(games) for step in random_playout(game, seed, True)]


def per_position(states: list[State], work: object) -> float:
    """Mean microseconds of ``work(state)`` over ``states``."""
    assert callable(work)
    start = time.perf_counter()
    for state in states:
        work(state)
    return (time.perf_counter() - start) / len(states) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="random games per row (default 3)")
    parser.add_argument("--game", help="only this game id")
    args = parser.parse_args()
    print(
        f"{'game':24} {'seats':>5} {'positions':>9} {'views µs':>9} {'snap µs':>8} {'read µs':>8}"
    )
    for game_id, cls in registered_games().items():
        if args.game and game_id != args.game:
            continue
        game = load(game_id, cls.spec.max_players)
        states = positions(game, args.games)
        seats = (None, *range(game.players))

        def views(state: State, seats: tuple[int | None, ...] = seats) -> None:
            for seat in seats:
                json.dumps(state.view(seat))

        snapshots = [json.dumps(s.to_json()) for s in states]
        write = per_position(states, lambda s: json.dumps(s.to_json()))
        start = time.perf_counter()
        for text in snapshots:
            game.state_from_json(json.loads(text))
        read = (time.perf_counter() - start) / len(snapshots) * 1e6
        cost = per_position(states, views)
        print(
            f"{game_id:24} {len(seats):>5} {len(states):>9} {cost:>9.0f} {write:>8.0f} {read:>8.0f}"
        )


if __name__ == "__main__":
    main()

"""Random-playout throughput of every registered game: steps/s, games/s and clone() time.

Usage: python benchmarks/playouts.py [--games N] [--game ID]
Runs on one core; prints one row per game, option set and player count.
"""

from __future__ import annotations

import argparse
import random
import time
import timeit

from saqqara.ai.random_bot import RandomBot
from saqqara.core.game import CHANCE, Game
from saqqara.core.match import Match
from saqqara.core.registry import load, registered_games


def playouts(game: Game, games: int, seed: int) -> tuple[int, float]:
    """Play ``games`` random games with the unchecked apply; return (steps, seconds).

    This is the engine's hot path (what search runs), deliberately outside the match:
    ``benchmarks/faces.py`` measures games played through :class:`Match`.
    """
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_state()
        while True:
            acting = state.to_act()
            if not acting:
                break
            seat = acting[0]
            if seat == CHANCE:
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions(seat))
            state.apply_unchecked(seat, action)
            steps += 1
    return steps, time.perf_counter() - start


def clone_time(game: Game, seed: int) -> float:
    """Mean seconds per clone() of a mid-game state (after 100 steps of a seeded match)."""
    match = Match(game, seed=seed)
    bot = RandomBot(game)
    while match.seq < 100 and not match.is_over():
        match.play_bot(match.to_act()[0], bot)
    state = match.snapshot()
    number = 20_000
    return timeit.timeit(state.clone, number=number) / number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per row (default 300)")
    parser.add_argument("--game", help="only this game id")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        f"{'game':<22}{'options':<22}{'players':>8}{'steps/s':>12}{'games/s':>10}"
        f"{'steps/game':>12}{'clone µs':>10}"
    )
    for game_id, cls in registered_games().items():
        if args.game and game_id != args.game:
            continue
        for options in cls.spec.option_sets():
            for players in cls.spec.player_counts:
                game = load(game_id, players, options)
                playouts(game, 1, args.seed)  # warm-up: caches built on first use
                steps, seconds = playouts(game, args.games, args.seed)
                clone_us = clone_time(game, args.seed) * 1e6
                label = ",".join(options.values())
                print(
                    f"{game_id:<22}{label:<22}{players:>8}{steps / seconds:>12,.0f}"
                    f"{args.games / seconds:>10,.0f}{steps / args.games:>12.1f}"
                    f"{clone_us:>10.2f}"
                )


if __name__ == "__main__":
    main()

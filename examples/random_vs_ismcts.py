"""A random agent against OpenSpiel's IS-MCTS, on a saqqara game loaded through pyspiel.

Usage: python examples/random_vs_ismcts.py [GAME] [--players N] [--games K]
       [--simulations S] [--seed S] [--option k=v]
Seat 0 is IS-MCTS, the others play uniformly at random; prints IS-MCTS's share of wins.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from saqqara.ai.openspiel_evaluation import search_evaluator
from saqqara.research.openspiel_game import (
    openspiel_name,
    register_openspiel_games,
    sample_chance_action,
)


def run(
    game_id: str, players: int, games: int, simulations: int, seed: int, options: dict[str, str]
) -> float:
    """Play ``games`` games; return IS-MCTS's mean return (a fair share is 1/players)."""
    register_openspiel_games()
    params: dict[str, Any] = {"players": players, **options}
    game = pyspiel.load_game(openspiel_name(game_id), params)
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game,
        search_evaluator(game, rng),
        2.0,
        simulations,
        random_state=rng,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    total = 0.0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance_action(state, rng))
            elif state.current_player() == 0:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        total += state.returns()[0]
    share = total / games
    print(
        f"{game}: IS-MCTS ({simulations} simulations) won {share:.2f} of {games} games "
        f"against random (a fair share is {1 / players:.2f})"
    )
    return share


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="tutankhamun")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    run(args.game, args.players, args.games, args.simulations, args.seed, options)


if __name__ == "__main__":
    main()

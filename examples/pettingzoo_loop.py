"""Step a PettingZoo loop: random agents that respect the action mask play one game.

Usage: python examples/pettingzoo_loop.py [GAME] [--players N] [--seed S] [--option k=v]
"""

from __future__ import annotations

import argparse

import numpy as np

from saqqara.research import make_env


def run(game: str, players: int, seed: int, options: dict[str, str]) -> dict[str, float]:
    """Play one game with masked random agents; return each agent's total reward."""
    env = make_env(game, players, **options)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            steps += 1
        env.step(action)
    env.close()
    print(f"{game}: {steps} decisions; rewards {totals}")
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="tutankhamun")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    run(args.game, args.players, args.seed, options)


if __name__ == "__main__":
    main()

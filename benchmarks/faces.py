"""Steps per second through each face of a game: the engine, the match, PettingZoo, OpenSpiel.

Usage: python benchmarks/faces.py [--game ID] [--players N] [--games K] [--option k=v]
Every face plays uniformly random legal actions with chance sampled; one core.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from saqqara.ai.random_bot import RandomBot
from saqqara.core.game import CHANCE
from saqqara.core.match import Match
from saqqara.core.playout import play_out
from saqqara.core.registry import load, registered_games
from saqqara.research import make_env
from saqqara.research.openspiel_game import (
    openspiel_name,
    register_openspiel_games,
    sample_chance_action,
)


def engine(game_id: str, players: int, options: dict[str, str], games: int) -> int:
    game = load(game_id, players, options)
    rng = random.Random(1)
    steps = 0
    for _ in range(games):
        state = game.new_state()
        while acting := state.to_act():
            seat = acting[0]
            action = (
                state.sample_chance(rng)
                if seat == CHANCE
                else rng.choice(state.legal_actions(seat))
            )
            state.apply_unchecked(seat, action)
            steps += 1
    return steps


def match(game_id: str, players: int, options: dict[str, str], games: int) -> int:
    """Games in a :class:`Match` (checked submits, events, the record) with random bots."""
    game = load(game_id, players, options)
    bots = [RandomBot(game)] * players
    steps = 0
    for k in range(games):
        played = Match(game, seed=k)
        play_out(played, bots)
        steps += played.seq
    return steps


def pettingzoo(game_id: str, players: int, options: dict[str, str], games: int) -> int:
    env = make_env(game_id, players, **options)
    rng = np.random.default_rng(1)
    steps = 0
    for k in range(games):
        env.reset(seed=k)
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
    return steps


def openspiel(game_id: str, players: int, options: dict[str, str], games: int) -> int:
    register_openspiel_games()
    params: dict[str, Any] = {"players": players, **options}
    game = pyspiel.load_game(openspiel_name(game_id), params)
    rng = np.random.RandomState(1)
    steps = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance_action(state, rng))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
    return steps


FACES: dict[str, Callable[[str, int, dict[str, str], int], int]] = {
    "engine (apply_unchecked)": engine,
    "Match (random bots)": match,
    "PettingZoo AEC (decisions)": pettingzoo,
    "OpenSpiel Python game": openspiel,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only this game (default: every registered game)")
    parser.add_argument("--players", type=int, help="default: 3, or the game's nearest count")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    for game_id, cls in registered_games().items():
        if args.game and game_id != args.game:
            continue
        spec = cls.spec
        players = args.players or max(spec.min_players, min(3, spec.max_players))
        print(f"{game_id}, {players} players, {options or 'default options'}, {args.games} games")
        for face, run in FACES.items():
            run(game_id, players, options, 1)  # warm-up: each face's caches built on first use
            start = time.perf_counter()
            steps = run(game_id, players, options, args.games)
            seconds = time.perf_counter() - start
            rate, per_game = steps / seconds, args.games / seconds
            print(f"  {face:<28}{rate:>12,.0f} steps/s{per_game:>10,.1f} games/s")


if __name__ == "__main__":
    main()

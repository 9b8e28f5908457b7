"""What the view contract costs per action: every seat's view and the spectator's, serialised
to JSON, and a state snapshot written (``to_json``) and read back (``state_from_json``).

``updates µs`` is what the server spends telling a position: every seat's update and the
spectator's, as ``saqqara serve`` builds them (``seat_update`` with one ``Shared`` per
position, English, the table's names, msgspec-encoded), with the events of the step that
led there; ``bot µs`` is a bot job's determinization as the server hands it to a worker
(``resample``, ``to_json`` and the pickling that sends it down the worker's pipe).

Usage: python benchmarks/views.py [--games N] [--game ID]
Runs on one core; prints one row per game at its largest table, default options.
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import time

from saqqara.core.game import CHANCE, Game, State
from saqqara.core.match import Step
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load, registered_games
from saqqara.server.messages import encode
from saqqara.server.updates import Shared, seat_update
from saqqara.testing.conformance import random_playout


def positions(game: Game, games: int) -> list[State]:
    """Every position of ``games`` seeded random games (clones)."""
    return [step.state for seed in range(games) for step in random_playout(game, seed, True)]


def told(game: Game, games: int) -> list[tuple[State, Step]]:
    """Every position after a step of ``games`` seeded random games, with that step."""
    found = []
    for seed in range(games):
        for number, step in enumerate(random_playout(game, seed, True), start=1):
            after = step.state
            events = tuple(after.apply(step.seat, step.action))
            text = game.action_text(step.action)
            found.append((after, Step(number, step.seat, step.action, events, text)))
    return found


def updates(game: Game, positions: list[tuple[State, Step]]) -> float:
    """Mean microseconds to build and encode every seat's update and the spectator's."""
    seats = (None, *range(game.players))
    names = [f"Player {seat + 1}" for seat in range(game.players)]
    start = time.perf_counter()
    for state, step in positions:
        shared = Shared()
        for seat in seats:
            update = seat_update(
                game,
                state,
                seat,
                "en",
                seq=step.seq,
                steps=(step,),
                status="playing",
                playing=True,
                names=names,
                shared=shared,
            )
            encode(update)
    return (time.perf_counter() - start) / len(positions) * 1e6


def bot_jobs(states: list[State]) -> float:
    """Mean microseconds of a bot job's determinization, where a seat acts."""
    rng = random.Random(1)
    acting = [(s, s.to_act()[0]) for s in states if s.to_act() and s.to_act()[0] != CHANCE]
    start = time.perf_counter()
    for state, seat in acting:
        pickle.dumps(Perspective(state, seat).resample(rng).to_json())
    return (time.perf_counter() - start) / max(len(acting), 1) * 1e6


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
        f"{'game':24} {'seats':>5} {'positions':>9} {'views µs':>9} {'snap µs':>8} "
        f"{'read µs':>8} {'updates µs':>10} {'bot µs':>7}"
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
        told_cost = updates(game, told(game, args.games))
        bot = bot_jobs(states)
        print(
            f"{game_id:24} {len(seats):>5} {len(states):>9} {cost:>9.0f} {write:>8.0f} "
            f"{read:>8.0f} {told_cost:>10.0f} {bot:>7.0f}"
        )


if __name__ == "__main__":
    main()

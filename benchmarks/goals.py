"""The speed goals of issue 14 in one table: per game, cold random steps/s, the OpenSpiel
face's steps/s beside the engine's, and IS-MCTS iterations/s at a real decision.

Every figure is per second of processor time of one process (``time.process_time``), so a
busy machine slows the wall clock but not the figure much; each game is measured in a
fresh process (a cold start: nothing cached). With ``--baseline REV`` the same
measurements run first on the source of git revision REV (exported to a temporary folder)
and both rows are printed side by side.

The engine then runs warm in two loops: its own fastest (``sample_chance`` draws chance
without an outcome list), and the loop OpenSpiel's API allows (``chance_outcomes`` and
``rng.choices`` at chance, the legal list and ``rng.choice`` at decisions): the same work
per step as the face's driver, so that ``face/engine`` measures what the face itself adds.
The face runs warm too (after a game of warm-up). The three warm loops are interleaved:
``ROUNDS`` rounds, each a chunk of every loop in turn, each loop's steps and seconds summed
over its chunks. This host's speed moves by up to 2x within seconds (a fixed loop, printed
as ``host``, took 476-941 ns from one second to the next on 2026-11-27), so loops measured
one after the other compare the machine's moments as much as the code; interleaved, each
loop meets the same moments. ``face/fastest`` sets the face beside the engine's fastest
loop. The IS-MCTS figure is the median of ``SEARCHES`` runs of one search (a single
3,000-iteration search is short enough for a busy machine to move it by a fifth).

Goals: ≥200,000 random steps/s from cold, the OpenSpiel face ≥ half the engine's speed,
≥20,000 IS-MCTS iterations/s.

Usage: python benchmarks/goals.py [--game ID] [--players N] [--baseline REV]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
COLD_STEPS = 100_000
ROUNDS = 6
CHUNK = 10_000  # engine steps per loop and round; the face's chunk is half (it is slower)
ITERATIONS = 3000
SEARCHES = 3


def _fastest(game: Any, rng: Any, least: int) -> tuple[int, float]:
    """Whole random games by the engine's fastest loop until ``least`` steps: steps, CPU
    seconds."""
    from saqqara.core.game import CHANCE

    steps = 0
    start = time.process_time()
    while steps < least:
        state = game.new_state()
        while acting := state.to_act():
            seat = acting[0]
            if seat == CHANCE:
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions(seat))
            state.apply_unchecked(seat, action)
            steps += 1
    return steps, time.process_time() - start


def _outcome_lists(game: Any, rng: Any, least: int) -> tuple[int, float]:
    """Whole random games by the engine driven as OpenSpiel's API drives the face (chance
    drawn from the outcome list, decisions from the legal list) until ``least`` steps:
    steps, CPU seconds."""
    from saqqara.core.game import CHANCE

    steps = 0
    start = time.process_time()
    while steps < least:
        state = game.new_state()
        while acting := state.to_act():
            seat = acting[0]
            if seat == CHANCE:
                outcomes = state.chance_outcomes()
                actions = [action for action, _ in outcomes]
                action = rng.choices(actions, [p for _, p in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions(seat))
            state.apply_unchecked(seat, action)
            steps += 1
    return steps, time.process_time() - start


def _face_games(game: Any, rng: Any, least: int) -> tuple[int, float]:
    """Whole random games through ``pyspiel`` until ``least`` steps: steps, CPU seconds."""
    steps = 0
    start = time.process_time()
    while steps < least:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                ids = [number for number, _ in outcomes]
                state.apply_action(rng.choices(ids, [p for _, p in outcomes])[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps, time.process_time() - start


def _warm_loops(game: Any, game_id: str, players: int, rng: Any) -> dict[str, float]:
    """Warm random steps per CPU second of the engine's fastest loop (``warm``), of the
    engine driven through lists (``lists``) and of ``pyspiel`` driven as OpenSpiel users do
    (``face``: a Python ``random.Random`` choosing among the legal ids and drawing chance
    outcomes by their probabilities, like :func:`_outcome_lists`), interleaved in
    ``ROUNDS`` rounds (see the module's docstring)."""
    import random

    import pyspiel

    from saqqara.research.openspiel_game import openspiel_name, register_openspiel_games

    register_openspiel_games()
    spiel = pyspiel.load_game(openspiel_name(game_id), {"players": players})
    face_rng = random.Random(1)
    _face_games(spiel, face_rng, 1)
    _outcome_lists(game, rng, 1)
    loops: dict[str, Callable[[], tuple[int, float]]] = {
        "warm": lambda: _fastest(game, rng, CHUNK),
        "lists": lambda: _outcome_lists(game, rng, CHUNK),
        "face": lambda: _face_games(spiel, face_rng, CHUNK // 2),
    }
    steps = dict.fromkeys(loops, 0)
    seconds = dict.fromkeys(loops, 0.0)
    for _ in range(ROUNDS):
        for name, loop in loops.items():
            done, spent = loop()
            steps[name] += done
            seconds[name] += spent
    return {name: steps[name] / seconds[name] for name in loops}


def host_speed() -> float:
    """Nanoseconds of a fixed pure-Python loop (``sum(range(50))``, best of 5): how fast
    this host runs Python at the moment, to read the other figures by."""
    import timeit

    return min(timeit.repeat("sum(range(50))", number=100_000, repeat=5)) / 100_000 * 1e9


def _search(game: Any, rng: Any) -> float:
    """IS-MCTS iterations per CPU second at the first decision with a choice: the median
    of ``SEARCHES`` runs of the same search (same seed), after a short warm-up."""
    import random

    from saqqara.ai.ismcts import ISMCTSBot
    from saqqara.core.game import CHANCE
    from saqqara.core.perspective import Perspective

    state = game.new_state()
    while state.is_chance() or len(state.legal_actions(state.to_act()[0])) < 2:
        seat = state.to_act()[0]
        action = (
            state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_actions(seat))
        )
        state.apply_unchecked(seat, action)
    seat = state.to_act()[0]
    ISMCTSBot(game, ITERATIONS // 10).choose(Perspective(state, seat), rng)
    seed = rng.getrandbits(64)
    rates = []
    for _ in range(SEARCHES):
        bot = ISMCTSBot(game, ITERATIONS)
        start = time.process_time()
        bot.choose(Perspective(state, seat), random.Random(seed))
        rates.append(ITERATIONS / (time.process_time() - start))
    return statistics.median(rates)


def measure(game_id: str, players: int) -> dict[str, float]:
    """All figures of one game, in this (fresh) process."""
    import random

    from saqqara.core.registry import load

    game = load(game_id, players)
    rng = random.Random(1)
    steps, seconds = _fastest(game, rng, COLD_STEPS)
    figures = {"cold": steps / seconds, **_warm_loops(game, game_id, players, rng)}
    return {**figures, "search": _search(game, rng), "host": host_speed()}


def _run(source: Path, game_id: str, players: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(source)}
    out = subprocess.run(
        [sys.executable, __file__, "--measure", game_id, "--players", str(players)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    figures: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return figures


def _export(revision: str, folder: Path) -> Path:
    """The ``src`` folder of ``revision``, exported under ``folder``."""
    archive = folder / "src.tar"
    with archive.open("wb") as handle:
        subprocess.run(["git", "archive", revision, "src"], cwd=ROOT, check=True, stdout=handle)
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    return folder / "src"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only this game id")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--baseline", metavar="REV", help="also measure git revision REV")
    parser.add_argument("--measure", metavar="ID", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.players)))
        return
    from saqqara.core.registry import registered_games

    games = [g for g in registered_games() if not args.game or g == args.game]
    with tempfile.TemporaryDirectory() as tmp:
        sources = [("now", ROOT / "src")]
        if args.baseline:
            sources.insert(0, (args.baseline[:10], _export(args.baseline, Path(tmp))))
        print(
            f"{args.players} players, per second of processor time; cold = the first "
            f"{COLD_STEPS:,} random steps of a fresh process"
        )
        print(
            "warm = the engine's fastest loop; lists = the engine driven through outcome and "
            "legal lists\nas OpenSpiel drives the face (face/engine divides by lists; "
            f"face/fastest by warm); the warm loops interleaved in {ROUNDS} rounds\n"
            "host = ns of a fixed Python loop (sum(range(50))) at the end: the host's speed"
        )
        print(
            f"{'game':<22}{'code':<12}{'cold steps/s':>14}{'warm steps/s':>14}"
            f"{'lists steps/s':>15}{'OpenSpiel/s':>13}{'face/engine':>13}{'face/fastest':>14}"
            f"{'IS-MCTS it/s':>14}{'host ns':>9}"
        )
        for game_id in games:
            for label, source in sources:
                f = _run(source, game_id, args.players)
                lists = f.get("lists", math.nan)
                print(
                    f"{game_id:<22}{label:<12}{f['cold']:>14,.0f}{f['warm']:>14,.0f}"
                    f"{lists:>15,.0f}{f['face']:>13,.0f}{f['face'] / lists:>13.2f}"
                    f"{f['face'] / f['warm']:>14.2f}{f['search']:>14,.0f}"
                    f"{f.get('host', math.nan):>9.0f}"
                )


if __name__ == "__main__":
    main()

"""Tutankhamun: how well each value names the winner, by the tiles left on the path.

``medium`` plays both seats of two-player games (game ``k`` seeded ``seed + k``); at every
move of a pawn the position's lead for seat 0 is read by :func:`projected_estimates` (the
value ``medium`` plays by), by :func:`race_estimates` (the race to the
goal; on the hand-written constants, and with a wildcard at 3 points), and by ``expert``'s
evaluator, :func:`search_win_chance` (Out of the Box: the mean of the race's and the
projection's chances of winning).
Prints, for each value and each stretch of the game, the share of positions whose lead
has the sign of the result (shared wins and leads of exactly 0 left out): 0.5 is no
better than a coin. ``docs/strength.md`` quotes the figures.

Usage: python benchmarks/tutankhamun_value.py [--edition amigo-1993|ootb-2004] [--games N]
       [--seed S]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from saqqara.ai.games import tutankhamun as tut
from saqqara.ai.registry import make_bot
from saqqara.core.game import CHANCE
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load
from saqqara.games.tutankhamun.state import EMPTY, MOVE, TutankhamunState

Value = Callable[[TutankhamunState], list[float]]
VALUES: dict[str, Value] = {
    "projected": tut.projected_estimates,
    "race": tut.race_estimates,
    "race, a wildcard 3 points": lambda state: tut.race_estimates(state, tut.RACE_WEIGHTS),
    "expert's evaluator": lambda state: [tut.search_win_chance(state, s) for s in (0, 1)],
}
STRETCHES = ((40, 70, "40+ tiles left"), (20, 40, "20-39"), (10, 20, "10-19"), (0, 10, "0-9"))


def positions(edition: str, games: int, seed: int) -> list[tuple[int, dict[str, float], float]]:
    """(tiles left, each value's lead for seat 0, seat 0's return) at every pawn move."""
    game = load("tutankhamun", 2, {"edition": edition})
    bot = make_bot("medium", game)
    rows: list[tuple[int, dict[str, float], float]] = []
    for k in range(games):
        rng = random.Random(seed + k)
        state = game.new_state()
        assert isinstance(state, TutankhamunState)
        seen: list[tuple[int, dict[str, float]]] = []
        while not state.is_terminal():
            seat = state.to_act()[0]
            if seat == CHANCE:
                state.apply_unchecked(seat, state.sample_chance(rng))
                continue
            if state.phase == MOVE:
                left = sum(1 for kind in state.path if kind != EMPTY)
                leads = {name: (v := value(state))[0] - v[1] for name, value in VALUES.items()}
                seen.append((left, leads))
            state.apply_unchecked(seat, bot.choose(Perspective(state, seat), rng))
        result = state.returns()[0]
        if result != 0.5:
            rows.extend((left, leads, result) for left, leads in seen)
    return rows


def agreement(rows: list[tuple[int, dict[str, float], float]], name: str) -> str:
    """The share of ``rows`` whose lead by ``name`` has the sign of the result."""
    signed = [(leads[name] > 0) == (result > 0.5) for _, leads, result in rows if leads[name]]
    return f"{sum(signed) / len(signed):.3f}" if signed else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="ootb-2004", choices=["amigo-1993", "ootb-2004"])
    parser.add_argument("--games", type=int, default=150, help="games (default 150)")
    parser.add_argument("--seed", type=int, default=0, help="seed of game 0 (default 0)")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    rows = positions(args.edition, args.games, args.seed)
    print(
        f"tutankhamun ({args.edition}), 2 players, {args.games} games of medium, seed {args.seed}"
    )
    print(f"{len(rows)} positions; the share whose lead names the winner:")
    print("| value | " + " | ".join(label for _, _, label in STRETCHES) + " | all |")
    print("|---" * (len(STRETCHES) + 2) + "|")
    for name in VALUES:
        cells = [
            agreement([r for r in rows if low <= r[0] < high], name) for low, high, _ in STRETCHES
        ]
        print(f"| {name} | " + " | ".join(cells) + f" | {agreement(rows, name)} |")


if __name__ == "__main__":
    main()

"""Tutankhamun's Revenge: the expert's tactical policy alone against the heuristic.

Game ``k`` is played with seed ``seed + k``, the policy in seat ``k mod players`` (seats
rotating), every other seat the ``heuristic`` bot (or ``--opponent``, any bot of the
game); chance is drawn from the game's generator. Prints the policy's share of wins with
a 95% interval, per seat, and how the games ended. ``--layouts random`` lays the policy's
layers at random, as it did before the designed layouts; ``--look-ahead off`` values each
lift by its next card alone, as the policy did at 3 players before it looked deeper into
the stack; ``--weights hand`` plays the hand-written weights in every seat, as the policy
did before the seat that digs first had its own (``DIGS_FIRST``;
``docs/rules/tutankhamuns-revenge.md``, Bots, quotes the figures).

Usage: python benchmarks/revenge_policy.py [--games N] [--players P] [--seed S]
       [--workers W] [--layouts designed|random] [--look-ahead on|off]
       [--weights seat|hand] [--opponent BOT]
"""

from __future__ import annotations

import argparse
import math
import random
from multiprocessing import Pool

from saqqara.ai.games import tutankhamuns_revenge as revenge_bots
from saqqara.ai.registry import make_bot
from saqqara.core.errors import OptionError
from saqqara.core.game import CHANCE
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load
from saqqara.games.tutankhamuns_revenge.state import RevengeState

GAME_ID = "tutankhamuns-revenge"


def play(args: tuple[int, int, int, bool, bool, bool, str]) -> tuple[float, bool]:
    """One game: the policy's share of the win, and whether every seat passed in a row."""
    players, index, seed, designed, look_ahead, own_weights, opponent = args
    if not designed:
        revenge_bots.DESIGNED_PLAYERS = frozenset()
    if not look_ahead:
        revenge_bots.LOOK_AHEAD_PLAYERS = players + 1
    game = load(GAME_ID, players)
    rival = make_bot(opponent, game)
    mine = index % players
    rng = random.Random(seed + index)
    state = game.new_state()
    assert isinstance(state, RevengeState)
    while state.to_act():
        seat = state.to_act()[0]
        if seat == CHANCE:
            action = state.sample_chance(rng)
        elif seat == mine:
            weights = revenge_bots.seat_weights(state, seat) if own_weights else revenge_bots.HAND
            action = revenge_bots.tactical_choice(state, seat, rng, 0.0, weights)
        else:
            action = rival.choose(Perspective(state, seat), rng)
        state.apply_unchecked(seat, action)
    return state.outcome().returns()[mine], state.reason.startswith("every player passed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--layouts", choices=("designed", "random"), default="designed")
    parser.add_argument("--look-ahead", choices=("on", "off"), default="on")
    parser.add_argument(
        "--weights",
        choices=("seat", "hand"),
        default="seat",
        help="each seat's own weights (seat_weights) or the hand-written ones everywhere",
    )
    parser.add_argument("--opponent", default="heuristic", help="the bot in every other seat")
    args = parser.parse_args()
    try:
        make_bot(args.opponent, load(GAME_ID, args.players))
    except OptionError as error:
        parser.error(str(error))
    designed = args.layouts == "designed"
    look_ahead = args.look_ahead == "on"
    own = args.weights == "seat"
    jobs = [
        (args.players, k, args.seed, designed, look_ahead, own, args.opponent)
        for k in range(args.games)
    ]
    with Pool(args.workers) as pool:
        results = pool.map(play, jobs, chunksize=10)
    wins = [won for won, _ in results]
    mean = sum(wins) / len(wins)
    spread = math.sqrt(sum((w - mean) ** 2 for w in wins) / max(1, len(wins) - 1) / len(wins))
    print(
        f"policy vs {args.opponent}, {args.players} players, {args.games} games from seed "
        f"{args.seed}, {args.layouts} layouts, look-ahead {args.look_ahead}, "
        f"{args.weights} weights: {mean:.3f} "
        f"({mean - 1.96 * spread:.3f}-{mean + 1.96 * spread:.3f})"
    )
    for seat in range(args.players):
        own = wins[seat :: args.players]
        print(f"  in seat {seat}: {sum(own) / len(own):.3f} of {len(own)}")
    passed = [won for won, by_passes in results if by_passes]
    print(
        f"  ended by passes: {len(passed)} (won {sum(passed) / max(1, len(passed)):.3f}); "
        f"box emptied or a seat out: {len(wins) - len(passed)}"
    )


if __name__ == "__main__":
    main()

"""Measure a bot against the probes (``probe:first`` ..., :mod:`saqqara.ai.probes`).

For each probe, ``--games`` games with seats rotating (``saqqara arena`` seeding: game ``k``
has seed ``--seed + k``), the bot in one seat and the probe in every other seat; prints one
Markdown table row per probe: the bot's wins (a shared win counts its share), its share
with a Wilson 95% interval, and both sides' processor milliseconds per move.

Usage: python scripts/probes.py GAME --bot medium [--players 2] [--option edition=ootb-2004]
       [--probes first,last,greedy,plan] [--games 200] [--seed 0] [--workers 1]

The panel is the default; the best-response probe, a slow search, runs only when named:
``--probes best-response`` (against ``medium``) or ``--probes br:POLICY@N``.
"""

from __future__ import annotations

import argparse
import datetime
import math
import time

from saqqara.ai.arena import run_arena
from saqqara.ai.probes import probes_of
from saqqara.ai.registry import available_bots


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` out of ``games`` (a share counted as wins)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--bot", default="medium")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--probes", default="")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    available_bots(args.game)  # loads the bots, and with them each game's probes
    probes = args.probes.split(",") if args.probes else list(probes_of(args.game))
    label = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    print(f"<!-- {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC -->")
    print(f"{args.game} ({label}), {args.players} players, seed {args.seed}:")
    print()
    print("| bot | against | games | wins | share | Wilson 95% | ms/move (bot, probe) |")
    print("|---|---|---|---|---|---|---|")
    for probe in probes:
        name = f"probe:{probe}"
        bots = [args.bot, *[name] * (args.players - 1)]
        started = time.monotonic()
        result = run_arena(
            args.game, args.players, options, bots, args.games, args.seed, workers=args.workers
        )
        score = next(s for s in result.scores() if s.name == args.bot)
        wins = score.mean * score.seats_played
        low, high = wilson(wins, score.seats_played)
        per_move = result.seconds_per_move()
        print(
            f"| {args.bot} | {name} | {score.seats_played} | {wins:g} | {score.mean:.3f} "
            f"| {low:.2f}–{high:.2f} | {1000 * per_move[args.bot]:.1f}, "
            f"{1000 * per_move[name]:.1f} |  <!-- {time.monotonic() - started:.0f} s -->",
            flush=True,
        )


if __name__ == "__main__":
    main()

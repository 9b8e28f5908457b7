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
import time

from saqqara.ai.arena import run_arena
from saqqara.ai.probes import probes_of
from saqqara.ai.registry import available_bots, make_bot
from saqqara.core.errors import OptionError
from saqqara.core.registry import load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="game id (see `saqqara games`)")
    parser.add_argument("--bot", default="medium", help="the bot measured (default medium)")
    parser.add_argument("--players", type=int, default=2, help="seats a table (default 2)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option"
    )
    parser.add_argument(
        "--probes",
        default="",
        help="probes, comma-separated, with or without 'probe:' (default: the game's panel)",
    )
    parser.add_argument("--games", type=int, default=200, help="games a probe (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of game 0 (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args()
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    if any("=" not in o for o in args.option):
        parser.error("an --option is NAME=VALUE")
    options = dict(o.split("=", 1) for o in args.option)
    try:
        game = load(args.game, args.players, options)
        available_bots(args.game)  # loads the bots, and with them each game's probes
        names = args.probes.split(",") if args.probes else list(probes_of(args.game))
        probes = [name.strip().removeprefix("probe:") for name in names]
        for bot in (args.bot, *(f"probe:{probe}" for probe in probes)):
            make_bot(bot, game)  # every name is checked before the first game is played
    except OptionError as error:
        parser.error(str(error))
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
        per_move = result.seconds_per_move()
        print(
            f"| {args.bot} | {name} | {score.seats_played} | {wins:g} | {score.mean:.3f} "
            f"| {score.low:.2f}–{score.high:.2f} | {1000 * per_move[args.bot]:.1f}, "
            f"{1000 * per_move[name]:.1f} |  <!-- {time.monotonic() - started:.0f} s -->",
            flush=True,
        )


if __name__ == "__main__":
    main()

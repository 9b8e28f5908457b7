"""Measure learned weights against the hand-written ones (:mod:`saqqara.ai.training`).

For each player count: ``learned`` and ``medium-hand`` (the same heuristic with the
hand-written weights) each against every probe, the bot in one seat and the probe in every
other; and head to head, one seat of each bot against the other's in every other seat.
Games as ``saqqara arena`` plays them (game ``k`` seeded ``--seed + k``, seats rotating), so
both bots meet the same dice. Prints Markdown rows: wins (a shared win counts its share),
share, Wilson 95% interval, the share by side in games of unequal sides, and processor
milliseconds per move.

Usage: python scripts/learned.py GAME [--players 2,3] [--games 200] [--seed 0]
       [--bots learned,medium-hand] [--against probes,heads] [--option NAME=VALUE]
"""

from __future__ import annotations

import argparse
import datetime
import time

from saqqara.ai.arena import run_arena
from saqqara.ai.probes import probes_of
from saqqara.ai.registry import available_bots


def row(
    game: str,
    players: int,
    options: dict[str, str],
    bot: str,
    other: str,
    games: int,
    seed: int,
) -> None:
    started = time.monotonic()
    bots = [bot, *[other] * (players - 1)]
    result = run_arena(game, players, options, bots, games, seed, workers=1)
    score = next(s for s in result.scores() if s.name == bot)
    wins = score.mean * score.seats_played
    sides = ", ".join(
        f"{s.name.removeprefix(bot + ' as ')} {s.mean:.2f} of {s.seats_played}"
        for s in result.bot_side_scores()
        if s.name.startswith(bot + " as ")
    )
    ms = 1000 * result.seconds_per_move()[bot]
    others = f"`{other}`" + (f" ×{players - 1}" if players > 2 else "")
    print(
        f"| {players} | `{bot}` | {others} | {score.seats_played} | {wins:g} | {score.mean:.3f} "
        f"| {score.low:.2f}–{score.high:.2f} | {sides or '–'} | {ms:.2f} |"
        f"  <!-- {time.monotonic() - started:.0f} s -->",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", default="2,3")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default="learned,medium-hand")
    parser.add_argument("--against", default="probes,heads")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    available_bots(args.game)  # loads the bots, and with them each game's probes
    bots = args.bots.split(",")
    against = args.against.split(",")
    print(f"<!-- {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC -->")
    print("| players | bot | against | games | wins | share | Wilson 95% | by side | ms/move |")
    print("|---|---|---|---|---|---|---|---|---|")
    for players in (int(n) for n in args.players.split(",")):
        if "heads" in against:
            for bot in bots:
                for other in bots:
                    if other != bot:
                        row(args.game, players, options, bot, other, args.games, args.seed)
        if "probes" in against:
            for probe in probes_of(args.game):
                for bot in bots:
                    row(args.game, players, options, bot, f"probe:{probe}", args.games, args.seed)


if __name__ == "__main__":
    main()

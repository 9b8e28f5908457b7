"""``saqqara ladder GAME [--players N] [--bots a,b,...] --games K``: the rating ladder.

Prints the ladder (openskill rating with its 95% interval, games, win share, seconds per
move) and writes it as Markdown, JSON and a plot (PNG and SVG) under ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

from saqqara.ai.distributed import add_cluster_arguments, games_progress, use_ray_token
from saqqara.ai.ladder import DEFAULT_BOTS, Ladder, run_ladder, tables
from saqqara.core.registry import load


def add_parser(
    sub: argparse._SubParsersAction[argparse.ArgumentParser],
    game_options: Callable[[argparse.ArgumentParser], None],
    run: Callable[[argparse.Namespace, Console], int],
) -> None:
    """Add the ``ladder`` command to the ``saqqara`` parser."""
    ladder = sub.add_parser(
        "ladder", help="a round robin between bots, rated with openskill, with a plot"
    )
    ladder.add_argument("game", help="game id")
    ladder.add_argument("--players", type=int, default=2, help="seats per game (default 2)")
    ladder.add_argument(
        "--bots",
        default=",".join(DEFAULT_BOTS),
        help=f"comma-separated bots (default {','.join(DEFAULT_BOTS)}); every table of "
        "--players distinct bots plays --games games",
    )
    ladder.add_argument("--games", type=int, required=True, help="games per table")
    ladder.add_argument("--seed", type=int, default=0, help="seed of the first game")
    ladder.add_argument("--workers", type=int, help="processes (default: one per core)")
    ladder.add_argument(
        "--out", default="ladder", help="folder for the table, JSON and plot (default ladder/)"
    )
    ladder.add_argument("--json", action="store_true", help="print JSON for machines")
    add_cluster_arguments(ladder)
    game_options(ladder)
    ladder.set_defaults(run=run)


def ladder_command(
    args: argparse.Namespace, console: Console, options: dict[str, str], bots: list[str]
) -> int:
    """Run the ladder the arguments ask for; print it and write its files."""
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    if len(set(bots)) != len(bots):
        raise ValueError("--bots names a bot twice")
    load(args.game, args.players, options)
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)  # a folder it cannot write stops it before
    if not os.access(folder, os.W_OK):  # the games, not after them
        raise ValueError(f"--out {folder} cannot be written to")
    total = len(tables(bots, args.players)) * args.games
    use_ray_token(args.ray_token)
    with games_progress("ladder", total, args.json) as advance:
        ladder = run_ladder(
            args.game,
            args.players,
            options,
            bots,
            args.games,
            args.seed,
            args.workers,
            advance,
            ray_address=args.ray,
            batch=args.batch,
        )
    paths = write_ladder(ladder, folder)
    if args.json:
        sys.stdout.write(json.dumps(ladder.to_json(), indent=1) + "\n")
        return 0
    console.print(rich_table(ladder))
    console.print("written: " + ", ".join(str(p) for p in paths))
    return 0


def stem(ladder: Ladder) -> str:
    """The file name stem of a ladder's files: game, players and options."""
    opts = "-".join(v for v in ladder.options.values())
    return f"{ladder.game}{'-' + opts if opts else ''}-{ladder.players}p"


def write_ladder(ladder: Ladder, folder: Path) -> list[Path]:
    """Write ``<stem>.md``, ``<stem>.json``, ``<stem>.png`` and ``<stem>.svg``."""
    folder.mkdir(parents=True, exist_ok=True)
    base = folder / stem(ladder)
    markdown = base.with_suffix(".md")
    markdown.write_text(ladder.markdown() + "\n", encoding="utf-8")
    data = base.with_suffix(".json")
    data.write_text(json.dumps(ladder.to_json(), indent=1) + "\n", encoding="utf-8")
    return [markdown, data, *ladder.plot(base)]


def rich_table(ladder: Ladder) -> Table:
    opts = ", ".join(f"{k}={v}" for k, v in ladder.options.items()) or "no options"
    table = Table(
        title=f"{ladder.game} ({opts}), {ladder.players} players, {len(ladder.results)} games "
        f"({ladder.games_per_table} per table), seed {ladder.seed}"
    )
    for name, justify in [
        ("bot", "left"),
        ("rating", "right"),
        ("95% interval", "right"),
        ("games", "right"),
        ("win share", "right"),
        ("s/move", "right"),
    ]:
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for r in ladder.rungs():
        table.add_row(
            r.name,
            f"{r.mu:.1f}",
            f"{r.low:.1f} – {r.high:.1f}",
            str(r.games),
            f"{r.win_share:.3f}",
            f"{r.seconds_per_move:.3f}",
        )
    return table

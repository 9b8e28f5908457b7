"""`saqqara schema GAME`: print (or write) a game's JSON Schema of views, events and board.

The browser client generates its TypeScript types from this output (``docs/views.md``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console

from saqqara.core.registry import game_class, load
from saqqara.core.schema import PARTS, game_schema, part_schema


def schema_of(game_id: str, part: str | None = None) -> dict[str, Any]:
    """The schema document of a game (all parts) or of one part (view, event, board)."""
    spec = game_class(game_id).spec  # an unknown game is refused with the list of games
    contract = load(game_id, spec.min_players).view_contract()
    if part is None:
        return game_schema(game_id, contract)
    for known in PARTS:
        if known == part:
            return part_schema(game_id, contract, known)
    raise ValueError(f"--part must be one of {', '.join(PARTS)}; got {part!r}")


def cmd_schema(args: argparse.Namespace, console: Console) -> int:
    text = json.dumps(schema_of(args.game, args.part), indent=1, ensure_ascii=False) + "\n"
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        console.print(f"schema of {args.game} written to {args.out}")
    else:
        sys.stdout.write(text)
    return 0


def add_schema_command(sub: Any) -> None:
    """Add ``schema`` to the `saqqara` command's subparsers."""
    schema = sub.add_parser(
        "schema", help="print a game's JSON Schema of views, events and board (docs/views.md)"
    )
    schema.add_argument("game", help="game id")
    schema.add_argument("--part", choices=PARTS, help="only the view, event or board schema")
    schema.add_argument("--out", metavar="FILE", help="write the schema to FILE")
    schema.set_defaults(run=cmd_schema)

"""What a new table costs the server's event loop before play: in process, no network.

Usage: python benchmarks/new_table.py [--game tutankhamun] [--tables 200] [--repeat 3]

For each of ``--tables`` tables (two people and a random bot): make it (its setup chance
drawn), mark its steps stored, and build and send each person's first update as their
connections arriving one after the other get them (the sends go nowhere). Prints the
process time per table, ``--repeat`` times: the part of a rematch that grows with the
setup (Tutankhamun's 69 chance steps: drawn, stored and told; since the fourth pass
each person's setup is replayed from the record, the table having let it go once stored).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time

from saqqara.core.registry import registered_games
from saqqara.server.live import Listener, LiveTable
from saqqara.store import PLAYING, SeatRow, TableRow, hash_secret


def _table(game_id: str, seed: int) -> LiveTable:
    cls = registered_games()[game_id]
    row = TableRow(
        id=f"t{seed}",
        game=game_id,
        players=3,
        rules_version=cls.spec.rules_version,
        options={},
        seed=seed,
        status=PLAYING,
        public=True,
        spectator_hash=hash_secret("watch"),
        created_at=time.time(),
    )
    seats = [
        SeatRow(0, "person", "A", claimed=True),
        SeatRow(1, "person", "B", claimed=True),
        SeatRow(2, "bot", "C", bot="random"),
    ]
    return LiveTable.new(row, seats)


async def _nowhere(text: str) -> None:
    """A connection's send that delivers nothing."""


async def _per_table(game_id: str, tables: int) -> float:
    """Process time per table, in milliseconds."""
    began = time.process_time()
    for seed in range(tables):
        table = _table(game_id, seed)
        table.stored_up_to(table.unstored())
        for seat in (0, 1):
            listener = Listener(seat, "en", 0, _nowhere)
            table.listeners.add(listener)
            await table.push(listener, force=True)
    return (time.process_time() - began) / tables * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="tutankhamun")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(_per_table(args.game, 20))  # warm: configured game, texts, imports
    runs = [asyncio.run(_per_table(args.game, args.tables)) for _ in range(args.repeat)]
    figures = ", ".join(f"{ms:.2f}" for ms in runs)
    print(f"{args.game}: a new table, stored and both people's first updates: {figures} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

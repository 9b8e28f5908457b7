"""A stored table's row for the store's tests: Tutankhamun (Amigo), two players, playing."""

from __future__ import annotations

import time

from saqqara.store import PLAYING, TableRow, hash_secret

SEED = 2**40 + 7
"""Past 32 bits, so that the column's width is tested too."""


def table_row(table_id: str = "t1", status: str = PLAYING) -> TableRow:
    return TableRow(
        id=table_id,
        game="tutankhamun",
        players=2,
        rules_version=1,
        options={"edition": "amigo-1993"},
        seed=SEED,
        status=status,
        public=True,
        spectator_hash=hash_secret("watch"),
        created_at=time.time(),
    )

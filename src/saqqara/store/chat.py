"""A table's chat in the store: every line said at it, numbered from 1 per table.

A line is kept as it was sent (plain text; the clients show it as text, never as markup),
with the seat that said it (``None``: a spectator), the name shown and the time. Two
processes never number lines of one table at once (a table runs at its owner), and a
number taken twice is refused by the primary key all the same; the writer then reads the
next number again. Every method is blocking: the server calls them on worker threads.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, insert, select
from sqlalchemy.exc import IntegrityError

from saqqara.store.schema import chat
from saqqara.store.store import Store

HISTORY = 50
"""The lines a connection is sent as it arrives (the latest)."""


@dataclass(frozen=True, slots=True)
class ChatRow:
    """One line of a table's chat."""

    id: int
    seat: int | None
    name: str
    text: str
    at: float


class ChatLog:
    """The chat lines of every table, over one store."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def add(self, table_id: str, seat: int | None, name: str, text: str, at: float) -> ChatRow:
        """Keep a line said at ``table_id``; the line with its number."""
        for _ in range(3):
            try:
                with self.engine.begin() as tx:
                    last = tx.execute(
                        select(func.max(chat.c.id)).where(chat.c.table_id == table_id)
                    ).scalar()
                    row = ChatRow(int(last or 0) + 1, seat, name, text, at)
                    values = {"table_id": table_id, "id": row.id, "seat": seat}
                    tx.execute(insert(chat).values(**values, name=name, text=text, at=at))
            except IntegrityError:
                continue  # numbered meanwhile by another writer: read it again
            return row
        raise RuntimeError(f"could not number a chat line of table {table_id}")

    def latest(self, table_id: str, most: int = HISTORY) -> list[ChatRow]:
        """The table's latest ``most`` lines, oldest first."""
        query = (
            select(chat.c.id, chat.c.seat, chat.c.name, chat.c.text, chat.c.at)
            .where(chat.c.table_id == table_id)
            .order_by(chat.c.id.desc())
            .limit(most)
        )
        with self.engine.begin() as tx:
            rows = tx.execute(query).all()
        return [
            ChatRow(
                int(r[0]), None if r[1] is None else int(r[1]), str(r[2]), str(r[3]), float(r[4])
            )
            for r in reversed(rows)
        ]

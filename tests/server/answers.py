"""Reading a table client's answers in server tests: the next ack, error or undone notice,
and the update at a given sequence number."""

from __future__ import annotations

import asyncio
from typing import Any

from saqqara.client import TableClient, create_table
from saqqara.server.messages import Ack, Error, Undone, Update


async def next_answer(client: TableClient) -> Ack | Error | Undone:
    """The next ack, error or undone notice (updates on the way are kept by the client)."""
    while True:
        message = await client.receive()
        if isinstance(message, Ack | Error | Undone):
            return message


async def update_at(client: TableClient, seq: int) -> Update:
    """Read until the client holds the update at ``seq``."""
    while client.update is None or client.update.seq != seq:
        await client.receive()
    return client.update


async def two_people_playing(
    base: str, game: str = "tutankhamun"
) -> tuple[dict[str, Any], TableClient, TableClient]:
    """A new table of two people, Ann and Bo, at the server at ``base``, both connected and
    holding the first update of the game in play: the table's answer and their clients.
    (The table is made off the event loop: the server may be running in it.)"""
    seats = [{"kind": "person", "name": n} for n in ("Ann", "Bo")]
    made = await asyncio.to_thread(create_table, base, game, seats)
    ann, bo = (TableClient(s["link"]) for s in made["seats"])
    for client in (ann, bo):
        await client.connect()
    for client in (ann, bo):
        while client.update is None or client.update.status != "playing":
            await client.receive()
    return made, ann, bo

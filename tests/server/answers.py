"""Reading a table client's answers in server tests: the next ack, error or undone notice,
and the update at a given sequence number."""

from __future__ import annotations

from saqqara.client import TableClient
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

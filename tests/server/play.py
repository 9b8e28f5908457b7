"""Scripted clients for the server tests: a seat that plays seeded random legal actions."""

from __future__ import annotations

import random

from saqqara.client import TableClient
from saqqara.server.messages import Error, Update


async def play_seat(client: TableClient, seed: int, max_messages: int = 100_000) -> Update:
    """Play ``client``'s seat to the end with seeded random choices; the final update.

    It acts on the newest update it holds whenever it has no move in flight, whatever the
    message that just came (after a reconnect the update may come before the ack), and
    first on the one it already holds: when the caller has read the update and the ack
    already, the server has nothing more to send until this seat moves.
    """
    rng = random.Random(seed)
    if client.welcome is None:
        await client.connect()
    acted_on = -1
    for _ in range(max_messages):
        update = client.update
        if update is not None and update.over:
            await client.close()
            return update
        if update and update.legal and client.pending is None and update.seq != acted_on:
            acted_on = update.seq
            await client.act(rng.choice(update.legal).id)
        message = await client.receive()
        if isinstance(message, Error):
            assert message.code == "stale", message  # a race with a bot, or a resend's ack
            await client.sync()
    raise AssertionError("the game did not end")


async def watch(client: TableClient, max_messages: int = 100_000) -> Update:
    """Follow a table as a spectator until the game is over; the final update."""
    if client.welcome is None:
        await client.connect()
    for _ in range(max_messages):
        message = await client.receive()
        if isinstance(message, Update) and message.over:
            await client.close()
            return message
    raise AssertionError("the game did not end")

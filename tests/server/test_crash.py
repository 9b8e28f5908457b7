"""``kill -9`` of the real server mid-game, restart, reconnect: nothing acknowledged is lost.

On SQLite (default durable sync) and PostgreSQL. A move is in flight at the moment of the
kill; after the restart the client resends it with the same client id, and it is played at
most once.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from saqqara.client import TableClient, create_table
from saqqara.server.messages import Ack, Error, Update
from saqqara.store import Store
from tests.server.harness import ServerProcess
from tests.server.play import play_seat


async def _play_some(client: TableClient, moves: int, rng: random.Random) -> dict[str, int]:
    """Play ``moves`` acknowledged moves; returns client id -> acknowledged seq."""
    acked: dict[str, int] = {}
    while len(acked) < moves:
        message = await client.receive()
        if isinstance(message, Ack):
            acked[message.cid] = message.seq
        elif isinstance(message, Error):
            raise AssertionError(message)
        elif isinstance(message, Update) and message.legal and client.pending is None:
            await client.act(rng.choice(message.legal).id)
    return acked


async def _until_our_move(client: TableClient, last_acked: int) -> None:
    """Read until the client holds the update that follows its last acknowledged move
    and it is that seat's move again: then nothing more is on its way."""
    while True:
        update = client.update
        if update and update.seq >= last_acked and update.legal and client.pending is None:
            return
        message = await client.receive()
        if isinstance(message, Error):
            raise AssertionError(message)


@pytest.mark.parametrize("kill_at", ["in-flight", "answered"])
def test_kill_nine_restart_and_the_game_goes_on(db_url: str, kill_at: str) -> None:
    """``in-flight``: the kill follows the move at once (stored or not, by chance).
    ``answered``: the move was stored and the other seat has answered it, but the ack
    is lost with the kill; the resend is acked and the game goes on from its move."""
    rng = random.Random(3)
    server = ServerProcess(db_url, "--rate", "5000").start()
    try:
        table = create_table(
            server.base,
            "valley-of-the-kings",
            [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
        )
        client = TableClient(table["seats"][0]["link"])

        async def before() -> tuple[dict[str, int], str]:
            await client.connect()
            acked = await _play_some(client, 12, rng)
            await _until_our_move(client, max(acked.values()))
            assert client.update is not None
            in_flight = await client.act(client.update.legal[0].id)
            if kill_at == "answered":
                unacked = client.pending
                ack = await client.receive()
                while not isinstance(ack, Ack | Error):  # an update may come before it
                    ack = await client.receive()
                assert isinstance(ack, Ack) and ack.cid == in_flight, ack
                await _until_our_move(client, ack.seq)
                client.pending = unacked  # the ack never reached the client
            server.kill()  # the move may or may not have been stored
            return acked, in_flight

        acked, in_flight = asyncio.run(before())
        server.start()
        answers: list[Ack | Error] = []

        async def after() -> Update:
            await client.connect()  # resends the unacknowledged move
            while not answers:
                message = await client.receive()
                if isinstance(message, Ack | Error) and message.cid == in_flight:
                    answers.append(message)
            return await play_seat(client, 11)

        final = asyncio.run(after())
        assert final.over and final.outcome is not None
    finally:
        server.close()
    store = Store(db_url)
    logged = store.actions(table["table"])
    row = store.table(table["table"])
    store.close()
    assert row is not None and row.status == "finished"
    by_cid = {a.client_id: a.seq for a in logged if a.client_id is not None}
    for cid, seq in acked.items():
        assert by_cid[cid] == seq  # every acknowledged move is in the log, at its number
    # The move in flight at the kill was resent once reconnected: acknowledged at the seq
    # the log holds (whether it was stored before the kill or after), never played twice.
    assert isinstance(answers[0], Ack), answers
    assert by_cid[in_flight] == answers[0].seq
    assert [a.seq for a in logged] == list(range(1, len(logged) + 1))
    assert logged[-1].seq == final.seq

"""A choice made in a position that was taken back is never played, over real WebSockets:
after an undo and the same seat's new move, the table is at the same sequence number
again, and a move the other seat chose before the undo is refused as ``stale`` (the
update's ``undos``, sent back with the act, tells the two positions apart)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from saqqara.client import TableClient, create_table
from saqqara.server.messages import Ack, Error, Undone, Update
from saqqara.store import Store
from tests.server.answers import next_answer, update_at
from tests.server.harness import ServerProcess


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path / 'stale.db'}"
    with ServerProcess(db, "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


def test_a_move_chosen_before_an_undo_is_refused_after_it(server: ServerProcess) -> None:
    table = create_table(
        server.base,
        "tutankhamun",
        [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}],
        undo=True,
    )
    ann, bo = (TableClient(s["link"]) for s in table["seats"])

    async def scenario() -> tuple[Update, Error, Ack, int]:
        for client in (ann, bo):
            await client.connect()
        for client in (ann, bo):
            while client.update is None or client.update.status != "playing":
                await client.receive()
        start = ann.update
        assert start is not None and start.to_act == [0] and start.undos == 0
        first = start.legal[0].id
        await ann.act(first)
        moved = await next_answer(ann)
        assert isinstance(moved, Ack)
        chosen_in = await update_at(bo, moved.seq)  # Bo sees Ann's move and starts to think
        await update_at(ann, moved.seq)
        await ann.undo()
        assert isinstance(await next_answer(ann), Undone)
        await update_at(ann, moved.seq - 1)
        await ann.act(first)  # the same move again: the same number, the same position
        again = await next_answer(ann)
        assert isinstance(again, Ack) and again.seq == moved.seq

        # Bo's client has not read on: it sends the move he chose before the undo.
        bo.update, bo.seq = chosen_in, chosen_in.seq
        await bo.act(chosen_in.legal[0].id)
        refused = await next_answer(bo)
        while isinstance(refused, Undone):  # the notice on its way before the refusal
            refused = await next_answer(bo)
        assert isinstance(refused, Error)
        latest = await update_at(bo, again.seq)  # the updates after the undo, read at last
        while latest.undos != 1:
            await bo.receive()
            assert bo.update is not None
            latest = bo.update
        await bo.act(latest.legal[0].id)  # chosen in the position that stands: played
        played = await next_answer(bo)
        assert isinstance(played, Ack)
        for client in (ann, bo):
            await client.close()
        return chosen_in, refused, played, again.seq

    chosen_in, refused, played, seq = asyncio.run(scenario())
    assert chosen_in.undos == 0
    assert refused.code == "stale" and "taken back" in refused.message
    assert played.seq == seq + 1
    store = Store(server.db_url)
    logged = store.actions(table["table"])
    store.close()
    assert [a.seat for a in logged[-2:]] == [0, 1] and logged[-1].client_id == played.cid

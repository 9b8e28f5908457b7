"""Undo over real WebSockets: a seat takes back its own last decision while nothing has
happened since, where the table allows it; the log keeps the action, marked undone."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest

from saqqara.client import TableClient, create_table
from saqqara.core.errors import IllegalAction
from saqqara.server.live import LiveTable
from saqqara.server.messages import Ack, Act, Error, Undone
from saqqara.store import PLAYING, SeatRow, Store, TableRow
from tests.server.answers import next_answer, update_at
from tests.server.harness import ServerProcess


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path / 'undo.db'}"
    with ServerProcess(db, "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


async def _seated(server: ServerProcess, game: str, undo: bool) -> tuple[str, list[TableClient]]:
    table = create_table(server.base, game, [{"kind": "person"}] * 2, undo=undo)
    clients = [TableClient(s["link"]) for s in table["seats"]]
    for client in clients:
        await client.connect()
    for client in clients:  # the game starts once both seats are taken
        while client.update is None or client.update.status != "playing":
            await client.receive()
    return table["table"], clients


def test_a_seat_takes_back_its_move_and_plays_another(server: ServerProcess) -> None:
    async def scenario() -> tuple[str, int]:
        table_id, clients = await _seated(server, "valley-of-the-kings", undo=True)
        start = clients[0].update
        assert start is not None and len(start.to_act) == 1
        mover, other = clients[start.to_act[0]], clients[1 - start.to_act[0]]
        before = await update_at(mover, start.seq)
        await mover.act(before.legal[0].id)
        ack = await next_answer(mover)
        assert isinstance(ack, Ack) and ack.seq == before.seq + 1
        assert (await update_at(mover, ack.seq)).undo  # the update offers the undo
        assert not (await update_at(other, ack.seq)).undo
        # a page opened later (a new tab: a new connection from the start) is offered it too
        fresh = TableClient(mover.link)
        await fresh.connect()
        assert (await update_at(fresh, ack.seq)).undo
        await fresh.close()

        await other.undo()  # not the other seat's move to take back
        refused = await next_answer(other)
        assert isinstance(refused, Error) and refused.code == "cannot-undo"
        await mover.sync(before.seq)  # the mover's last update is now an old one
        await update_at(mover, ack.seq)
        mover.seq = before.seq
        await mover.undo()
        stale = await next_answer(mover)
        assert isinstance(stale, Error) and stale.code == "stale"

        mover.seq = ack.seq
        await mover.undo()
        undone = await next_answer(mover)
        assert undone == Undone(ack.seq, before.to_act[0])
        back = await update_at(mover, before.seq)
        assert back.view == before.view and back.legal == before.legal
        assert back.undo == before.undo
        assert await next_answer(other) == undone
        await update_at(other, before.seq)

        await mover.act(before.legal[-1].id)  # another move, at the same number
        again = await next_answer(mover)
        assert isinstance(again, Ack) and again.seq == ack.seq
        await update_at(mover, ack.seq)
        # Now the other seat moves: the first seat's decision can no longer be taken back.
        reply = await update_at(other, ack.seq)
        await other.act(reply.legal[0].id)
        moved = await next_answer(other)
        assert isinstance(moved, Ack)
        assert not (await update_at(mover, moved.seq)).undo
        await mover.undo()
        late = await next_answer(mover)
        assert isinstance(late, Error) and late.code == "cannot-undo"
        for client in clients:
            await client.close()
        return table_id, ack.seq

    table_id, seq = asyncio.run(scenario())
    store = Store(server.db_url)
    standing = store.actions(table_id)
    taken_back = store.undone(table_id)
    store.close()
    assert [a.seq for a in standing] == list(range(1, len(standing) + 1))
    assert [a.seq for a in taken_back] == [seq]
    assert taken_back[0].action != standing[seq - 1].action


def test_undo_is_refused_after_chance_and_where_the_table_does_not_allow_it(
    server: ServerProcess,
) -> None:
    async def scenario() -> list[str]:
        codes = []
        for game, undo in (("curse-of-the-mummy", True), ("valley-of-the-kings", False)):
            _, clients = await _seated(server, game, undo=undo)
            start = clients[0].update
            assert start is not None
            mover = clients[start.to_act[0]]
            update = await update_at(mover, start.seq)
            await mover.act(update.legal[0].id)  # the mummy game: a roll, chance follows
            ack = await next_answer(mover)
            assert isinstance(ack, Ack)
            while mover.update is None or mover.update.seq < ack.seq:
                await mover.receive()
            assert not mover.update.undo  # chance came after the move, or no undo here
            await mover.undo()
            refused = await next_answer(mover)
            assert isinstance(refused, Error)
            codes.append(refused.code)
            for client in clients:
                await client.close()
        return codes

    assert asyncio.run(scenario()) == ["cannot-undo", "undo-off"]


def test_a_move_that_revealed_something_cannot_be_taken_back() -> None:
    row = TableRow("t", "valley-of-the-kings", 2, 1, {}, 0, PLAYING, True, "", 0.0)
    table = LiveTable.new(row, [SeatRow(0, "person", "Ann"), SeatRow(1, "person", "Bo")])
    rng = random.Random(0)
    revealing = None
    while revealing is None:
        seat = table.match.to_act()[0]
        steps = table.match.submit(seat, rng.choice(table.match.legal_actions(seat)))
        table.stored = table.seq
        table.client_ids[seat] = (f"c{table.seq}", table.seq)  # sent by the seat's client
        if len(steps) == 1 and any(e.reveal for e in steps[0].events):
            revealing = steps[0]
        elif len(steps) == 1:
            table.check_undo(seat, table.seq)  # an own move that showed nothing: allowed
    with pytest.raises(IllegalAction, match="revealed") as refused:
        table.check_undo(revealing.seat, table.seq)
    assert refused.value.code == "cannot-undo"


def test_a_move_taken_back_is_not_played_again_when_its_client_id_is_resent(
    server: ServerProcess,
) -> None:
    """A resend never plays a move twice, nor again once it was taken back: its client id,
    sent again (without ``undos``, which only the table's sequence number would check), is
    refused as stale and the log gains nothing."""

    async def scenario() -> tuple[str, int, Error]:
        table_id, clients = await _seated(server, "valley-of-the-kings", undo=True)
        start = clients[0].update
        assert start is not None
        mover = clients[start.to_act[0]]
        before = await update_at(mover, start.seq)
        cid = await mover.act(before.legal[0].id)
        ack = await next_answer(mover)
        assert isinstance(ack, Ack)
        await update_at(mover, ack.seq)
        await mover.undo()
        assert isinstance(await next_answer(mover), Undone)
        await update_at(mover, before.seq)
        resent = Act(seq=before.seq, action=before.legal[0].id, cid=cid)
        await mover.send_raw(msgspec.json.encode(resent).decode())
        refused = await next_answer(mover)
        for client in clients:
            await client.close()
        assert isinstance(refused, Error), refused
        return table_id, before.seq, refused

    table_id, seq, refused = asyncio.run(scenario())
    assert refused.code == "stale" and "taken back" in refused.message
    store = Store(server.db_url)
    standing = store.actions(table_id)
    store.close()
    assert [a.seq for a in standing] == list(range(1, seq + 1))  # nothing played after the undo


def test_a_move_the_stand_in_made_cannot_be_taken_back() -> None:
    """A move stored with no client id was the stand-in bot's (its person away or out of
    time): the person may not take it back and choose again, and the update says so."""
    row = TableRow("t", "tutankhamun", 2, 1, {}, 0, PLAYING, True, "", 0.0, settings={"undo": True})
    table = LiveTable.new(row, [SeatRow(0, "person", "Ann"), SeatRow(1, "person", "Bo")])
    seat = table.match.to_act()[0]
    table.match.submit(seat, table.match.legal_actions(seat)[0])  # by the stand-in: no cid
    table.stored = table.seq
    with pytest.raises(IllegalAction, match="a bot made that move for you") as refused:
        table.check_undo(seat, table.seq)
    assert refused.value.code == "cannot-undo"
    assert not table.may_undo(seat)
    table.client_ids[seat] = ("mine", table.seq)  # had its client sent it: allowed
    assert table.may_undo(seat)

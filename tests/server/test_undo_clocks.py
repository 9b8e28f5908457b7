"""Undo at a table with turn clocks, over real WebSockets against a real server.

The seat that takes its move back decides again with its clock running on as if it had
never moved: no time is given back, also when the server is killed (``kill -9``) and
restarted before or after the undo (the times stored with the action are the clock's
point). The seat whose decision began with the move taken back gets its clock back as it
was. An undo is refused after another seat's move or after chance, with a fixed sentence
that names nothing of the game.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from saqqara.client import SeatLink, TableClient, create_table
from saqqara.server.clocks import ClockRule, TurnClocks, stored_banks
from saqqara.server.messages import Ack, Error, Undone, Update
from saqqara.store import ActionRow, Store
from tests.server.answers import next_answer, update_at
from tests.server.harness import ServerProcess

MOVE = 60.0
GAME = 600.0
THINK = 0.4
"""Seconds the mover thinks before its move."""
WAIT = 0.5
"""Seconds between the move and its undo (the other seat's clock runs meanwhile)."""
CLOCK = {"move": MOVE, "game": GAME}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path / 'undo-clocks.db'}"
    with ServerProcess(db, "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


async def _seated(base: str, game: str = "tutankhamun") -> tuple[str, TableClient, TableClient]:
    """A two-person table with undo and clocks, both seats connected and the game started;
    the table id, the seat to move and the other seat."""
    table = create_table(base, game, [{"kind": "person"}] * 2, undo=True, clock=CLOCK)
    clients = [TableClient(s["link"]) for s in table["seats"]]
    for client in clients:
        await client.connect()
    for client in clients:
        while client.update is None or client.update.status != "playing":
            await client.receive()
    start = clients[0].update
    assert start is not None and len(start.to_act) == 1
    mover = start.to_act[0]
    return table["table"], clients[mover], clients[1 - mover]


async def _think_and_move(mover: TableClient) -> Ack:
    update = mover.update
    assert update is not None and update.legal
    await asyncio.sleep(THINK)
    await mover.act(update.legal[0].id)
    ack = await next_answer(mover)
    assert isinstance(ack, Ack), ack
    while (
        mover.update is None or mover.update.seq < ack.seq
    ):  # with the chance that followed, if any
        await mover.receive()
    return ack


def _undone_row(db_url: str, table_id: str) -> ActionRow:
    store = Store(db_url)
    try:
        rows = store.undone(table_id)
    finally:
        store.close()
    assert len(rows) == 1
    return rows[0]


def test_an_undo_with_clocks_running(server: ServerProcess) -> None:
    """Tutankhamun: a take shows nothing and draws nothing, and the other seat decides
    next, so its clock runs while the mover thinks about taking its move back."""

    async def scenario() -> tuple[str, Update, Update, Error]:
        table_id, mover, other = await _seated(server.base)
        assert mover.welcome is not None and mover.welcome.seat is not None
        m = mover.welcome.seat
        ack = await _think_and_move(mover)
        moved = await update_at(other, ack.seq)
        assert moved.clock is not None and moved.clock.running == moved.to_act != [m]
        await asyncio.sleep(WAIT)
        await mover.undo()
        assert await next_answer(mover) == Undone(ack.seq, m)
        back = await update_at(mover, ack.seq - 1)
        assert await next_answer(other) == Undone(ack.seq, m)
        seen = (await update_at(other, ack.seq - 1)).clock
        assert seen is not None and back.clock is not None
        assert seen.running == back.clock.running == [m]
        assert seen.game_left[1 - m] == back.clock.game_left[1 - m]

        # The mover plays again; once the other seat has answered, nothing is taken back.
        again = await _think_and_move(mover)
        reply = await update_at(other, again.seq)
        await other.act(reply.legal[0].id)
        answered = await next_answer(other)
        assert isinstance(answered, Ack)
        await update_at(mover, answered.seq)
        await mover.undo()
        refused = await next_answer(mover)
        assert isinstance(refused, Error)
        for client in (mover, other):
            await client.close()
        return table_id, moved, back, refused

    table_id, moved, back, refused = asyncio.run(scenario())
    row = _undone_row(server.db_url, table_id)
    m, o = row.seat, 1 - row.seat
    assert row.game_left is not None and row.move_used is not None
    assert row.move_used >= THINK and row.game_left <= GAME - THINK
    assert moved.clock is not None and back.clock is not None
    clock = back.clock
    assert clock.running == back.to_act == [m]
    # The other seat's decision never was: its clock is as it stood before the move.
    shown = moved.clock.game_left[o]
    assert clock.game_left[o] == GAME and shown is not None and GAME - 1 < shown <= GAME
    assert clock.move_left[o] == MOVE
    # The mover's clock ran on through its move and the wait: nothing given back.
    left, move_left = clock.game_left[m], clock.move_left[m]
    assert left is not None and move_left is not None
    assert row.game_left - WAIT - 10 < left <= row.game_left - WAIT
    assert move_left <= MOVE - row.move_used - WAIT
    assert (refused.code, refused.message) == (
        "cannot-undo",
        "the last move was another player's, not yours",
    )


def test_an_undo_after_chance_is_refused_without_telling_what_chance_did(
    server: ServerProcess,
) -> None:
    async def scenario() -> Error:
        _, mover, other = await _seated(server.base, "curse-of-the-mummy")
        await _think_and_move(mover)  # a roll: the dice follow
        await mover.undo()
        refused = await next_answer(mover)
        assert isinstance(refused, Error)
        for client in (mover, other):
            await client.close()
        return refused

    refused = asyncio.run(scenario())
    assert (refused.code, refused.message) == (
        "cannot-undo",
        "the last step was chance's (a draw or a roll), not a move of yours",
    )


def test_undo_across_a_kill_nine_gives_no_time_back(db_url: str) -> None:
    """Two tables, one server, killed at once. At ``before``, the mover took its move back
    before the kill and was deciding again: after the restart it decides with the game
    time and the move time stored with the move taken back. At ``after``, the mover takes
    its move back after the restart: no fresh move limit, no game time back."""
    server = ServerProcess(db_url, "--rate", "5000").start()
    try:

        async def before_kill() -> tuple[list[str], list[int], list[SeatLink]]:
            ids: list[str] = []
            seqs: list[int] = []
            links: list[SeatLink] = []
            for undo_first in (True, False):
                table_id, mover, other = await _seated(server.base)
                ack = await _think_and_move(mover)
                await update_at(other, ack.seq)
                if undo_first:
                    await mover.undo()
                    assert isinstance(await next_answer(mover), Undone)
                    await update_at(mover, ack.seq - 1)
                ids.append(table_id)
                seqs.append(ack.seq)
                links.append(mover.link)
                for client in (mover, other):
                    await client.close()
            return ids, seqs, links

        ids, seqs, links = asyncio.run(before_kill())
        server.kill()
        time.sleep(1.0)  # the server is down: this counts against nobody
        store = Store(db_url)
        taken_back = store.undone(ids[0])
        last = store.actions(ids[1])[-1]
        store.close()
        server.start()

        async def after_restart() -> tuple[Update, Update]:
            resumed = TableClient(links[0])
            await resumed.connect()
            deciding = await update_at(resumed, seqs[0] - 1)
            await resumed.close()
            mover = TableClient(links[1])
            mover.seq = seqs[1]
            await mover.connect()
            await update_at(mover, seqs[1])
            await mover.undo()
            assert isinstance(await next_answer(mover), Undone)
            back = await update_at(mover, seqs[1] - 1)
            await mover.close()
            return deciding, back

        deciding, back = asyncio.run(after_restart())
    finally:
        server.close()
    assert len(taken_back) == 1
    row = taken_back[0]
    assert row.game_left is not None and row.move_used is not None and row.move_used >= THINK
    clock = deciding.clock
    assert clock is not None and clock.running == deciding.to_act == [row.seat]
    left, move_left = clock.game_left[row.seat], clock.move_left[row.seat]
    assert left is not None and move_left is not None
    # Not the full game, nor a fresh move limit: what was stored, less the time since the
    # restart (an update tells the time left when it is sent).
    assert row.game_left - 10 < left <= row.game_left
    assert MOVE - row.move_used - 10 < move_left <= round(MOVE - row.move_used, 3)

    assert last.game_left is not None and last.move_used is not None
    clock = back.clock
    assert clock is not None and clock.running == back.to_act == [last.seat]
    left, move_left = clock.game_left[last.seat], clock.move_left[last.seat]
    assert left is not None and move_left is not None
    assert last.game_left - 10 < left <= last.game_left
    assert move_left <= round(MOVE - last.move_used, 3)  # not a fresh move limit


def test_the_clock_arithmetic_of_an_undo() -> None:
    clocks = TurnClocks(ClockRule(move=30, game=100), 2)
    clocks.tick(10.0, [0], [])
    clocks.tick(14.0, [1], [0])  # seat 0 moved after 4 s; seat 1's clock runs
    assert clocks.view().game_left == [96, 100] and clocks.move_used(1, 16.0) == 2.0
    clocks.rescind(0, 17.0)  # seat 0 takes its move back 3 s later
    clocks.tick(17.0, [0], [])
    clocks.take_back(0, 17.0)
    view = clocks.view()
    assert view.running == [0] and view.game_left == [93, 100]  # seat 1: as it was
    assert view.move_left == [23, 30]  # seat 0: 4 s deciding and 3 s before the undo
    assert clocks.deadline() == 10.0 + 30

    # After a restart nothing is known but what the log stored with the action.
    restarted = TurnClocks(ClockRule(move=30, game=100), 2, [96, None])
    restarted.tick(50.0, [1], [])
    restarted.resumed(0, 50.0)
    restarted.rescind(0, 52.0)
    restarted.tick(52.0, [0], [])
    restarted.take_back(0, 52.0, used=4.0)
    view = restarted.view()
    assert view.game_left == [94, 100] and view.move_left == [24, 30]

    assert stored_banks(3, [(0, 50.0), (1, None), (0, 41.5), (-1, 3.0), (0, 45.0)]) == [
        41.5,
        None,
        None,
    ]


def test_an_update_tells_the_time_left_when_it_is_sent() -> None:
    """A client counts down from an update's arrival, so the clocks it carries are those
    of the moment it is sent (a reconnect long after the step is told the time left)."""
    clocks = TurnClocks(ClockRule(move=30, game=100), 2)
    clocks.tick(10.0, [0], [])
    assert clocks.view().move_left == [30, 30]  # as the step left them
    later = clocks.view(22.5)
    assert later.move_left == [17.5, 30] and later.game_left == [87.5, 100]
    assert later.running == [0]

"""One seat cannot break a table by reusing its client ids (docs/protocol.md, "Resending"),
over a real server: while three connections of one seat send its older client ids with
moves that are legal now, as fast as they are answered, the other seat's moves and the
seat's own honest moves are all accepted, the game goes on, and every new connection gets
its welcome and then its first update."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from saqqara.client import TableClient, create_table
from saqqara.server.messages import Ack, Error, Update, Welcome
from saqqara.store import Store
from tests.server.answers import next_answer
from tests.server.harness import ServerProcess

HONEST_MOVES = 40
"""Moves the honest seats play while the reused ids fly."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path / 'reused.db'}"
    with ServerProcess(db, "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


def test_reused_client_ids_under_load_change_nothing_for_the_other_seats(
    server: ServerProcess,
) -> None:
    seats = [{"kind": "person", "name": n} for n in ("Ann", "Bo")]
    table = create_table(server.base, "tutankhamun", seats)
    links = [s["link"] for s in table["seats"]]
    ann, bo = (TableClient(link) for link in links)
    refusals: list[str] = []
    acks_to_reused: list[Ack] = []
    first_updates: list[bool] = []

    async def play(ids: Iterator[str], used: list[str], moves: int) -> None:
        """Play ``moves`` moves, each by the seat to act, under a fresh id; every one must
        be accepted (made against the latest update: the honest seats wait for each other)."""
        for _ in range(moves):
            assert ann.update is not None
            if ann.update.over:
                return
            seat = ann.update.to_act[0]
            mover = (ann, bo)[seat]
            assert mover.update is not None and mover.update.seq == ann.update.seq
            cid = f"{next(ids)}-seat{seat}"
            await mover.act(mover.update.legal[0].id, cid=cid)
            answer = await next_answer(mover)
            assert isinstance(answer, Ack), (cid, answer)
            if seat == 0:
                used.append(cid)
            for client in (ann, bo):
                while client.update is None or client.update.seq < answer.seq:
                    await client.receive()

    async def reuse(link: str, old: list[str], stop: asyncio.Event) -> None:
        """Send the seat's older ids with moves legal now, one after each answer."""
        client = TableClient(link)
        await client.connect()
        try:
            for n in itertools.count():
                if stop.is_set():
                    return
                while client.update is None:
                    await client.receive()
                ids = [a.id for a in client.update.legal] or [0]  # legal now, when it may act
                await client.act(ids[n % len(ids)], cid=old[n % len(old)])
                answer = await next_answer(client)
                if isinstance(answer, Error):
                    refusals.append(answer.code)
                else:
                    assert isinstance(answer, Ack)
                    acks_to_reused.append(answer)
        finally:
            await client.close()

    async def newcomers(stop: asyncio.Event) -> None:
        """Connect afresh again and again: each gets its welcome, then an update."""
        while not stop.is_set():
            watcher = TableClient(links[1])
            try:
                assert isinstance(await watcher.connect(), Welcome)
                first = await watcher.receive(timeout=10)
                first_updates.append(isinstance(first, Update))
            finally:
                await watcher.close()
            await asyncio.sleep(0.05)

    async def scenario() -> list[str]:
        for client in (ann, bo):
            await client.connect()
        for client in (ann, bo):
            while client.update is None or client.update.status != "playing":
                await client.receive()
        ann_used: list[str] = []
        ids = (f"honest-{n}" for n in itertools.count())
        await play(ids, ann_used, 6)  # Ann's first moves: the ids she will send again
        old = list(ann_used)
        stop = asyncio.Event()
        noise = [asyncio.ensure_future(reuse(links[0], old, stop)) for _ in range(3)]
        arrivals = asyncio.ensure_future(newcomers(stop))
        try:
            await play(ids, ann_used, HONEST_MOVES)
        finally:
            stop.set()
            for task in [*noise, arrivals]:
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.wait_for(task, 15)
            for client in (ann, bo):
                await client.close()
        return ann_used

    ann_used = asyncio.run(scenario())
    assert len(refusals) + len(acks_to_reused) > 50, "the noise did not run"
    assert set(refusals) <= {"cid-reused"}, set(refusals)
    assert first_updates and all(first_updates), first_updates
    store = Store(server.db_url)
    logged = store.actions(table["table"])
    store.close()
    by_cid = {a.client_id: a.seq for a in logged if a.client_id is not None}
    for ack in acks_to_reused:  # only the same move again: the original ack
        assert by_cid[ack.cid] == ack.seq
    assert [cid for cid in by_cid if cid.endswith("seat0")] == ann_used  # each played once

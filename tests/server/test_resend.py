"""A resent move plays nothing, over real WebSockets: the table keeps only each seat's
latest client id in memory, and a move resent under an older one (after the seat has
moved again) is answered from the store with its original ``ack``, as the protocol says
("Resending an act with a cid the server has already stored for that seat")."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from saqqara.client import TableClient, create_table
from saqqara.server.messages import Ack, Error
from saqqara.store import Store
from tests.server.answers import next_answer
from tests.server.harness import ServerProcess


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path / 'resend.db'}"
    with ServerProcess(db, "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


def test_a_move_resent_under_an_older_client_id_is_acked_and_not_played(
    server: ServerProcess,
) -> None:
    table = create_table(
        server.base, "tutankhamun", [{"kind": "person", "name": n} for n in ("Ann", "Bo")]
    )
    ann, bo = (TableClient(s["link"]) for s in table["seats"])

    async def scenario() -> tuple[dict[str, Ack], Ack, Ack, Error]:
        for client in (ann, bo):
            await client.connect()
        for client in (ann, bo):
            while client.update is None or client.update.status != "playing":
                await client.receive()
        acks: dict[str, Ack] = {}
        moves = [0, 0]
        while min(moves) < 2:  # two moves each: each seat's second is its latest
            assert ann.update is not None and ann.update.to_act, ann.update
            seat = ann.update.to_act[0]
            mover = (ann, bo)[seat]
            assert mover.update is not None and mover.update.legal, mover.update
            cid = f"seat{seat}-move{moves[seat]}"
            await mover.act(mover.update.legal[0].id, cid=cid)
            answer = await next_answer(mover)
            assert isinstance(answer, Ack), answer
            acks[cid] = answer
            moves[seat] += 1
            for client in (ann, bo):
                while client.update is None or client.update.seq < answer.seq:
                    await client.receive()
        stands = ann.seq
        ann.seq = acks["seat0-move0"].seq - 1  # as the client sent it: the update before
        await ann.act(0, cid="seat0-move0")  # older than Ann's latest
        older = await next_answer(ann)
        ann.seq = acks["seat0-move1"].seq - 1
        await ann.act(0, cid="seat0-move1")  # Ann's latest
        latest = await next_answer(ann)
        ann.seq = stands
        await ann.act(10**6, cid="never-stored")  # no such move, no such client id
        refused = await next_answer(ann)
        assert isinstance(older, Ack) and isinstance(latest, Ack), (older, latest)
        assert isinstance(refused, Error), refused
        for client in (ann, bo):
            await client.close()
        return acks, older, latest, refused

    acks, older, latest, refused = asyncio.run(scenario())
    assert (older.cid, older.seq) == ("seat0-move0", acks["seat0-move0"].seq)
    assert (latest.cid, latest.seq) == ("seat0-move1", acks["seat0-move1"].seq)
    assert refused.cid == "never-stored"
    store = Store(server.db_url)
    logged = store.actions(table["table"])
    store.close()
    stored = {a.client_id: a.seq for a in logged if a.client_id is not None}
    assert stored == {cid: ack.seq for cid, ack in acks.items()}  # each played once


def test_a_legal_move_sent_under_an_older_client_id_is_acked_as_a_resend(
    server: ServerProcess,
) -> None:
    """A client that sends a new, legal move under a client id it used for an earlier move
    (older than its latest) is answered with the earlier move's ``ack``, and nothing is
    played: the store refuses the second use of the id, the table goes back to what the
    store holds, and the game goes on from there."""
    table = create_table(
        server.base, "tutankhamun", [{"kind": "person", "name": n} for n in ("Ann", "Bo")]
    )
    ann, bo = (TableClient(s["link"]) for s in table["seats"])

    async def play_one(mover: TableClient, cid: str) -> Ack:
        assert mover.update is not None and mover.update.legal, mover.update
        await mover.act(mover.update.legal[0].id, cid=cid)
        answer = await next_answer(mover)
        assert isinstance(answer, Ack), answer
        for client in (ann, bo):
            while client.update is None or client.update.seq < answer.seq:
                await client.receive()
        return answer

    async def scenario() -> tuple[Ack, Ack, Ack, int]:
        for client in (ann, bo):
            await client.connect()
        for client in (ann, bo):
            while client.update is None or client.update.status != "playing":
                await client.receive()
        moves = [0, 0]
        first: Ack | None = None
        while True:  # until Ann is to move with two moves of hers played
            assert ann.update is not None and ann.update.to_act, ann.update
            seat = ann.update.to_act[0]
            if seat == 0 and moves[0] >= 2:
                break
            ack = await play_one((ann, bo)[seat], f"seat{seat}-move{moves[seat]}")
            if (seat, moves[seat]) == (0, 0):
                first = ack
            moves[seat] += 1
        assert first is not None
        before = ann.update.seq
        reused = await play_one(ann, "seat0-move0")  # legal now, but an old client id
        again = await play_one(ann, "seat0-fresh")
        for client in (ann, bo):
            await client.close()
        return first, reused, again, before

    first, reused, again, before = asyncio.run(scenario())
    assert (reused.cid, reused.seq) == ("seat0-move0", first.seq)
    assert again.seq == before + 1  # the reused id played nothing: the next move is next
    store = Store(server.db_url)
    logged = store.actions(table["table"])
    store.close()
    assert [a.seq for a in logged if a.client_id == "seat0-move0"] == [first.seq]
    assert [a.seq for a in logged if a.client_id == "seat0-fresh"] == [again.seq]

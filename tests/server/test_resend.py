"""A resent move plays nothing, over real WebSockets: the table keeps a digest of every
client id it stored with the move's notation, and a move resent under an older one (after
the seat has moved again) is answered with its original ``ack``, as the protocol says
("Resending"); the same id with another move is ``cid-reused``."""

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
        sent: dict[str, int] = {}
        moves = [0, 0]
        while min(moves) < 2:  # two moves each: each seat's second is its latest
            assert ann.update is not None and ann.update.to_act, ann.update
            seat = ann.update.to_act[0]
            mover = (ann, bo)[seat]
            assert mover.update is not None and mover.update.legal, mover.update
            cid = f"seat{seat}-move{moves[seat]}"
            sent[cid] = mover.update.legal[0].id
            await mover.act(sent[cid], cid=cid)
            answer = await next_answer(mover)
            assert isinstance(answer, Ack), answer
            acks[cid] = answer
            moves[seat] += 1
            for client in (ann, bo):
                while client.update is None or client.update.seq < answer.seq:
                    await client.receive()
        stands = ann.seq
        ann.seq = acks["seat0-move0"].seq - 1  # as the client sent it: the update before
        await ann.act(sent["seat0-move0"], cid="seat0-move0")  # older than Ann's latest
        older = await next_answer(ann)
        ann.seq = acks["seat0-move1"].seq - 1
        await ann.act(sent["seat0-move1"], cid="seat0-move1")  # Ann's latest
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


def test_an_older_client_id_with_another_legal_move_is_refused_and_nothing_changes(
    server: ServerProcess,
) -> None:
    """A client that sends a new, legal move under a client id it used for an earlier move
    is refused with ``cid-reused`` before anything is applied: nothing is played, the
    table is not rebuilt, and the same move under a fresh id is then played at once. The
    old id with its own move again is a resend, answered with the original ``ack``."""
    table = create_table(
        server.base, "tutankhamun", [{"kind": "person", "name": n} for n in ("Ann", "Bo")]
    )
    ann, bo = (TableClient(s["link"]) for s in table["seats"])

    async def play_one(mover: TableClient, cid: str, action: int | None = None) -> Ack | Error:
        assert mover.update is not None and mover.update.legal, mover.update
        await mover.act(mover.update.legal[0].id if action is None else action, cid=cid)
        answer = await next_answer(mover)
        assert isinstance(answer, Ack | Error), answer
        if isinstance(answer, Ack):
            for client in (ann, bo):
                while client.update is None or client.update.seq < answer.seq:
                    await client.receive()
        return answer

    async def scenario() -> tuple[Ack, int, Ack | Error, Ack | Error, Ack | Error, int]:
        for client in (ann, bo):
            await client.connect()
        for client in (ann, bo):
            while client.update is None or client.update.status != "playing":
                await client.receive()
        moves = [0, 0]
        first: Ack | None = None
        first_action = -1
        while True:  # until Ann is to move with two moves of hers played
            assert ann.update is not None and ann.update.to_act, ann.update
            seat = ann.update.to_act[0]
            if seat == 0 and moves[0] >= 2:
                break
            mover = (ann, bo)[seat]
            assert mover.update is not None
            action = mover.update.legal[0].id
            ack = await play_one(mover, f"seat{seat}-move{moves[seat]}")
            assert isinstance(ack, Ack), ack
            if (seat, moves[seat]) == (0, 0):
                first, first_action = ack, action
            moves[seat] += 1
        assert first is not None
        before = ann.update.seq
        legal = [a.id for a in ann.update.legal if a.id != first_action]
        reused = await play_one(ann, "seat0-move0", legal[0])  # legal now, but an old cid
        resent = await play_one(ann, "seat0-move0", first_action)  # the old move: a resend
        again = await play_one(ann, "seat0-fresh", legal[0])
        for client in (ann, bo):
            await client.close()
        return first, before, reused, resent, again, ann.seq

    first, before, reused, resent, again, after = asyncio.run(scenario())
    assert isinstance(reused, Error) and (reused.code, reused.cid) == ("cid-reused", "seat0-move0")
    assert isinstance(resent, Ack) and (resent.cid, resent.seq) == ("seat0-move0", first.seq)
    assert isinstance(again, Ack) and again.seq == before + 1  # nothing was played before it
    assert after >= again.seq
    store = Store(server.db_url)
    logged = store.actions(table["table"])
    store.close()
    assert [a.seq for a in logged if a.client_id == "seat0-move0"] == [first.seq]
    assert [a.seq for a in logged if a.client_id == "seat0-fresh"] == [again.seq]

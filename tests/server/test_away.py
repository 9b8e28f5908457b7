"""A person gone longer than the table's ``away_after`` is played by a bot until they return."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from saqqara.client import SeatLink, TableClient, create_table, http_json
from saqqara.server.messages import Error, Update
from saqqara.store import Store
from tests.server.harness import ServerProcess
from tests.server.play import play_seat


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path / 'away.db'}"
    with ServerProcess(db, "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


def test_a_bot_stands_in_for_an_absent_person_until_they_return(server: ServerProcess) -> None:
    table = create_table(
        server.base, "tutankhamuns-revenge", [{"kind": "person"}] * 2, away_after=1
    )
    links = [s["link"] for s in table["seats"]]
    store = Store(server.db_url)

    def seat_one_moves() -> int:
        return sum(1 for a in store.actions(table["table"]) if a.seat == 1)

    told_on_return: list[tuple[int, int]] = []

    async def scenario() -> tuple[Update, Update]:
        bo = TableClient(links[1])
        await bo.connect()
        await bo.until_update()
        await bo.close()  # Bo goes away at the start
        ann = TableClient(links[0])
        await ann.connect()
        acted_on = -1
        while True:  # Ann plays until the stand-in has played two of Bo's turns
            message = await ann.receive()
            if isinstance(message, Error):
                assert message.code == "stale", message
                await ann.sync()
                continue
            update = ann.update
            if not (update and update.legal and ann.pending is None and update.seq != acted_on):
                continue
            if seat_one_moves() >= 2:
                break  # and waits on her move: the game cannot end while Bo is away
            acted_on = update.seq
            await ann.act(update.legal[0].id)
        bo = TableClient(links[1])
        await bo.connect()  # Bo is back and plays himself from now on
        back = await bo.until_update()
        told_on_return.extend((s.seq, s.seat) for s in back.stand_in)
        bo_game, ann_final = await asyncio.gather(play_seat(bo, 2), play_seat(ann, 1))
        return ann_final, bo_game

    ann_final, bo_final = asyncio.run(scenario())
    logged = store.actions(table["table"])
    store.close()
    assert ann_final.over and bo_final.over
    bo_moves = [a for a in logged if a.seat == 1]
    assert bo_moves[0].client_id is None  # the stand-in's moves carry no client id
    first_own = next(i for i, a in enumerate(bo_moves) if a.client_id is not None)
    assert first_own >= 2 and all(a.client_id for a in bo_moves[first_own:])
    # Bo's first update on his return tells the game from its start, and marks the
    # stand-in's moves for him as such (the first two at least: more may follow it).
    assert len(told_on_return) >= 2
    assert told_on_return == [(a.seq, 1) for a in bo_moves[: len(told_on_return)]]


def test_without_away_after_the_seat_waits(server: ServerProcess) -> None:
    table = create_table(server.base, "tutankhamuns-revenge", [{"kind": "person"}] * 2)
    links = [s["link"] for s in table["seats"]]

    async def scenario() -> Update:
        bo = TableClient(links[1])
        await bo.connect()
        await bo.until_update()
        await bo.close()
        ann = TableClient(links[0])
        await ann.connect()
        update = await ann.until_update()
        while 1 not in update.to_act:
            await ann.act(update.legal[0].id)
            update = await ann.until_update()
        await asyncio.sleep(1.5)  # nobody plays for Bo
        await ann.sync()
        waiting = await ann.until_update()
        await ann.close()
        return waiting

    waiting = asyncio.run(scenario())
    assert 1 in waiting.to_act


def test_a_person_who_never_comes_back_to_the_rematch_is_played_by_a_bot(
    server: ServerProcess,
) -> None:
    """The rematch plays at once; a person who does not come back to it is away from the
    start, so after ``away_after`` the stand-in plays their seat (as at a new table)."""
    table = create_table(
        server.base, "tutankhamuns-revenge", [{"kind": "person"}] * 2, away_after=1
    )
    links = [SeatLink.parse(s["link"]) for s in table["seats"]]

    async def first_game() -> None:
        await asyncio.gather(
            play_seat(TableClient(links[0]), 1), play_seat(TableClient(links[1]), 2)
        )

    asyncio.run(first_game())
    body = {"seat": 0, "key": links[0].key}
    rematch = http_json(server.base, f"/api/tables/{table['table']}/rematch", body)["table"]
    ann = TableClient(SeatLink(links[0].base, rematch, 0, links[0].key))
    final = asyncio.run(play_seat(ann, 3))  # Bo never comes: the stand-in plays him
    store = Store(server.db_url)
    logged = store.actions(rematch)
    store.close()
    assert final.over
    assert any(a.seat == 1 and a.client_id is None for a in logged)

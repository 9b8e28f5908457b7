"""A table rebuilt after the store refused a write goes on for everybody else: a move of the
same seat that waited for the table while the failed write was under way is played on the
rebuilt table (never ``game-over`` while the game is in play), and a connection that
arrived meanwhile gets its first update. The server runs in this test's event loop (a real
uvicorn and real WebSockets), so that its writer can be made to fail at a chosen moment."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from starlette.applications import Starlette

from saqqara.client import TableClient
from saqqara.server.app import create_app
from saqqara.server.messages import Ack, Error, Undone, Update, Welcome
from saqqara.server.service import TableService
from saqqara.server.sockets import Direct
from tests.server.answers import next_answer, two_people_playing
from tests.server.harness import in_process_uvicorn


class FailingWrite:
    """Wraps a writer's ``write``: once armed, the next write waits for :attr:`gate`, then
    fails as a store that lost its connection does."""

    def __init__(self, write: Any) -> None:
        self.write = write
        self.armed = False
        self.started = asyncio.Event()
        self.gate = asyncio.Event()

    async def __call__(self, *args: Any, **named: Any) -> None:
        if not self.armed:
            await self.write(*args, **named)
            return
        self.armed = False
        self.started.set()
        await self.gate.wait()
        raise RuntimeError("the store went away")


def test_a_rebuild_after_a_failed_write_answers_waiting_moves_and_new_connections(
    tmp_path: Path,
) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'rebuild.db'}", rate=5000, burst=5000)
    assert isinstance(app, Direct)  # a server alone: the Starlette app behind it
    starlette = app.app
    assert isinstance(starlette, Starlette)

    async def scenario() -> tuple[Error, Ack | Error | Undone, Update, Update, int]:
        async with in_process_uvicorn(app, lifespan="on") as (port, _):
            base = f"http://127.0.0.1:{port}"
            made, ann, bo = await two_people_playing(base)
            links = [s["link"] for s in made["seats"]]
            assert ann.update is not None and ann.update.to_act == [0], ann.update
            start = ann.update.seq
            service: TableService = starlette.state.service
            failing = FailingWrite(service.writer.write)
            service.writer.write = failing  # type: ignore[method-assign]
            failing.armed = True
            move = ann.update.legal[0].id
            await ann.act(move, cid="lost")
            await failing.started.wait()  # applied in memory, its write under way
            second = TableClient(links[0])  # Ann's other tab: the same move, a new id
            second.seq = start  # (its first update comes once the write is over)
            await second.connect()
            await second.act(move, cid="again")
            newcomer = TableClient(links[1])  # arrives while the write is under way
            assert isinstance(await newcomer.connect(), Welcome)
            await asyncio.sleep(0.2)  # the second move now waits for the table's lock
            failing.gate.set()
            refused = await next_answer(ann)
            assert isinstance(refused, Error), refused
            answered = await next_answer(second)
            first = await newcomer.until_update()
            late = TableClient(links[1])
            await late.connect()
            late_first = await late.until_update()
            for client in (ann, bo, second, newcomer, late):
                await client.close()
            return refused, answered, first, late_first, start

    refused, answered, first, late_first, start = asyncio.run(scenario())
    assert (refused.code, refused.cid) == ("store-failed", "lost")
    assert isinstance(answered, Ack), answered  # played on the rebuilt table
    assert answered.seq == start + 1
    assert first.status == "playing" and late_first.status == "playing"
    assert late_first.seq >= start + 1

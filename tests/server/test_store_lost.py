"""A process that lost its store answers a move with ``store-failed`` and keeps the socket
(issue 34: a trial's move to a process cut from PostgreSQL crashed the socket with
"Exception in ASGI application"). The table waits aside, nothing of the refused move
kept, and goes on as the store holds it once the store answers again. The server runs in
this test's event loop, reaching PostgreSQL through a proxy the test cuts."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from saqqara.client import ClientError, TableClient
from saqqara.server.app import create_app
from saqqara.server.messages import Ack, Error, Pong
from tests.server.answers import next_answer, two_people_playing
from tests.server.conftest import fresh_pg_schema
from tests.server.harness import in_process_uvicorn
from tests.server.proxy import Proxy


@pytest.fixture
def schema_url(pg_available: bool) -> Iterator[str]:
    if not pg_available:
        pytest.skip("PostgreSQL is not reachable (CI never skips this)")
    with fresh_pg_schema("l") as url:
        yield url


def test_a_move_to_a_process_cut_from_its_store_is_refused_and_the_socket_stays(
    schema_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR)
    proxy = Proxy(5432).mend()
    app = create_app(proxy.url(schema_url), rate=5000, burst=5000)

    async def scenario() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        async with in_process_uvicorn(app, lifespan="on") as (port, _):
            base = f"http://127.0.0.1:{port}"
            made, ann, bo = await two_people_playing(base)
            table_id = made["table"]
            links = [s["link"] for s in made["seats"]]
            assert ann.update is not None and ann.update.to_act == [0], ann.update
            start = ann.update.seq
            move = ann.update.legal[0].id
            proxy.cut()  # the store is gone for this process
            await ann.act(move, cid="cut")
            seen["refused"] = await next_answer(ann)
            await ann.send_raw('{"type": "ping"}')
            seen["pong"] = await ann.receive()  # the socket is still there
            await ann.act(move, cid="again")  # the table waits aside: refused again
            seen["again"] = await next_answer(ann)
            try:
                await TableClient(links[1]).connect()
            except ClientError as exc:
                seen["connect"] = exc.code
            async with httpx.AsyncClient(base_url=base) as http:
                info = await http.get(f"/api/tables/{table_id}")
                seen["info"] = info.status_code, info.json()["error"]["code"]
                seen["ready"] = (await http.get("/readyz")).status_code
                proxy.mend()
                # Read back within a few seconds of the store's return, untouched by the
                # refused moves: both seats are told the table as it stands.
                for client in (ann, bo):
                    update = await client.until_update(timeout=15)
                    assert update.seq == start and update.to_act == [0], update
                for _ in range(100):
                    if (await http.get("/readyz")).status_code == 200:
                        break
                    await asyncio.sleep(0.1)
                seen["ready_again"] = (await http.get("/readyz")).status_code
            await ann.act(move, cid="back")
            seen["back"] = await next_answer(ann)
            seen["start"] = start
            for client in (ann, bo):
                await client.close()
        return seen

    try:
        seen = asyncio.run(scenario())
    finally:
        proxy.cut()
    refused, again = seen["refused"], seen["again"]
    assert isinstance(refused, Error) and (refused.code, refused.cid) == ("store-failed", "cut")
    assert isinstance(seen["pong"], Pong)
    assert isinstance(again, Error) and (again.code, again.cid) == ("store-failed", "again")
    assert seen["connect"] == "store-failed"
    assert seen["info"] == (503, "store-failed")
    assert seen["ready"] == 503 and seen["ready_again"] == 200
    back = seen["back"]
    assert isinstance(back, Ack) and back.seq == seen["start"] + 1, back
    crashes = [r for r in caplog.records if "Exception in ASGI application" in r.getMessage()]
    assert not crashes, crashes

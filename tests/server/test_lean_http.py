"""The lean HTTP protocol (``server/lean_http.py``): a real uvicorn serving requests and
WebSocket upgrades through it leaves no connection's objects to the garbage collector,
where uvicorn's own protocol leaves some for every WebSocket."""

from __future__ import annotations

import asyncio
import gc

import httpx
import pytest
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from websockets.asyncio.client import connect

from saqqara.server.lean_http import LeanHttpProtocol
from saqqara.server.lean_socket import LeanWSProtocol
from tests.server.harness import in_process_uvicorn


def _left_to_the_collector(http: type[HttpToolsProtocol], connections: int) -> int:
    """How many HTTP protocols ``connections`` requests and as many WebSockets, each on a
    connection of its own, left in reference cycles."""

    async def scenario() -> None:
        async with in_process_uvicorn(http=http, ws=LeanWSProtocol) as (port, _):
            for n in range(connections):
                async with httpx.AsyncClient(headers={"connection": "close"}) as client:
                    answer = await client.get(f"http://127.0.0.1:{port}/p{n}")
                    assert answer.text == f"/p{n}"
                async with connect(f"ws://127.0.0.1:{port}/ws/{n}") as socket:
                    await socket.send(f"m{n}")
                    assert await socket.recv() == f"m{n}m{n}"
            await asyncio.sleep(0.05)  # the server sees the last connection go

    gc.collect()
    gc.disable()  # what cycles are left stays until the count below
    try:
        asyncio.run(scenario())
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        left = sum(isinstance(found, HttpToolsProtocol) for found in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    return left


@pytest.mark.parametrize("http", [HttpToolsProtocol, LeanHttpProtocol])
def test_connections_leave_their_http_protocols_to_reference_counting(
    http: type[HttpToolsProtocol],
) -> None:
    left = _left_to_the_collector(http, 10)
    if http is LeanHttpProtocol:
        assert left == 0
    else:
        assert left >= 10  # uvicorn's own, each WebSocket's: what the lean one is for

"""The lean WebSocket protocol (``server/lean_socket.py``): its inbox and flag behave as the
asyncio queue and event they stand for, and a real uvicorn serves WebSockets through it."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
from wsproto.connection import Connection, ConnectionType
from wsproto.events import TextMessage

from saqqara.server.lean_socket import Flag, Inbox, LeanWSProtocol, text_frame
from tests.server.harness import in_process_uvicorn


def test_inbox_gives_messages_in_order_and_waits_for_the_next() -> None:
    async def scenario() -> list[Any]:
        inbox = Inbox()
        assert inbox.empty()
        inbox.put_nowait({"type": "websocket.connect"})
        inbox.put_nowait({"type": "websocket.receive", "text": "1"})
        got = [await inbox.get(), await inbox.get()]
        assert inbox.empty()
        waiting = asyncio.ensure_future(inbox.get())
        await asyncio.sleep(0)
        assert not waiting.done()
        inbox.put_nowait({"type": "websocket.disconnect", "code": 1000})
        got.append(await waiting)
        return got

    got = asyncio.run(scenario())
    kinds = [m["type"] for m in got]
    assert kinds == ["websocket.connect", "websocket.receive", "websocket.disconnect"]


def test_a_cancelled_waiter_wakes_no_other() -> None:
    async def scenario() -> None:
        inbox, flag = Inbox(), Flag()
        gets = [asyncio.ensure_future(inbox.get()) for _ in range(2)]
        waits = [asyncio.ensure_future(flag.wait()) for _ in range(2)]
        await asyncio.sleep(0)
        gets[0].cancel()
        waits[0].cancel()
        await asyncio.sleep(0)
        assert not gets[1].done() and not waits[1].done()
        inbox.put_nowait({"type": "websocket.receive", "text": "x"})
        flag.set()
        assert await gets[1] == {"type": "websocket.receive", "text": "x"}
        assert await waits[1] is True

    asyncio.run(scenario())


def test_the_flag_waits_only_while_cleared() -> None:
    async def scenario() -> None:
        flag = Flag()
        assert not flag.is_set()
        flag.set()
        assert flag.is_set() and await flag.wait() is True
        flag.clear()
        waiting = asyncio.ensure_future(flag.wait())
        await asyncio.sleep(0)
        assert not waiting.done()
        flag.set()
        assert await waiting is True

    asyncio.run(scenario())


def test_uvicorn_serves_websockets_through_it_keeping_only_the_frame_layer() -> None:
    async def scenario() -> None:
        async with (
            in_process_uvicorn(ws=LeanWSProtocol) as (port, server),
            connect(f"ws://127.0.0.1:{port}/ws/x") as socket,
        ):
            for n in range(50):
                await socket.send(f"m{n}")
                assert await socket.recv() == f"m{n}m{n}"
            (protocol,) = server.server_state.connections
            assert isinstance(protocol, LeanWSProtocol)
            assert isinstance(protocol.conn, Connection)  # the handshake let go
            assert vars(protocol) == {}  # every attribute uvicorn sets has its slot
            big = "é" * 200_000  # echoed twice over the transport's write limit: flow control
            await socket.send(big)
            await socket.send(big)
            assert await socket.recv() == big * 2
            assert await socket.recv() == big * 2
            await socket.send("bye")
            with pytest.raises(ConnectionClosed) as closed:
                await socket.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4000

    asyncio.run(scenario())


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_text_frame_is_the_one_wsproto_makes(size: int) -> None:
    for text in ("x" * size, ("é" * size)[: max(size // 2, 0)], "Ankh ☥ " + "z" * size):
        server = Connection(ConnectionType.SERVER)
        made = server.send(TextMessage(data=text))
        assert text_frame(text) == made
        client = Connection(ConnectionType.CLIENT)
        client.receive_data(made)
        (received,) = client.events()
        assert isinstance(received, TextMessage) and received.data == text

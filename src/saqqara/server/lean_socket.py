"""uvicorn's wsproto WebSocket protocol, keeping less for each open connection.

A live table holds its people's WebSockets for as long as it is played, so what an idle
connection keeps is paid twice per table (docs/architecture.md, "Fourth pass"). uvicorn's
protocol (``uvicorn.protocols.websockets.wsproto_impl``) keeps, besides the frame layer:
an ``asyncio.Queue`` for received messages (three deques, each allocating a 64-slot block
even when empty: some 1.9 KB), an ``asyncio.Event`` for the transport's write flow control
(one more), and wsproto's handshake machinery (an h11 connection, its buffers and its event
deque), which is of no use once the upgrade is answered. :class:`LeanWSProtocol` is that
protocol with the same framing (wsproto's), the same ASGI messages and the same flow
control, keeping instead:

- the received messages in a list, with one future only while the application waits;
- the writable flag as a bool, with one future only while a write waits;
- wsproto's frame layer alone after the handshake (``WSConnection.connection``, which
  answers the same ``send``, ``receive_data``, ``events`` and ``state`` uvicorn calls);
- uvicorn's own attributes in slots: its 33 outgrow CPython's shared-key instance dicts (30
  at most), so each connection had a dict of its own (1.6 KB); a slot is 8 bytes. An
  attribute a later uvicorn adds goes to the instance dict as before
  (``tests/server/test_lean_socket.py`` names it).

Once the upgrade is answered, a text message is framed here (:func:`text_frame`: the
bytes wsproto's frame layer makes for it, without its event objects, state machine
calls and copies) and written to the transport, under the same checks uvicorn makes
first; anything else (a close, binary data, a compressing connection) goes through
uvicorn and wsproto as before.

``saqqara serve`` hands it to uvicorn as its ``ws`` protocol class.
"""

from __future__ import annotations

import asyncio
from typing import Literal

from uvicorn._types import ASGISendEvent, WebSocketEvent
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.wsproto_impl import WSProtocol
from wsproto import WSConnection
from wsproto.connection import Connection, ConnectionState


def text_frame(text: str) -> bytes:
    """One unmasked, final text frame of ``text`` (RFC 6455 section 5.2), as a server
    sends it without extensions: the same bytes as wsproto's ``send_data``."""
    payload = text.encode("utf-8")
    size = len(payload)
    if size < 126:
        return bytes((0x81, size)) + payload
    if size < 1 << 16:
        return b"\x81\x7e" + size.to_bytes(2, "big") + payload
    return b"\x81\x7f" + size.to_bytes(8, "big") + payload


class _Waiters:
    """Futures of the tasks waiting on something, made only while one waits (each task its
    own, as asyncio's own primitives do, so one waiter cancelled wakes no other)."""

    __slots__ = ("_waiters",)

    def __init__(self) -> None:
        self._waiters: list[asyncio.Future[None]] | None = None

    def _wake(self) -> None:
        waiters, self._waiters = self._waiters, None
        for waiter in waiters or ():
            if not waiter.done():
                waiter.set_result(None)

    async def _wait(self) -> None:
        waiter = asyncio.get_running_loop().create_future()
        if self._waiters is None:
            self._waiters = []
        self._waiters.append(waiter)
        try:
            await waiter
        finally:
            if self._waiters is not None and waiter in self._waiters:
                self._waiters.remove(waiter)


class Inbox(_Waiters):
    """The received ASGI messages of one connection, awaited in order: what uvicorn's
    protocol asks of its ``asyncio.Queue`` (``put_nowait``, ``get``, ``empty``), without
    the queue's three deques."""

    __slots__ = ("_items",)

    def __init__(self) -> None:
        super().__init__()
        self._items: list[WebSocketEvent] = []

    def put_nowait(self, item: WebSocketEvent) -> None:
        self._items.append(item)
        self._wake()

    def empty(self) -> bool:
        return not self._items

    async def get(self) -> WebSocketEvent:
        while not self._items:
            await self._wait()
        return self._items.pop(0)


class Flag(_Waiters):
    """A set/cleared flag that can be awaited: what uvicorn's protocol asks of its
    ``asyncio.Event`` (``set``, ``clear``, ``is_set``, ``wait``), without its deque."""

    __slots__ = ("_set",)

    def __init__(self) -> None:
        super().__init__()
        self._set = False

    def set(self) -> None:
        self._set = True
        self._wake()

    def clear(self) -> None:
        self._set = False

    def is_set(self) -> bool:
        return self._set

    async def wait(self) -> Literal[True]:
        """Return once the flag is set (at once when it is), as ``asyncio.Event.wait``."""
        if not self._set:
            await self._wait()
        return True


class LeanWSProtocol(WSProtocol):
    """uvicorn's wsproto protocol with a lighter inbox and flag, no handshake kept, and its
    attributes in slots."""

    __slots__ = (
        "app",
        "app_state",
        "asgi_version",
        "buffer",
        "client",
        "close_sent",
        "close_timeout",
        "close_timer",
        "config",
        "conn",
        "connections",
        "default_headers",
        "disconnected",
        "handshake_complete",
        "last_ping_rtt",
        "logger",
        "loop",
        "pending_ping_payload",
        "ping_interval",
        "ping_sent_at",
        "ping_timeout",
        "ping_timer",
        "pong_timer",
        "queue",
        "read_paused",
        "response_started",
        "root_path",
        "scheme",
        "scope",
        "server",
        "tasks",
        "transport",
        "writable",
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.queue = Inbox()  # type: ignore[assignment]
        self.writable = Flag()  # type: ignore[assignment]
        self.writable.set()

    async def send(self, message: ASGISendEvent) -> None:
        if message["type"] == "websocket.send":
            text = message.get("text")
            if type(text) is str and message.get("bytes") is None:
                await self.writable.wait()
                conn: object = self.conn  # the frame layer alone, once the upgrade is answered
                if (
                    isinstance(conn, Connection)
                    and not self.config.ws_per_message_deflate
                    and not (self.disconnected or self.close_sent or self.response_started)
                ):
                    if conn.state is not ConnectionState.OPEN:
                        raise ClientDisconnected  # as wsproto's refusal is, by uvicorn
                    if not self.transport.is_closing():
                        self.transport.write(text_frame(text))
                    return
        await super().send(message)
        conn = self.conn
        if isinstance(conn, WSConnection) and conn.connection is not None:
            # The upgrade is answered: frames go to and from the frame layer only.
            self.conn = conn.connection  # type: ignore[assignment]

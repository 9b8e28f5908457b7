"""A table's WebSocket straight from the ASGI server, without Starlette's layers.

Every message of a live table goes through its WebSocket, so the path from the ASGI
server to the table is kept short: :class:`Socket` makes the four calls the protocol
needs (accept, close, send a text, receive) as plain ASGI messages, and :class:`Direct`
hands ``/ws/{table}`` to the socket handler before Starlette's middleware and router
(which still serve everything else, and every WebSocket of a many-process site, whose
router carries a table's connections to its owner). Fewer layers mean less work per
message and fewer coroutine frames kept per open connection.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from typing import Any, Protocol
from urllib.parse import parse_qsl

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class Connection(Protocol):
    """What the table protocol calls on a WebSocket (Starlette's, or a :class:`Socket`)."""

    async def accept(self) -> None: ...
    async def close(self, code: int = 1000) -> None: ...
    async def send_text(self, text: str) -> None: ...
    async def receive(self) -> Message: ...


class Socket:
    """One WebSocket connection as ASGI messages: what the table protocol calls on it."""

    __slots__ = ("_receive", "_send")

    def __init__(self, receive: Receive, send: Send) -> None:
        self._receive = receive
        self._send = send

    async def accept(self) -> None:
        message = await self._receive()
        if message["type"] != "websocket.connect":
            raise OSError(f"expected websocket.connect, got {message['type']}")
        await self._send({"type": "websocket.accept"})

    async def close(self, code: int = 1000) -> None:
        await self._send({"type": "websocket.close", "code": code})

    async def send_text(self, text: str) -> None:
        await self._send({"type": "websocket.send", "text": text})

    async def receive(self) -> Message:
        return await self._receive()


def socket_params(scope: Scope) -> dict[str, str]:
    """The query parameters of a connection (the last value of a repeated name)."""
    return dict(parse_qsl(scope["query_string"].decode("latin-1"), keep_blank_values=True))


def socket_header(scope: Scope, name: bytes) -> str | None:
    """The value of header ``name`` (lower case) of a connection, if it has one."""
    for key, value in scope["headers"]:
        if key == name:
            text: str = value.decode("latin-1")
            return text
    return None


TableHandler = Callable[[str, Mapping[str, str], Scope, Socket], Awaitable[None]]


class Direct:
    """ASGI: a WebSocket to ``/ws/{table}`` goes straight to ``handler``; everything else
    to ``app``."""

    def __init__(self, app: ASGIApp, handler: TableHandler) -> None:
        self.app = app
        self.handler = handler

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            path: str = scope["path"]
            table_id = path[4:]
            if path.startswith("/ws/") and table_id and "/" not in table_id:
                socket = Socket(receive, send)
                await self.handler(table_id, socket_params(scope), scope, socket)
                return
        await self.app(scope, receive, send)

"""uvicorn's HTTP protocol, leaving no reference cycle behind a WebSocket's connection.

uvicorn's httptools protocol (``uvicorn.protocols.http.httptools_impl``) and its parser
refer to each other (the parser calls the protocol back). uvicorn drops the parser when a
connection is lost; but a connection upgraded to a WebSocket hands its transport to the
WebSocket protocol without its HTTP protocol ever being told, so that one keeps its parser,
and its objects (some twenty: the protocol, its parser, flow control, deques, bound
methods) wait for the garbage collector. Under ``benchmarks/load.py`` a server of
Tutankhamun tables, whose rematches bring two new WebSockets every fifteen actions or so,
left some 1,800 such objects a second to it. :class:`LeanHttpProtocol` lets go of the
parser once the upgrade is handed over, so reference counting frees them at once.

``saqqara serve`` hands it to uvicorn as its ``http`` protocol class.
"""

from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class LeanHttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, dropping its parser once a WebSocket takes over."""

    def handle_websocket_upgrade(self) -> None:
        super().handle_websocket_upgrade()
        # The WebSocket protocol has the transport now; nothing calls this one again.
        self.parser = None  # type: ignore[assignment]

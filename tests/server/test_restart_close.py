"""A socket closed with "service restart" before the welcome is opened again.

A process of a site closes a socket with code 1012 when it stops serving the table (it
moved, or the site's messages were cut): that can happen in the very moment a seat's
client connects, before any welcome (CI once saw a seat through nginx given up there).
``TableClient.connect_patiently`` connects again on 1012, and on other closes only where
the link names other addresses. A real WebSocket server on a real port plays the site:
it closes the first connections with 1012 and the next with another code.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from saqqara import client as client_module
from saqqara.client import SERVICE_RESTART, TableClient
from saqqara.server.cluster import RESTART
from tests.server.harness import free_port

POLICY = 1008


async def _given_up(
    handler: Callable[[ServerConnection], Awaitable[None]], port: int, seat: int
) -> ConnectionClosed:
    """What ``connect_patiently`` raised at a server on ``port`` served by ``handler``."""
    async with serve(handler, "127.0.0.1", port):
        client = TableClient(f"http://127.0.0.1:{port}/t/abc?seat={seat}&key=k")
        with pytest.raises(ConnectionClosed) as raised:
            await client.connect_patiently()
        return raised.value


def test_the_client_and_the_site_mean_the_same_code() -> None:
    assert SERVICE_RESTART == RESTART == 1012


@pytest.mark.parametrize("restarts", [1, 3])
def test_a_restart_before_the_welcome_is_connected_again(
    restarts: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(client_module, "RECONNECT_PAUSE", 0.05)
    port = free_port()
    paths: list[str] = []

    async def closing(socket: ServerConnection) -> None:
        paths.append(socket.request.path if socket.request else "")
        code = SERVICE_RESTART if len(paths) <= restarts else POLICY
        await socket.close(code, "restart" if code == SERVICE_RESTART else "refused")

    closed = asyncio.run(_given_up(closing, port, seat=1))
    # Every 1012 was followed by a new connection; the other code is raised at once.
    assert len(paths) == restarts + 1
    assert all(path.startswith("/ws/abc?since=0&seat=1&key=k") for path in paths)
    assert closed.rcvd is not None and closed.rcvd.code == POLICY


def test_restarts_are_tried_no_more_than_the_reconnect_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(client_module, "RECONNECT_PAUSE", 0.01)
    monkeypatch.setattr(client_module, "RECONNECT_TRIES", 4)
    port = free_port()
    connections: list[int] = []

    async def restarting(socket: ServerConnection) -> None:
        connections.append(1)
        await socket.close(SERVICE_RESTART, "restart")

    closed = asyncio.run(_given_up(restarting, port, seat=0))
    assert len(connections) == 5  # the first try and four more
    assert closed.rcvd is not None and closed.rcvd.code == SERVICE_RESTART

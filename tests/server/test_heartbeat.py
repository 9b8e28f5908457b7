"""Clients that find a stalled server and the site's other addresses (issue 34, item 4).

A stalled process (here ``SIGSTOP``) keeps its sockets open and says nothing: a client
pings it after ``HEARTBEAT`` seconds of silence and gives the connection up after
``SILENCE``, then opens it again. A link given with several addresses of a site is tried
at the next one when one does not answer. Real ``saqqara serve`` processes, real sockets.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from saqqara import client as client_module
from saqqara.client import Silent, TableClient, create_table, table_link
from saqqara.server.messages import Update, Welcome
from tests.server.harness import ServerProcess, free_port


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(f"sqlite:///{tmp_path / 'heartbeat.db'}").start()
    yield process
    if process.process is not None:
        os.kill(process.process.pid, signal.SIGCONT)  # a stopped process cannot end
    process.close()


def _seat_link(base: str) -> str:
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]
    made = create_table(base, "tutankhamun", seats)
    link: str = made["seats"][0]["link"]
    return link


def test_a_quiet_server_answers_pings_and_a_stalled_one_is_left_and_found_again(
    server: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(client_module, "HEARTBEAT", 0.3)
    monkeypatch.setattr(client_module, "SILENCE", 1.2)
    monkeypatch.setattr(client_module, "RECONNECT_PAUSE", 0.1)
    link = _seat_link(server.base)
    assert server.process is not None
    pid = server.process.pid

    async def scenario() -> None:
        seat = TableClient(link)
        await seat.connect()
        while not isinstance(await seat.receive(10), Update):
            pass
        # Nothing happens at the table (the other seat never came): the server answers
        # every ping, so the connection is kept until the caller's own deadline.
        started = time.monotonic()
        with pytest.raises(TimeoutError):
            await seat.receive_listening(2.5)
        assert time.monotonic() - started >= 2.4
        # Stalled: no pong comes; the connection is given up after SILENCE.
        os.kill(pid, signal.SIGSTOP)
        started = time.monotonic()
        with pytest.raises(Silent):
            await seat.receive_listening(30)
        assert time.monotonic() - started < 10
        # Woken again: the seat's client connects anew and hears the table.
        os.kill(pid, signal.SIGCONT)
        lost: list[bool] = []
        heard = await seat.receive_reconnecting(30, lost=lambda: lost.append(True))
        assert isinstance(heard, Update)
        assert seat.welcome is not None
        await seat.close()

    asyncio.run(scenario())


def test_a_link_with_several_addresses_is_tried_at_the_next_when_one_is_down(
    server: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(client_module, "RECONNECT_PAUSE", 0.05)
    link = _seat_link(server.base)
    down = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    roaming = table_link(link, f"{down}, {server.base}")
    assert roaming.base == down
    assert roaming.sites == (down, server.base)

    async def scenario() -> Welcome:
        seat = TableClient(roaming)
        welcome = await seat.connect_patiently()
        assert seat.link.base == server.base
        await seat.close()
        return welcome

    assert asyncio.run(scenario()).seat == 0
    with pytest.raises(ValueError, match="not a server address"):
        table_link(link, f"{server.base},ftp://nowhere")


def test_a_single_address_that_is_down_is_not_retried_for_a_minute(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One address: a refused connection is the user's to see at once (a wrong port)."""
    down = f"http://127.0.0.1:{free_port()}"
    seat = TableClient(table_link("/t/abc?seat=0&key=k", down))

    async def scenario() -> None:
        with pytest.raises(ConnectionRefusedError):
            await seat.connect_patiently()

    started = time.monotonic()
    asyncio.run(scenario())
    assert time.monotonic() - started < 5

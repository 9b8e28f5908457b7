"""Redis out of reach mid-game (issue 34, item 3): the owner's own seats play on, relayed
seats are told at once and are served at the owner, and no move is lost.

A table of two people at a site of two processes: one seat is connected to the table's
owner, the other to the second process, which relays it through Redis. Redis is killed
and stays down for the rest of the game. The relayed socket is closed (code 1012) within
seconds, not left silent; connecting to the second process again is refused at once
(``moved``: nothing can be relayed), and at the owner it is served. The game is played to
its end without Redis, and the stored log holds exactly the acknowledged moves.
"""

from __future__ import annotations

import asyncio
import subprocess
import time

import pytest
from websockets.exceptions import ConnectionClosed

from saqqara import client as client_module
from saqqara.client import ClientError, TableClient, create_table, table_link
from saqqara.server.messages import Update
from tests.cluster_server.site_harness import Roaming, Site, assert_log_matches, at, play_anywhere

pytestmark = pytest.mark.xdist_group("cluster-server")

GAME = "valley-of-the-kings"


async def _until_closed(client: TableClient) -> None:
    """Read until the socket closes (``ConnectionClosed``), each message within 20 s."""
    while True:
        await client.receive(20)


def test_redis_down_owner_seats_play_on_and_relayed_seats_move_to_the_owner(
    pg_url: str,
    own_redis: tuple[str, list[subprocess.Popen[bytes]]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(client_module, "RECONNECT_PAUSE", 0.1)
    url, redis_processes = own_redis
    with Site(pg_url, url, count=2) as site:
        owner, edge = (p.base for p in site.processes)
        seats = [{"kind": "person"}, {"kind": "person"}]
        table = create_table(owner, GAME, seats, public=False)
        table_id = str(table["table"])
        links = [str(s["link"]) for s in table["seats"]]
        local, relayed = TableClient(at(links[0], owner)), TableClient(at(links[1], edge))

        async def scenario() -> list[Update]:
            for client in (local, relayed):
                await client.connect()
            for client in (local, relayed):
                while client.update is None or client.update.status != "playing":
                    await client.receive(30)
            redis_processes[0].kill()
            redis_processes[0].wait()
            # The relayed seat is told: its socket closes, though it sent nothing.
            killed = time.monotonic()
            with pytest.raises(ConnectionClosed):
                await _until_closed(relayed)
            assert time.monotonic() - killed < 15
            await relayed.close()
            # At the second process it is refused at once: nothing can be relayed.
            asked = time.monotonic()
            with pytest.raises(ClientError, match="moved"):
                await relayed.connect()
            assert time.monotonic() - asked < 3
            await relayed.close()
            # A client given both addresses is refused at the second (`moved` passes)
            # and goes on to the next: the owner serves it.
            roaming = TableClient(table_link(links[1], f"{edge},{owner}"))
            await roaming.connect_patiently()
            assert roaming.link.base == owner
            # Both play to the end, Redis down throughout.
            roamings = [Roaming(), Roaming()]
            games = [play_anywhere(c, site, n, roamings[n]) for n, c in enumerate((local, roaming))]
            finals = list(await asyncio.gather(*games))
            assert_log_matches(site, table_id, finals[0], roamings)
            assert roamings[0].reconnects == 0  # the owner's own seat never lost its socket
            return finals

        finals = asyncio.run(scenario())
        assert finals[0].over and finals[0].seq == finals[1].seq
        site.assert_quiet()

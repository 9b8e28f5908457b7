"""A connection that arrives while another process takes its table over is relayed there.

Two processes of a site see a table whose owner died. A seat reconnects to the first just
as the second takes the lease: the first found the lease run out, tried to take the table
itself and lost the race. It once served the seat anyway, and the table, owned elsewhere,
refused it as ``moved``; now it carries the connection to the process that won.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from saqqara.client import TableClient
from saqqara.server.app import create_app
from saqqara.server.cluster import Cluster
from saqqara.server.messages import Update
from tests.cluster_server.site_harness import serve_here
from tests.cluster_server.test_takeover_race import _after, _lease, _stored_table, _until

pytestmark = pytest.mark.xdist_group("cluster-server")


def test_a_seat_arriving_as_another_process_takes_over_is_relayed_there(
    pg_url: str, redis_url: str
) -> None:
    async def scenario() -> None:
        table_id, keys = await _stored_table(pg_url)
        # Its dead owner's lease is valid while the two processes start: no takeover yet.
        _lease(pg_url, table_id, "extract(epoch from clock_timestamp()) + 3600")
        apps: list[Any] = [
            create_app(pg_url, redis_url=redis_url, lease_seconds=4.0, bot_workers=0)
            for _ in range(2)
        ]
        async with serve_here(apps[0]) as port, serve_here(apps[1]):
            here: Cluster = apps[0].state.cluster
            there: Cluster = apps[1].state.cluster

            # Neither adopts orphans by itself: the test decides who takes the table.
            def no_orphans(limit: int = 100) -> list[str]:
                return []

            for cluster in (here, there):
                cluster.leases.orphans = no_orphans  # type: ignore[method-assign]
            # The first process finds the lease run out, but the second takes it just
            # before the first asks for it.
            acquire = here.leases.acquire

            def too_late(wanted: str) -> bool:
                if wanted == table_id:
                    assert there.leases.acquire(wanted)
                return acquire(wanted)

            here.leases.acquire = too_late  # type: ignore[method-assign,assignment]
            _lease(pg_url, table_id, "0")  # the owner is dead: its lease has run out

            base = f"http://127.0.0.1:{port}/t/{table_id}"
            clients = [TableClient(f"{base}?seat={seat}&key={keys[seat]}") for seat in (0, 1)]
            for client in clients:
                await client.connect()  # refused as `moved` without the relay
            assert table_id not in here.service.live
            assert table_id in there.service.live
            assert len(here.relays) == 2
            seen: list[Update] = [await _until(c, lambda u: u.status == "playing") for c in clients]
            for _ in range(4):
                update = seen[0]
                if update.over:
                    break
                mover = clients[update.to_act[0]]
                legal = mover.update.legal if mover.update is not None else []
                await mover.act(legal[0].id)
                seen = [await _until(c, _after(update.seq)) for c in clients]
            assert seen[0].seq > 0
            for client in clients:
                await client.close()

    asyncio.run(scenario())

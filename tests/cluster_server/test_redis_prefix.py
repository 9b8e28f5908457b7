"""``saqqara serve --redis-prefix``: a site's Redis channels begin with its prefix.

Redis's pub/sub channels are shared by all its numbered databases, so two sites on one
Redis are kept apart by their prefixes. Two processes of a site, here in the test's event
loop, listen only under their prefix, and a seat connected to the process that does not
own its table is relayed to the owner through the prefix's channels.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
from redis.asyncio import Redis

from saqqara.client import TableClient, create_table
from saqqara.server.app import create_app
from saqqara.server.cluster import PREFIX, Cluster, check_prefix
from saqqara.server.messages import Update
from tests.cluster_server.site_harness import at, serve_here

pytestmark = pytest.mark.xdist_group("cluster-server")

GAME = "valley-of-the-kings"


async def _until_playing(client: TableClient) -> Update:
    update = client.update
    while update is None or update.status != "playing":
        update = await client.until_update(10)
    return update


async def _until_seq(client: TableClient, seq: int) -> Update:
    update = client.update
    while update is None or update.seq < seq:
        update = await client.until_update(10)
    return update


def test_a_site_under_its_own_prefix_listens_and_relays_only_there(
    pg_url: str, redis_url: str
) -> None:
    prefix = f"saqqara-test-{uuid.uuid4().hex[:8]}:"

    async def scenario() -> None:
        apps: list[Any] = [
            create_app(
                pg_url, redis_url=redis_url, lease_seconds=30, bot_workers=0, redis_prefix=prefix
            )
            for _ in range(2)
        ]
        async with serve_here(apps[0]) as first, serve_here(apps[1]) as second:
            clusters: list[Cluster] = [app.state.cluster for app in apps]
            ours = [c.channel for c in clusters]
            default = [f"{PREFIX}proc:{c.id}" for c in clusters]
            assert all(channel.startswith(f"{prefix}proc:") for channel in ours)
            redis = Redis.from_url(redis_url)
            try:
                counts = dict(await redis.pubsub_numsub(*ours, *default))
            finally:
                await redis.aclose()
            assert [int(counts[c.encode()]) for c in ours] == [1, 1]
            assert [int(counts[c.encode()]) for c in default] == [0, 0]

            bases = [f"http://127.0.0.1:{port}" for port in (first, second)]
            seats = [{"kind": "person"}, {"kind": "person"}]
            made = await asyncio.to_thread(create_table, bases[0], GAME, seats, public=False)
            links = [str(seat["link"]) for seat in made["seats"]]
            # Seat 0 through the process that does not own the table: relayed.
            clients = [TableClient(at(links[0], bases[1])), TableClient(at(links[1], bases[0]))]
            for client in clients:
                await client.connect()
            assert len(clusters[1].relays) == 1 and len(clusters[0].served) == 1
            seen = [await _until_playing(c) for c in clients]
            mover = clients[seen[0].to_act[0]]
            assert mover.update is not None
            await mover.act(mover.update.legal[0].id)
            # Both seats see it (a chance step after it may come with it or after).
            after = [await _until_seq(c, seen[0].seq + 1) for c in clients]
            last = max(u.seq for u in after)
            after = [await _until_seq(c, last) for c in clients]
            assert after[0].seq == after[1].seq == last
            for client in clients:
                await client.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("prefix", ["", "two words", "x" * 65, "é:"])
def test_a_prefix_is_a_short_printable_word(prefix: str) -> None:
    with pytest.raises(ValueError, match="Redis prefix"):
        check_prefix(prefix)
    assert check_prefix(PREFIX) == "saqqara:"

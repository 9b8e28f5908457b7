"""Web Push in a site of two processes: both sign with the one VAPID key kept in the
store; the waiting player's page, connected through the process that does not own the
table (relayed to the owner), keeps its turn from being pushed; once it is closed, the
owner pushes the turn, whichever process the mover plays through."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import httpx
import pytest

from saqqara.client import TableClient
from tests.cluster_server.conftest import REDIS_URL, _require, fresh_schema, redis_reachable
from tests.cluster_server.site_harness import Site, at
from tests.server.test_push import (
    Person,
    PushService,
    play_turn,
    seat_sockets,
    table_between,
    until,
    wait_for,
)

pytestmark = pytest.mark.xdist_group("cluster-server")


@pytest.fixture(scope="module")
def pushes() -> Iterator[PushService]:
    service = PushService()
    server = service.serve()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield service
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def site(pushes: PushService) -> Iterator[Site]:
    with fresh_schema() as db_url:
        _require("Redis", redis_reachable())
        extra = ("--push-service", pushes.base + "/push/")
        with Site(db_url, REDIS_URL, count=2, lease="30", extra=extra) as running:
            yield running


def test_the_owner_pushes_a_turn_whose_page_was_open_elsewhere(
    site: Site, pushes: PushService
) -> None:
    keys = {httpx.get(p.base + "/api/push").json()["key"] for p in site.processes}
    assert len(keys) == 1  # one key for the whole site, made once at its first start
    first, second = Person(site.processes[0], "SiteFirst"), Person(site.processes[1], "SiteNext")
    try:
        path = f"/push/{second.name}"
        assert second.post("/api/account/push", second.subscription(pushes.base + path))
        table, link0, link1 = table_between(first, second, "tutankhamun")
        owner = site.owner_of(table)
        elsewhere = next(p for p in site.processes if p is not owner)

        async def play() -> None:
            # The waiting player's page is at the process that does not own the table.
            mover, waiter = (
                TableClient(at(link0, elsewhere.base)),
                TableClient(at(link1, elsewhere.base)),
            )
            await waiter.connect()
            started = await until(mover, lambda u: u.status == "playing" and bool(u.to_act))
            if 1 in started.to_act:
                await play_turn(waiter, 0)
            await play_turn(mover, 1)  # told to the open page, through the relay
            await play_turn(waiter, 0)
            await waiter.close()
            await asyncio.to_thread(wait_for, lambda: seat_sockets(owner) == 1)
            await play_turn(mover, 1)
            await mover.close()

        asyncio.run(play())
        pushed = pushes.next_at(path, owner)
        assert second.decrypt(pushed)["table"] == table
        assert f"k={keys.pop()}" in pushed.headers["authorization"].replace(" ", "")
        later = [pushes.received.get_nowait() for _ in range(pushes.received.qsize())]
        assert [p.path for p in later if p.path == path] == []
        site.assert_quiet()
    finally:
        first.http.close()
        second.http.close()

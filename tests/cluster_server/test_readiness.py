"""``/readyz`` of a process of a site tells the truth (issue 34): 503 naming ``redis`` while
it cannot reach Redis, and, cut from PostgreSQL, naming ``store`` and ``leases``, having
given up the leases it could not renew (its seats' sockets closed, 1012, so their clients
go to a process that can serve them) instead of listing them as held. Each process here
reaches Redis or PostgreSQL through a proxy the test cuts: the shared ones stay up."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed

from saqqara.client import TableClient, create_table
from tests.server.harness import ServerProcess, ready_until
from tests.server.proxy import Proxy


def _site(server: ServerProcess) -> dict[str, Any]:
    answer = httpx.get(server.base + "/healthz", timeout=10)
    assert answer.status_code == 200 and answer.json()["ok"] is True  # alive throughout
    site: dict[str, Any] = answer.json()["site"]
    return site


def test_a_site_process_that_cannot_reach_redis_is_unready(pg_url: str, redis_url: str) -> None:
    with Proxy(6379) as proxy:
        extra = ("--redis", proxy.url(redis_url), "--lease-seconds", "2")
        with ServerProcess(pg_url, *extra) as server:
            body = ready_until(server, 200, 20.0)
            assert set(body["checks"]) == {"store", "leases", "redis"}
            assert all(check["ok"] for check in body["checks"].values()), body
            proxy.cut()
            body = ready_until(server, 503, 20.0)
            assert body["failed"] == ["redis"], body
            assert body["checks"]["redis"]["error"]
            _site(server)
            proxy.mend()
            ready_until(server, 200, 20.0)  # subscribed again
            assert _site(server)["redis_subscriptions"] >= 2
            assert "Traceback" not in server.output(), server.output()[-3000:]


def test_a_site_process_cut_from_postgresql_gives_up_its_leases(
    pg_url: str, redis_url: str
) -> None:
    with Proxy(5432) as proxy:
        extra = ("--redis", redis_url, "--lease-seconds", "1", "--rate", "5000")
        with ServerProcess(proxy.url(pg_url), *extra) as server:
            seats = [{"kind": "person", "name": n} for n in ("Ann", "Bo")]
            made = create_table(server.base, "tutankhamun", seats)
            assert _site(server)["leases"] == 1
            ready_until(server, 200, 20.0)

            async def cut_under_a_seat() -> tuple[float, int | None]:
                ann = TableClient(made["seats"][0]["link"])
                await ann.connect()
                await ann.until_update()
                proxy.cut()
                cut = time.monotonic()
                try:
                    while True:
                        await ann.receive(timeout=30)
                except ConnectionClosed as closed:
                    code = closed.rcvd.code if closed.rcvd is not None else None
                    return time.monotonic() - cut, code

            took, code = asyncio.run(cut_under_a_seat())
            # Told within a few seconds (a lease's 1 s, then the renewal turn): not left
            # waiting on a process that may no longer own the table.
            assert code == 1012 and took < 6, (code, took)
            body = ready_until(server, 503, 20.0)
            assert {"store", "leases"} <= set(body["failed"]), body
            assert _site(server)["leases"] == 0
            proxy.mend()
            ready_until(server, 200, 20.0)

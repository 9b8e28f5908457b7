"""In a site of many processes the sign-in limits hold across the site (counted in Redis),
and a session made at one process signs in at every other (kept in the database)."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import httpx
import pytest

from saqqara.server.app import create_app
from saqqara.server.attempts import SiteAttempts
from tests.cluster_server.site_harness import serve_here

pytestmark = pytest.mark.xdist_group("cluster-server")

CSRF = {"X-Saqqara-CSRF": "1"}
PASSWORD = "correct horse battery"


def test_failed_sign_ins_count_across_the_site_and_sessions_work_everywhere(
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
            assert isinstance(apps[0].state.accounts.failures, SiteAttempts)
            bases = [f"http://127.0.0.1:{port}" for port in (first, second)]
            async with httpx.AsyncClient(base_url=bases[0]) as one:
                made = await one.post(
                    "/api/account/sign-up",
                    json={"name": "Site1", "password": PASSWORD},
                    headers=CSRF,
                )
                assert made.status_code == 201
                token = one.cookies["saqqara_session"]
            async with httpx.AsyncClient(base_url=bases[1]) as two:
                two.cookies.set("saqqara_session", token, domain="127.0.0.1")
                me = (await two.get("/api/account")).json()
                assert me["account"]["name"] == "Site1"  # the session, at the other process
            # Ten wrong passwords, alternating between the processes, use the name's tries
            # up at both: the right password is refused at either.
            codes = []
            for n in range(10):
                async with httpx.AsyncClient(base_url=bases[n % 2]) as anyone:
                    wrong = {"name": "Site1", "password": f"guess number {n}"}
                    answer = await anyone.post("/api/account/sign-in", json=wrong, headers=CSRF)
                    codes.append(answer.status_code)
            assert codes == [401] * 10
            for base in bases:
                async with httpx.AsyncClient(base_url=base) as anyone:
                    right = {"name": "Site1", "password": PASSWORD}
                    answer = await anyone.post("/api/account/sign-in", json=right, headers=CSRF)
                    assert answer.status_code == 429
                    assert answer.json()["error"]["code"] == "too-many-tries"

    asyncio.run(scenario())


def test_without_redis_a_process_counts_its_own_tries(redis_url: str) -> None:
    from redis.asyncio import Redis

    async def scenario() -> None:
        gone = Redis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.2)
        limit = SiteAttempts(gone, "x:", "sign-in", 2, 60.0)
        assert not await limit.blocked("a")
        await limit.add("a")
        await limit.add("a")
        assert await limit.blocked("a") and await limit.retry_after("a") >= 1
        assert not await limit.blocked("b")
        await gone.aclose()

    asyncio.run(scenario())

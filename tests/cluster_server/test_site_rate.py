"""``--tables-per-minute`` in a site: one bucket per address in Redis (``server/limits.py``).

Two counters on one Redis stand for two processes of a site: together they allow what one
would. The bucket refills at its rate on Redis's clock, expires once it would be full
again, lives under the site's ``--redis-prefix``, and a process that cannot reach Redis
counts alone. (``test_nginx.py`` sees the same through two real processes behind nginx.)
"""

from __future__ import annotations

import asyncio
import time
import uuid

import pytest
from redis.asyncio import Redis

from saqqara.server.limits import KEY, SiteRate
from tests.server.harness import free_port

pytestmark = pytest.mark.xdist_group("cluster-server")


def _prefix() -> str:
    return f"saqqara-test-{uuid.uuid4().hex[:8]}:"


def test_two_processes_share_one_bucket_per_address(redis_url: str) -> None:
    async def scenario() -> tuple[list[bool], bool, int]:
        prefix = _prefix()
        clients = [Redis.from_url(redis_url) for _ in range(2)]
        first, second = (SiteRate(client, prefix, 4) for client in clients)
        try:
            turns = [
                await (first if n % 2 == 0 else second).allow("198.51.100.7") for n in range(6)
            ]
            other = await second.allow("198.51.100.8")
            ttl = await clients[0].pttl(f"{prefix}{KEY}198.51.100.7")
        finally:
            for client in clients:
                await client.aclose()
        assert first.fallbacks == second.fallbacks == 0
        return turns, other, ttl

    turns, other, ttl = asyncio.run(scenario())
    assert turns == [True, True, True, True, False, False]  # 4 a minute, not 4 at each
    assert other  # another address has its own
    assert 0 < ttl <= 61_000  # forgotten once full again (a minute, and a second)


def test_the_bucket_refills_at_its_rate(redis_url: str) -> None:
    async def scenario() -> tuple[int, float]:
        client = Redis.from_url(redis_url)
        limit = SiteRate(client, _prefix(), 120)  # two a second, in bursts of 120
        try:
            while await limit.allow("a"):
                pass
            emptied, allowed, polled = time.monotonic(), 0, 0
            while time.monotonic() - emptied < 2.0:
                allowed += await limit.allow("a")
                polled += 1
                await asyncio.sleep(0.05)
            assert polled > 10
            return allowed, time.monotonic() - emptied
        finally:
            await client.aclose()

    allowed, seconds = asyncio.run(scenario())
    # Emptied, the bucket gives a token every half second (plus what was left of one; a
    # margin for a loaded machine's stalls): some, and far fewer than the polls.
    assert 1 <= allowed <= 2 * seconds + 2, (allowed, seconds)


def test_without_redis_a_process_counts_alone(capfd: pytest.CaptureFixture[str]) -> None:
    async def scenario() -> tuple[list[bool], int]:
        client = Redis.from_url(f"redis://127.0.0.1:{free_port()}/0")  # nothing listens
        limit = SiteRate(client, _prefix(), 2)
        try:
            return [await limit.allow("a") for _ in range(3)], limit.fallbacks
        finally:
            await client.aclose()

    answers, fallbacks = asyncio.run(scenario())
    assert answers == [True, True, False]
    assert fallbacks == 3
    said = capfd.readouterr().err
    assert said.count("counting alone until it does") == 1, said  # once, not per request


def test_no_limit_asks_nothing() -> None:
    async def scenario() -> tuple[list[bool], int]:
        client = Redis.from_url(f"redis://127.0.0.1:{free_port()}/0")  # never asked
        limit = SiteRate(client, _prefix(), 0)
        try:
            return [await limit.allow("a") for _ in range(100)], limit.fallbacks
        finally:
            await client.aclose()

    answers, fallbacks = asyncio.run(scenario())
    assert all(answers) and fallbacks == 0

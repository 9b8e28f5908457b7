"""Limits on sign-in and sign-up tries: at most so many in a sliding window, per key (a
client address, or an account name).

:class:`Attempts` counts in the process (memory bounded: a key whose window is empty is
forgotten once :data:`MAX_KEYS` are kept, and a flood of fresh keys drops the oldest half).
In a site of many processes (``--redis``) :class:`SiteAttempts` counts in Redis, so a limit
holds across the site: one sorted set of try times per key, under the site's prefix, that
expires with its window. Where Redis does not answer, the process's own count stands in
(each process then lets through at most its own limit).
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from typing import Protocol

from redis.asyncio import Redis
from redis.exceptions import RedisError

MAX_KEYS = 10_000
"""Keys kept before those with no try in their window are dropped."""


class Limit(Protocol):
    """A limit on tries per key."""

    async def blocked(self, key: str) -> bool:
        """Whether ``key`` has used up its tries in the window now."""

    async def add(self, key: str) -> None:
        """Count one try of ``key``."""

    async def retry_after(self, key: str) -> int:
        """Whole seconds until ``key`` may try again (0: now)."""


class Attempts:
    """At most ``limit`` tries per key within ``window`` seconds."""

    __slots__ = ("limit", "tries", "window")

    def __init__(self, limit: int, window: float) -> None:
        if limit < 1 or window <= 0:
            raise ValueError(f"a limit needs a count and a window, not {limit} in {window}")
        self.limit = limit
        self.window = window
        self.tries: dict[str, deque[float]] = {}

    async def blocked(self, key: str) -> bool:
        """Whether ``key`` has used up its tries in the window now."""
        tries = self.tries.get(key)
        if tries is None:
            return False
        self._expire(tries, time.monotonic())
        return len(tries) >= self.limit

    async def add(self, key: str) -> None:
        """Count one try of ``key``."""
        now = time.monotonic()
        tries = self.tries.get(key)
        if tries is None:
            if len(self.tries) >= MAX_KEYS:
                self._prune(now)
            tries = self.tries[key] = deque(maxlen=self.limit)
        self._expire(tries, now)
        tries.append(now)

    async def retry_after(self, key: str) -> int:
        """Whole seconds until ``key`` may try again (0: now)."""
        tries = self.tries.get(key)
        if tries is None or len(tries) < self.limit:
            return 0
        return max(1, int(tries[0] + self.window - time.monotonic()) + 1)

    def _expire(self, tries: deque[float], now: float) -> None:
        while tries and now - tries[0] >= self.window:
            tries.popleft()

    def _prune(self, now: float) -> None:
        for key in list(self.tries):
            tries = self.tries[key]
            self._expire(tries, now)
            if not tries:
                del self.tries[key]
        if len(self.tries) >= MAX_KEYS:  # a flood of fresh keys: forget the oldest half
            for key in list(self.tries)[: MAX_KEYS // 2]:
                del self.tries[key]


class SiteAttempts:
    """At most ``limit`` tries per key within ``window`` seconds across every process of a
    site: the tries of key ``K`` are the sorted set ``<prefix>tries:<name>:<K>`` in Redis
    (members random, scores the try's time), trimmed to the window at each look."""

    __slots__ = ("local", "name", "prefix", "redis")

    def __init__(self, redis: Redis, prefix: str, name: str, limit: int, window: float) -> None:
        self.redis = redis
        self.prefix = prefix
        self.name = name
        self.local = Attempts(limit, window)
        """The process's own count: kept too, and what stands when Redis fails."""

    def _key(self, key: str) -> str:
        return f"{self.prefix}tries:{self.name}:{key}"

    async def blocked(self, key: str) -> bool:
        now = time.time()
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.zremrangebyscore(self._key(key), 0, now - self.local.window)
                pipe.zcard(self._key(key))
                _, count = await pipe.execute()
        except (RedisError, OSError):
            return await self.local.blocked(key)
        return int(count) >= self.local.limit

    async def add(self, key: str) -> None:
        await self.local.add(key)
        now = time.time()
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.zadd(self._key(key), {f"{now}:{secrets.token_hex(4)}": now})
                pipe.zremrangebyscore(self._key(key), 0, now - self.local.window)
                pipe.expire(self._key(key), int(self.local.window) + 1)
                await pipe.execute()
        except (RedisError, OSError):
            pass  # counted in the process

    async def retry_after(self, key: str) -> int:
        try:
            oldest = await self.redis.zrange(self._key(key), 0, 0, withscores=True)
        except (RedisError, OSError):
            return await self.local.retry_after(key)
        if not oldest:
            return 0
        return max(1, int(float(oldest[0][1]) + self.local.window - time.time()) + 1)

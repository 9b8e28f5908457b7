"""Per-address limits that hold over a whole site: ``--tables-per-minute`` in Redis.

Alone, a process counts each client address in its own memory (``guard.AddressRate``).
One process of a site (``--redis``) counts in Redis instead, so that N processes behind
a load balancer allow what one would, not N times that: each address has one token
bucket, a hash under ``<prefix>limit:tables:<address>`` (``--redis-prefix``), refilled and
taken from by one Lua script, atomically, on Redis's own clock (``TIME``), so the
processes' clocks need not agree. A bucket left alone until it is full again expires.

While Redis cannot be reached (or does not answer within :data:`TIMEOUT`), each process
falls back to counting on its own: table making goes on, limited per process, rather
than stopping with Redis.
"""

from __future__ import annotations

import asyncio

from redis.asyncio import Redis
from redis.exceptions import RedisError

from saqqara.server.guard import AddressRate
from saqqara.server.logs import say

TIMEOUT = 2.0
"""Seconds a process waits for Redis to count a request before it counts it alone."""

KEY = "limit:tables:"
"""After the site's prefix, each address's bucket of tables: ``<prefix>limit:tables:<address>``."""

# KEYS[1]: the bucket. ARGV[1]: its size (a burst); ARGV[2]: tokens added a second.
# Returns 1 when a token was taken (allowed), 0 when the bucket is empty.
_TAKE = """
local now = redis.call('TIME')
now = tonumber(now[1]) + tonumber(now[2]) / 1000000
local size = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local held = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens = tonumber(held[1]) or size
local stamp = tonumber(held[2]) or now
tokens = math.min(size, tokens + math.max(0, now - stamp) * rate)
local taken = 0
if tokens >= 1 then
    tokens = tokens - 1
    taken = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'stamp', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(size / rate * 1000) + 1000)
return taken
"""


class SiteRate:
    """How many tables one client address may make a minute, counted for the whole site
    in Redis, in bursts of as many (``per_minute`` 0: no limit)."""

    def __init__(self, redis: Redis, prefix: str, per_minute: float) -> None:
        self.redis = redis
        self.prefix = prefix
        self.per_minute = per_minute
        self.alone = AddressRate(per_minute)
        """The count used while Redis cannot be reached (this process's alone)."""
        self.fallbacks = 0
        """Requests counted here alone because Redis could not count them."""
        self.refused = 0
        """Tables refused for this limit (``/metrics``; counted by the caller)."""
        self.counting_alone = False
        """Whether the last request was counted here alone (said once, when it begins and
        when it ends)."""
        self._take = redis.register_script(_TAKE)

    def key(self, address: str) -> str:
        return f"{self.prefix}{KEY}{address}"

    async def allow(self, address: str) -> bool:
        """Whether ``address`` may make a table now (a token is taken if so)."""
        if self.per_minute <= 0:
            return True
        size = self.per_minute
        args = [repr(float(size)), repr(size / 60.0)]
        try:
            taken = await asyncio.wait_for(self._take(keys=[self.key(address)], args=args), TIMEOUT)
        except (RedisError, OSError, TimeoutError) as exc:
            if not self.counting_alone:
                self.counting_alone = True
                reason = type(exc).__name__
                say(
                    "limits",
                    f"Redis did not count a table ({reason}): counting alone until it does",
                )
            self.fallbacks += 1
            return self.alone.allow(address)
        if self.counting_alone:
            self.counting_alone = False
            say("limits", "Redis counts the tables per minute again, for the whole site")
        return bool(taken)

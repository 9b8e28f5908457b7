"""Checks on everything that comes from outside: message size, rate, Origin.

Types are checked by decoding into the msgspec types of ``messages``; this module holds
the rest. A refusal is answered with an error message; the connection stays open (only
frames beyond the WebSocket size limit are closed by the protocol layer, code 1009).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.requests import Request

MAX_MESSAGE = 4096
"""The longest client message (characters) the server reads; every valid one is far shorter."""

MAX_FRAME = 65536
"""The WebSocket frame limit: larger frames close that connection (code 1009)."""


CHAT_RATE = 0.5
CHAT_BURST = 5.0
"""A connection's chat lines: five at once, then one every two seconds."""


class RateLimit:
    """A token bucket per connection: ``rate`` messages a second, bursts up to ``burst``."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float = 30.0, burst: float = 60.0) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


def origin_allowed(origin: str | None, host: str | None, allowed: Iterable[str] = ()) -> bool:
    """Whether a WebSocket handshake's ``Origin`` may connect.

    Programs (no ``Origin`` header) may; a browser page may when it was served by this
    server (same host and port) or its origin is listed in ``allowed``.
    """
    if origin is None:
        return True
    if origin in allowed:
        return True
    if host is None:
        return False
    return urlsplit(origin).netloc.lower() == host.lower()


class AddressRate:
    """A :class:`RateLimit` per client address: how many tables one address may make, a
    minute, in bursts of as many (``per_minute`` 0: no limit). A bucket left alone for a
    minute is full again, so it is forgotten: only the addresses of the last minute are kept.
    """

    __slots__ = ("buckets", "per_minute", "refused")

    def __init__(self, per_minute: float) -> None:
        self.per_minute = per_minute
        self.buckets: dict[str, RateLimit] = {}
        self.refused = 0
        """Tables refused for this limit (``/metrics``; counted by the caller)."""

    def allow(self, address: str) -> bool:
        if self.per_minute <= 0:
            return True
        now = time.monotonic()
        if len(self.buckets) >= 1024:
            self.buckets = {a: b for a, b in self.buckets.items() if now - b.stamp < 60.0}
        bucket = self.buckets.get(address)
        if bucket is None:
            bucket = self.buckets[address] = RateLimit(self.per_minute / 60.0, self.per_minute)
        return bucket.allow()


async def capped_body(request: Request, limit: int) -> bytes | None:
    """The request's body, read no further than ``limit`` bytes; ``None`` for a larger one
    (by its ``Content-Length``, or as it streams in without one), refused before the rest
    of it is taken into memory."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return None
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)

"""Where play now's open seeks wait (``server/play_now.py``): this process's memory, or
Redis for a site of many processes (``--redis``).

A seek lives while its page asks after it: each ask renews it for ``--seek-ttl``
(:data:`SEEK_TTL`) seconds, and one not asked after for that long is gone (its page was
closed, or lost its connection). Seeks wait in pools, one per game, player count, options
and rated or not; only seeks of one pool are ever paired, by one pairer at a time:
:meth:`SeekBook.hold` is the pool's lock (an ``asyncio.Lock`` here; in Redis a key set
``NX`` with a token and an expiry, given back by a script that deletes it only while it
still holds the token).
A seek found dead as its pool is read is told to the book's ``on_expired`` (its game):
``/metrics`` counts it (``saqqara_seeks_expired_total``). Only a read finds it, so one
whose pool is never read again (in Redis: whose pool's set expired with it) is not counted.
A seek seated at a table leaves its pool, and its seat waits under its id for
:data:`SEATED_TTL` seconds for its page to ask.

In Redis, under the site's ``--redis-prefix``: ``seek:<id>`` (the seek, expiring after
``--seek-ttl``), ``seeks:<pool>`` (a set of the pool's seek ids; ids whose seek has
expired are dropped as the pool is read), ``seated:<id>`` and ``seeks-lock:<pool>``.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import AsyncIterator, Callable
from typing import Protocol

import msgspec
from redis.asyncio import Redis

SEEK_TTL = 20.0
"""Seconds a seek lives after its page last asked after it (the page asks each second):
``saqqara serve --seek-ttl``'s default."""

SEATED_TTL = 600.0
"""Seconds a seek's seat waits for its page to ask for it."""

LOCK_TTL = 15.0
"""Seconds a pool's Redis lock is kept at most (a process that died holding it)."""


class OpenSeek(msgspec.Struct, frozen=True):
    """One seeker's wish, as the server keeps it (its key only hashed)."""

    id: str
    key_hash: str
    pool: str
    game: str
    players: int
    options: dict[str, str]
    rated: bool
    rating: int | None
    """The seeker's rating at the game and player count (``None``: a guest)."""
    low: int | None
    high: int | None
    bots_after: int | None
    name: str | None
    lang: str
    account: str | None
    created_at: float


class Seated(msgspec.Struct, frozen=True):
    """Where a seek was seated: its table, its seat and the seat's link (a path)."""

    key_hash: str
    table: str
    seat: int
    link: str
    bots: int
    """How many seats bots were given (the seats no seeker filled)."""
    waited: float
    """Seconds from the seek to its table."""


class SeekBook(Protocol):
    """The open seeks and the seats they were given."""

    async def add(self, seek: OpenSeek) -> None: ...
    async def find(self, seek_id: str) -> OpenSeek | None:
        """The seek while it lives (renewed)."""
        ...

    async def pool(self, pool: str) -> list[OpenSeek]:
        """The pool's living seeks, oldest first (the dead forgotten)."""
        ...

    async def remove(self, pool: str, ids: list[str]) -> None: ...
    async def seat(self, seats: dict[str, Seated]) -> None: ...
    async def seated(self, seek_id: str) -> Seated | None: ...
    def hold(self, pool: str, wait: float) -> contextlib.AbstractAsyncContextManager[bool]:
        """The pool's lock, tried for ``wait`` seconds: whether it is held."""
        ...


def game_of_pool(pool: str) -> str:
    """The game a pool's seeks are for (a pool is ``game:players:rated:options``,
    ``play_now.pool_of``)."""
    return pool.split(":", 1)[0]


def _ignore(game: str) -> None:
    """No one to tell of an expired seek."""


class MemorySeeks:
    """The seeks of a process alone, in its memory (a restart forgets them: their pages
    then find them gone and seek again)."""

    def __init__(self, ttl: float = SEEK_TTL, on_expired: Callable[[str], None] = _ignore) -> None:
        self.ttl = ttl
        self.on_expired = on_expired
        self._seeks: dict[str, OpenSeek] = {}
        self._seen: dict[str, float] = {}
        self._seated: dict[str, tuple[Seated, float]] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    async def add(self, seek: OpenSeek) -> None:
        self._seeks[seek.id] = seek
        self._seen[seek.id] = time.monotonic()

    async def find(self, seek_id: str) -> OpenSeek | None:
        seek = self._seeks.get(seek_id)
        if seek is None or time.monotonic() - self._seen[seek_id] > self.ttl:
            return None
        self._seen[seek_id] = time.monotonic()
        return seek

    async def pool(self, pool: str) -> list[OpenSeek]:
        now = time.monotonic()
        for seek_id in [i for i, seen in self._seen.items() if now - seen > self.ttl]:
            self.on_expired(self._seeks[seek_id].game)
            self._forget(seek_id)
        found = [seek for seek in self._seeks.values() if seek.pool == pool]
        return sorted(found, key=lambda seek: seek.created_at)

    async def remove(self, pool: str, ids: list[str]) -> None:
        for seek_id in ids:
            self._forget(seek_id)

    def _forget(self, seek_id: str) -> None:
        self._seeks.pop(seek_id, None)
        self._seen.pop(seek_id, None)

    async def seat(self, seats: dict[str, Seated]) -> None:
        now = time.monotonic()
        for seek_id in [i for i, (_, at) in self._seated.items() if now - at > SEATED_TTL]:
            del self._seated[seek_id]
        for seek_id, seated in seats.items():
            self._seated[seek_id] = (seated, now)

    async def seated(self, seek_id: str) -> Seated | None:
        found = self._seated.get(seek_id)
        return None if found is None else found[0]

    @contextlib.asynccontextmanager
    async def hold(self, pool: str, wait: float) -> AsyncIterator[bool]:
        lock = self._locks.setdefault(pool, asyncio.Lock())  # pools are few: games x options
        if lock.locked() and wait <= 0:
            yield False
            return
        try:
            await asyncio.wait_for(lock.acquire(), wait if lock.locked() else None)
        except TimeoutError:
            yield False
            return
        try:
            yield True
        finally:
            lock.release()


# KEYS[1]: a pool's lock; ARGV[1]: the token it was taken with. Deleted only while held.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
end
return 0
"""


class RedisSeeks:
    """The seeks of a whole site, in Redis, so that seekers who came to different
    processes are paired."""

    def __init__(
        self,
        redis: Redis,
        prefix: str,
        ttl: float = SEEK_TTL,
        on_expired: Callable[[str], None] = _ignore,
    ) -> None:
        self.ttl = ttl
        self.on_expired = on_expired
        self.redis = redis
        self.prefix = prefix
        self._release = redis.register_script(_RELEASE)

    def _key(self, kind: str, name: str) -> str:
        return f"{self.prefix}{kind}:{name}"

    async def add(self, seek: OpenSeek) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(self._key("seek", seek.id), msgspec.json.encode(seek), px=_ms(self.ttl))
            pipe.sadd(self._key("seeks", seek.pool), seek.id)
            pipe.pexpire(self._key("seeks", seek.pool), _ms(self.ttl))
            await pipe.execute()

    async def find(self, seek_id: str) -> OpenSeek | None:
        key = self._key("seek", seek_id)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.get(key)
            pipe.pexpire(key, _ms(self.ttl))
            raw, _ = await pipe.execute()
        if raw is None:
            return None
        seek = msgspec.json.decode(raw, type=OpenSeek)
        await self.redis.pexpire(self._key("seeks", seek.pool), _ms(self.ttl))
        return seek

    async def pool(self, pool: str) -> list[OpenSeek]:
        listed = await self.redis.smembers(self._key("seeks", pool))
        members = sorted(m.decode() if isinstance(m, bytes) else m for m in listed)
        if not members:
            return []
        raws = await self.redis.mget([self._key("seek", m) for m in members])
        dead = [m for m, raw in zip(members, raws, strict=True) if raw is None]
        if dead:
            dropped = await self.redis.srem(self._key("seeks", pool), *dead)
            for _ in range(dropped):  # another reader that dropped them first counted them
                self.on_expired(game_of_pool(pool))
        found = [msgspec.json.decode(raw, type=OpenSeek) for raw in raws if raw is not None]
        return sorted(found, key=lambda seek: seek.created_at)

    async def remove(self, pool: str, ids: list[str]) -> None:
        if not ids:
            return
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(*[self._key("seek", i) for i in ids])
            pipe.srem(self._key("seeks", pool), *ids)
            await pipe.execute()

    async def seat(self, seats: dict[str, Seated]) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            for seek_id, seated in seats.items():
                raw = msgspec.json.encode(seated)
                pipe.set(self._key("seated", seek_id), raw, px=_ms(SEATED_TTL))
            await pipe.execute()

    async def seated(self, seek_id: str) -> Seated | None:
        raw = await self.redis.get(self._key("seated", seek_id))
        return None if raw is None else msgspec.json.decode(raw, type=Seated)

    @contextlib.asynccontextmanager
    async def hold(self, pool: str, wait: float) -> AsyncIterator[bool]:
        key, token = self._key("seeks-lock", pool), secrets.token_hex(12)
        deadline = time.monotonic() + wait
        while not await self.redis.set(key, token, nx=True, px=_ms(LOCK_TTL)):
            if time.monotonic() >= deadline:
                yield False
                return
            await asyncio.sleep(0.05)
        try:
            yield True
        finally:
            await self._release(keys=[key], args=[token])


def _ms(seconds: float) -> int:
    return int(seconds * 1000)

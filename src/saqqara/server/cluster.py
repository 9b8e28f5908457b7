"""A site of many processes: ``saqqara serve --db postgresql://… --redis redis://…``.

Every process serves HTTP and WebSockets for every table. A table runs at one process at
a time, its owner, under a lease in PostgreSQL (``server/lease.py``). A request for a
table another process owns is carried to the owner through Redis and served there by the
very same ASGI application, as if the client were connected to it:

- a WebSocket at a non-owner (the edge) is relayed: the edge accepts it, publishes an
  ``Open`` to the owner's channel and then each client frame; the owner runs the ordinary
  socket handler on a conversation whose frames come from and go to Redis, so its seat
  updates (already built and worded for that seat, its secrets only) are published to the
  edge, which forwards them to the socket;
- an HTTP request on a table (join, invite, leave, rematch, info, replay, review) is sent as
  a ``Call`` and answered with a ``Reply``.

Each process subscribes to one channel, ``saqqara:proc:<id>`` (``saqqara:`` is the
default of ``--redis-prefix``: two sites on one Redis each take their own). Messages of one
connection keep their order: every process publishes from one queue, in order. The lobby
is read from the store, so it is the same everywhere.

When an owner dies its sockets close; clients reconnect to any process, which waits until
the lease expires and then takes the table over (``Leases.orphans`` every renewal turn),
resuming it from the store with its bots. Sockets relayed to an owner that is gone or has
changed are closed with code 1012 (service restart), so their clients reconnect too. When
Redis restarts, every process subscribes again and closes the relayed conversations that
may have lost frames in between; a client's reconnect with its last sequence number
rebuilds what it missed from the store. While Redis is out of reach, relayed
conversations are closed at once and a request for a table owned elsewhere is refused
(``moved``) at once: each table is played at its owner. Nothing is acknowledged before it
is committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import secrets
import socket
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

import msgspec
from redis.asyncio import Redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from sqlalchemy.exc import SQLAlchemyError
from starlette.types import ASGIApp, Receive, Scope, Send

from saqqara.server.guard import origin_allowed
from saqqara.server.lease import Holder, Leases
from saqqara.server.logs import say
from saqqara.server.service import TableService, is_open, seat_info
from saqqara.store import OPEN, PLAYING

PREFIX = "saqqara:"
"""The default prefix of the site's Redis channels (``saqqara serve --redis-prefix``)."""

CHANNEL = "proc:"
"""After the prefix, each process's channel: ``<prefix>proc:<process id>``."""

_PREFIX = re.compile(r"^[!-~]{1,64}$")


def check_prefix(prefix: str) -> str:
    """``prefix`` when it may prefix a site's Redis channels (1 to 64 printable ASCII
    characters, no space); ``ValueError`` otherwise."""
    if not _PREFIX.match(prefix):
        raise ValueError(
            f"a Redis prefix is 1 to 64 printable ASCII characters, no space, not {prefix!r}"
        )
    return prefix


FORWARDED = "saqqara.forwarded"
"""Scope key of a conversation another process carried here: it is served here."""

MAX_FORWARDED_BODY = 65536
CALL_TIMEOUT = 10.0
RESTART = 1012
"""WebSocket close code "service restart": reconnect (to any process)."""

_TABLE_PATH = re.compile(
    r"^/(?:ws|api/tables)/([^/]{1,64})(?:/(?:join|invite|leave|rematch|replay|review))?$"
)

Headers = list[tuple[str, str]]
_P = ParamSpec("_P")
_R = TypeVar("_R")


class Open(msgspec.Struct, tag="open"):
    """Edge -> owner: a client opened a socket on one of the owner's tables."""

    conn: str
    edge: str
    path: str
    query: str
    headers: Headers


class Frame(msgspec.Struct, tag="frame"):
    """A WebSocket frame of one relayed connection, either way."""

    conn: str
    text: str | None = None
    data: bytes | None = None


class Close(msgspec.Struct, tag="close"):
    """A relayed connection ended: the client left (edge -> owner) or the server closed
    it (owner -> edge, with the close code)."""

    conn: str
    code: int = 1000


class Call(msgspec.Struct, tag="call"):
    """Edge -> owner: an HTTP request on one of the owner's tables. ``scheme``: the
    request's as the edge saw it (``https`` from a proxy it believes): links the owner
    makes name it."""

    conn: str
    edge: str
    method: str
    path: str
    query: str
    headers: Headers
    body: bytes
    scheme: str = "http"


class Reply(msgspec.Struct, tag="reply"):
    """Owner -> edge: the answer to a :class:`Call`."""

    conn: str
    status: int
    headers: Headers
    body: bytes


Message = Open | Frame | Close | Call | Reply
_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder(Message).decode


class OwnerGone(Exception):
    """The owner of a table did not take a message (no process listens on its channel)."""


class Publisher:
    """Every message this process publishes, in order, pipelined in batches.

    ``on_lost`` of a message is called when no process received it (its receiver is gone)
    or Redis could not be reached: pub/sub keeps nothing for later.
    """

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self.queue: asyncio.Queue[tuple[str, bytes, Callable[[], None] | None]] = asyncio.Queue()
        self.failures = 0
        self.stopped = False

    def put(self, channel: str, message: Message, on_lost: Callable[[], None] | None) -> None:
        self.queue.put_nowait((channel, _encode(message), on_lost))

    async def run(self) -> None:
        while not self.stopped:
            batch = [await self.queue.get()]
            while len(batch) < 512 and not self.queue.empty():
                batch.append(self.queue.get_nowait())
            counts: list[Any] = [0] * len(batch)
            for attempt in range(2):  # a pooled connection may be stale after an outage
                try:
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for channel, payload, _ in batch:
                            pipe.publish(channel, payload)
                        counts = await pipe.execute()
                    break
                except Exception as exc:  # Redis gone (or anything else): those are lost
                    if not isinstance(exc, RedisError | OSError):
                        _log(f"publishing failed: {exc!r}")
                    if attempt:
                        self.failures += 1
                        await asyncio.sleep(0.1)
            for (_, _, on_lost), count in zip(batch, counts, strict=True):
                if on_lost is not None and not count:
                    on_lost()


@dataclass(eq=False)
class Relay:
    """A client socket held here for a table another process owns."""

    table_id: str
    owner: str
    epoch: int
    outbox: asyncio.Queue[Frame | Close | None] = field(default_factory=asyncio.Queue)
    kicked: bool = False

    def kick(self, conn: str) -> None:
        self.outbox.put_nowait(Close(conn, RESTART))
        self.kicked = True


class Cluster:
    """This process's part of the site: its leases, its Redis channel, its relays."""

    def __init__(
        self,
        app: ASGIApp,
        service: TableService,
        redis_url: str,
        lease_seconds: float = 4.0,
        prefix: str = PREFIX,
    ) -> None:
        self.app = app
        self.service = service
        self.id = f"{socket.gethostname()[:24]}-{os.getpid()}-{secrets.token_hex(4)}"
        self.prefix = check_prefix(prefix)
        """What every Redis channel of this site begins with (the same at every process)."""
        self.channel = self.channel_of(self.id)
        self.leases = Leases(service.store.engine, self.id, lease_seconds)
        service.leases = self.leases
        service.store.fence = self.leases.fence
        # No silent retries: a lost connection must be seen, to subscribe again and to
        # close the conversations that may have lost frames meanwhile.
        self.redis: Redis = Redis.from_url(redis_url, retry=Retry(NoBackoff(), 0))
        self.publisher = Publisher(self.redis)
        self.relays: dict[str, Relay] = {}
        """Connections held here for tables owned elsewhere (by connection id)."""
        self.served: dict[str, asyncio.Queue[Frame | Close]] = {}
        """Connections relayed here from other processes (their inbound frames)."""
        self.calls: dict[str, asyncio.Future[Reply]] = {}
        self.kicks: dict[str, set[asyncio.Event]] = {}
        """Sockets served here, by table: set the event to close one (code 1012)."""
        self.subscriptions = 0
        """How many times this process subscribed to its channel (more than 1: Redis was
        lost and found again)."""
        self.moved_sockets = 0
        """Relayed sockets closed (1012) because their table moved or Redis was lost."""
        self.takeovers = 0
        """Tables this process took over from another (or resumed at start)."""
        self.renewed_at = time.monotonic()
        """When the last renewal that succeeded was sent (the leases held then last at
        least ``ttl`` from it)."""
        self.renew_failures = 0
        """Renewals that failed (the database could not be reached)."""
        self.lapses = 0
        """Times this process gave up every lease it held because none was renewed for
        their lifetime (the database out of reach)."""
        self._taking = asyncio.Lock()
        self._subscribed = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._upkeep_thread = ThreadPoolExecutor(1, thread_name_prefix="saqqara-upkeep")
        """Takeovers and relay checks query on a thread of their own, never queued behind
        requests' queries."""
        self._loop = asyncio.get_running_loop()  # made in the lifespan, on the server's loop
        self._closing = threading.Event()
        self._renewer = threading.Thread(
            target=self._renew_forever, name="saqqara-leases", daemon=True
        )
        """Renewal runs on its own thread, on time however busy the event loop is."""

    def channel_of(self, process: str) -> str:
        """The Redis channel of the process ``process`` (this site's prefix, its id)."""
        return f"{self.prefix}{CHANNEL}{process}"

    def figures(self) -> dict[str, Any]:
        """For ``/healthz``: this process, its leases, relays and what moved."""
        return {
            "process": self.id,
            "leases": len(self.leases.held),
            "relayed": len(self.relays),
            "served_for_others": len(self.served),
            "takeovers": self.takeovers,
            "moved_sockets": self.moved_sockets,
            "redis_subscriptions": self.subscriptions,
        }

    def lease_check(self) -> dict[str, Any]:
        """For ``/readyz``: whether the leases this process believes it holds were renewed
        within their lifetime (else another process may hold them now)."""
        age = time.monotonic() - self.renewed_at
        verdict: dict[str, Any] = {
            "ok": age <= self.leases.ttl,
            "held": len(self.leases.held),
            "renewed_s_ago": round(age, 2),
        }
        if not verdict["ok"]:
            verdict["error"] = f"not renewed for {age:.1f} s (a lease lasts {self.leases.ttl:g})"
        return verdict

    async def redis_check(self, timeout: float) -> dict[str, Any]:
        """For ``/readyz``: whether this process is subscribed to its channel and Redis
        answers a ``PING`` within ``timeout`` seconds."""
        if not self._subscribed.is_set():
            return {"ok": False, "error": "not subscribed to this process's channel"}
        started = time.perf_counter()
        for attempt in range(2):  # a pooled connection may be stale after an outage
            try:
                await asyncio.wait_for(self.redis.ping(), timeout)
                break
            except TimeoutError:
                return {"ok": False, "error": f"no answer in {timeout:g} s"}
            except (RedisError, OSError) as exc:
                if attempt:
                    return {"ok": False, "error": type(exc).__name__}
        return {"ok": True, "ms": round((time.perf_counter() - started) * 1000, 2)}

    # -- life cycle -------------------------------------------------------------------------
    async def start(self, timeout: float = 10.0) -> None:
        """Subscribe, start renewing leases, and take over the tables nobody owns."""
        self._tasks = [
            asyncio.ensure_future(self._listen()),
            asyncio.ensure_future(self.publisher.run()),
        ]
        try:
            await asyncio.wait_for(self._subscribed.wait(), timeout)
        except TimeoutError:
            await self.stop()
            message = "Redis could not be reached: a site of many processes needs it"
            raise RuntimeError(message) from None
        self._renewer.start()
        await self._adopt_orphans()
        self._tasks.append(asyncio.ensure_future(self._keep_leases()))

    async def stop(self) -> None:
        self._closing.set()
        self.publisher.stopped = True
        for task in self._tasks:
            task.cancel()
        # A task inside the Redis client may swallow its cancellation: never wait long.
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=2.0)
        if self._renewer.is_alive():
            await asyncio.to_thread(self._renewer.join, 2 * self.leases.renew_every + 5)
        with contextlib.suppress(SQLAlchemyError, OSError):
            await self._upkeep(self.leases.release_all)
        self._upkeep_thread.shutdown(wait=False)
        with contextlib.suppress(RedisError, OSError):
            await self.redis.aclose()

    # -- Redis: what arrives on our channel ----------------------------------------------------
    async def _listen(self) -> None:
        while not self._closing.is_set():
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                self.subscriptions += 1
                if self.subscriptions > 1:
                    self._after_outage()
                self._subscribed.set()
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        self._dispatch(message["data"])
            except (RedisError, OSError):
                pass
            except Exception as exc:  # never stop listening
                _log(f"listening failed (subscribing again): {exc!r}")
            finally:
                with contextlib.suppress(RedisError, OSError, RuntimeError):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            if self._subscribed.is_set() and not self._closing.is_set():
                self._redis_lost()
            self._subscribed.clear()
            await asyncio.sleep(0.2)

    def _redis_lost(self) -> None:
        """Redis is out of reach: nothing relayed can pass, so every relayed conversation
        ends at once (code 1012) rather than hanging silent. Its client reconnects; while
        Redis is away it is served only at the table's owner (:meth:`locate` refuses
        elsewhere at once, ``moved``), and seats connected to the owner play on."""
        _log("Redis is out of reach; relayed sockets reconnect, owners' own seats play on")
        self._end_relays()

    def _end_relays(self) -> None:
        for conn, relay in list(self.relays.items()):
            relay.kick(conn)
        for conn, inbox in list(self.served.items()):
            inbox.put_nowait(Close(conn, RESTART))

    def _after_outage(self) -> None:
        """Redis came back: frames published meanwhile are lost, so every relayed
        conversation ends and its client reconnects (rebuilding what it missed)."""
        _log(f"Redis is back ({self.subscriptions - 1} outage(s)); relayed sockets reconnect")
        self._end_relays()

    def _dispatch(self, data: bytes) -> None:
        try:
            message = _decode(data)
        except msgspec.MsgspecError:
            _log("dropped a message this version cannot read")
            return
        if isinstance(message, Frame | Close):
            inbox = self.served.get(message.conn)
            if inbox is not None:
                inbox.put_nowait(message)
            elif (relay := self.relays.get(message.conn)) is not None:
                relay.outbox.put_nowait(message)
        elif isinstance(message, Open):
            inbox = self.served[message.conn] = asyncio.Queue()
            _spawn(self._serve_socket(message, inbox))
        elif isinstance(message, Call):
            _spawn(self._serve_call(message))
        else:
            waiting = self.calls.pop(message.conn, None)
            if waiting is not None and not waiting.done():
                waiting.set_result(message)

    # -- the owner's side: serving conversations carried here ------------------------------
    async def _serve_socket(self, opened: Open, inbox: asyncio.Queue[Frame | Close]) -> None:
        edge = self.channel_of(opened.edge)
        conn = opened.conn
        connected = False
        closed = False

        def edge_gone() -> None:
            inbox.put_nowait(Close(conn, 1006))

        async def receive() -> MutableMapping[str, Any]:
            nonlocal connected
            if not connected:
                connected = True
                return {"type": "websocket.connect"}
            item = await inbox.get()
            if isinstance(item, Frame):
                return {"type": "websocket.receive", "text": item.text, "bytes": item.data}
            return {"type": "websocket.disconnect", "code": item.code}

        async def send(message: MutableMapping[str, Any]) -> None:
            nonlocal closed
            if closed:
                raise OSError("the relayed socket is closed")
            if message["type"] == "websocket.send":
                frame = Frame(conn, message.get("text"), message.get("bytes"))
                self.publisher.put(edge, frame, edge_gone)
            elif message["type"] == "websocket.close":
                closed = True
                self.publisher.put(edge, Close(conn, int(message.get("code", 1000))), None)

        scope = _scope("websocket", opened.path, opened.query, opened.headers)
        try:
            await self.app(scope, receive, send)
        except Exception as exc:  # a handler's failure ends this conversation only
            _log(f"relayed socket failed: {exc!r}")
        finally:
            self.served.pop(conn, None)
            if not closed:
                self.publisher.put(edge, Close(conn, 1011), None)

    async def _serve_call(self, call: Call) -> None:
        started: dict[str, Any] = {}
        body: list[bytes] = []
        given = False

        async def receive() -> MutableMapping[str, Any]:
            nonlocal given
            if given:
                await asyncio.Event().wait()  # nothing more comes: wait to be cancelled
            given = True
            return {"type": "http.request", "body": call.body, "more_body": False}

        async def send(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                started.update(message)
            elif message["type"] == "http.response.body":
                body.append(bytes(message.get("body", b"")))

        scope = _scope("http", call.path, call.query, call.headers, method=call.method)
        scope["scheme"] = "https" if call.scheme == "https" else "http"
        try:
            await self.app(scope, receive, send)
            headers = [
                (k.decode("latin-1"), v.decode("latin-1")) for k, v in started.get("headers", [])
            ]
            reply = Reply(call.conn, int(started.get("status", 500)), headers, b"".join(body))
        except Exception as exc:
            _log(f"relayed request failed: {exc!r}")
            reply = Reply(call.conn, 500, [("content-type", "text/plain")], b"server error")
        self.publisher.put(self.channel_of(call.edge), reply, None)

    # -- the edge's side: where a request for a table goes ------------------------------------
    async def locate(self, table_id: str) -> Holder | None:
        """The process to carry a request for ``table_id`` to; ``None``: serve it here.

        An owner whose lease is valid but who listens no more (it died) is waited for
        until its lease expires; then this process takes the table over. Where another
        process took it over first, the request is carried to that one: a connection that
        arrives during a takeover is relayed, never refused as ``moved``."""
        if table_id in self.service.live:
            return None
        deadline = time.monotonic() + self.leases.ttl + 2.0
        races_lost = 0
        while True:
            holder = await self._holder(table_id)
            if holder is None or not holder.valid:
                await self._take_over(table_id)
                if table_id in self.service.live:
                    return None
                holder = await self._holder(table_id)
                if holder is None or not holder.valid or holder.owner == self.id:
                    return None  # finished, closed or let go: read here from the store
                if races_lost == 3:
                    return None
                # Another process was first: carry the request to it, however long this
                # process took to find out.
                races_lost += 1
                deadline = max(deadline, time.monotonic() + 2.0)
            if holder.owner == self.id:
                return None
            if not self._subscribed.is_set():
                return None  # Redis is away: nothing can be relayed (refused: `moved`)
            if await self._listening(holder.owner):
                return holder
            if time.monotonic() > deadline:
                return None
            await asyncio.sleep(0.1)

    async def _holder(self, table_id: str) -> Holder | None:
        return (await asyncio.to_thread(self.leases.holders, [table_id])).get(table_id)

    async def _listening(self, owner: str) -> bool:
        for _ in range(2):  # a pooled connection may be stale after an outage
            try:
                counts = await self.redis.pubsub_numsub(self.channel_of(owner))
            except (RedisError, OSError):
                continue
            return bool(counts and int(counts[0][1]) > 0)
        return False

    async def websocket(
        self, here: ASGIApp, scope: Scope, receive: Receive, send: Send, table_id: str
    ) -> None:
        """A socket on ``table_id``: relayed to its owner, or served by ``here``."""
        if not scope.get(FORWARDED):
            holder = await self.locate(table_id)
            if holder is not None:
                await self._relay_socket(scope, receive, send, table_id, holder)
                return
        await self._local_socket(here, scope, receive, send, table_id)

    async def _local_socket(
        self, here: ASGIApp, scope: Scope, receive: Receive, send: Send, table_id: str
    ) -> None:
        """Serve a socket here, closing it (1012) if this process loses the table."""
        kicked = asyncio.Event()
        self.kicks.setdefault(table_id, set()).add(kicked)
        closed = False

        async def guarded_receive() -> MutableMapping[str, Any]:
            if kicked.is_set():
                return {"type": "websocket.disconnect", "code": RESTART}
            incoming = asyncio.ensure_future(receive())
            kick = asyncio.ensure_future(kicked.wait())
            await asyncio.wait({incoming, kick}, return_when=asyncio.FIRST_COMPLETED)
            kick.cancel()
            if incoming.done():
                return incoming.result()
            incoming.cancel()
            return {"type": "websocket.disconnect", "code": RESTART}

        async def tracked_send(message: MutableMapping[str, Any]) -> None:
            nonlocal closed
            closed = closed or message["type"] == "websocket.close"
            await send(message)

        try:
            await here(scope, guarded_receive, tracked_send)
        finally:
            waiting = self.kicks.get(table_id)
            if waiting is not None:
                waiting.discard(kicked)
                if not waiting:
                    del self.kicks[table_id]
        if kicked.is_set() and not closed:
            with contextlib.suppress(Exception):
                await send({"type": "websocket.close", "code": RESTART})

    async def _relay_socket(
        self, scope: Scope, receive: Receive, send: Send, table_id: str, holder: Holder
    ) -> None:
        headers = _headers(scope)
        lookup = dict(headers)
        allowed: tuple[str, ...] = scope["app"].state.origins
        if not origin_allowed(lookup.get("origin"), lookup.get("host"), allowed):
            await send({"type": "websocket.close", "code": 1008})
            return
        first = await receive()
        if first["type"] != "websocket.connect":
            return
        await send({"type": "websocket.accept"})
        conn = secrets.token_hex(12)
        relay = self.relays[conn] = Relay(table_id, holder.owner, holder.epoch)
        owner = self.channel_of(holder.owner)

        def owner_gone() -> None:
            relay.kick(conn)

        query = scope.get("query_string", b"").decode("latin-1")
        self.publisher.put(owner, Open(conn, self.id, scope["path"], query, headers), owner_gone)

        async def upstream() -> None:
            while True:
                message = await receive()
                if message["type"] == "websocket.disconnect":
                    relay.outbox.put_nowait(None)
                    return
                frame = Frame(conn, message.get("text"), message.get("bytes"))
                self.publisher.put(owner, frame, owner_gone)

        reading = asyncio.ensure_future(upstream())
        owner_closed = False
        try:
            while True:
                item = await relay.outbox.get()
                if item is None:
                    break
                if isinstance(item, Close):
                    owner_closed = item.code != RESTART
                    with contextlib.suppress(Exception):
                        await send({"type": "websocket.close", "code": item.code})
                    break
                outgoing: dict[str, Any] = {"type": "websocket.send"}
                outgoing["text" if item.text is not None else "bytes"] = (
                    item.text if item.text is not None else item.data
                )
                try:
                    await send(outgoing)
                except Exception:
                    break
        finally:
            reading.cancel()
            self.relays.pop(conn, None)
            self.moved_sockets += relay.kicked
            if not owner_closed:
                self.publisher.put(owner, Close(conn, 1001), None)

    async def http(
        self, here: ASGIApp, scope: Scope, receive: Receive, send: Send, table_id: str
    ) -> None:
        """An HTTP request on ``table_id``: carried to its owner, or served by ``here``."""
        body = await _read_body(receive)
        if body is None:
            await _respond(send, 413, [("content-type", "text/plain")], b"request too large")
            return
        for _ in range(3):
            holder = None if scope.get(FORWARDED) else await self.locate(table_id)
            if holder is None:
                await here(scope, _replay(body), send)
                return
            try:
                reply = await self._call(scope, body, holder)
            except OwnerGone:
                await asyncio.sleep(0.2)
                continue
            await _respond(send, reply.status, reply.headers, reply.body)
            return
        await _respond(send, 503, [("content-type", "text/plain")], b"the table is moving")

    async def _call(self, scope: Scope, body: bytes, holder: Holder) -> Reply:
        conn = secrets.token_hex(12)
        waiting: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self.calls[conn] = waiting

        def owner_gone() -> None:
            if not waiting.done():
                waiting.set_exception(OwnerGone())

        query = scope.get("query_string", b"").decode("latin-1")
        scheme = "https" if scope.get("scheme") == "https" else "http"
        headers = _headers(scope)
        call = Call(conn, self.id, scope["method"], scope["path"], query, headers, body, scheme)
        self.publisher.put(self.channel_of(holder.owner), call, owner_gone)
        try:
            return await asyncio.wait_for(waiting, CALL_TIMEOUT)
        except TimeoutError:
            raise OwnerGone() from None
        finally:
            self.calls.pop(conn, None)

    # -- the lobby: the same at every process ------------------------------------------------
    async def lobby(self, send: Send) -> None:
        tables = await asyncio.to_thread(self._lobby)
        await _respond(send, 200, [("content-type", "application/json")], _encode(tables))

    def _lobby(self) -> dict[str, Any]:
        store = self.service.store
        listed = []
        for row in store.tables_with_status(OPEN, public_only=True):
            seats = store.seats(row.id)
            if not any(map(is_open, seats)):
                continue  # every seat taken or kept for its link: nothing to join
            logged = store.actions(row.id)
            listed.append(
                {
                    "id": row.id,
                    "game": row.game,
                    "players": row.players,
                    "options": dict(row.options),
                    "status": row.status,
                    "public": row.public,
                    "seq": logged[-1].seq if logged else 0,
                    "rematch": row.rematch,
                    "seats": [seat_info(s) for s in seats],
                }
            )
        return {"tables": listed}

    # -- leases: renewal, losses, takeovers ---------------------------------------------------
    async def _upkeep(self, work: Callable[_P, _R], *args: _P.args, **kwargs: _P.kwargs) -> _R:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._upkeep_thread, lambda: work(*args, **kwargs))

    def _renew_forever(self) -> None:
        """The renewal thread: every ``ttl / 4`` seconds, extend every lease held and hand
        the tables found lost to the event loop."""
        while not self._closing.wait(self.leases.renew_every):
            sent = time.monotonic()
            try:
                lost = self.leases.renew()
            except (SQLAlchemyError, OSError) as exc:
                self.renew_failures += 1
                _log(f"lease renewal failed (trying again): {exc!r}")
                if time.monotonic() - self.renewed_at <= self.leases.ttl:
                    continue
                # Not renewed for a lease's lifetime: another process may hold any of them
                # now. This one stops serving them (its sockets close, 1012, so their
                # clients reconnect to a process that can) and takes them again, fenced,
                # only once the database answers.
                lost = self.leases.lapse()
                if lost:
                    self.lapses += 1
                    _log(f"gave up {len(lost)} lease(s) not renewed for their lifetime")
            else:
                self.renewed_at = sent
            for table_id in lost:
                with contextlib.suppress(RuntimeError):  # the loop is closing
                    self._loop.call_soon_threadsafe(self._lost, table_id)

    async def _keep_leases(self) -> None:
        while not self._closing.is_set():
            await asyncio.sleep(self.leases.renew_every)
            try:
                await self._adopt_orphans()
                await self._check_relays()
            except (SQLAlchemyError, OSError, RedisError) as exc:
                _log(f"lease upkeep failed (trying again): {exc!r}")

    def _lost(self, table_id: str) -> None:
        """Another process took the table over: stop serving it, close its sockets."""
        _log(f"lost the lease of table {table_id}")
        self.service.forget(table_id)
        for kicked in self.kicks.get(table_id, ()):
            kicked.set()

    async def _adopt_orphans(self, most: int = 20) -> None:
        """Take over unfinished tables whose owner is gone (or that never had one)."""
        for table_id in (await self._upkeep(self.leases.orphans))[:most]:
            await self._take_over(table_id)

    async def _take_over(self, table_id: str) -> None:
        """Take the table's lease if it is free and resume it here from the store, bots
        and clocks included (a finished table is read back on demand instead).

        From before the lease is asked for until the table is resumed, a request for it
        here waits (``TableService.arriving``): it is served by the one table resumed,
        never by a copy of its own opened meanwhile (a copy nothing would ever tell)."""
        async with self._taking:
            if table_id in self.service.live:
                return
            with self.service.arriving(table_id):
                if not await self._upkeep(self.leases.acquire, table_id):
                    return
                row = await self._upkeep(self.service.store.table, table_id)
                if (
                    row is None
                    or row.status not in (OPEN, PLAYING)
                    or await self._upkeep(self.service.abandoned, row)  # closed: not loaded
                ):
                    await self._upkeep(self.leases.release, table_id)
                    return
                try:
                    await self.service.resume(row)
                except Exception as exc:
                    _log(f"could not take over table {table_id}: {exc!r}")
                    self.service.forget(table_id)
                    await self._upkeep(self.leases.release, table_id)
                    return
            self.takeovers += 1

    async def _check_relays(self) -> None:
        """Close the relayed sockets whose table changed hands."""
        tables = sorted({relay.table_id for relay in self.relays.values()})
        holders = await self._upkeep(self.leases.holders, tables)
        for conn, relay in list(self.relays.items()):
            holder = holders.get(relay.table_id)
            # A lapse the owner heals by renewing is no reason; another owner is (a dead
            # owner's table is taken over by some process, this one included).
            if holder is None or (holder.owner, holder.epoch) != (relay.owner, relay.epoch):
                relay.kick(conn)


class ClusterRouter:
    """ASGI middleware of a many-process site: requests on a table go to its owner.

    ``/ws/{id}`` and ``/api/tables/{id}[/join|invite|leave|rematch|replay|review]`` are served
    here when this process owns the table (or may take it), else carried to the owner;
    ``/api/lobby`` is read from the store. Everything else is served here as by a single
    process.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        cluster: Cluster | None = None
        if kind in ("http", "websocket"):
            cluster = getattr(scope["app"].state, "cluster", None)
        if cluster is None:
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if kind == "http" and path == "/api/lobby" and scope["method"] == "GET":
            await cluster.lobby(send)
            return
        match = _TABLE_PATH.match(path)
        if match is None or (kind == "http") == path.startswith("/ws/"):
            await self.app(scope, receive, send)
            return
        if kind == "websocket":
            await cluster.websocket(self.app, scope, receive, send, match.group(1))
        else:
            await cluster.http(self.app, scope, receive, send, match.group(1))


def _scope(
    kind: str, path: str, query: str, headers: Headers, method: str | None = None
) -> dict[str, Any]:
    scope: dict[str, Any] = {
        "type": kind,
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "scheme": "ws" if kind == "websocket" else "http",
        "path": path,
        "raw_path": path.encode("latin-1"),
        "query_string": query.encode("latin-1"),
        "root_path": "",
        "headers": [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers],
        "client": ("redis", 0),
        "server": None,
        FORWARDED: True,
    }
    if kind == "websocket":
        scope["subprotocols"] = []
    else:
        scope["method"] = method or "GET"
    return scope


def _headers(scope: Scope) -> Headers:
    return [(k.decode("latin-1"), v.decode("latin-1")) for k, v in scope.get("headers", [])]


async def _read_body(receive: Receive) -> bytes | None:
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks)
        chunk = bytes(message.get("body", b""))
        size += len(chunk)
        if size > MAX_FORWARDED_BODY:
            return None
        chunks.append(chunk)
        if not message.get("more_body"):
            return b"".join(chunks)


def _replay(body: bytes) -> Receive:
    given = False

    async def receive() -> MutableMapping[str, Any]:
        nonlocal given
        if given:
            await asyncio.Event().wait()
        given = True
        return {"type": "http.request", "body": body, "more_body": False}

    return receive


async def _respond(send: Send, status: int, headers: Headers, body: bytes) -> None:
    raw = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers]
    if not any(k.lower() == "content-length" for k, _ in headers):
        raw.append((b"content-length", str(len(body)).encode("ascii")))
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})


_background: set[asyncio.Task[None]] = set()


def _spawn(work: Awaitable[None]) -> None:
    task = asyncio.ensure_future(work)
    _background.add(task)
    task.add_done_callback(_background.discard)


def _log(text: str) -> None:
    say("cluster", text)

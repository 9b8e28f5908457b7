"""``saqqara serve``: run the server on uvicorn with nothing to set up."""

from __future__ import annotations

import gc
import os
import socket
import sys
from pathlib import Path

import uvicorn
from alembic.util import CommandError
from redis import Redis
from redis.exceptions import RedisError
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError

from saqqara.core.memos import make_lean
from saqqara.server import logs
from saqqara.server.app import create_app
from saqqara.server.guard import MAX_FRAME
from saqqara.server.lean_http import LeanHttpProtocol
from saqqara.server.lean_socket import LeanWSProtocol
from saqqara.server.oidc import SettingsError, providers_of
from saqqara.server.seek_book import SEEK_TTL
from saqqara.server.service import EXPIRE_OPEN_AFTER
from saqqara.store import Store, normalize_url

SWITCH_INTERVAL = 0.001
"""Seconds a thread may hold the interpreter lock while another waits for it (Python's
default is 0.005). The writer thread gives the lock up at each round trip to the database
and must win it back from the busy event loop to go on, several times per group commit:
at 1 ms instead of 5 the median move-to-update latency of ``benchmarks/load.py`` (200
tables) was lower in 7 of 8 back-to-back pairs on PostgreSQL and SQLite, and a group
commit's own time with it (docs/architecture.md, "Eleventh pass")."""


class StartError(Exception):
    """Why the server cannot start (a database it cannot open, an address it cannot
    listen on): one line for the person who started it, before anything is served."""


def default_db() -> str:
    """The embedded default: a SQLite file in the user's data directory."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    path = base / "saqqara" / "server.db"
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def shown_url(url: str) -> str:
    """A database URL as printed: its password masked."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def check_store(url: str, sqlite_sync: str) -> None:
    """Open (and bring up to date) the database once before serving, so that a bad
    ``--db`` is :class:`StartError`'s one line rather than the server's startup failing
    with a traceback after it has printed its address."""
    shown = shown_url(url)
    try:
        backend = make_url(url).get_backend_name()
    except ArgumentError:
        backend = ""
    if backend not in ("sqlite", "postgresql"):
        raise StartError(f"the database is sqlite:///FILE or postgresql://…, not {shown}")
    try:
        Store(url, sqlite_sync=sqlite_sync).close()
    except (SQLAlchemyError, CommandError, OSError) as exc:
        reason = exc.orig if isinstance(exc, DBAPIError) and exc.orig is not None else exc
        first = str(reason).strip().splitlines()[0] if str(reason).strip() else type(exc).__name__
        raise StartError(f"cannot open the database {shown}: {first}") from None


def check_redis(url: str) -> None:
    """Reach Redis once before serving as one process of a site (:class:`StartError`'s one
    line when it cannot be reached)."""
    try:
        client = Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
        try:
            client.ping()
        finally:
            client.close()
    except (RedisError, ValueError, OSError) as exc:
        raise StartError(f"cannot reach Redis at {shown_url(url)}: {exc}") from None


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host`` and ``port`` (0: any free port), for uvicorn to
    serve on; :class:`StartError` when the address cannot be had (taken, or not this
    machine's)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except (OSError, OverflowError) as exc:
        sock.close()
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise StartError(f"cannot listen on {host} port {port}: {reason}") from None
    sock.listen(2048)  # as uvicorn would: connections made at once wait for its start
    return sock


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    *,
    origins: tuple[str, ...] = (),
    bot_workers: int = 2,
    move_limit: float = 10.0,
    rate: float = 30.0,
    tables_per_minute: float = 60.0,
    sqlite_sync: str = "full",
    snapshot_every: int = 200,
    redis: str | None = None,
    lease_seconds: float = 4.0,
    expire_open_after: float | None = EXPIRE_OPEN_AFTER,
    redis_prefix: str = "saqqara:",
    forwarded_allow_ips: str | None = None,
    log_format: str = "text",
    seek_ttl: float = SEEK_TTL,
    oidc: tuple[str, ...] = (),
) -> None:
    """Serve until interrupted; prints the address and the database first, once the
    database is open and the address held (:class:`StartError` when either cannot be). The
    engines' memos stay small in this process (:func:`saqqara.core.memos.make_lean`).
    ``log_format``: ``text``, or ``json`` for one JSON object a line (``server/logs.py``).
    ``oidc``: the keys of the OpenID Connect providers to sign in with, each set in the
    environment (``server/oidc.py``)."""
    logs.use(log_format)
    try:
        providers = providers_of(oidc)
    except SettingsError as exc:
        raise StartError(str(exc)) from None
    make_lean()
    url = normalize_url(db) if db else default_db()
    check_store(url, sqlite_sync)
    if redis:
        check_redis(redis)
    app = create_app(
        url,
        allowed_origins=origins,
        bot_workers=bot_workers,
        move_limit=move_limit,
        rate=rate,
        burst=rate * 2,
        tables_per_minute=tables_per_minute,
        sqlite_sync=sqlite_sync,
        snapshot_every=snapshot_every,
        redis_url=redis,
        lease_seconds=lease_seconds,
        expire_open_after=expire_open_after,
        redis_prefix=redis_prefix,
        seek_ttl=seek_ttl,
        oidc_providers=providers,
    )
    held = listen(host, port)
    port = held.getsockname()[1]
    site = f", one process of the site on {shown_url(redis)}" if redis else ""
    address = f"[{host}]" if ":" in host else host
    serving = f"http://{address}:{port}/"
    said = f"saqqara serving on {serving} (database {shown_url(url)}{site})"
    database = shown_url(url)
    sys.stdout.write(logs.line(said, url=serving, database=database, redis=bool(redis)) + "\n")
    sys.stdout.flush()
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws_max_size=MAX_FRAME,
        # wsproto over the websockets library's sans-I/O protocol: the same ASGI messages for
        # about a third less server CPU per accepted action (benchmarks/load.py: 649 against
        # 913 µs at 100 tables), most of it framing and the per-message bookkeeping; and
        # uvicorn's protocol for it keeping less per open connection (server/lean_socket.py).
        ws=LeanWSProtocol,
        ws_per_message_deflate=False,
        # uvicorn's httptools protocol, leaving no reference cycle per connection to the
        # collector (server/lean_http.py).
        http=LeanHttpProtocol,
        log_level="warning",
        lifespan="on",
        # A client's address (the tables-per-minute limit) from X-Forwarded-For only where
        # a proxy the operator named sent it: a client on this host sets its own otherwise.
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips,
        **logs.uvicorn_config(),
    )
    # Everything imported so far (modules, classes, the games) lives as long as the server:
    # kept out of the collector's full passes, which would walk it again and again while
    # the event loop waits (each pass a spike in the move-to-update latency).
    gc.freeze()
    sys.setswitchinterval(SWITCH_INTERVAL)
    uvicorn.Server(config).run(sockets=[held])

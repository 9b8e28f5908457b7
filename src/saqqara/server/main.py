"""``saqqara serve``: run the server on uvicorn with nothing to set up."""

from __future__ import annotations

import gc
import os
import sys
from pathlib import Path

import uvicorn

from saqqara.core.memos import make_lean
from saqqara.server.app import create_app
from saqqara.server.guard import MAX_FRAME
from saqqara.server.lean_http import LeanHttpProtocol
from saqqara.server.lean_socket import LeanWSProtocol
from saqqara.store import normalize_url


def default_db() -> str:
    """The embedded default: a SQLite file in the user's data directory."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    path = base / "saqqara" / "server.db"
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    *,
    origins: tuple[str, ...] = (),
    bot_workers: int = 2,
    move_limit: float = 10.0,
    rate: float = 30.0,
    sqlite_sync: str = "full",
    snapshot_every: int = 200,
    redis: str | None = None,
    lease_seconds: float = 4.0,
) -> None:
    """Serve until interrupted; prints the address and the database first. The engines'
    memos stay small in this process (:func:`saqqara.core.memos.make_lean`)."""
    make_lean()
    url = normalize_url(db) if db else default_db()
    app = create_app(
        url,
        allowed_origins=origins,
        bot_workers=bot_workers,
        move_limit=move_limit,
        rate=rate,
        burst=rate * 2,
        sqlite_sync=sqlite_sync,
        snapshot_every=snapshot_every,
        redis_url=redis,
        lease_seconds=lease_seconds,
    )
    shown = url.split("@")[-1] if "@" in url else url
    site = f", one process of the site on {redis}" if redis else ""
    sys.stdout.write(f"saqqara serving on http://{host}:{port}/ (database {shown}{site})\n")
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
    )
    # Everything imported so far (modules, classes, the games) lives as long as the server:
    # kept out of the collector's full passes, which would walk it again and again while
    # the event loop waits (each pass a spike in the move-to-update latency).
    gc.freeze()
    uvicorn.Server(config).run()

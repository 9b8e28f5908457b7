"""A site of several ``saqqara serve --redis`` processes, and clients that roam between them.

:class:`Site` starts the processes on one PostgreSQL schema and one Redis, with a short
lease so a takeover takes about two seconds. :func:`play_anywhere` plays a seat with
seeded random moves and, whenever its socket closes (its process was killed, or the table
moved), reconnects to the next living process with its last sequence number, resending an
unacknowledged move under the same client id. It keeps every acknowledgement it saw.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field, replace
from typing import Any

import uvicorn
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from saqqara.client import ClientError, TableClient, http_json
from saqqara.server.messages import Ack, Error, Update
from saqqara.store import ActionRow, Store
from tests.server.harness import ServerProcess, free_port

LEASE = "2"
"""Seconds of a lease in these tests: an owner's death is noticed within about this."""

TRANSIENT = ("stale", "moved", "store-failed", "game-over")
"""Refusals a roaming client may meet while a table changes hands: it syncs and goes on.
(``game-over``: a move chosen on an old update, resent after the game ended elsewhere.)"""


class Site:
    """``count`` server processes sharing ``db_url`` and ``redis_url``."""

    def __init__(
        self,
        db_url: str,
        redis_url: str,
        count: int = 3,
        lease: str = LEASE,
        extra: tuple[str, ...] = (),
    ) -> None:
        """``lease``: the processes' ``--lease-seconds`` (short, for the takeover tests);
        ``extra``: more arguments of ``saqqara serve`` for every process. Each site has a
        ``--redis-prefix`` of its own unless ``extra`` names one: its channels and its
        per-address counters (``--tables-per-minute``) are not another test's."""
        if "--redis-prefix" not in extra:
            extra = ("--redis-prefix", f"saqqara-test-{uuid.uuid4().hex[:8]}:", *extra)
        extra = ("--rate", "5000", "--redis", redis_url, "--lease-seconds", lease, *extra)
        self.processes = [ServerProcess(db_url, *extra) for _ in range(count)]
        self.db_url = db_url

    def __enter__(self) -> Site:
        # Start them together (each takes seconds to import and migrate): one migrates,
        # the others wait on its advisory lock, as a real site's processes would.
        for process in self.processes:
            command = [sys.executable, "-m", "saqqara.cli", "serve", "--port", str(process.port)]
            command += ["--db", process.db_url, *process.extra]
            log = process.log
            process.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        try:
            for process in self.processes:
                _wait_healthy(process)
        except BaseException:
            self.__exit__()  # no process outlives a site that did not start
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        for process in self.processes:
            process.close()

    def assert_quiet(self) -> None:
        """No process printed a traceback (a failure the clients did not see)."""
        for process in self.processes:
            assert "Traceback" not in process.output(), process.output()[-3000:]

    def figures(self) -> list[dict[str, Any]]:
        """Each living process's site figures (``/healthz``)."""
        return [http_json(base, "/healthz")["site"] for base in self.living()]

    def living(self) -> list[str]:
        return [p.base for p in self.processes if p.process is not None]

    def owner_pid(self, table_id: str) -> int:
        """The process id of the table's lease holder (process ids end ``-PID-RANDOM``)."""
        store = Store(self.db_url)
        try:
            with store.engine.connect() as connection:
                owner = connection.exec_driver_sql(
                    "SELECT owner FROM table_leases WHERE table_id = %(t)s", {"t": table_id}
                ).scalar()
        finally:
            store.close()
        return int(str(owner).split("-")[-2])

    def owner_of(self, table_id: str) -> ServerProcess:
        """The living process holding the table's lease."""
        pid = self.owner_pid(table_id)
        for process in self.processes:
            if process.process is not None and process.process.pid == pid:
                return process
        raise AssertionError(f"no living process owns {table_id} (pid {pid})")


def _wait_healthy(process: ServerProcess, timeout: float = 180.0) -> None:
    """Wait for a process to answer ``/healthz``: three processes importing and migrating
    at once on a busy 2-core machine have taken over a minute."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.process is not None
        if process.process.poll() is not None:
            raise RuntimeError(f"server exited: {process.output()}")
        try:
            with urllib.request.urlopen(process.base + "/healthz", timeout=1) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("server did not start")


def at(link: str, base: str) -> str:
    """The same link at another process of the site."""
    head, tail = link.split("/t/", 1)
    assert head.startswith("http")
    return f"{base}/t/{tail}"


@dataclass
class Roaming:
    """What a roaming client saw: acknowledgements (client id -> seq) and reconnections."""

    acked: dict[str, int] = field(default_factory=dict)
    reconnects: int = 0
    updates: int = 0
    refusals: list[str] = field(default_factory=list)
    """Why a first connection was refused (then it reconnected)."""


RECONNECT_SECONDS = 90.0
"""How long a roaming client keeps trying to reconnect: a site recovering from a lost
process or a restarted Redis on a loaded machine (CI shares two cores) can take a while."""


async def _reconnect(client: TableClient, site: Site, roaming: Roaming) -> None:
    deadline = time.monotonic() + RECONNECT_SECONDS
    attempt = 0
    while time.monotonic() < deadline:
        bases = site.living()
        base = bases[(roaming.reconnects + attempt) % len(bases)]
        client.link = replace(client.link, base=base)
        try:
            await client.connect()
            roaming.reconnects += 1
            return
        except (OSError, ClientError, InvalidHandshake, ConnectionClosed, TimeoutError):
            await client.close()
            await asyncio.sleep(0.1)
            attempt += 1
    raise AssertionError("could not reconnect to any process")


async def play_anywhere(
    client: TableClient,
    site: Site,
    seed: int,
    roaming: Roaming,
    *,
    moves_before: asyncio.Event | None = None,
    stop_after: int | None = None,
) -> Update:
    """Play ``client``'s seat (``None`` seat: watch) to the end, reconnecting as needed.

    ``stop_after``: set ``moves_before`` once this many of the seat's moves are
    acknowledged (a test waits on it to kill a process mid-game)."""
    rng = random.Random(seed)
    acted_on = -1
    if client.welcome is None:
        try:
            await client.connect()
        except (OSError, ClientError, InvalidHandshake, ConnectionClosed) as exc:
            roaming.refusals.append(repr(exc))
            await client.close()
            await _reconnect(client, site, roaming)
    for _ in range(100_000):
        try:
            update = client.update
            if update is not None and update.over and client.pending is None:
                await client.close()
                return update
            seat_moves = update is not None and update.legal and client.pending is None
            if seat_moves and update is not None and update.seq != acted_on:
                acted_on = update.seq
                await client.act(rng.choice(update.legal).id)
            message = await client.receive(timeout=20)
            if isinstance(message, Update):
                roaming.updates += 1
            elif isinstance(message, Ack):
                assert roaming.acked.setdefault(message.cid, message.seq) == message.seq
                if stop_after is not None and len(roaming.acked) >= stop_after and moves_before:
                    moves_before.set()
            elif isinstance(message, Error):
                assert message.code in TRANSIENT, message
                acted_on = -1
                await client.sync()
        except (ConnectionClosed, OSError):
            await client.close()
            acted_on = -1
            await _reconnect(client, site, roaming)
    raise AssertionError("the game did not end")


def assert_log_matches(site: Site, table_id: str, final: Update, roamings: list[Roaming]) -> None:
    """The stored log is whole (1..N, N the final seq everyone saw), the table finished,
    and holds every acknowledged move at the number it was acknowledged under."""
    store = Store(site.db_url)
    try:
        logged: list[ActionRow] = store.actions(table_id)
        row = store.table(table_id)
    finally:
        store.close()
    assert row is not None and row.status == "finished"
    assert [a.seq for a in logged] == list(range(1, final.seq + 1))
    by_cid = {a.client_id: a.seq for a in logged if a.client_id is not None}
    acked = {cid: seq for roaming in roamings for cid, seq in roaming.acked.items()}
    assert by_cid == acked  # every person's move in the log was acknowledged, at its seq


@contextlib.asynccontextmanager
async def serve_here(app: Any) -> AsyncIterator[int]:
    """``app`` (a process of a site, say) served in this event loop on a free port
    (yielded), started and stopped."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    serving = asyncio.ensure_future(server.serve())
    try:
        while not server.started:
            assert not serving.done(), "the server did not start"
            await asyncio.sleep(0.05)
        yield port
    finally:
        server.should_exit = True
        await asyncio.wait_for(serving, 30)

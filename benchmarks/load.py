"""Load on a real server over loopback: live tables played by scripted clients and bots.

Usage: python benchmarks/load.py [--db URL [--reuse-db]] [--tables 200] [--seconds 20] [--think MS]
                                 [--game tutankhamun] [--sqlite-sync full|normal]
                                 [--processes N --redis URL [--placement spread|owner]]
                                 [--trace] [--profile FILE]

Starts ``saqqara serve`` as a subprocess, opens the tables (two scripted people and one
random bot each), and lets every client answer each update, at once or after thinking
``--think`` milliseconds on average; a finished table is followed by its rematch (asked
at once), so the number of live tables stays put. A person goes on reading while thinking
(as a browser does) and moves on the latest update read, so an update that arrives
meanwhile (another seat's sealed bid) is timed when it arrives.

Without thinking the load is closed: each table has one move in flight, so the server
runs flat out and, by Little's law, the mean latency is about the number of tables over
the throughput (200 tables at 1,400 actions/s: ~140 ms) — that run finds the most the
server can do. With thinking the people offer a set pace (200 tables of Tutankhamun
thinking 250 ms offer about 1,100 actions/s, the bots' and chance's included), and the
latency figures are the server's at that throughput, as a load tester holding a constant
rate reports them.

Prints, over the measured window: accepted actions per second (people's and bots', from
the server's own count), the latency from a move sent to every person seat of that table
holding an update that includes it (p50/p95/p99), and the server's resident memory per
live table: the growth of its RSS from empty to loaded divided by the tables, and the
growth from half the tables to all of them divided by the tables added (what one more
table costs, without what the first ones set up once: the database's page cache, pools,
arenas). Clients and server share the machine, so the figures include the clients' cost;
to keep it small the clients run in this process (the server in its own) and decode only
the fields they use (msgspec skips the rest: the view, the labels, the event texts). The
clients' process runs no garbage collection during the window: its full passes paused every
client at once for 92-160 ms, and those pauses were the p99 it printed (see ``_measure``).

A PostgreSQL ``--db`` gets a schema of its own for the run (``saqqara_load_…``, set as the
connections' search path, dropped at the end), so each run starts from an empty store, as
a SQLite run does from a fresh file: the tables earlier runs left playing would otherwise be
resumed by the server at its start and held, idle, in its memory (and its collector's full
passes) beside the run's own. ``--reuse-db`` runs on the database as it is.

``--processes N`` (with ``--redis`` and a PostgreSQL ``--db``) starts a site of N
processes: tables are created at each in turn, and with ``--placement spread`` (the
default) a table's two people connect to two different processes, as behind a load
balancer that knows nothing of tables, so one of them is relayed to the owner through
Redis; ``owner`` connects both to the owner. Figures are summed over the processes.

``--trace`` runs the server under ``tracemalloc`` (``benchmarks/traced_serve.py``) and
prints, besides, its live Python memory per table added and where it was allocated: the
load-independent figure (the RSS also holds what the allocator keeps between live
objects), and what its live Python memory grew by over the measured window, with as many
tables throughout (what finished games and filling caches leave behind). Tracing makes the
server several times slower, so the rates and latencies of such a run are not the server's.

``--profile FILE`` samples the server's stacks with ``py-spy`` (if installed) over the
measured window, without pausing it (``--nonblocking``) and only while it holds the GIL
(``--gil``: the Python work, not the waits on the disk), into FILE as collapsed stacks
(one line a stack, ``frame;frame;... count``), and prints the functions that took most of
its samples, by their own time and by the time under them. Sampling costs the server
little (py-spy reads its memory from another process), but that process takes some of the
same cores.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import urllib.parse
import urllib.request
from dataclasses import dataclass, field, replace

import msgspec
from websockets.asyncio.client import ClientConnection, connect

from saqqara.client import SeatLink, create_table, http_json


async def _post_json(base: str, path: str, body: object) -> object:
    """POST JSON and read the JSON answer, on the event loop.

    The load's clients ask for rematches by the dozen a second; a thread per blocking call
    (urllib) fights the clients' event loop for the GIL and an HTTP client library costs a
    few milliseconds of this process's CPU per call, both of which would show up as
    latency that is not the server's. One plain HTTP/1.1 request per connection costs
    neither."""
    url = urllib.parse.urlsplit(base)
    reader, writer = await asyncio.open_connection(url.hostname, url.port)
    data = _encode(body)
    head = (
        f"POST {path} HTTP/1.1\r\nHost: {url.netloc}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n"
    )
    writer.write(head.encode("ascii") + data)
    answer = await reader.read()
    writer.close()
    status_line, _, rest = answer.partition(b"\r\n")
    status = int(status_line.split()[1])
    payload = rest.partition(b"\r\n\r\n")[2]
    if status != 200:
        raise RuntimeError(f"POST {path}: {status} {payload[:200]!r}")
    return msgspec.json.decode(payload)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _cpu_split(pid: int) -> tuple[float, float]:
    """User and system CPU time of a process so far, apart."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far."""
    return sum(_cpu_split(pid))


def _children(pid: int) -> list[int]:
    """The child processes of ``pid`` (the server's bot workers)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as listing:
            return [int(child) for child in listing.read().split()]
    except OSError:
        return []


def _tree_cpu_seconds(pid: int) -> float:
    """CPU time of a process and its live children so far."""
    total = _cpu_seconds(pid)
    for child in _children(pid):
        try:
            total += _cpu_seconds(child)
        except OSError:
            continue
    return total


def _rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


class Choice(msgspec.Struct):
    """A legal action, as far as a scripted client reads it."""

    id: int


class Update(msgspec.Struct, tag="update"):
    seq: int
    legal: list[Choice]
    over: bool


class Ack(msgspec.Struct, tag="ack"):
    cid: str
    seq: int


class Error(msgspec.Struct, tag="error"):
    code: str
    cid: str | None = None


class TableNotice(msgspec.Struct, tag="table"):
    rematch: str | None = None


class Welcome(msgspec.Struct, tag="welcome"):
    pass


class Act(msgspec.Struct, tag="act"):
    seq: int
    action: int
    cid: str


class Sync(msgspec.Struct, tag="sync"):
    since: int


Message = Update | Ack | Error | TableNotice | Welcome
_decoder: msgspec.json.Decoder[Message] = msgspec.json.Decoder(Message)
_encode = msgspec.json.Encoder().encode


class LeanClient:
    """A scripted seat: the protocol's client (``saqqara.client``) cut to what the load
    needs, reading each message into the few fields above."""

    def __init__(self, link: SeatLink) -> None:
        self.link = link
        self.seq = 0
        self.pending: str | None = None
        self.latest: Update | None = None
        """The last update read: what a person who has thought acts on."""
        self.thinking: asyncio.Task[None] | None = None
        """The person's thinking before a move, under way (see :meth:`Load.seat`)."""
        self._socket: ClientConnection | None = None

    async def connect(self) -> None:
        self._socket = await connect(self.link.socket_url(self.seq), max_size=2**24)
        if not isinstance(await self.receive(), Welcome):
            raise RuntimeError("the server refused a seat")

    async def close(self) -> None:
        if self.thinking is not None:
            self.thinking.cancel()
        if self._socket is not None:
            await self._socket.close()

    async def receive(self) -> Message:
        assert self._socket is not None
        message = _decoder.decode(await self._socket.recv(decode=False))
        if isinstance(message, Update):
            self.seq = message.seq
            self.latest = message
        elif isinstance(message, Ack | Error) and message.cid == self.pending:
            self.pending = None
        return message

    async def act(self, action: int, cid: str) -> None:
        assert self._socket is not None
        self.pending = cid
        await self._socket.send(_encode(Act(self.seq, action, cid)), text=True)

    async def sync(self) -> None:
        assert self._socket is not None
        await self._socket.send(_encode(Sync(self.seq)), text=True)


@dataclass
class Wait:
    """A move on its way: sent at ``sent``; stored as ``seq`` once acknowledged."""

    sent: float
    seq: int | None = None
    waiting: set[int] = field(default_factory=set)


@dataclass
class Table:
    """One live table's clients and the moves whose delivery is being timed."""

    id: str
    clients: list[LeanClient]
    waits: dict[str, Wait] = field(default_factory=dict)


class Load:
    def __init__(
        self,
        base: str,
        game: str,
        players: int,
        bases: list[str] | None = None,
        spread: bool = True,
        think: float = 0.0,
    ) -> None:
        self.base = base
        self.think = think
        """Each scripted person's mean thinking time before a move, in seconds (0: none)."""
        self.bases = bases or [base]
        self.spread = spread
        self.created = 0
        self.game = game
        self.players = players
        self.latencies: list[float] = []
        self.measuring = False
        self.games_finished = 0

    def new_table(self) -> tuple[str, list[SeatLink]]:
        seats = [{"kind": "person"}, {"kind": "person"}]
        seats += [{"kind": "bot", "bot": "random"}] * (self.players - 2)
        at = self.created % len(self.bases)
        self.created += 1
        answer = create_table(self.bases[at], self.game, seats)
        links = [SeatLink.parse(s["link"]) for s in answer["seats"][:2]]
        if self.spread:  # seat i at process at + i: each person at another process
            links = [
                replace(link, base=self.bases[(at + i) % len(self.bases)])
                for i, link in enumerate(links)
            ]
        return answer["table"], links

    def _delivered(self, table: Table, wait: Wait) -> None:
        assert wait.seq is not None
        for index in list(wait.waiting):
            if table.clients[index].seq >= wait.seq:
                wait.waiting.discard(index)
        if not wait.waiting and self.measuring:
            self.latencies.append(time.perf_counter() - wait.sent)

    async def seat(self, table: Table, index: int, rng: random.Random) -> None:
        client = table.clients[index]
        await client.connect()
        while True:
            message = await client.receive()
            if isinstance(message, Ack):
                wait = table.waits.get(message.cid)
                if wait is not None:
                    wait.seq = message.seq
                    self._delivered(table, wait)
                    if not wait.waiting:
                        del table.waits[message.cid]
                latest = client.latest
                if latest is not None and latest.seq >= message.seq and self._may_move(client):
                    # The update showing this move came before its ack (the seat's next
                    # decision was read while the move was pending): move on it now.
                    await self._move(table, index, latest, rng)
            elif isinstance(message, Error):
                if message.cid is not None:  # a move refused (stale, mostly): sync, go on
                    table.waits.pop(message.cid, None)
                    await client.sync()
            elif isinstance(message, TableNotice) and message.rematch:
                return await self._follow(table, index, message.rematch, rng)
            elif isinstance(message, Update):
                for cid, wait in list(table.waits.items()):
                    if wait.seq is not None:
                        self._delivered(table, wait)
                        if not wait.waiting:
                            del table.waits[cid]
                if message.over:
                    if index == 0:
                        self.games_finished += 1
                        link = client.link
                        body = {"seat": link.seat, "key": link.key}
                        path = f"/api/tables/{table.id}/rematch"
                        await _post_json(self.base, path, body)
                    continue
                if self._may_move(client):
                    await self._move(table, index, message, rng)

    @staticmethod
    def _may_move(client: LeanClient) -> bool:
        """Whether the seat has a decision in its latest update and nothing under way."""
        latest = client.latest
        return (
            latest is not None
            and not latest.over
            and bool(latest.legal)
            and client.pending is None
            and client.thinking is None
        )

    async def _move(self, table: Table, index: int, update: Update, rng: random.Random) -> None:
        """Think (see :meth:`_think`) or act at once on ``update``."""
        if self.think:
            table.clients[index].thinking = asyncio.ensure_future(self._think(table, index, rng))
        else:
            await self._act(table, index, update, rng)

    async def _think(self, table: Table, index: int, rng: random.Random) -> None:
        """A person thinks (uniform in [0.5, 1.5] times the mean: no lockstep), then
        plays on the latest update they read. They go on reading while they think, as a
        browser does: an update that comes meanwhile (another seat's sealed bid) is
        delivered, and timed, when it arrives, not when the thinking ends."""
        client = table.clients[index]
        try:
            await asyncio.sleep(self.think * (0.5 + rng.random()))
        finally:
            client.thinking = None
        latest = client.latest
        if latest is None or latest.over or not latest.legal or client.pending is not None:
            return
        if table.clients[index] is client:
            await self._act(table, index, latest, rng)

    async def _act(self, table: Table, index: int, update: Update, rng: random.Random) -> None:
        """Play a random legal action of ``update``, timing its way to every seat."""
        cid = f"{index}-{rng.getrandbits(48):x}"
        table.waits[cid] = Wait(time.perf_counter(), waiting={0, 1})
        await table.clients[index].act(rng.choice(update.legal).id, cid)

    async def _follow(self, table: Table, index: int, new_id: str, rng: random.Random) -> None:
        old = table.clients[index]
        await old.close()
        link = SeatLink(old.link.base, new_id, old.link.seat, old.link.key)
        table.clients[index] = LeanClient(link)
        if index == 0:
            table.id = new_id
            table.waits.clear()
        await self.seat(table, index, rng)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="database URL (default: a fresh SQLite file)")
    parser.add_argument(
        "--reuse-db",
        action="store_true",
        help="run on a PostgreSQL --db as it is (default: in a fresh schema, dropped after)",
    )
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--game", default="tutankhamun")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="each person's mean thinking time before a move, in ms (default 0: at once)",
    )
    parser.add_argument("--sqlite-sync", choices=("full", "normal"), default="full")
    parser.add_argument("--processes", type=int, default=1, help="server processes (site)")
    parser.add_argument("--redis", help="redis://… for a site of --processes processes")
    parser.add_argument("--placement", choices=("spread", "owner"), default="spread")
    parser.add_argument(
        "--trace", action="store_true", help="trace the server's memory (tracemalloc; slow)"
    )
    parser.add_argument(
        "--profile", metavar="FILE", help="sample the server with py-spy into FILE (collapsed)"
    )
    args = parser.parse_args()
    if args.profile and args.processes > 1:
        parser.error("--profile samples one server process")
    if args.processes > 1 and not args.redis:
        parser.error("--processes above 1 needs --redis (and a PostgreSQL --db)")
    if args.trace and args.processes > 1:
        parser.error("--trace traces one server process")
    scratch = tempfile.mkdtemp(prefix="saqqara-load-")
    args.trace_dir = os.path.join(scratch, "trace") if args.trace else None
    db = args.db or f"sqlite:///{scratch}/load.db"
    schema = None
    if db.startswith("postgresql") and not args.reuse_db:
        db, schema = _fresh_schema(db)
    try:
        return _serve_and_measure(args, db, scratch)
    finally:
        if schema is not None:
            _drop_schema(args.db, schema)


def _fresh_schema(url: str) -> tuple[str, str]:
    """A new, empty schema in the PostgreSQL database at ``url``, and ``url`` with it as
    the search path of every connection (where the server's store creates its tables)."""
    from sqlalchemy import create_engine, make_url, text

    schema = f"saqqara_load_{os.getpid()}_{random.getrandbits(32):08x}"
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    engine.dispose()
    fresh = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})
    return fresh.render_as_string(hide_password=False), schema


def _drop_schema(url: str, schema: str) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    engine.dispose()


def _serve_and_measure(args: argparse.Namespace, db: str, scratch: str) -> int:
    """Start the server processes on ``db``, run the load, stop them."""
    servers: list[subprocess.Popen[bytes]] = []
    bases: list[str] = []
    log_path = os.path.join(scratch, "server.log")
    with open(log_path, "wb") as log:
        try:
            for _ in range(args.processes):
                port = _free_port()
                command = [sys.executable, "-m", "saqqara.cli", "serve", "--port", str(port)]
                if args.trace_dir is not None:
                    os.mkdir(args.trace_dir)
                    traced = os.path.join(os.path.dirname(__file__), "traced_serve.py")
                    command[1:3] = [traced, args.trace_dir]
                command += ["--db", db, "--rate", "100000", "--tables-per-minute", "0"]
                command += ["--sqlite-sync", args.sqlite_sync]
                command += ["--redis", args.redis] if args.redis else []
                servers.append(subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT))
                bases.append(f"http://127.0.0.1:{port}")
            return asyncio.run(_measure(args, bases, servers, log_path, db))
        finally:
            for server in servers:
                server.terminate()
            for server in servers:
                server.wait(timeout=30)


async def _wait_ready(base: str, server: subprocess.Popen[bytes], log: str) -> None:
    for _ in range(1200):  # two minutes: a busy machine starts slowly
        if server.poll() is not None:
            with open(log, encoding="utf-8", errors="replace") as text:
                tail = text.read()[-2000:]
            raise RuntimeError(f"the server stopped at start:\n{tail}")
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1):
                return
        except OSError:
            await asyncio.sleep(0.1)
    raise RuntimeError("server did not start")


def _healthz(bases: list[str]) -> dict[str, int]:
    """The servers' counters, summed over the processes of a site."""
    answers = [http_json(base, "/healthz") for base in bases]
    return {key: sum(a[key] for a in answers) for key in ("live_tables", "accepted")}


async def _measure(
    args: argparse.Namespace,
    bases: list[str],
    servers: list[subprocess.Popen[bytes]],
    log: str,
    db: str,
) -> int:
    for each, server in zip(bases, servers, strict=True):
        await _wait_ready(each, server, log)
    pids = [server.pid for server in servers]
    base = bases[0]
    load = Load(base, args.game, args.players, bases, args.placement == "spread", args.think / 1000)
    # Warm up: one table played to its end starts the bot pool and every import. Its people
    # answer at once: with a long --think the warm-up would otherwise last a whole game of it.
    pace, load.think = load.think, 0.0
    warm_id, warm_links = await asyncio.to_thread(load.new_table)
    warm = Table(warm_id, [LeanClient(link) for link in warm_links])
    warm_tasks = [asyncio.ensure_future(load.seat(warm, i, random.Random(i))) for i in (0, 1)]
    while load.games_finished == 0:
        await asyncio.sleep(0.1)
    for task in warm_tasks:
        task.cancel()
    load.think = pace
    await asyncio.sleep(1.0)
    rss_empty = sum(_rss_kb(pid) for pid in pids)
    traces = _Traces(args.trace_dir, pids[0])
    traces.take()
    live_before = _healthz(bases)["live_tables"]
    rng = random.Random(1)
    tasks: list[asyncio.Task[None]] = []
    # Tables open in two halves, each given three seconds to connect and play; the RSS
    # and live tables after each half give the memory one more table costs (the second
    # half's growth), apart from what the first tables set up once (caches, pools).
    marks: list[tuple[int, int]] = []
    for half in (args.tables // 2, args.tables - args.tables // 2):
        tables = []
        for _ in range(half):
            table_id, links = await asyncio.to_thread(load.new_table)
            tables.append(Table(table_id, [LeanClient(link) for link in links]))
        tasks += [
            asyncio.ensure_future(load.seat(t, i, random.Random(rng.getrandbits(32))))
            for t in tables
            for i in (0, 1)
        ]
        await asyncio.sleep(3.0)  # every table connected and playing
        marks.append((sum(_rss_kb(pid) for pid in pids), _healthz(bases)["live_tables"]))
        traces.take()
    start = _healthz(bases)
    # The clients' process must not pause while it times the server: its collector's full
    # passes over the clients' objects (400 connections' and their tasks') took 92-160 ms
    # each, every 5-6 s, and every move in flight then counted them as the server's latency
    # (the p99). Within the window it collects nothing (what it no longer uses is freed by
    # reference counting; cycles wait for the end).
    gc.collect()
    gc.freeze()
    gc.disable()
    load.measuring = True
    cpu_before = sum(_cpu_seconds(pid) for pid in pids)
    system_before = sum(_cpu_split(pid)[1] for pid in pids)
    tree_before = sum(_tree_cpu_seconds(pid) for pid in pids)
    clients_before = _cpu_seconds(os.getpid())
    began = time.perf_counter()
    spy = _start_profile(args.profile, pids[0], args.seconds)
    await asyncio.sleep(args.seconds)
    load.measuring = False
    gc.enable()
    elapsed = time.perf_counter() - began
    cpu = sum(_cpu_seconds(pid) for pid in pids) - cpu_before
    system = sum(_cpu_split(pid)[1] for pid in pids) - system_before
    bots_cpu = sum(_tree_cpu_seconds(pid) for pid in pids) - tree_before - cpu
    clients_cpu = _cpu_seconds(os.getpid()) - clients_before
    end = _healthz(bases)
    rss_loaded = sum(_rss_kb(pid) for pid in pids)
    traces.take()
    for task in tasks:
        task.cancel()
    live = end["live_tables"] - live_before
    accepted = end["accepted"] - start["accepted"]
    lat = sorted(load.latencies)

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")

    backend = db.split(":", 1)[0]
    sync = f"  (sqlite sync {args.sqlite_sync})" if backend == "sqlite" else ""
    site = f"  processes {args.processes} ({args.placement})" if args.redis else ""
    think = f"  think {args.think:g} ms" if args.think else ""
    print(f"backend {backend}{sync}  game {args.game}{site}{think}")
    print(f"live tables {live}  clients {2 * args.tables}  window {elapsed:.1f} s")
    print(f"accepted actions/s {accepted / elapsed:.0f}  (games finished {load.games_finished})")
    print(
        f"server CPU {cpu / elapsed * 100:.0f}% of one core, its bot workers' "
        f"{bots_cpu / elapsed * 100:.0f}%, clients' {clients_cpu / elapsed * 100:.0f}% "
        f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )
    per_action = 1e6 / max(accepted, 1)
    print(
        f"CPU per accepted action: server {cpu * per_action:.0f} µs (system "
        f"{system * per_action:.0f} µs of it), bot workers "
        f"{bots_cpu * per_action:.0f} µs, clients {clients_cpu * per_action:.0f} µs"
    )
    print(
        f"move to every seat updated: p50 {pct(0.50):.1f} ms  p95 {pct(0.95):.1f} ms  "
        f"p99 {pct(0.99):.1f} ms  (n={len(lat)}, mean {statistics.fmean(lat) * 1000:.1f} ms)"
    )
    per_table = (rss_loaded - rss_empty) / max(1, live)
    (rss_half, live_half), (rss_full, live_full) = marks
    added = (rss_full - rss_half) / max(1, live_full - live_half)
    print(
        f"server memory per live table {per_table:.1f} KB from empty (RSS {rss_empty} -> "
        f"{rss_loaded} KB at the end); {added:.1f} KB per table added (RSS {rss_half} -> "
        f"{rss_full} KB from {live_half - live_before} to {live_full - live_before} tables)"
    )
    traces.report(live, live_full - live_half, elapsed)
    if spy is not None:
        await asyncio.to_thread(spy.wait, 60)
        _profile_report(args.profile)
    return 0


def _start_profile(path: str | None, pid: int, seconds: float) -> subprocess.Popen[bytes] | None:
    """Start ``py-spy record`` on the server for the measured window (``--profile``)."""
    if path is None:
        return None
    spy = os.path.join(os.path.dirname(sys.executable), "py-spy")
    command = [spy if os.path.exists(spy) else "py-spy", "record", "--pid", str(pid)]
    command += [
        "--duration",
        str(max(1, round(seconds))),
        "--rate",
        "200",
        "--nonblocking",
        "--gil",
    ]
    command += ["--format", "raw", "--output", path]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _profile_report(path: str, top: int = 30) -> None:
    """The functions with most samples in a collapsed-stack file: own and under."""
    own: dict[str, int] = {}
    under: dict[str, int] = {}
    total = 0
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            stack, _, count_text = line.rstrip("\n").rpartition(" ")
            if not stack:
                continue
            count = int(count_text)
            total += count
            frames = [_frame_name(frame) for frame in stack.split(";")]
            own[frames[-1]] = own.get(frames[-1], 0) + count
            for frame in set(frames):
                under[frame] = under.get(frame, 0) + count
    print(f"py-spy: {total} samples in {path}")
    for title, counts in (("own time", own), ("time under", under)):
        print(f"  by {title}:")
        for name, count in sorted(counts.items(), key=lambda item: -item[1])[:top]:
            print(f"    {100 * count / max(total, 1):5.1f}%  {name}")


def _frame_name(frame: str) -> str:
    """``function (file:line)`` as py-spy writes it, without the line: one per function."""
    name, _, where = frame.partition(" (")
    return f"{name} ({_short(where.rsplit(':', 1)[0])})"


class _Traces:
    """Snapshots of a server's live Python memory (``--trace``), taken on ``SIGUSR1``."""

    def __init__(self, folder: str | None, pid: int) -> None:
        self.folder = folder
        self.pid = pid
        self.paths: list[str] = []

    def take(self) -> None:
        if self.folder is None:
            return
        path = os.path.join(self.folder, f"{len(self.paths)}.snapshot")
        os.kill(self.pid, signal.SIGUSR1)
        for _ in range(6000):
            if os.path.exists(path):
                break
            time.sleep(0.01)
        self.paths.append(path)

    def report(self, live: int, added: int, seconds: float, top: int = 25) -> None:
        if self.folder is None:
            return
        empty, half, full, end = (tracemalloc.Snapshot.load(path) for path in self.paths)

        def total(snapshot: tracemalloc.Snapshot) -> int:
            return sum(stat.size for stat in snapshot.statistics("filename"))

        from_empty = (total(full) - total(empty)) / 1024 / max(1, live)
        per_added = (total(full) - total(half)) / 1024 / max(1, added)
        print(
            f"tracemalloc: live Python memory {from_empty:.1f} KB per live table from empty, "
            f"{per_added:.1f} KB per table added; per table added, by where it was allocated:"
        )
        for stat in full.compare_to(half, "lineno")[:top]:
            frame = stat.traceback[0]
            where = f"{_short(frame.filename)}:{frame.lineno}"
            print(f"  {stat.size_diff / 1024 / max(1, added):7.2f} KB  {where}")
        # With the tables' count constant, what the window added is what the server keeps
        # as games go on (finished games, caches filling): a leak if it never levels off.
        grown = (total(end) - total(full)) / 1024
        print(
            f"over the window ({seconds:.0f} s, the tables as many): live Python memory "
            f"{grown:+.0f} KB; the largest changes, by where they were allocated:"
        )
        for stat in end.compare_to(full, "lineno")[: top // 2]:
            frame = stat.traceback[0]
            print(f"  {stat.size_diff / 1024:+9.1f} KB  {_short(frame.filename)}:{frame.lineno}")


def _short(filename: str) -> str:
    """A source file's path from its package on (``site-packages/`` and above cut)."""
    for marker in ("site-packages/", "/src/", "/lib/python3"):
        if marker in filename:
            return filename.split(marker, 1)[1]
    return filename


if __name__ == "__main__":
    sys.exit(main())

"""What a refused message costs a real server: an ordinary refusal against a reused client id.

Usage: python benchmarks/refusals.py [--messages 2000] [--db URL]

Starts ``saqqara serve`` (SQLite in a scratch folder unless ``--db``), opens a table of
two people, plays a few moves, and then sends, one kind at a time and one after another's
answer, ``--messages`` messages of each kind from the seat that is not to act:

- ``not-your-turn``: a move under a fresh client id (an ordinary refusal);
- ``resend-latest``: the seat's latest move again under its client id (the original ack);
- ``reused-latest``: another move under the seat's latest client id (``cid-reused``);
- ``reused-older``: another move under an older client id of the seat's (``cid-reused``,
  looked up in the store);
- ``resend-older``: an older move again under its own client id (the original ack, from
  the store).

Prints, per kind, the server's processor time per message (from ``/proc``: the server
process alone, the clients run here) and the round trip's p50 and p99, and each kind's
cost against the ordinary refusal. The issue's bar: a reused id costs at most twice an
ordinary refusal.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable

from saqqara.client import TableClient, create_table
from saqqara.server.messages import Ack, Error, Update

KINDS = ("not-your-turn", "resend-latest", "reused-latest", "reused-older", "resend-older")


def _cpu_seconds(pid: int) -> float:
    """User and system processor seconds of process ``pid`` so far."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def _answer(client: TableClient) -> Ack | Error:
    while True:
        message = await client.receive()
        if isinstance(message, Ack | Error):
            return message


async def _measure(base: str, count: int, pid: int) -> dict[str, tuple[float, float, float]]:
    """Per kind: server processor microseconds a message, round trip p50 and p99 (ms)."""
    seats = [{"kind": "person", "name": n} for n in ("Ann", "Bo")]
    made = create_table(base, "valley-of-the-kings", seats)
    ann, bo = (TableClient(s["link"]) for s in made["seats"])
    for client in (ann, bo):
        await client.connect()
    for client in (ann, bo):
        while client.update is None or client.update.status != "playing":
            await client.receive()
    sent: dict[int, list[tuple[str, int]]] = {0: [], 1: []}  # per seat: (cid, action)
    # Play until each seat has two moves stored and one seat waits for the other.
    while True:
        update = ann.update
        assert update is not None and update.to_act
        if min(len(v) for v in sent.values()) >= 2 and len(update.to_act) == 1:
            break
        seat = update.to_act[0]
        mover = (ann, bo)[seat]
        assert mover.update is not None
        action = mover.update.legal[0].id
        cid = f"s{seat}-{len(sent[seat])}"
        await mover.act(action, cid=cid)
        answer = await _answer(mover)
        assert isinstance(answer, Ack), answer
        sent[seat].append((cid, action))
        for client in (ann, bo):
            while client.update is None or client.update.seq < answer.seq:
                await client.receive()
    assert ann.update is not None
    waiting = 1 - ann.update.to_act[0]
    client = (ann, bo)[waiting]
    (older_cid, older_action), (latest_cid, latest_action) = sent[waiting][-2:]
    other = 10**6 - 1  # an id no move has: never the same move as a stored one
    fresh = iter(range(10**9))
    makers: dict[str, Callable[[], tuple[int, str]]] = {
        "not-your-turn": lambda: (latest_action, f"fresh-{next(fresh)}"),
        "resend-latest": lambda: (latest_action, latest_cid),
        "reused-latest": lambda: (other, latest_cid),
        "reused-older": lambda: (other, older_cid),
        "resend-older": lambda: (older_action, older_cid),
    }
    figures: dict[str, tuple[float, float, float]] = {}
    for kind in KINDS:
        make = makers[kind]
        trips: list[float] = []
        before = _cpu_seconds(pid)
        for _ in range(count):
            action, cid = make()
            started = time.perf_counter()
            await client.act(action, cid=cid)
            await _answer(client)
            trips.append((time.perf_counter() - started) * 1000)
        cpu = _cpu_seconds(pid) - before
        trips.sort()
        figures[kind] = (
            cpu / count * 1e6,
            statistics.median(trips),
            trips[min(len(trips) - 1, int(len(trips) * 0.99))],
        )
    last = client.update
    assert isinstance(last, Update)
    for each in (ann, bo):
        await each.close()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=2000, help="messages of each kind")
    parser.add_argument("--db", help="the server's database URL (default: SQLite, scratch)")
    args = parser.parse_args()
    if args.messages < 10:
        parser.error("--messages must be at least 10")
    with tempfile.TemporaryDirectory() as scratch:
        db = args.db or f"sqlite:///{scratch}/refusals.db"
        port = _free_port()
        command = [sys.executable, "-m", "saqqara.cli", "serve", "--port", str(port)]
        command += ["--db", db, "--rate", "100000"]
        with open(f"{scratch}/server.log", "wb") as log:
            server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(600):
                try:
                    urllib.request.urlopen(f"{base}/healthz", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            figures = asyncio.run(_measure(base, args.messages, server.pid))
        finally:
            server.terminate()
            server.wait(10)
    ordinary = figures["not-your-turn"][0]
    print(f"{args.messages} messages of each kind, one at a time, server processor time:")
    print(f"{'kind':<15} {'µs/message':>11} {'× ordinary':>11} {'p50 ms':>8} {'p99 ms':>8}")
    for kind, (cpu, p50, p99) in figures.items():
        print(f"{kind:<15} {cpu:>11.0f} {cpu / ordinary:>11.2f} {p50:>8.2f} {p99:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

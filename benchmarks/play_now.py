"""Play now on a real server over loopback: what a seek, an ask after it and a pairing cost.

Usage: python benchmarks/play_now.py [--pairs 50] [--game tutankhamun] [--db URL]
                                     [--redis URL]

Starts ``saqqara serve`` as a subprocess (with ``--redis``: one process of a site, its
seeks in Redis; ``--db`` must then be PostgreSQL) and, ``--pairs`` times, one seeker seeks
a two-player game (it waits), asks after its seek once, and a second seeker's seek
completes the table (the table is made while that request is answered). Prints the
median, 95th percentile and most of each request's time as the client saw it.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _call(url: str, body: object | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def _timed(url: str, body: object | None = None) -> tuple[float, Any]:
    began = time.perf_counter()
    answer = _call(url, body)
    return (time.perf_counter() - began) * 1000, answer


def _start(db: str, redis: str | None) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    command = [sys.executable, "-m", "saqqara.cli", "serve", "--port", str(port)]
    command += ["--db", db, "--tables-per-minute", "0", "--sqlite-sync", "normal"]
    if redis:
        command += ["--redis", redis, "--redis-prefix", f"bench-{port}:"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            _call(base + "/healthz")
            return server, base
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def _line(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (
        f"{name:28} median {statistics.median(ordered):6.1f} ms   p95 {p95:6.1f} ms   "
        f"max {ordered[-1]:6.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=50)
    parser.add_argument("--game", default="tutankhamun")
    parser.add_argument("--db")
    parser.add_argument("--redis")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or f"sqlite:///{Path(folder) / 'bench.db'}"
        server, base = _start(db, args.redis)
        try:
            waiting, asking, pairing = [], [], []
            wanted = {"game": args.game, "players": 2}
            for _ in range(args.pairs):
                took, first = _timed(base + "/api/seeks", wanted)
                waiting.append(took)
                took, _ = _timed(f"{base}/api/seeks/{first['seek']}?key={first['key']}")
                asking.append(took)
                took, second = _timed(base + "/api/seeks", wanted)
                assert second["state"] == "seated", second
                pairing.append(took)
        finally:
            server.terminate()
            server.wait()
    print(f"{args.pairs} pairs of {args.game}{' (Redis)' if args.redis else ''}:")
    print(_line("a seek that waits", waiting))
    print(_line("an ask after it", asking))
    print(_line("a seek that makes the table", pairing))


if __name__ == "__main__":
    main()

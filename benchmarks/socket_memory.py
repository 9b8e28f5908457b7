"""What one open WebSocket costs the server, by uvicorn's protocol implementation.

Usage: python benchmarks/socket_memory.py [--connections 400] [--trace]
                                          [--impl lean --impl wsproto ...]

Serves a trivial ASGI app (accept, then echo text frames) on uvicorn with uvloop, as
``saqqara serve`` runs, and has a client process open ``--connections`` WebSockets to it,
each exchanging one message and staying open. Prints, per implementation, the growth of
the server process's RSS per connection (and with ``--trace`` the live Python memory per
connection, from ``tracemalloc``, and where it was allocated). ``lean`` is
``saqqara.server.lean_socket.LeanWSProtocol``, what ``saqqara serve`` uses; ``wsproto``
and ``websockets-sansio`` are uvicorn's own. Each implementation is measured in a fresh
process, the app and client the same, so the difference is the protocol's.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import subprocess
import sys
import tracemalloc
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]

CLIENT = r"""
import asyncio, sys
from websockets.asyncio.client import connect
async def main(port, n):
    sockets = []
    for _ in range(n):
        socket = await connect(f"ws://127.0.0.1:{port}/ws/t?seat=0&key=k", compression=None)
        await socket.send('{"type":"ping"}')
        await socket.recv()
        sockets.append(socket)
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
asyncio.run(main(int(sys.argv[1]), int(sys.argv[2])))
"""


async def echo(scope: Scope, receive: Receive, send: Send) -> None:
    """Accept a WebSocket and echo its text frames until it closes."""
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    if scope["type"] != "websocket":
        return
    await receive()
    await send({"type": "websocket.accept"})
    while True:
        message = await receive()
        if message["type"] == "websocket.disconnect":
            return
        await send({"type": "websocket.send", "text": message.get("text") or ""})


def _rss_kb() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


async def _serve_and_measure(impl: str, connections: int, trace: bool) -> None:
    """Serve with ``impl``, open the connections from a client process, print the growth."""
    import socket

    import uvicorn

    from saqqara.server.lean_socket import LeanWSProtocol

    if trace:
        tracemalloc.start(1)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(
        echo,
        host="127.0.0.1",
        port=port,
        ws=LeanWSProtocol if impl == "lean" else impl,
        ws_per_message_deflate=False,
        log_level="warning",
        lifespan="on",
    )
    server = uvicorn.Server(config)
    serving = asyncio.ensure_future(server.serve())
    while not server.started:
        await asyncio.sleep(0.05)
    gc.collect()
    rss_before = _rss_kb()
    before = tracemalloc.take_snapshot() if trace else None
    client = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        CLIENT,
        str(port),
        str(connections),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert client.stdout is not None and client.stdin is not None
    await client.stdout.readline()
    await asyncio.sleep(0.5)
    gc.collect()
    line = f"{impl}: RSS {(_rss_kb() - rss_before) / connections:.1f} KB per connection"
    if before is not None:
        stats = tracemalloc.take_snapshot().compare_to(before, "filename")
        traced = sum(stat.size_diff for stat in stats) / 1024 / connections
        line += f" (traced, so the RSS is tracemalloc's too); live Python {traced:.1f} KB:"
        for stat in stats[:10]:
            name = stat.traceback[0].filename.split("site-packages/")[-1]
            line += f"\n  {stat.size_diff / 1024 / connections:6.2f} KB  {name}"
    print(line, flush=True)
    client.stdin.write(b"\n")
    await client.stdin.drain()
    await client.wait()
    server.should_exit = True
    await serving


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=400)
    parser.add_argument("--trace", action="store_true", help="also trace with tracemalloc")
    parser.add_argument("--impl", action="append", choices=("lean", "wsproto", "websockets-sansio"))
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:  # one implementation, in this fresh process
        import uvloop

        uvloop.run(_serve_and_measure(args.one, args.connections, args.trace))
        return 0
    for impl in args.impl or ("wsproto", "lean"):
        command = [sys.executable, __file__, "--one", impl, "--connections", str(args.connections)]
        subprocess.run(command + (["--trace"] if args.trace else []), check=True, env=os.environ)
    return 0


if __name__ == "__main__":
    sys.exit(main())

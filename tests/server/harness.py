"""A real server for the tests: ``saqqara serve`` as a subprocess on a free loopback port;
and, for the tests of our uvicorn protocol classes, a real uvicorn in the test's own event
loop serving a small echo app."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import AsyncIterator
from types import TracebackType
from typing import Any

import httpx
import uvicorn


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def echo_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """An ASGI app: an HTTP request is answered with its path; a WebSocket's text frames are
    echoed twice over, and "bye" closes it with code 4000."""
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    if scope["type"] == "http":
        await receive()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": scope["path"].encode()})
        return
    await receive()
    await send({"type": "websocket.accept"})
    while True:
        message = await receive()
        if message["type"] == "websocket.disconnect":
            return
        if message["text"] == "bye":
            await send({"type": "websocket.close", "code": 4000})
            return
        await send({"type": "websocket.send", "text": message["text"] * 2})


@contextlib.asynccontextmanager
async def in_process_uvicorn(
    app: Any = echo_app, **config: Any
) -> AsyncIterator[tuple[int, uvicorn.Server]]:
    """uvicorn serving ``app`` (:func:`echo_app` by default) on a free loopback port in this
    event loop, with ``config`` (its protocol classes, say); yields the port and the server."""
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", **config)
    )
    task = asyncio.ensure_future(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    try:
        yield port, server
    finally:
        server.should_exit = True
        await task


class ServerProcess:
    """``saqqara serve --db URL`` on 127.0.0.1 (``env``: more environment variables);
    :meth:`kill` is ``kill -9``."""

    def __init__(self, db_url: str, *extra: str, env: dict[str, str] | None = None) -> None:
        self.db_url = db_url
        self.extra = extra
        self.env = {**os.environ, **(env or {})}
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (lives as long as the server)

    def start(self, timeout: float = 120.0) -> ServerProcess:
        command = [sys.executable, "-m", "saqqara.cli", "serve", "--port", str(self.port)]
        command += ["--db", self.db_url, *self.extra]
        self.process = subprocess.Popen(
            command, stdout=self.log, stderr=subprocess.STDOUT, env=self.env
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.process = None
                raise RuntimeError(f"server exited: {self.output()}")
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        return self
            except OSError:
                time.sleep(0.05)
        self.stop()  # not left running behind the failure
        raise RuntimeError(f"server did not start in {timeout:.0f} s: {self.output()[-2000:]}")

    def kill(self) -> None:
        """``kill -9``: no shutdown code runs."""
        if self.process is not None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()
            self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None

    def output(self) -> str:
        """Everything the server printed so far."""
        self.log.seek(0)
        return self.log.read().decode("utf-8", "replace")

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        """Stop the server and let go of its output."""
        self.stop()
        self.log.close()


def readiness(server: ServerProcess) -> tuple[int, dict[str, Any]]:
    """``/readyz``'s status code and body."""
    answer = httpx.get(server.base + "/readyz", timeout=10)
    body: dict[str, Any] = answer.json()
    return answer.status_code, body


def ready_until(server: ServerProcess, status: int, seconds: float = 15.0) -> dict[str, Any]:
    """The body of ``/readyz`` once it answers ``status`` (failing after ``seconds``)."""
    deadline = time.monotonic() + seconds
    while True:
        code, body = readiness(server)
        if code == status:
            return body
        assert time.monotonic() < deadline, (code, body)
        time.sleep(0.1)

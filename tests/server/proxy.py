"""A TCP forwarder the tests can cut: a server reaches PostgreSQL or Redis through it, and
the test makes the database unreachable for that server alone (never stopping the
database others use), then reachable again."""

from __future__ import annotations

import contextlib
import socket
import threading
from types import TracebackType

from tests.server.harness import free_port


class Proxy:
    """Forwards 127.0.0.1:``port`` to ``host``:``target``. :meth:`cut` closes the listening
    socket and every connection through it (connecting is refused then); :meth:`mend`
    listens on the same port again."""

    def __init__(self, target: int, host: str = "127.0.0.1") -> None:
        self.target = (host, target)
        self.port = free_port()
        self._lock = threading.Lock()
        self._sockets: set[socket.socket] = set()
        self._listener: socket.socket | None = None

    def url(self, url: str) -> str:
        """``url`` (naming the target's port) through this proxy."""
        return url.replace(f":{self.target[1]}/", f":{self.port}/", 1)

    def mend(self) -> Proxy:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()
        return self

    def cut(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None:
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)
            listener.close()
        with self._lock:
            cut, self._sockets = self._sockets, set()
        for sock in cut:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # cut
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self._lock:
                if self._listener is not listener:
                    client.close()
                    upstream.close()
                    return
                self._sockets |= {client, upstream}
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=_pump, args=(source, sink), daemon=True).start()

    def __enter__(self) -> Proxy:
        return self.mend()

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.cut()


def _pump(source: socket.socket, sink: socket.socket) -> None:
    try:
        while data := source.recv(65536):
            sink.sendall(data)
    except OSError:
        pass
    finally:
        for sock in (source, sink):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

"""Whether a process can serve: ``/readyz`` (ready) beside ``/healthz`` (alive).

``/healthz`` says the process answers, and nothing more: a load balancer or supervisor
that restarts processes whose ``/healthz`` fails restarts only the hung. ``/readyz`` says
whether a request sent here now can be served, each check with its own verdict:

- ``store``: a cheap read of the database (:meth:`Store.ping`) on a thread of its own,
  answered within :data:`PROBE_TIMEOUT` seconds (a probe still under way from an earlier
  request is waited for, never doubled, so a database that hangs costs one thread);
- ``leases`` (a site of many processes): the leases this process believes it holds were
  renewed within their lifetime, so no other process may have taken them over;
- ``redis`` (a site): this process is subscribed to its channel and Redis answers a
  ``PING`` within the timeout.

200 when every check passes, 503 otherwise, with ``failed`` naming the checks that did
not. The body says which check failed and how, not the database's own words (it may name
hosts): the process's standard error says those, once per failure.
"""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from saqqara.server.logs import say
from saqqara.store import Store

if TYPE_CHECKING:
    from saqqara.server.cluster import Cluster

PROBE_TIMEOUT = 2.0
"""Seconds a check may take before it counts as failed."""


class Readiness:
    """The checks of ``/readyz`` for one process (its store, and its site's part)."""

    def __init__(self, store: Store, timeout: float = PROBE_TIMEOUT) -> None:
        self.store = store
        self.timeout = timeout
        self.cluster: Cluster | None = None
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="saqqara-ready")
        self._probe: asyncio.Future[None] | None = None
        self._said: str | None = None
        """The last store failure written to standard error (each said once)."""

    async def check(self) -> tuple[bool, dict[str, Any]]:
        """Whether the process is ready, and the body of ``/readyz``."""
        checks: dict[str, dict[str, Any]] = {"store": await self._store()}
        cluster = self.cluster
        if cluster is not None:
            checks["leases"] = cluster.lease_check()
            checks["redis"] = await cluster.redis_check(self.timeout)
        failed = [name for name, verdict in checks.items() if not verdict["ok"]]
        return not failed, {"ready": not failed, "failed": failed, "checks": checks}

    async def _store(self) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        if self._probe is None or self._probe.done():
            self._probe = asyncio.wrap_future(
                self._thread.submit(self.store.ping, self.timeout), loop=loop
            )
        started = time.perf_counter()
        try:
            await asyncio.wait_for(asyncio.shield(self._probe), self.timeout)
        except TimeoutError:
            return {"ok": False, "error": f"no answer in {self.timeout:g} s"}
        except Exception as exc:
            said = f"{type(exc).__name__}: {str(exc).strip()[:300]}"
            if said != self._said:
                self._said = said
                say("store", f"failed its readiness check: {said}")
            return {"ok": False, "error": type(exc).__name__}
        self._said = None
        return {"ok": True, "ms": round((time.perf_counter() - started) * 1000, 2)}

    def close(self) -> None:
        self._thread.shutdown(wait=False, cancel_futures=True)

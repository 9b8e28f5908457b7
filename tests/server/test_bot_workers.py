"""A server's bot workers never outlive it: killed with ``kill -9`` or stopped without
waiting, its pool's worker processes end by themselves; and a worker that dies fails its
own job only, a new one taking its place."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from saqqara.core.registry import load
from saqqara.server.bots import BotJob, BotPool

SERVER = """
import asyncio, os, random
from saqqara.core.registry import load
from saqqara.server.bots import BotJob, BotPool

async def main():
    game = load("tutankhamun", 2, {})
    state, rng = game.new_state(), random.Random(1)
    while state.is_chance():
        state.apply(-1, state.sample_chance(rng))
    seat = state.to_act()[0]
    pool = BotPool(workers=2)
    job = BotJob("tutankhamun", 2, (), state.to_json(), seat, "random", 1)
    await pool.choose(job)
    print(" ".join(str(p) for p in pool.worker_pids()), flush=True)
    os.kill(os.getpid(), 9)

asyncio.run(main())
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_bot_workers_end_when_their_server_is_killed() -> None:
    server = subprocess.run(
        [sys.executable, "-c", SERVER], capture_output=True, text=True, timeout=120
    )
    assert server.returncode == -9, server.stderr
    workers = [int(pid) for pid in server.stdout.split()]
    assert workers
    deadline = time.monotonic() + 30
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in workers)


ORPHAN = """
import os, subprocess, sys, time
from saqqara.server.bots import start_worker

gone = subprocess.Popen([sys.executable, "-c", "pass"])
gone.wait()
start_worker(None, gone.pid)  # the server died before this worker started
time.sleep(60)
"""


def test_a_worker_whose_server_died_before_it_started_ends_by_itself() -> None:
    # Its parent (the test) is alive, but the server it was told to watch is not.
    worker = subprocess.run([sys.executable, "-c", ORPHAN], capture_output=True, timeout=30)
    assert worker.returncode == 0, worker.stderr


def test_a_pool_whose_worker_died_fails_its_job_and_serves_the_next() -> None:
    game = load("tutankhamun", 2, {})
    state = game.new_state()
    rng = random.Random(1)
    while state.is_chance():
        state.apply(-1, state.sample_chance(rng))
    seat = state.to_act()[0]

    async def scenario() -> None:
        pool = BotPool(workers=1, move_limit=60)
        try:
            job = BotJob("tutankhamun", 2, (), state.to_json(), seat, "random", 1)
            first = await pool.choose(job)
            assert first is not None and first >= 0
            (pid,) = pool.worker_pids()
            thinking = BotJob("tutankhamun", 2, (), state.to_json(), seat, "ismcts:300s", 1)
            waiting = asyncio.ensure_future(pool.choose(thinking))
            await asyncio.sleep(1.0)
            assert pool.busy == 1
            os.kill(pid, signal.SIGKILL)
            with pytest.raises(OSError, match="a bot worker stopped"):
                await asyncio.wait_for(waiting, 30)
            assert pool.busy == 0
            assert await pool.choose(job) == first  # a new worker, the same choice
            assert pool.worker_pids() != [pid]
        finally:
            pool.close()

    asyncio.run(scenario())

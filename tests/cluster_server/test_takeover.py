"""When things die mid-game: ``kill -9`` of a table's owner, and Redis restarted.

The owner's death: its sockets close, clients reconnect to any living process, which
waits out the lease (two seconds here), takes the table over from the store with its bot
seat, and the game finishes. Redis restarted: every process subscribes again, relayed
sockets are closed and their clients reconnect, and the game finishes. Either way the
stored log holds exactly the moves the clients saw acknowledged, each at its number.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import time

import pytest

from saqqara.client import TableClient, create_table
from saqqara.server.messages import Update
from tests.cluster_server.site_harness import Roaming, Site, assert_log_matches, at, play_anywhere

pytestmark = pytest.mark.xdist_group("cluster-server")

GAME = "valley-of-the-kings"


def _start_table(site: Site) -> tuple[dict[str, object], list[TableClient]]:
    """A table created at the first process (its owner): a person through each of the
    other two, a random bot, and a spectator at the owner itself."""
    first, second, third = (p.base for p in site.processes)
    seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}]
    table = create_table(first, GAME, seats, public=False)
    links = [str(s["link"]) for s in table["seats"] if "link" in s]
    clients = [TableClient(at(links[0], second)), TableClient(at(links[1], third))]
    clients.append(TableClient(at(str(table["spectator"]), first)))
    return table, clients


async def _play_through(
    site: Site, clients: list[TableClient], roamings: list[Roaming], midway: asyncio.Event
) -> list[Update]:
    games = [
        play_anywhere(c, site, n, roamings[n], moves_before=midway, stop_after=5)
        for n, c in enumerate(clients)
    ]
    return list(await asyncio.gather(*games))


def test_kill_nine_of_the_owner_another_process_takes_over(pg_url: str, redis_url: str) -> None:
    with Site(pg_url, redis_url) as site:
        table, clients = _start_table(site)
        table_id = str(table["table"])
        assert site.owner_of(table_id) is site.processes[0]
        roamings = [Roaming() for _ in clients]

        async def scenario() -> list[Update]:
            midway = asyncio.Event()
            playing = asyncio.ensure_future(_play_through(site, clients, roamings, midway))
            await asyncio.wait_for(midway.wait(), 60)
            site.processes[0].kill()  # the owner: no shutdown code runs
            seen_at_kill.append(max(c.seq for c in clients))
            return await playing

        seen_at_kill: list[int] = []

        finals = asyncio.run(scenario())
        assert len({f.seq for f in finals}) == 1 and finals[0].over
        assert roamings[2].reconnects >= 1  # the spectator was at the killed owner
        new_owner = site.owner_of(table_id)
        assert new_owner in site.processes[1:]
        assert_log_matches(site, table_id, finals[0], roamings[:2])
        assert finals[0].seq > seen_at_kill[0]  # the game went on after the kill
        site.assert_quiet()


def test_a_stalled_owner_is_fenced_out_and_lets_go(pg_url: str, redis_url: str) -> None:
    """The owner freezes (SIGSTOP) past its lease: another process takes the table over
    and the game goes on. When the old owner wakes, with moves still queued for it, every
    write it tries is refused by the fence, so it acknowledges nothing, lets the table go
    and closes its sockets; the log holds exactly what the clients saw acknowledged."""
    with Site(pg_url, redis_url) as site:
        table, clients = _start_table(site)
        table_id = str(table["table"])
        stalled = site.processes[0]
        assert stalled.process is not None
        roamings = [Roaming() for _ in clients]

        async def scenario() -> list[Update]:
            midway = asyncio.Event()
            playing = asyncio.ensure_future(_play_through(site, clients, roamings, midway))
            await asyncio.wait_for(midway.wait(), 60)
            assert stalled.process is not None
            os.kill(stalled.process.pid, signal.SIGSTOP)
            try:
                for _ in range(600):  # until another process holds the table
                    await asyncio.sleep(0.1)
                    holder = await asyncio.to_thread(site.owner_pid, table_id)
                    if holder != stalled.process.pid:
                        taken_by.append(holder)
                        break
                await asyncio.sleep(1.0)  # moves go on at the new owner meanwhile
            finally:
                os.kill(stalled.process.pid, signal.SIGCONT)
            return await playing

        taken_by: list[int] = []
        finals = asyncio.run(scenario())
        assert len({f.seq for f in finals}) == 1 and finals[0].over
        # Taken over while the owner was frozen. Who holds the lease at the end is not
        # asserted: once the game is over and nobody listens, the new owner lets the table
        # go, and any process, the woken one included, takes its lease again to show the
        # finished table to a late client (and on a loaded machine a two-second lease may
        # lapse). The fence is what is tested: the log and the message below.
        assert taken_by and taken_by[0] in {p.process.pid for p in site.processes[1:] if p.process}
        assert_log_matches(site, table_id, finals[0], roamings[:2])
        for _ in range(50):  # it wakes, finds the lease lost, and says so
            if "lost the lease of table" in stalled.output():
                break
            time.sleep(0.1)
        assert "lost the lease of table" in stalled.output()
        site.assert_quiet()


def test_redis_restarted_mid_game_the_tables_recover(
    pg_url: str, redis_url: str, own_redis: tuple[str, list[subprocess.Popen[bytes]]]
) -> None:
    url, processes = own_redis
    command = processes[0].args
    with Site(pg_url, url) as site:
        table, clients = _start_table(site)
        roamings = [Roaming() for _ in clients]

        async def scenario() -> list[Update]:
            midway = asyncio.Event()
            playing = asyncio.ensure_future(_play_through(site, clients, roamings, midway))
            await asyncio.wait_for(midway.wait(), 60)
            processes[0].kill()
            processes[0].wait()
            await asyncio.sleep(0.5)
            processes[1] = subprocess.Popen(command, stdout=subprocess.DEVNULL)
            return await playing

        finals = asyncio.run(scenario())
        assert len({f.seq for f in finals}) == 1 and finals[0].over
        assert roamings[0].reconnects + roamings[1].reconnects >= 1
        assert_log_matches(site, str(table["table"]), finals[0], roamings[:2])
        # Every process subscribes again (each on its own retry's pace, which the game
        # played through reconnects need not wait for): a new table plays across processes.
        deadline = time.monotonic() + 30
        while not all(f["redis_subscriptions"] >= 2 for f in site.figures()):
            assert time.monotonic() < deadline, site.figures()
            time.sleep(0.2)
        table, clients = _start_table(site)
        again = [Roaming() for _ in clients]
        finals = asyncio.run(_play_through(site, clients, again, asyncio.Event()))
        assert all(r.reconnects == 0 for r in again), [r.refusals for r in again]
        assert_log_matches(site, str(table["table"]), finals[0], again[:2])
        site.assert_quiet()


def test_the_process_taking_a_table_over_is_killed_too_and_a_third_takes_it(
    pg_url: str, redis_url: str
) -> None:
    """The trial's kill during a takeover: the owner dies, and the process that takes the
    table over dies (kill -9) as soon as it holds the lease, before or while it resumes the
    table. The third process waits out that lease too, takes the table over, and the game
    finishes with every acknowledged move in the log once."""
    with Site(pg_url, redis_url) as site:
        table, clients = _start_table(site)
        table_id = str(table["table"])
        first = site.processes[0]
        roamings = [Roaming() for _ in clients]

        async def scenario() -> list[Update]:
            midway = asyncio.Event()
            playing = asyncio.ensure_future(_play_through(site, clients, roamings, midway))
            await asyncio.wait_for(midway.wait(), 60)
            assert first.process is not None
            dead = first.process.pid
            first.kill()
            for _ in range(600):  # until another process holds the lease
                await asyncio.sleep(0.02)
                if await asyncio.to_thread(site.owner_pid, table_id) != dead:
                    break
            taker = site.owner_of(table_id)
            taker.kill()  # mid-takeover: its lease just taken
            return await playing

        finals = asyncio.run(scenario())
        assert len({f.seq for f in finals}) == 1 and finals[0].over
        survivor = site.owner_of(table_id)
        assert survivor.process is not None and len(site.living()) == 1
        assert_log_matches(site, table_id, finals[0], roamings[:2])
        site.assert_quiet()

"""Play now in a site of two processes (``server/seek_book.py``'s Redis book): seekers who
came to different processes are seated at one table, which both reach through either
process; a seek asked after at the other process is the same seek (its bots come after
its wait wherever it is asked); a seek cancelled at one process is gone at the other; a
seek whose page stopped asking is counted expired by the process that found it gone."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from saqqara.client import TableClient
from tests.cluster_server.conftest import REDIS_URL, _require, fresh_schema, redis_reachable
from tests.cluster_server.site_harness import Site, at
from tests.server.test_metrics import _figures

pytestmark = pytest.mark.xdist_group("cluster-server")


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    with fresh_schema() as db_url:
        _require("Redis", redis_reachable())
        with Site(db_url, REDIS_URL, count=2, lease="30") as running:
            yield running


def seek(http: httpx.Client, **wanted: Any) -> dict[str, Any]:
    answer = http.post("/api/seeks", json=wanted)
    assert answer.status_code == 201, answer.text
    found: dict[str, Any] = answer.json()
    return found


def seated(http: httpx.Client, opened: dict[str, Any], within: float = 30.0) -> dict[str, Any]:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        answer = http.get(f"/api/seeks/{opened['seek']}", params={"key": opened["key"]})
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        if found["state"] == "seated":
            return found
        time.sleep(0.2)
    raise AssertionError(f"seek {opened['seek']} was not seated in {within} s")


def test_seekers_at_two_processes_are_seated_together(site: Site) -> None:
    first, second = (p.base for p in site.processes)
    with httpx.Client(base_url=first) as ann, httpx.Client(base_url=second) as bo:
        waiting = seek(ann, game="tutankhamun", players=2, name="Ann")
        assert waiting["state"] == "waiting"
        arriving = seek(bo, game="tutankhamun", players=2, name="Bo")
        assert arriving["state"] == "seated"  # Ann's seek, made at the first, was found
        mine = seated(ann, waiting)
        assert mine["table"] == arriving["table"]
        assert {mine["seat"], arriving["seat"]} == {0, 1}

        async def both_play() -> list[str]:
            # Each through the process it sought at: one of them is carried to the owner.
            clients = [
                TableClient(at(mine["link"], first)),
                TableClient(at(arriving["link"], second)),
            ]
            for client in clients:
                await client.connect()
            for client in clients:
                while client.update is None or client.update.status != "playing":
                    await client.receive()
            statuses = [c.update.status for c in clients if c.update is not None]
            for client in clients:
                await client.close()
            return statuses

        assert asyncio.run(both_play()) == ["playing", "playing"]
    site.assert_quiet()


def test_a_seek_is_the_same_at_either_process(site: Site) -> None:
    first, second = (p.base for p in site.processes)
    with httpx.Client(base_url=first) as here, httpx.Client(base_url=second) as there:
        opened = seek(here, game="valley-of-the-kings", players=3, bots_after=1)
        found = seated(there, opened)  # asked after at the other process only
        assert found["bots"] == 2
        assert found["link"].startswith(second)
        cancelled = seek(here, game="valley-of-the-kings", players=2)
        answer = there.post(
            f"/api/seeks/{cancelled['seek']}/cancel", json={"key": cancelled["key"]}
        )
        assert answer.json()["state"] == "cancelled"
        gone = here.get(f"/api/seeks/{cancelled['seek']}", params={"key": cancelled["key"]})
        assert gone.status_code == 404
        later = seek(there, game="valley-of-the-kings", players=2)
        assert later["state"] == "waiting"  # not seated with the cancelled seek
    site.assert_quiet()


def test_each_process_counts_the_seeks_it_saw_expire() -> None:
    """``/metrics`` in a site: a seek opened at one process whose page never asked again is
    counted expired by the process whose pairing found it gone (each counts its own)."""
    with fresh_schema() as db_url:
        _require("Redis", redis_reachable())
        with Site(db_url, REDIS_URL, count=2, lease="30", extra=("--seek-ttl", "2")) as site:
            first, second = site.processes
            with httpx.Client(base_url=first.base) as ed, httpx.Client(base_url=second.base) as gil:
                seek(ed, game="valley-of-the-kings", players=2)  # its page never asks again
                # a guest's range meets signed-in players only: Gil is never seated with Ed
                kept = seek(gil, game="valley-of-the-kings", players=2, min_rating=1000)
                asked_until = time.monotonic() + 3.0  # past the 2 s Ed's seek lives
                while time.monotonic() < asked_until:
                    answer = gil.get(f"/api/seeks/{kept['seek']}", params={"key": kept["key"]})
                    assert answer.json()["state"] == "waiting"
                    time.sleep(0.5)
            here, there = _figures(first), _figures(second)
            site.assert_quiet()
    expired = "saqqara_seeks_expired_total{game=valley-of-the-kings}"
    assert there[expired] == 1 and expired not in here
    opened = "saqqara_seeks_opened_total{game=valley-of-the-kings}"
    assert here[opened] == 1 and there[opened] == 1

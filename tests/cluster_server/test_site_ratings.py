"""Ratings in a site of two processes: two accounts made at different processes play a
rated table through both, and the table is rated once; every process answers the same
leaderboard, profiles and rating changes, and a process that starts later finds nothing
left to rate."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from saqqara.client import TableClient
from saqqara.store import Store
from saqqara.store.schema import rated_tables, rating_history
from tests.cluster_server.conftest import REDIS_URL, _require, fresh_schema, redis_reachable
from tests.cluster_server.site_harness import Roaming, Site, at, play_anywhere
from tests.server.harness import ServerProcess

pytestmark = pytest.mark.xdist_group("cluster-server")

CSRF = "X-Saqqara-CSRF"
PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    with fresh_schema() as db_url:
        _require("Redis", redis_reachable())
        with Site(db_url, REDIS_URL, count=2, lease="30") as running:
            yield running


def sign_up(http: httpx.Client, name: str) -> str:
    answer = http.post(
        "/api/account/sign-up", json={"name": name, "password": PASSWORD}, headers={CSRF: "1"}
    )
    assert answer.status_code == 201, answer.text
    token: str = answer.json()["csrf"]
    return token


def rated_profile(base: str, name: str) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found: dict[str, Any] = httpx.get(f"{base}/api/players/{name}").json()
        if found["games"]:
            return found
        time.sleep(0.2)
    raise AssertionError(f"{name} was not rated")


def test_a_rated_table_played_through_two_processes_is_rated_once(site: Site) -> None:
    first, second = (p.base for p in site.processes)
    with httpx.Client(base_url=first) as ann, httpx.Client(base_url=second) as bob:
        ann_csrf, bob_csrf = sign_up(ann, "SiteAnn"), sign_up(bob, "SiteBob")
        body = {
            "game": "tutankhamun",
            "seats": [{"kind": "person"}, {"kind": "person"}],
            "mine": 0,
            "rated": True,
        }
        created = ann.post("/api/tables", json=body, headers={CSRF: ann_csrf})
        assert created.status_code == 201, created.text
        table, seats = created.json()["table"], created.json()["seats"]
        key = seats[1]["link"].split("key=")[1]
        joined = bob.post(  # at the other process: carried to the table's owner
            f"/api/tables/{table}/join", json={"seat": 1, "key": key}, headers={CSRF: bob_csrf}
        )
        assert joined.status_code == 200, joined.text
        links = [at(seats[0]["link"], second), at(seats[1]["link"], first)]

        async def play() -> list[Any]:
            clients = [TableClient(link) for link in links]
            return list(
                await asyncio.gather(
                    *(play_anywhere(c, site, n, Roaming()) for n, c in enumerate(clients))
                )
            )

        finals = asyncio.run(play())
        assert all(final.over for final in finals)
        profiles = [rated_profile(base, "SiteAnn") for base in (first, second)]
        assert profiles[0] == profiles[1] and profiles[0]["ratings"][0]["games"] == 1
        boards = [
            httpx.get(f"{base}/api/leaderboard/tutankhamun").json() for base in (first, second)
        ]
        assert boards[0] == boards[1]
        assert {p["name"] for p in boards[0]["leaders"]} == {"SiteAnn", "SiteBob"}
        changes = [
            httpx.get(f"{base}/api/tables/{table}").json()["ratings"] for base in (first, second)
        ]
        assert changes[0] == changes[1] and [c["seat"] for c in changes[0]] == [0, 1]
    # A third process joins the site: it finds the table rated, and rates nothing again.
    late = ServerProcess(site.db_url, *site.processes[0].extra)
    with late:
        assert rated_profile(late.base, "SiteAnn") == profiles[0]
    store = Store(site.db_url)
    with store.engine.connect() as tx:
        rows = tx.execute(
            select(func.count())
            .select_from(rating_history)
            .where(rating_history.c.table_id == table)
        ).scalar()
        settled = tx.execute(
            select(func.count()).select_from(rated_tables).where(rated_tables.c.table_id == table)
        ).scalar()
    store.close()
    assert (rows, settled) == (2, 1)
    site.assert_quiet()

"""Three processes, one site: whole games of every game with each seat at another process.

The table is created at one process (its owner); each person seat plays through another,
and a spectator watches through a fourth connection, so every move goes to the owner
through Redis and every update comes back the same way. The lobby and a table's page
read the same at every process.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from saqqara.client import TableClient, create_table, http_json
from saqqara.core.records import Record, RecordedAction, replay
from saqqara.core.registry import registered_games
from saqqara.store import Store
from tests.cluster_server.conftest import REDIS_URL, _require, fresh_schema, redis_reachable
from tests.cluster_server.site_harness import Roaming, Site, assert_log_matches, at, play_anywhere

pytestmark = pytest.mark.xdist_group("cluster-server")

GAMES = sorted(registered_games())
NO_TAKEOVER_LEASE = "30"


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    # Module scope: one schema and three processes for every test (they start slowly).
    with fresh_schema() as db_url:
        _require("Redis", redis_reachable())
        # No process dies here, so no table should change hands: a lease long enough
        # that a busy machine's stalls cannot make one look dead (the takeover tests use
        # a short one).
        with Site(db_url, REDIS_URL, lease=NO_TAKEOVER_LEASE) as running:
            yield running


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_with_each_seat_at_another_process(site: Site, game_id: str) -> None:
    first, second, third = (p.base for p in site.processes)
    players = max(3, min(registered_games()[game_id].spec.player_counts))
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]
    seats += [{"kind": "bot", "bot": "random"}] * (players - 2)
    table = create_table(first, game_id, seats, public=False)
    links = [at(s["link"], base) for s, base in zip(table["seats"], (second, third), strict=False)]
    watching = at(table["spectator"], first if players == 3 else second)
    roamings = [Roaming() for _ in range(3)]

    async def play() -> list[object]:
        people = [TableClient(link) for link in links]
        return await asyncio.gather(
            *(play_anywhere(c, site, n, roamings[n]) for n, c in enumerate(people)),
            play_anywhere(TableClient(watching), site, 9, roamings[2]),
        )

    finals = asyncio.run(play())
    assert len({f.seq for f in finals}) == 1  # type: ignore[attr-defined]
    assert len({repr(f.outcome) for f in finals}) == 1  # type: ignore[attr-defined]
    assert all(r.reconnects == 0 for r in roamings), [r.refusals for r in roamings]
    assert roamings[0].acked and roamings[1].acked and not roamings[2].acked
    assert_log_matches(site, table["table"], finals[0], roamings)  # type: ignore[arg-type]
    info = [http_json(base, f"/api/tables/{table['table']}") for base in (first, second, third)]
    assert all(i == info[0] for i in info) and info[0]["status"] == "finished"
    site.assert_quiet()


def test_the_lobby_joins_and_the_log_are_the_same_everywhere(site: Site) -> None:
    first, second, third = (p.base for p in site.processes)
    seats = [{"kind": "person", "open": True}, {"kind": "person", "open": True}]
    table = create_table(second, "tutankhamun", seats, public=True)
    table_id = table["table"]
    lobbies = [http_json(base, "/api/lobby")["tables"] for base in (first, second, third)]
    assert all(table_id in [t["id"] for t in lobby] for lobby in lobbies)
    listed = [next(t for t in lobby if t["id"] == table_id) for lobby in lobbies]
    assert listed[0] == listed[1] == listed[2]
    # Join the free seat through a process that does not own the table: the owner does it.
    joined = http_json(third, f"/api/tables/{table_id}/join", {"name": "Cy"})
    assert joined["seat"] == 0 and joined["link"].startswith(third)
    assert http_json(first, f"/api/tables/{table_id}")["seats"][0]["name"] == "Cy"
    # The host's new link for the other seat, through a process that does not own it.
    invited = http_json(first, f"/api/tables/{table_id}/invite", {"seat": 1, "host": table["host"]})
    assert invited["seat"] == 1 and "link" not in table["seats"][1]
    roamings = [Roaming(), Roaming()]

    async def play() -> list[object]:
        clients = [TableClient(joined["link"]), TableClient(invited["link"])]
        return await asyncio.gather(
            *(play_anywhere(c, site, n, roamings[n]) for n, c in enumerate(clients))
        )

    finals = asyncio.run(play())
    assert_log_matches(site, table_id, finals[0], roamings)  # type: ignore[arg-type]
    assert table_id not in [t["id"] for t in http_json(first, "/api/lobby")["tables"]]
    key = joined["link"].split("key=")[1]
    replays = [
        http_json(b, f"/api/tables/{table_id}/replay?seat=0&key={key}") for b in (first, third)
    ]
    assert replays[0] == replays[1] and replays[0]["frames"][-1]["seq"] == finals[0].seq  # type: ignore[attr-defined]
    # A finished table's review is the same whichever process is asked (it is seeded).
    reviews: list[dict[str, Any]] = []
    for base in (first, third):
        review: dict[str, Any] = {"status": "pending"}
        deadline = time.monotonic() + 240
        while review["status"] != "ready":
            assert review["status"] == "pending" and time.monotonic() < deadline, review
            time.sleep(0.5)
            review = http_json(base, f"/api/tables/{table_id}/review?seat=0&key={key}")
        reviews.append(review)
    assert reviews[0] == reviews[1] and reviews[0]["total"] > 0
    store = Store(site.db_url)
    row, logged = store.table(table_id), store.actions(table_id)
    store.close()
    assert row is not None
    record = Record(
        row.game,
        row.rules_version,
        row.players,
        row.options,
        ("a", "b"),
        tuple(RecordedAction(a.seat, a.action) for a in logged),
    )
    assert replay(record).state.is_terminal()


def test_redis_without_postgresql_is_refused_clearly(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'x.db'}"
    answer = subprocess.run(
        [sys.executable, "-m", "saqqara.cli", "serve", "--db", db, "--redis", "redis://x"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert answer.returncode != 0
    assert "--redis needs --db postgresql" in answer.stdout + answer.stderr

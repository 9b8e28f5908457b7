"""A rematch's turn clocks: a person seat's clock runs only once its person has come back
to the rematch (as at a table's first game, where no clock runs before every person seat
is taken), also after a restart, while the rematch stays closed to strangers."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from saqqara.client import SeatLink, TableClient, create_table
from saqqara.server.clocks import ClockView
from saqqara.server.messages import Update
from tests.server.harness import ServerProcess
from tests.server.play import play_seat

GAME_TIME = 600.0


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path / 'rematch.db'}"
    with ServerProcess(db, "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


async def _seen_by_a_spectator(link: SeatLink) -> Update:
    """The first update of a spectator (who takes no seat) at a public table."""
    client = TableClient(SeatLink(link.base, link.table, None, None, None))
    await client.connect()
    update = await client.until_update()
    await client.close()
    return update


async def _clock_once_back(link: SeatLink) -> tuple[Update, ClockView]:
    """The person of ``link`` comes back: the first update in which they must decide."""
    client = TableClient(link)
    await client.connect()
    update = await client.until_update()
    while link.seat not in update.to_act:
        update = await client.until_update()
    await client.close()
    assert update.clock is not None
    return update, update.clock


def test_a_rematch_clock_waits_for_its_person(server: ServerProcess) -> None:
    table = create_table(
        server.base,
        "tutankhamun",
        [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random", "name": "Robo"}],
        clock={"game": GAME_TIME, "on_timeout": "lose"},
    )
    ann = SeatLink.parse(table["seats"][0]["link"])
    assert asyncio.run(play_seat(TableClient(ann), 5)).over
    with httpx.Client(base_url=server.base, timeout=10) as http:
        body = {"seat": 0, "key": ann.key}
        new_id = http.post(f"/api/tables/{table['table']}/rematch", json=body).json()["table"]
        rematch = SeatLink(ann.base, new_id, 0, ann.key)
        time.sleep(1.5)  # Ann has not come back yet: the robot may move, her clock waits
        info = http.get(f"/api/tables/{new_id}").json()
        assert info["status"] == "playing" and info["forfeit"] is None
        assert [s["taken"] for s in info["seats"]] == [False, True]
        # Her seat is hers: the rematch is not offered to strangers.
        assert new_id not in [t["id"] for t in http.get("/api/lobby").json()["tables"]]
        stranger = http.post(f"/api/tables/{new_id}/join", json={"name": "Eve"})
        assert stranger.status_code == 400 and stranger.json()["error"]["code"] == "no-seat"

        for restart in (False, True):  # a restarted server resumes the rematch alike
            if restart:
                server.stop()
                server.start()
                time.sleep(1.0)
            waiting = asyncio.run(_seen_by_a_spectator(rematch)).clock
            assert waiting is not None
            assert 0 not in waiting.running and waiting.game_left[0] == GAME_TIME

        update, clock = asyncio.run(_clock_once_back(rematch))
        assert 0 in clock.running and 0 in update.to_act  # her clock runs now she is back
        left = clock.game_left[0]
        assert left is not None and GAME_TIME - 5 < left <= GAME_TIME
        assert http.get(f"/api/tables/{new_id}").json()["seats"][0]["taken"] is True

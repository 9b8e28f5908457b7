"""A table's life over HTTP and WebSockets: leaving before the start frees the seat (its
link stops working, a stranger may take it from the lobby, or the creator invites someone
with a new link), and a rematch seats the same people and bots, under the same names and
settings, with each person's key."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest

from saqqara.client import ClientError, SeatLink, TableClient, create_table
from tests.server.harness import ServerProcess
from tests.server.play import play_seat


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("life") / "life.db"
    with ServerProcess(f"sqlite:///{db}", "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


@pytest.fixture
def http(server: ServerProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.base, timeout=10) as client:
        yield client


def test_leaving_before_the_start_frees_the_seat(server: ServerProcess, http: httpx.Client) -> None:
    """Three seats: Ann and Bo take theirs, Bo leaves before the third is taken."""
    table = create_table(server.base, "tutankhamun", [{"kind": "person"}] * 3)
    table_id = table["table"]
    links = [SeatLink.parse(s["link"]) for s in table["seats"]]
    for seat, name in ((0, "Ann"), (1, "Bo")):
        body = {"seat": seat, "key": links[seat].key, "name": name}
        assert http.post(f"/api/tables/{table_id}/join", json=body).status_code == 200
    left = http.post(f"/api/tables/{table_id}/leave", json={"seat": 1, "key": links[1].key})
    assert left.status_code == 200
    info = http.get(f"/api/tables/{table_id}").json()
    assert info["status"] == "open" and info["seats"][1]["kind"] == "person"
    assert not info["seats"][1]["taken"] and info["seats"][0]["taken"]
    with pytest.raises(ClientError, match="bad-key"):
        asyncio.run(TableClient(links[1]).connect())  # the link that was given up is dead
    lobby = http.get("/api/lobby").json()["tables"]
    assert table_id in [t["id"] for t in lobby]
    joined = http.post(f"/api/tables/{table_id}/join", json={"name": "Cy"}).json()
    assert joined["seat"] == 1 and joined["link"] != table["seats"][1]["link"]


def _refusal(answer: httpx.Response) -> tuple[int, str]:
    code: str = answer.json()["error"]["code"]
    return answer.status_code, code


def test_a_private_seat_given_up_before_the_start_takes_a_new_invite(
    server: ServerProcess, http: httpx.Client
) -> None:
    """At a private table no lobby fills a seat given up: the creator's host key gets a
    new invite link for it; the key of the one who left stays dead."""
    table = create_table(server.base, "tutankhamun", [{"kind": "person"}] * 3, public=False)
    table_id, host = table["table"], table["host"]
    links = [SeatLink.parse(s["link"]) for s in table["seats"]]
    for seat, name in ((0, "Ann"), (1, "Bo")):
        body = {"seat": seat, "key": links[seat].key, "name": name}
        assert http.post(f"/api/tables/{table_id}/join", json=body).status_code == 200
    bo = {"seat": 1, "key": links[1].key}
    assert http.post(f"/api/tables/{table_id}/leave", json=bo).status_code == 200
    invite = f"/api/tables/{table_id}/invite"
    assert _refusal(http.post(f"/api/tables/{table_id}/join", json={"name": "Eve"})) == (
        400,
        "no-seat",
    )  # a private table has no lobby seat
    assert _refusal(http.post(invite, json={"seat": 1, "host": links[0].key})) == (403, "bad-key")
    assert _refusal(http.post(invite, json={"seat": 0, "host": host})) == (400, "no-seat")
    first = http.post(invite, json={"seat": 1, "host": host}).json()
    second = http.post(invite, json={"seat": 1, "host": host}).json()
    assert (first["table"], first["seat"], second["seat"]) == (table_id, 1, 1)
    cy = SeatLink.parse(second["link"])
    assert cy.key not in (links[1].key, SeatLink.parse(first["link"]).key)
    for dead in (bo, {"seat": 1, "key": SeatLink.parse(first["link"]).key}):
        answer = http.post(f"/api/tables/{table_id}/join", json=dead)
        assert _refusal(answer) == (403, "bad-key")  # Bo's key and the replaced invite
    with pytest.raises(ClientError, match="bad-key"):
        asyncio.run(TableClient(links[1]).connect())
    body = {"seat": 1, "key": cy.key, "name": "Cy"}
    assert http.post(f"/api/tables/{table_id}/join", json=body).json()["seat"] == 1
    third = {"seat": 2, "key": links[2].key}
    assert http.post(f"/api/tables/{table_id}/join", json=third).status_code == 200
    info = http.get(f"/api/tables/{table_id}").json()
    assert info["status"] == "playing" and [s["name"] for s in info["seats"]][:2] == ["Ann", "Cy"]
    answer = http.post(invite, json={"seat": 1, "host": host})
    assert _refusal(answer) == (400, "no-seat")  # no new links once the game is on


def test_a_rematch_seats_the_same_people_and_bots(
    server: ServerProcess, http: httpx.Client
) -> None:
    table = create_table(
        server.base,
        "tutankhamun",
        [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random", "name": "Robo"}],
        clock={"move": 600, "on_timeout": "lose"},
        undo=True,
    )
    ann = SeatLink.parse(table["seats"][0]["link"])
    final = asyncio.run(play_seat(TableClient(ann), 1))
    assert final.over
    body = {"seat": 0, "key": ann.key}
    new_id = http.post(f"/api/tables/{table['table']}/rematch", json=body).json()["table"]
    old = http.get(f"/api/tables/{table['table']}").json()
    new = http.get(f"/api/tables/{new_id}").json()
    assert old["rematch"] == new_id and new["status"] == "playing"
    same = [{**seat, "taken": seat["kind"] == "bot"} for seat in old["seats"]]
    assert new["seats"] == same  # Ann's seat is taken once she comes back to it
    assert (new["game"], new["options"], new["players"]) == (old["game"], old["options"], 2)

    async def first_update() -> tuple[int | None, object]:
        client = TableClient(SeatLink(ann.base, new_id, 0, ann.key))
        welcome = await client.connect()
        update = await client.until_update()
        await client.close()
        return welcome.seat, update.clock

    seat, clock = asyncio.run(first_update())
    assert seat == 0 and clock is not None  # the same key, the same clock settings

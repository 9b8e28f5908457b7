"""Play now over a real server (``server/play_now.py``): two seekers of one game are seated
at one new table, each told only its own seat; seekers outside each other's rating range
wait on; a seeker's bots come after the wait it chose; a cancelled seek is paired with
nobody; bad seeks are refused with a clear error and leave the waiting seeks as they were;
seeks are counted against ``--tables-per-minute``."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from saqqara.client import TableClient
from tests.server.harness import ServerProcess
from tests.server.test_accounts import CSRF, code, fresh_address, sign_up

VALLEY = "valley-of-the-kings"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("play-now") / "play-now.db"
    with ServerProcess(
        f"sqlite:///{db}",
        "--sqlite-sync",
        "normal",
        "--forwarded-allow-ips",
        "127.0.0.1",
        "--tables-per-minute",
        "12",
    ) as running:
        yield running


def person(server: ServerProcess) -> httpx.Client:
    """Someone at an address of their own (the per-address limits are not shared)."""
    return httpx.Client(base_url=server.base, headers={"X-Forwarded-For": fresh_address()})


def seek(http: httpx.Client, csrf: str | None = None, **wanted: Any) -> dict[str, Any]:
    answer = http.post("/api/seeks", json=wanted, headers={CSRF: csrf} if csrf else {})
    assert answer.status_code == 201, answer.text
    found: dict[str, Any] = answer.json()
    return found


def state(http: httpx.Client, opened: dict[str, Any]) -> dict[str, Any]:
    answer = http.get(f"/api/seeks/{opened['seek']}", params={"key": opened["key"]})
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def seated(http: httpx.Client, opened: dict[str, Any], within: float = 30.0) -> dict[str, Any]:
    """The seek's state once it is seated, asking each 0.2 s as its page would."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        found = state(http, opened)
        if found["state"] == "seated":
            return found
        time.sleep(0.2)
    raise AssertionError(f"seek {opened['seek']} was not seated in {within} s")


def test_two_seekers_are_seated_at_one_table(server: ServerProcess) -> None:
    with person(server) as ann, person(server) as bo:
        first = seek(ann, game="tutankhamun", players=2, name="Ann")
        assert first["state"] == "waiting" and first["rating"] is None
        assert state(ann, first)["state"] == "waiting"
        second = seek(bo, game="tutankhamun", players=2, name="Ann")  # same name: told apart
        assert second["state"] == "seated"
        mine = seated(ann, first)
        assert mine["table"] == second["table"] and mine["bots"] == 0
        assert {mine["seat"], second["seat"]} == {0, 1}
        assert mine["link"] != second["link"]
        table = ann.get(f"/api/tables/{mine['table']}").json()
        assert [s["kind"] for s in table["seats"]] == ["person", "person"]
        assert sorted(s["name"] for s in table["seats"]) == ["Ann", "Ann 2"]
        assert all("link" not in s for s in table["seats"])  # nobody else's link told
        # Another's key does not read the seat.
        stolen = ann.get(f"/api/seeks/{first['seek']}", params={"key": second["key"]})
        assert stolen.status_code == 404 and code(stolen) == "no-seek"

        async def both_play() -> list[str]:
            clients = [TableClient(mine["link"]), TableClient(second["link"])]
            for client in clients:
                await client.connect()
            for client in clients:
                while client.update is None or client.update.status != "playing":
                    await client.receive()
            statuses = [c.update.status for c in clients if c.update is not None]
            for client in clients:
                await client.close()
            return statuses

        assert asyncio.run(both_play()) == ["playing", "playing"]  # the links seat them


def test_ratings_out_of_each_others_range_wait_on(server: ServerProcess) -> None:
    with person(server) as ann, person(server) as bo, person(server) as guest:
        ann_csrf, bo_csrf = sign_up(ann, "RangeAnn"), sign_up(bo, "RangeBo")
        high = seek(ann, ann_csrf, game=VALLEY, players=2, min_rating=1600, max_rating=2400)
        assert high["rating"] == 1500  # a new account's
        plain = seek(bo, bo_csrf, game=VALLEY, players=2)
        for _ in range(3):
            for http, opened in ((ann, high), (bo, plain)):
                assert state(http, opened)["state"] == "waiting"
        # A guest has no rating: within no range (Ann's) ...
        anyone = seek(guest, game=VALLEY, players=2, max_rating=1550)
        # ... but the guest's own range meets a signed-in seeker inside it: Bo (1500).
        assert seated(guest, anyone)["table"] == seated(bo, plain)["table"]
        assert state(ann, high)["state"] == "waiting"
        # A rated seek waits in a pool of its own: a casual seeker never meets it.
        casual = seek(guest, game=VALLEY, players=2)
        other = seek(bo, bo_csrf, game=VALLEY, players=2, rated=True)
        for http, opened in ((guest, casual), (bo, other), (ann, high)):
            assert state(http, opened)["state"] == "waiting"


def test_two_accounts_seeking_rated_play_a_rated_table(server: ServerProcess) -> None:
    with person(server) as ann, person(server) as bo:
        ann_csrf, bo_csrf = sign_up(ann, "RatedSeekAnn"), sign_up(bo, "RatedSeekBo")
        first = seek(ann, ann_csrf, game="tutankhamuns-revenge", players=2, rated=True)
        second = seek(bo, bo_csrf, game="tutankhamuns-revenge", players=2, rated=True)
        assert second["state"] == "seated"
        table = bo.get(f"/api/tables/{second['table']}").json()
        assert table["rated"] is True
        # Each account's own seat opens without its key (the seat is the account's).
        mine = seated(ann, first)
        again = ann.get(
            f"/api/tables/{mine['table']}/replay", params={"seat": mine["seat"]}
        )  # a seat of one's own account needs no key (refused only for not being finished)
        assert code(again) != "bad-key", again.text


def test_bots_fill_the_seats_after_the_chosen_wait(server: ServerProcess) -> None:
    with person(server) as ann, person(server) as bo:
        patient = seek(ann, game="curse-of-the-mummy", players=3, name="Patient")
        hurried = seek(bo, game="curse-of-the-mummy", players=3, name="Hurried", bots_after=1)
        # Seated together once Bo's wait is over, the third seat a bot's.
        mine = seated(bo, hurried)
        assert mine["bots"] == 1 and mine["waited"] >= 1
        theirs = seated(ann, patient)
        assert theirs["table"] == mine["table"]
        table = ann.get(f"/api/tables/{mine['table']}").json()
        assert sorted(s["kind"] for s in table["seats"]) == ["bot", "person", "person"]
        bot = next(s for s in table["seats"] if s["kind"] == "bot")
        assert bot["bot"] == "hard"  # the strong bot
        # Alone, with bots after a second: a table against bots.
        alone = seek(ann, game="tutankhamun", players=3, bots_after=1)
        found = seated(ann, alone)
        assert found["bots"] == 2


def test_a_cancelled_seek_meets_nobody(server: ServerProcess) -> None:
    with person(server) as ann, person(server) as bo:
        first = seek(ann, game="tutankhamun", players=2, options={"edition": "ootb-2004"})
        cancelled = ann.post(f"/api/seeks/{first['seek']}/cancel", json={"key": first["key"]})
        assert cancelled.status_code == 200 and cancelled.json()["state"] == "cancelled"
        gone = ann.get(f"/api/seeks/{first['seek']}", params={"key": first["key"]})
        assert gone.status_code == 404 and code(gone) == "no-seek"
        second = seek(bo, game="tutankhamun", players=2, options={"edition": "ootb-2004"})
        assert state(bo, second)["state"] == "waiting"
        wrong = bo.post(f"/api/seeks/{second['seek']}/cancel", json={"key": "x" * 40})
        assert wrong.status_code == 404 and code(wrong) == "no-seek"
        assert state(bo, second)["state"] == "waiting"


BAD_SEEKS: list[tuple[dict[str, Any], str]] = [
    ({"game": "chess", "players": 2}, "unknown-game"),
    ({"game": VALLEY, "players": 9}, "bad-request"),
    ({"game": VALLEY, "players": 1}, "bad-request"),
    ({"game": VALLEY, "players": 5}, "bad-option"),
    ({"game": VALLEY, "players": 2, "options": {"advanced": "nope"}}, "bad-option"),
    (
        {"game": VALLEY, "players": 2, "min_rating": 1700, "max_rating": 1600},
        "bad-request",
    ),
    ({"game": VALLEY, "players": 2, "min_rating": -5}, "bad-request"),
    ({"game": VALLEY, "players": 2, "bots_after": 0}, "bad-request"),
    ({"game": VALLEY, "players": 2, "bots_after": "soon"}, "bad-request"),
    ({"game": VALLEY, "players": 2, "rated": True}, "not-signed-in"),
    ({"game": VALLEY, "players": 2, "name": "\u202eevil"}, "bad-name"),
    ({"game": VALLEY, "players": 2, "lang": "fr"}, "bad-request"),
    ({"game": VALLEY, "players": 2, "colour": "red"}, "bad-request"),
]


def test_bad_seeks_are_refused_and_change_nothing(server: ServerProcess) -> None:
    with person(server) as ann, person(server) as bo:
        waiting = seek(ann, game=VALLEY, players=2, options={"experts": "on"})
        for body, expected in BAD_SEEKS:
            with person(server) as someone:  # a refused seek is counted against the rate
                answer = someone.post("/api/seeks", json=body)
            assert answer.status_code >= 400, (body, answer.text)
            assert code(answer) == expected, (body, answer.text)
            assert answer.json()["error"]["message"]
        empty = bo.post("/api/seeks", content=b"")
        assert empty.status_code == 400 and code(empty) == "bad-request"
        assert state(ann, waiting)["state"] == "waiting"  # no refused seek was paired


def test_seeks_count_against_the_tables_per_minute(server: ServerProcess) -> None:
    with person(server) as ann:
        answers = [
            ann.post("/api/seeks", json={"game": VALLEY, "players": 2, "name": f"N{n}"})
            for n in range(13)
        ]
    assert [a.status_code for a in answers[:12]] == [201] * 12
    assert answers[12].status_code == 429 and code(answers[12]) == "too-many-tables"


def test_a_seek_its_page_stopped_asking_after_is_gone(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'ttl.db'}"
    with (
        ServerProcess(db, "--sqlite-sync", "normal", "--seek-ttl", "2") as short,
        person(short) as ann,
        person(short) as bo,
        person(short) as cy,
    ):
        left = seek(ann, game="tutankhamun", players=2)  # its page closed: never asked
        kept = seek(bo, game="tutankhamun", players=3)  # its page asks twice a second
        asked_until = time.monotonic() + 3.0  # past the 2 s the first one lives
        while time.monotonic() < asked_until:
            assert state(bo, kept)["state"] == "waiting"
            time.sleep(0.5)
        late = seek(cy, game="tutankhamun", players=2)
        assert late["state"] == "waiting"  # not seated with the seek gone
        gone = ann.get(f"/api/seeks/{left['seek']}", params={"key": left["key"]})
        assert gone.status_code == 404 and code(gone) == "no-seek"
        joining = seek(cy, game="tutankhamun", players=3, bots_after=1)
        assert seated(bo, kept)["table"] == seated(cy, joining)["table"]

"""Replays for the browser: a record file (JSON record or journal) posted to the site comes
back as frames a spectator may see, with sentences in the asked language; bad files are
refused with a clear reason and nothing is stored; a finished table replays for its seats
and spectators."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from saqqara.client import SeatLink, create_table
from saqqara.core.errors import RecordError
from saqqara.core.game import CHANCE
from saqqara.core.journal import journal_header
from saqqara.core.match import Match
from saqqara.core.registry import load
from saqqara.server.replays import MAX_REPLAY_BYTES, replay_record, replay_text
from saqqara.server.site import site_routes
from tests.server.harness import ServerProcess


async def _placeholder(request: Request) -> Response:
    return HTMLResponse("placeholder")


def played(game_id: str, players: int, seed: int, stop: int | None = None) -> Match:
    """A match of random moves, to the end or to ``stop`` accepted actions."""
    match = Match(load(game_id, players), seed=seed)
    rng = random.Random(seed)
    while not match.is_over() and (stop is None or match.seq < stop):
        seat = next(s for s in match.to_act() if s != CHANCE)
        match.submit(seat, rng.choice(match.legal_actions(seat)))
    return match


def post(body: bytes, query: str = "", headers: dict[str, str] | None = None) -> httpx.Response:
    async def send() -> httpx.Response:
        app = Starlette(routes=site_routes(_placeholder, Path("/nonexistent")))
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://site") as client:
            return await client.post(f"/api/replay{query}", content=body, headers=headers)

    return asyncio.run(send())


def test_a_finished_record_replays_step_by_step_as_a_spectator_sees_it() -> None:
    match = played("tutankhamun", 3, seed=5)
    replay = replay_record(match.record, "en")
    seat_actions = [a for a in match.record.actions if a.seat != CHANCE]
    assert len(replay.frames) == len(seat_actions) + 1
    assert replay.frames[0].seat is None and replay.frames[-1].seq == len(match.record.actions)
    assert [f.seat for f in replay.frames[1:]] == [a.seat for a in seat_actions]
    assert replay.frames[-1].view == match.view(None)
    assert replay.outcome is not None and replay.outcome["winners"] == sorted(
        match.outcome().winners
    )
    sentences = [e.text for f in replay.frames for e in f.events]
    public = [e for step in match.history for e in step.events_for(None)]
    assert len(sentences) == len(public)
    named = replay_record(match.record, "en", ["Ann", "Bo", "Cy"])
    assert named.names == ["Ann", "Bo", "Cy"]
    assert named.breakdown is not None and named.outcome is not None
    assert [line["name"] for line in named.breakdown] == ["Ann", "Bo", "Cy"]
    assert [line["rank"] for line in named.breakdown] == named.outcome["ranks"]
    assert any("Ann" in e.text for f in named.frames for e in f.events)


def test_hidden_information_stays_hidden_in_a_replay() -> None:
    """A sealed bid in Valley of the Kings: its seat's event is not in the replay, and the
    frames are spectator views, which never hold a hand."""
    match = played("valley-of-the-kings", 3, seed=2, stop=120)
    replay = replay_record(match.record, "en")
    private = [e.kind for step in match.history for e in step.events if e.seats is not None]
    assert private  # the game had secret events
    public = [e for step in match.history for e in step.events_for(None)]
    assert sum(len(f.events) for f in replay.frames) == len(public)
    assert replay.frames[-1].view == match.view(None)
    assert replay.outcome is None and replay.breakdown is None  # stopped mid-game


def test_a_journal_and_a_json_record_replay_alike_in_german() -> None:
    match = played("tutankhamuns-revenge", 2, seed=3)
    record = match.record
    journal = "".join(
        json.dumps(line) + "\n"
        for line in [journal_header(record), *(a.to_json() for a in record.actions)]
    )
    from_journal = post(journal.encode(), "?lang=de")
    from_record = post(record.dumps().encode(), "?lang=de")
    assert from_journal.status_code == from_record.status_code == 200
    assert from_journal.json() == from_record.json()
    english = post(record.dumps().encode())
    texts_de = [e["text"] for f in from_record.json()["frames"] for e in f["events"]]
    texts_en = [e["text"] for f in english.json()["frames"] for e in f["events"]]
    assert len(texts_de) == len(texts_en) and texts_de != texts_en


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b"", "the file is empty"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        (b"hello", "not JSON"),
        (b'{"format": "something-else"}', "not a saqqara record"),
        (b"[1, 2, 3]", "must be a JSON object"),
    ],
)
def test_bad_files_are_refused_with_a_clear_reason(body: bytes, reason: str) -> None:
    answer = post(body)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad-record"
    assert reason in answer.json()["error"]["message"]


def test_an_illegal_action_is_named_by_its_index() -> None:
    data = played("tutankhamun", 2, seed=1).record.to_json()
    first_seat_move = next(i for i, a in enumerate(data["actions"]) if a["seat"] != "chance")
    data["actions"][first_seat_move]["action"] = "take 999"
    answer = post(json.dumps(data).encode())
    assert answer.status_code == 400
    assert answer.json()["error"]["message"].startswith(f"action #{first_seat_move}: 'take 999'")


def test_a_file_over_the_limit_is_refused_before_it_is_read() -> None:
    answer = post(b" " * (MAX_REPLAY_BYTES + 1))
    assert answer.status_code == 413 and answer.json()["error"]["code"] == "too-large"
    with pytest.raises(RecordError, match="at most"):
        replay_text(b" " * (MAX_REPLAY_BYTES + 1), "en")
    assert post(b"{}", "?lang=xx").status_code == 400


def test_a_long_answer_is_gzipped_when_the_browser_accepts_it() -> None:
    body = played("valley-of-the-kings", 2, seed=4, stop=60).record.dumps().encode()
    packed = post(body, headers={"Accept-Encoding": "gzip"})
    assert packed.headers["content-encoding"] == "gzip"
    assert packed.json()["game"] == "valley-of-the-kings"  # httpx unpacks it
    assert int(packed.headers["content-length"]) * 5 < len(packed.content)
    assert "content-encoding" not in post(body, headers={"Accept-Encoding": "identity"}).headers


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("replay") / "replay.db"
    with ServerProcess(f"sqlite:///{db}", "--sqlite-sync", "normal") as running:
        yield running


def test_a_finished_table_replays_for_its_spectators_and_not_before(
    server: ServerProcess,
) -> None:
    table = create_table(
        server.base, "tutankhamun", [{"kind": "bot", "bot": "random"}] * 2, public=False
    )
    watch = SeatLink.parse(table["spectator"])
    path = f"/api/tables/{table['table']}/replay"
    with httpx.Client(base_url=server.base) as http:
        deadline = time.monotonic() + 20
        while http.get(f"/api/tables/{table['table']}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        refused = http.get(path, params={"watch": "nope"})
        answer = http.get(path, params={"watch": watch.watch or "", "lang": "nl"})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "bad-key"
    assert answer.status_code == 200
    replay = answer.json()
    assert replay["game"] == "tutankhamun" and replay["outcome"] is not None
    assert replay["frames"][0]["seat"] is None and len(replay["frames"]) > 5
    assert replay["names"] == [seat["name"] for seat in table["seats"]]


def test_a_table_in_play_does_not_replay(server: ServerProcess) -> None:
    table = create_table(
        server.base, "tutankhamun", [{"kind": "person"}, {"kind": "bot", "bot": "random"}]
    )
    link = SeatLink.parse(table["seats"][0]["link"])
    with httpx.Client(base_url=server.base) as http:
        answer = http.get(
            f"/api/tables/{table['table']}/replay", params={"seat": 0, "key": link.key or ""}
        )
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "not-over"

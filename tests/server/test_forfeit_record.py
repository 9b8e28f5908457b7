"""A table that ended on time (``on_timeout: lose``) keeps that ending in its record and
replay, over a real server: the replay a seat fetches ends with the forfeit's outcome and
nobody to act, its last frame is what a spectator was shown at the end, and the record
(with its ``forfeit``) replays the same way from a file, on the site and with
``saqqara replay``."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from saqqara.client import ClientError, TableClient, create_table, http_json
from saqqara.core.forfeit import Forfeit
from saqqara.core.records import Record, RecordedAction
from saqqara.server.messages import Update
from saqqara.store import Store
from tests.server.harness import ServerProcess
from tests.server.play import play_seat, watch

EXPECTED = {
    "scores": [None, None],
    "ranks": [2, 1],
    "winners": [1],
    "reason": "Ann ran out of time",
    "forfeit": [0],
}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path / 'forfeit.db'}"
    with ServerProcess(db, "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


def _stored_record(db_url: str, table_id: str) -> Record:
    """The table's record as the store holds it: its actions and its forfeit."""
    store = Store(db_url)
    try:
        row = store.table(table_id)
        seats = store.seats(table_id)
        logged = store.actions(table_id)
    finally:
        store.close()
    assert row is not None
    return Record(
        game=row.game,
        rules_version=row.rules_version,
        players=row.players,
        options=row.options,
        seats=tuple(s.name for s in seats),
        actions=tuple(RecordedAction(a.seat, a.action) for a in logged),
        forfeit=Forfeit.from_json(row.forfeit),
    )


def _post_record(base: str, text: str) -> dict[str, Any]:
    request = urllib.request.Request(
        base + "/api/replay?lang=en", data=text.encode("utf-8"), method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        result: dict[str, Any] = json.loads(answer.read())
    return result


def test_a_forfeit_ends_the_replay_and_the_record_the_same_way(
    server: ServerProcess, tmp_path: Path
) -> None:
    table = create_table(
        server.base,
        "tutankhamun",
        [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}],
        clock={"move": 1, "on_timeout": "lose"},
    )
    idle, player = (TableClient(s["link"]) for s in table["seats"])
    watcher = TableClient(table["spectator"])
    ann = table["seats"][0]

    async def scenario() -> tuple[Update, Update]:
        await idle.connect()  # Ann is there and never moves
        await watcher.connect()
        watching = asyncio.ensure_future(watch(watcher))
        final = await play_seat(player, 3)
        await idle.close()
        return final, await watching

    final, seen = asyncio.run(scenario())
    assert final.outcome == seen.outcome == EXPECTED and seen.to_act == []

    key = ann["link"].split("key=")[1]
    replay = http_json(server.base, f"/api/tables/{table['table']}/replay?seat=0&key={key}")
    assert replay["outcome"] == EXPECTED and replay["breakdown"] is None
    last = replay["frames"][-1]
    assert last["to_act"] == [] and last["view"] == seen.view
    assert last["seq"] == seen.seq

    record = _stored_record(server.db_url, table["table"])
    assert record.forfeit == Forfeit((0,), "Ann ran out of time")
    assert Record.loads(record.dumps()) == record
    from_file = _post_record(server.base, record.dumps())
    assert from_file["outcome"] == EXPECTED and from_file["frames"][-1] == last

    path = tmp_path / "forfeit.json"
    path.write_text(record.dumps(), encoding="utf-8")
    command = [sys.executable, "-m", "saqqara.cli", "replay", str(path), "--json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    summary = json.loads(done.stdout)
    assert summary["finished"] is True and summary["to_act"] == []
    assert summary["outcome"] == EXPECTED
    words = subprocess.run(command[:-1], capture_output=True, text=True, timeout=120, check=True)
    assert "ran out of time and lost" in words.stdout

    # Without its forfeit the same actions are a game that stops before its end.
    plain = replace(record, forfeit=None)
    assert _post_record(server.base, plain.dumps())["outcome"] is None


def test_a_game_in_play_has_no_replay_yet(server: ServerProcess) -> None:
    table = create_table(server.base, "tutankhamun", [{"kind": "person"}] * 2)
    seat = table["seats"][0]
    key = seat["link"].split("key=")[1]
    with pytest.raises(ClientError) as refused:
        http_json(server.base, f"/api/tables/{table['table']}/replay?seat=0&key={key}")
    assert refused.value.code == "not-over"

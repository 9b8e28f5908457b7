"""Where a client written from docs/protocol.md alone found the server and the document
apart, they now agree; a real server over real WebSockets:

- a wrong spectator key is refused at a public table too; seat and spectator keys together
  are refused;
- ``sync`` takes any ``since`` a connection takes (up to 999,999,999);
- a move against a ``seq`` the table has not reached is ``stale``, with a sentence that
  says so;
- the end of a game is told by a ``table`` message with status ``finished``, after the
  update that shows it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
from websockets.asyncio.client import connect

from saqqara.client import TableClient, create_table
from saqqara.server.messages import Error, TableNotice, Update
from tests.server.answers import next_answer
from tests.server.harness import ServerProcess


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path / 'settled.db'}"
    with ServerProcess(db, "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


def _first_answers(url: str) -> list[dict[str, object]]:
    """The messages a connection to ``url`` gets before the server closes it or 2 s pass."""

    async def read() -> list[dict[str, object]]:
        got: list[dict[str, object]] = []
        async with connect(url) as socket:
            try:
                while True:
                    got.append(json.loads(await asyncio.wait_for(socket.recv(), 2)))
            except (TimeoutError, Exception):
                return got

    return asyncio.run(read())


def test_connections_with_wrong_or_mixed_keys_are_refused(server: ServerProcess) -> None:
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    made = create_table(server.base, "tutankhamun", seats)
    table, key = made["table"], made["seats"][0]["link"].rsplit("key=", 1)[1]
    watch = made["spectator"].rsplit("watch=", 1)[1]
    ws = f"ws://127.0.0.1:{server.port}/ws/{table}?"
    cases = {
        "a wrong spectator key at a public table": ({"watch": "nope"}, "bad-key"),
        "seat, key and watch at once": (
            {"seat": 0, "key": key, "watch": watch},
            "bad-request",
        ),
        "a key without a seat": ({"key": key}, "bad-request"),
        # a seat's own signed-in account needs no key (docs/protocol.md, accounts);
        # anyone else is refused as for a wrong key
        "a seat without a key, not signed in": ({"seat": 0}, "bad-key"),
    }
    for what, (params, code) in cases.items():
        answers = _first_answers(ws + urlencode(params))
        assert [a.get("code") for a in answers] == [code], (what, answers)
    # a public table is watched without a key, and with its own
    for params in ({}, {"watch": watch}):
        answers = _first_answers(ws + urlencode(params))
        assert [a["type"] for a in answers[:2]] == ["welcome", "update"], (params, answers)


def test_sync_since_a_large_number_and_a_move_ahead_of_the_table(server: ServerProcess) -> None:
    seats = [{"kind": "person", "name": n} for n in ("Ann", "Bo")]
    made = create_table(server.base, "tutankhamun", seats)
    ann, bo = (TableClient(s["link"]) for s in made["seats"])

    async def scenario() -> tuple[Update, Error]:
        for client in (ann, bo):
            await client.connect()
        for client in (ann, bo):
            while client.update is None or client.update.status != "playing":
                await client.receive()
        await ann.sync(999_999_999)
        synced = await ann.until_update()
        assert ann.update is not None
        ann.seq = ann.update.seq + 5
        await ann.act(ann.update.legal[0].id, cid="ahead")
        answer = await next_answer(ann)
        assert isinstance(answer, Error), answer
        for client in (ann, bo):
            await client.close()
        return synced, answer

    synced, ahead = asyncio.run(scenario())
    assert synced.status == "playing" and synced.events == []
    assert (ahead.code, ahead.cid) == ("stale", "ahead")
    assert "moved on" not in ahead.message and "sync" in ahead.message


def test_the_end_of_a_game_is_told_by_a_table_message_after_the_last_update(
    server: ServerProcess,
) -> None:
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    made = create_table(server.base, "tutankhamun", seats)
    ann = TableClient(made["seats"][0]["link"])

    async def play() -> list[Update | TableNotice]:
        await ann.connect()
        seen: list[Update | TableNotice] = []
        acted = -1
        while not seen or not isinstance(seen[-1], TableNotice) or seen[-1].status == "playing":
            update = ann.update
            if update and update.legal and update.seq != acted and ann.pending is None:
                acted = update.seq
                await ann.act(update.legal[-1].id)
            message = await ann.receive(timeout=60)
            if isinstance(message, Update | TableNotice):
                seen.append(message)
        await ann.close()
        return seen

    seen = asyncio.run(play())
    notice = seen[-1]
    assert isinstance(notice, TableNotice) and notice.status == "finished"
    last = seen[-2]
    assert isinstance(last, Update) and last.over and last.status == "finished"
    assert all(m.status == "playing" for m in seen[:-1] if isinstance(m, TableNotice))

"""Table chat over real WebSockets (issue 32, item 7): every seat says and hears every line,
kept with the table and told again on arrival; plain text only; length and pace limited;
spectators only where the table says so."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from saqqara.client import TableClient, http_json
from saqqara.server.messages import CHAT_LENGTH, Error, Said, Update
from saqqara.store import SeatRow, Store
from saqqara.store.chat import ChatLog
from tests.server.harness import ServerProcess
from tests.server.rows import table_row

HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script> & hi'


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path_factory.mktemp('chat') / 'chat.db'}"
    with ServerProcess(db, "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


async def _table(
    server: ServerProcess, **settings: Any
) -> tuple[dict[str, Any], list[TableClient]]:
    """A public table of Ann and Bo, both connected, the game started."""
    body = {"game": "tutankhamun", "seats": [{"kind": "person", "name": n} for n in ("Ann", "Bo")]}
    made: dict[str, Any] = await asyncio.to_thread(
        http_json, server.base, "/api/tables", {**body, **settings}
    )
    clients = [TableClient(s["link"]) for s in made["seats"]]
    for client in clients:
        await client.connect()
    for client in clients:
        while client.update is None or client.update.status != "playing":
            await client.receive()
    return made, clients


async def _say(client: TableClient, text: str) -> None:
    await client.send_raw(json.dumps({"type": "chat", "text": text}))


async def _heard(client: TableClient) -> Said | Error:
    """The next chat line or error (updates on the way are kept by the client)."""
    while True:
        message = await client.receive(20)
        if isinstance(message, Said | Error):
            return message


def test_every_seat_hears_every_line_as_plain_text_numbered_and_kept(
    server: ServerProcess,
) -> None:
    async def scenario() -> tuple[str, list[Said]]:
        made, (ann, bo) = await _table(server)
        assert ann.welcome is not None and ann.welcome.chat
        await _say(ann, HOSTILE)
        lines = [await _heard(ann), await _heard(bo)]
        await _say(bo, "  well\nplayed\u202e  ")
        lines += [await _heard(ann), await _heard(bo)]
        for client in (ann, bo):
            await client.close()
        return made["table"], [line for line in lines if isinstance(line, Said)]

    table_id, lines = asyncio.run(scenario())
    assert len(lines) == 4
    first, second = lines[0], lines[2]
    assert lines[1] == first and lines[3] == second  # the same line to every seat
    assert (first.id, first.seat, first.name, first.text) == (1, 0, "Ann", HOSTILE)
    assert (second.id, second.seat, second.name, second.text) == (2, 1, "Bo", "well played")
    store = Store(server.db_url)
    try:
        kept = ChatLog(store).latest(table_id)
    finally:
        store.close()
    assert [(r.id, r.text) for r in kept] == [(1, HOSTILE), (2, "well played")]


def test_a_connection_arriving_is_told_the_latest_lines_after_its_update(
    server: ServerProcess,
) -> None:
    async def scenario() -> list[str]:
        made, (ann, bo) = await _table(server)
        for text in ("one", "two"):
            await _say(ann, text)
            await _heard(ann)
        again = TableClient(made["seats"][1]["link"])
        await again.connect()
        seen: list[str] = []
        while len([s for s in seen if s.startswith("said:")]) < 2:
            message = await again.receive(20)
            if isinstance(message, Update):
                seen.append("update")
            elif isinstance(message, Said):
                seen.append(f"said:{message.text}")
        for client in (ann, bo, again):
            await client.close()
        return seen

    seen = asyncio.run(scenario())
    assert seen[0] == "update" and seen[-2:] == ["said:one", "said:two"]


def test_empty_long_and_fast_lines_are_refused_and_nothing_is_kept(server: ServerProcess) -> None:
    async def scenario() -> tuple[list[str], str]:
        made, (ann, bo) = await _table(server)
        codes: list[str] = []
        for text in ("   ", "\x00\x07", "x" * (CHAT_LENGTH + 1)):
            await _say(ann, text)
            answer = await _heard(ann)
            assert isinstance(answer, Error), answer
            codes.append(answer.code)
        for n in range(6):  # five at once, then one every two seconds
            await _say(ann, f"line {n}")
            answer = await _heard(ann)
            codes.append(answer.code if isinstance(answer, Error) else "said")
        for client in (ann, bo):
            await client.close()
        return codes, made["table"]

    codes, table_id = asyncio.run(scenario())
    assert codes == ["bad-chat"] * 3 + ["said"] * 5 + ["chat-limit"]
    store = Store(server.db_url)
    try:
        assert [r.text for r in ChatLog(store).latest(table_id)] == [f"line {n}" for n in range(5)]
    finally:
        store.close()


def test_spectators_chat_only_where_the_table_says_so(server: ServerProcess) -> None:
    async def scenario(spectators: bool) -> tuple[bool, list[str]]:
        made, (ann, bo) = await _table(server, spectator_chat=spectators)
        watcher = TableClient(made["spectator"])
        welcome = await watcher.connect()
        await _say(ann, "hello table")
        await _heard(ann)
        await _say(watcher, "hello from the rail")
        heard: list[str] = []
        answer = await _heard(watcher)
        while isinstance(answer, Said):  # the history, the line said, its own
            heard.append(answer.text)
            if answer.text == "hello from the rail":
                break
            answer = await _heard(watcher)
        if isinstance(answer, Error):
            heard.append(answer.code)
        for client in (ann, bo, watcher):
            await client.close()
        return welcome.chat, heard

    assert asyncio.run(scenario(False)) == (False, ["chat-off"])
    assert asyncio.run(scenario(True)) == (True, ["hello table", "hello from the rail"])


def test_the_chat_log_numbers_lines_per_table_on_each_store(db_url: str) -> None:
    store = Store(db_url)
    try:
        store.migrate()
        made = ["t1", "t2"]
        for table_id in made:
            store.create_table(table_row(table_id), [SeatRow(0, "person", "Ann")])
        log = ChatLog(store)
        rows = [log.add(t, 0, "Ann", f"{t[:4]}-{n}", 1.0 + n) for n in range(3) for t in made]
        assert [r.id for r in rows] == [1, 1, 2, 2, 3, 3]
        latest = log.latest(made[0], most=2)
        assert [(r.id, r.text) for r in latest] == [
            (2, f"{made[0][:4]}-1"),
            (3, f"{made[0][:4]}-2"),
        ]
        assert log.latest("no-such-table") == []
    finally:
        store.close()


def test_a_german_seat_reads_the_servers_refusals_in_german(server: ServerProcess) -> None:
    """A refusal is worded in the connection's language (issue 33): a German seat's chat
    line too long, its hint at a table without hints, its undo at a table without undo and
    its move of an action id no action has are refused in German; an English seat at the
    same table reads the English."""

    async def scenario() -> tuple[list[Error], list[Error]]:
        made, (ann, bo) = await _table(server)
        await ann.close()
        await bo.close()
        german = TableClient(made["seats"][0]["link"], lang="de")
        english = TableClient(made["seats"][1]["link"], lang="en")
        for client in (german, english):
            await client.connect()
            while client.update is None:
                await client.receive()
        refused: list[list[Error]] = [[], []]
        for n, client in enumerate((german, english)):
            assert client.update is not None
            await _say(client, "x" * (CHAT_LENGTH + 1))
            refused[n].append(await _refusal(client))
            await client.send_raw(json.dumps({"type": "hint", "seq": client.update.seq}))
            refused[n].append(await _refusal(client))
            await client.send_raw(json.dumps({"type": "undo", "seq": client.update.seq}))
            refused[n].append(await _refusal(client))
        # a move no action has: the kernel's refusal
        await german.act(100_000)
        refused[0].append(await _refusal(german))
        for client in (german, english):
            await client.close()
        return refused[0], refused[1]

    german, english = asyncio.run(scenario())
    assert german[0].code == english[0].code == "bad-chat"
    assert german[0].message == f"eine Chatzeile hat 1 bis {CHAT_LENGTH} Zeichen"
    assert english[0].message == f"a chat line has 1 to {CHAT_LENGTH} characters"
    assert german[1].code == english[1].code == "hints-off"
    assert german[1].message == "dieser Tisch wurde ohne Hinweise eröffnet"
    assert english[1].message == "this table was created without hints"
    assert german[2].code == english[2].code == "undo-off"
    assert german[2].message == "dieser Tisch wurde ohne Zurücknehmen eröffnet"
    assert english[2].message == "this table was created without undo"
    assert german[3].code == "bad-notation"
    assert german[3].message.startswith("Zug-ID 100000 liegt außerhalb von 0.."), german[3]


async def _refusal(client: TableClient) -> Error:
    """The next error (updates and chat on the way are passed over)."""
    while True:
        message = await client.receive(20)
        if isinstance(message, Error):
            return message


def test_a_resumed_table_tells_the_lines_kept_before_the_restart_and_those_after(
    tmp_path: Any,
) -> None:
    """A table made here knows its chat is empty; one resumed from the store reads its
    history once at the first arrival, then keeps it with the lines said since."""
    db = f"sqlite:///{tmp_path / 'resumed.db'}"

    async def heard_on_arrival(link: str, count: int) -> list[str]:
        client = TableClient(link)
        await client.connect()
        texts: list[str] = []
        while len(texts) < count:
            message = await client.receive(20)
            if isinstance(message, Said):
                texts.append(message.text)
        await client.close()
        return texts

    async def before(server: ServerProcess) -> dict[str, Any]:
        made, (ann, bo) = await _table(server)
        assert await heard_on_arrival(made["seats"][1]["link"], 0) == []
        for text in ("one", "two"):
            await _say(ann, text)
            await _heard(ann)
        for client in (ann, bo):
            await client.close()
        return made

    async def after(server: ServerProcess, links: list[str]) -> tuple[list[str], list[str]]:
        first = await heard_on_arrival(links[0], 2)
        ann = TableClient(links[0])
        await ann.connect()
        await _say(ann, "three")
        await _heard(ann)
        await ann.close()
        return first, await heard_on_arrival(links[1], 3)

    with ServerProcess(db, "--rate", "5000") as server:
        made = asyncio.run(before(server))
        old_base = server.base
    with ServerProcess(db, "--rate", "5000") as server:
        links = [seat["link"].replace(old_base, server.base) for seat in made["seats"]]
        first, second = asyncio.run(after(server, links))
    assert first == ["one", "two"]
    assert second == ["one", "two", "three"]

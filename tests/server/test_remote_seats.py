"""Remote seats: ``saqqara bot`` at a table (the terminal's remote seat: test_remote_terminal)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from saqqara.cli import main
from saqqara.client import TableClient, create_table, http_json, play_remote
from saqqara.core.errors import OptionError
from saqqara.server.messages import Ack, Update
from saqqara.store import Store
from tests.server.harness import ServerProcess, free_port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("remote") / "remote.db"
    with ServerProcess(f"sqlite:///{db}", "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


def test_saqqara_bot_and_a_client_play_a_table_of_two(
    server: ServerProcess, capsys: pytest.CaptureFixture[str]
) -> None:
    """``saqqara bot`` says where it sits (a trial saw nothing at all until the end)."""
    table = create_table(server.base, "tutankhamuns-revenge", [{"kind": "person"}] * 2)
    links = [s["link"] for s in table["seats"]]
    status: list[int] = []
    runner = threading.Thread(
        target=lambda: status.append(main(["bot", server.base, "--seat-link", links[1]]))
    )
    runner.start()
    final = asyncio.run(play_remote(links[0], "random", seed=4))
    runner.join(timeout=60)
    assert final.over and final.outcome is not None and status == [0]
    said = " ".join(capsys.readouterr().out.split())
    assert (
        f"random sits in seat 2 (Player 2) of tutankhamuns-revenge at table {table['table']}"
        " and plays until the game ends." in said
    )
    assert f"Game over: {final.outcome['reason']}. Scores: Player 1 " in said


def test_a_remote_seat_refuses_a_bot_the_game_does_not_have(server: ServerProcess) -> None:
    table = create_table(server.base, "tutankhamun", [{"kind": "person"}] * 2)
    with pytest.raises(OptionError) as refused:
        asyncio.run(play_remote(table["seats"][0]["link"], "no-such-bot"))
    assert refused.value.code == "unknown-bot"
    with pytest.raises(OptionError, match="seat link"):
        asyncio.run(play_remote(table["spectator"], "random"))


@pytest.mark.parametrize(
    ("game", "bot"),
    [
        ("tutankhamun", "ismcts:30"),
        ("tutankhamun", "easy"),
        ("tutankhamuns-revenge", "ismcts:10"),
        ("valley-of-the-kings", "ismcts:5"),
        ("curse-of-the-mummy", "ismcts:5"),
    ],
)
def test_our_search_bots_play_a_whole_remote_game(
    server: ServerProcess, game: str, bot: str
) -> None:
    """``saqqara bot`` with a search bot, in every game: it plans on states rebuilt from
    its seat's view and plays a whole game against a server-side bot (any refusal but a
    stale one would end it with an error)."""
    table = create_table(server.base, game, [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    final = asyncio.run(play_remote(table["seats"][0]["link"], bot, seed=3))
    assert final.over and final.outcome is not None
    info = http_json(server.base, f"/api/tables/{table['table']}")
    assert info["status"] == "finished" and info["seq"] == final.seq > 10


def test_saqqara_bot_and_play_say_in_one_line_what_stops_them(
    server: ServerProcess, capsys: pytest.CaptureFixture[str]
) -> None:
    """A server out of reach, a table that does not know the link: one line each and exit
    status 1, no traceback (a link that is not one: bad usage, status 2)."""
    nowhere = f"http://127.0.0.1:{free_port()}"
    table = create_table(server.base, "tutankhamun", [{"kind": "person"}] * 2)
    link = table["seats"][0]["link"]
    wrong_key = link.rsplit("key=", 1)[0] + "key=not-the-key"
    cases = [
        (["bot", nowhere, "--seat-link", f"{nowhere}/t/abc?seat=0&key=k"], 1, "cannot reach"),
        (["play", "--server", nowhere, "--seat-link", f"{nowhere}/t/abc?seat=0&key=k"], 1, nowhere),
        (["bot", server.base, "--seat-link", wrong_key], 1, "the table refused"),
        (["bot", server.base, "--seat-link", f"{server.base}/t/x?seat=one"], 2, "not a table link"),
    ]
    for argv, status, words in cases:
        assert main(argv) == status, argv
        error = capsys.readouterr().err.strip()
        assert len(error.splitlines()) == 1 and words in error, (argv, error)
        assert error.startswith(f"saqqara {argv[0]}: error: "), error
        assert "not-the-key" not in error  # a key is never repeated back


def test_saqqara_bot_plays_on_across_a_server_restart(tmp_path: Path) -> None:
    """The server is killed (``kill -9``) mid-game and started again: the remote bot's
    connection is opened again, asking for what it missed, and it plays the game out."""
    with ServerProcess(f"sqlite:///{tmp_path / 'restart.db'}", "--rate", "5000") as server:
        table = create_table(
            server.base, "tutankhamuns-revenge", [{"kind": "person"}, {"kind": "bot"}]
        )
        finals: list[Update] = []
        runner = threading.Thread(
            target=lambda: finals.append(
                asyncio.run(play_remote(table["seats"][0]["link"], "ismcts:60", seed=1))
            )
        )
        runner.start()
        path = f"/api/tables/{table['table']}"
        deadline = time.monotonic() + 120
        while http_json(server.base, path)["seq"] < 30 and time.monotonic() < deadline:
            time.sleep(0.05)
        before = http_json(server.base, path)
        assert before["status"] == "playing", before
        server.kill()
        time.sleep(1.5)  # the bot finds its connection gone and tries again meanwhile
        server.start()
        runner.join(timeout=300)
        assert not runner.is_alive()
        info = http_json(server.base, path)
    assert finals and finals[0].over
    assert info["status"] == "finished" and info["seq"] == finals[0].seq > before["seq"]


def test_a_move_sent_while_the_server_is_down_is_played_once_it_is_back(tmp_path: Path) -> None:
    """A move sent on a connection the server's death (``kill -9``) has cut stays pending
    instead of raising; the connection opened again sends it, and it is played once."""

    async def scenario(server: ServerProcess, link: str, path: str) -> None:
        client = TableClient(link)
        await client.connect()
        update = await client.until_update()
        while not update.legal:
            update = await client.until_update()
        server.kill()
        await asyncio.sleep(1.0)  # the client's reader meets the end of the stream meanwhile
        cid = await client.act(update.legal[0].id)
        waiting = client.pending
        assert waiting is not None and waiting.cid == cid
        server.start()
        acked = None
        while acked is None:
            message = await client.receive_reconnecting(timeout=60)
            if isinstance(message, Ack) and message.cid == cid:
                acked = message.seq
        assert client.pending is None
        stored = [a for a in Store(server.db_url).actions(path) if a.seat == 0]
        assert len(stored) == 1  # played once, though sent twice
        await client.close()

    with ServerProcess(f"sqlite:///{tmp_path / 'down.db'}", "--rate", "5000") as server:
        table = create_table(server.base, "tutankhamun", [{"kind": "person"}, {"kind": "bot"}])
        asyncio.run(scenario(server, table["seats"][0]["link"], table["table"]))

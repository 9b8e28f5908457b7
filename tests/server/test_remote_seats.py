"""Remote seats: ``saqqara play --server`` in the terminal and ``saqqara bot`` at a table."""

from __future__ import annotations

import asyncio
import io
import threading
from collections.abc import Iterator

import pytest
from rich.console import Console

from saqqara.cli import main
from saqqara.client import create_table, http_json, play_remote
from saqqara.core.errors import OptionError
from saqqara.remote_terminal import play_remote_seat
from tests.server.harness import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("remote") / "remote.db"
    with ServerProcess(f"sqlite:///{db}", "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


def test_a_person_plays_a_remote_seat_in_the_terminal(server: ServerProcess) -> None:
    table = create_table(
        server.base, "tutankhamun", [{"kind": "person"}, {"kind": "bot", "bot": "random"}]
    )
    answers = iter(["no such move", "99"])
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers, "1")

    out = io.StringIO()
    final = asyncio.run(
        play_remote_seat(table["seats"][0]["link"], Console(file=out, width=100), ask)
    )
    text = out.getvalue()
    assert final.over and "Game over" in text
    # Why it ended, as the server worded it ("Game over: Player 1 reached the goal.").
    assert final.outcome is not None and f"Game over: {final.outcome['reason']}." in text
    assert text.count("not one of the moves listed") == 2  # the two bad answers
    assert "in seat 0" in text and len(asked) >= 3


def test_saqqara_bot_and_a_client_play_a_table_of_two(server: ServerProcess) -> None:
    table = create_table(server.base, "tutankhamuns-revenge", [{"kind": "person"}] * 2)
    links = [s["link"] for s in table["seats"]]
    status: list[int] = []
    runner = threading.Thread(
        target=lambda: status.append(main(["bot", server.base, "--seat-link", links[1]]))
    )
    runner.start()
    final = asyncio.run(play_remote(links[0], "random", seed=4))
    runner.join(timeout=60)
    assert final.over and status == [0]


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

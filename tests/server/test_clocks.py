"""Turn clocks over real WebSockets: every update carries them, and a seat whose time runs
out has its decision played by the table's stand-in bot (to the end once its game time
is spent)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from saqqara.client import TableClient, create_table
from saqqara.server.clocks import ClockRule, TurnClocks
from saqqara.server.messages import Update
from saqqara.store import Store
from tests.server.harness import ServerProcess
from tests.server.play import play_seat


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path / 'clocks.db'}"
    with ServerProcess(db, "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


async def _idle_to_the_end(client: TableClient) -> list[Update]:
    """Listen without ever moving; every update until the game is over."""
    seen: list[Update] = []
    while not seen or not seen[-1].over:
        message = await client.receive()
        if isinstance(message, Update):
            seen.append(message)
    await client.close()
    return seen


def test_a_seat_out_of_time_is_played_by_the_bot(server: ServerProcess) -> None:
    table = create_table(
        server.base,
        "valley-of-the-kings",
        [{"kind": "person"}] * 2,
        clock={"move": 1, "game": 3},
    )
    idle, player = (TableClient(s["link"]) for s in table["seats"])

    async def scenario() -> tuple[list[Update], Update]:
        await idle.connect()
        watching = asyncio.ensure_future(_idle_to_the_end(idle))
        final = await play_seat(player, 4)
        return await watching, final

    seen, final = asyncio.run(scenario())
    assert final.over and seen[-1].over
    first = next(u for u in seen if u.status == "playing")
    assert first.clock is not None
    assert (first.clock.move, first.clock.game, first.clock.on_timeout) == (1, 3, "bot")
    assert first.clock.running == first.to_act
    assert seen[-1].clock is not None and seen[-1].clock.running == []
    assert seen[-1].clock.game_left[0] == 0  # spent: the bot played seat 0 to the end
    store = Store(server.db_url)
    moves = [a for a in store.actions(table["table"]) if a.seat == 0]
    store.close()
    assert len(moves) > 3  # seat 0 never moved itself


def test_the_clock_arithmetic() -> None:
    clocks = TurnClocks(ClockRule(move=10, game=25), 2)
    clocks.tick(100.0, [0], [])
    assert clocks.deadline() == 110.0
    clocks.tick(106.0, [1], [0])  # seat 0 used 6 s of its 25
    assert clocks.view().game_left == [19, 25] and clocks.view().running == [1]
    clocks.tick(108.0, [0], [1])
    assert clocks.deadline() == 118.0
    assert clocks.expire(117.9) == []
    assert clocks.expire(118.0) == [0] and 0 in clocks.overdue
    clocks.tick(118.5, [1], [0])  # the bot played seat 0's move: it is no longer overdue
    assert clocks.overdue == set() and clocks.view().game_left[0] == 8.5
    clocks.tick(119.0, [0], [1])
    assert clocks.deadline() == 119.0 + 8.5  # the bank, not the move limit, runs out first
    assert clocks.expire(127.5) == [0]
    clocks.tick(128.0, [1], [0])
    assert 0 in clocks.overdue  # the game time is spent: overdue to the end
    clocks.stop(130.0)
    assert clocks.view().running == [] and clocks.deadline() is None

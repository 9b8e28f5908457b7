"""Turn clocks over real WebSockets: every update carries them; a seat whose time runs
out has its decision played by the table's stand-in bot (to the end once its game time
is spent), or loses the game where the table says so."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from saqqara.client import ClientError, TableClient, create_table
from saqqara.core.forfeit import Forfeit
from saqqara.server.clocks import ClockError, ClockRule, TurnClocks
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
    # Each of those moves is marked as the stand-in's in the update that tells it, and
    # no move of seat 1's (its person moved every time).
    marked = [(s.seq, s.seat) for update in seen for s in update.stand_in]
    assert marked == [(a.seq, 0) for a in moves]


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


def test_a_seat_out_of_time_loses_where_the_table_says_so(server: ServerProcess) -> None:
    """``on_timeout: lose``: the idle seat forfeits, the table ends at once with it ranked
    last; the result is stored and shown again to a client that comes back later."""
    table = create_table(
        server.base,
        "tutankhamuns-revenge",
        [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}],
        clock={"move": 1, "on_timeout": "lose"},
    )
    idle, player = (TableClient(s["link"]) for s in table["seats"])

    async def scenario() -> tuple[list[Update], Update, Update]:
        await idle.connect()
        watching = asyncio.ensure_future(_idle_to_the_end(idle))
        final = await play_seat(player, 4)
        seen = await watching
        again = TableClient(table["seats"][1]["link"])
        await again.connect()
        later = await again.until_update()
        await again.close()
        return seen, final, later

    seen, final, later = asyncio.run(scenario())
    expected = {
        "scores": [None, None],
        "ranks": [2, 1],
        "winners": [1],
        "reason": "Ann ran out of time",
        "forfeit": [0],
    }
    for update in (seen[-1], final, later):
        assert update.over and update.status == "finished" and update.to_act == []
        assert update.outcome == expected and update.legal == []
    assert seen[-1].clock is not None and seen[-1].clock.running == []
    store = Store(server.db_url)
    row = store.table(table["table"])
    logged = store.actions(table["table"])
    store.close()
    assert row is not None and row.status == "finished"
    assert row.forfeit == {"seats": [0], "reason": "Ann ran out of time"}
    assert not any(a.seat == 0 for a in logged)  # nobody played the seat that ran out


@pytest.mark.parametrize(
    ("clock", "code"),
    [
        ({"move": 5, "on_timeout": "later"}, "bad-request"),
        ({"on_timeout": "lose"}, "bad-clock"),
        ({"game": 0.5}, "bad-request"),
        ({"move": 5, "extra": 1}, "bad-request"),
    ],
)
def test_clock_settings_are_checked_when_a_table_is_created(
    server: ServerProcess, clock: dict[str, object], code: str
) -> None:
    with pytest.raises(ClientError) as refused:
        create_table(server.base, "tutankhamun", [{"kind": "person"}] * 2, clock=clock)
    assert refused.value.code == code
    assert "clock" in refused.value.message or "on_timeout" in refused.value.message


def test_clock_rules_refuse_what_they_cannot_keep() -> None:
    with pytest.raises(ClockError, match="time per move or per game"):
        ClockRule(None, None)
    with pytest.raises(ClockError, match="on_timeout must be one of bot, lose"):
        ClockRule(10, None, "draw")
    with pytest.raises(ClockError, match="1 to"):
        ClockRule(True, None)
    assert ClockRule.from_settings({"clock": {"game": 60, "on_timeout": "lose"}}) == ClockRule(
        None, 60, "lose"
    )


def test_banks_resume_and_a_spent_bank_forfeits_at_once() -> None:
    """A resumed table starts from each seat's stored bank; under ``lose`` a seat whose
    bank is spent is timed out as soon as it must decide (not left waiting)."""
    clocks = TurnClocks(ClockRule(None, 30, "lose"), 3, [12.5, None, 0.0])
    assert clocks.bank == [12.5, 30, 0.0]
    clocks.tick(50.0, [0], [])
    assert clocks.deadline() == 62.5 and clocks.game_left(0, 55.0) == 7.5
    clocks.tick(51.0, [2], [0])
    assert 2 in clocks.overdue and clocks.deadline() == 51.0
    assert clocks.expire(51.0) == [2]
    assert Forfeit.of([2], ["A", "B", "C"]).outcome(3) == {
        "scores": [None, None, None],
        "ranks": [1, 1, 3],
        "winners": [0, 1],
        "reason": "C ran out of time",
        "forfeit": [2],
    }


def test_an_undo_does_not_restart_the_move_clock() -> None:
    clocks = TurnClocks(ClockRule(move=10, game=None), 2)
    clocks.tick(100.0, [0], [])
    clocks.tick(104.0, [1], [0])  # seat 0 moved after 4 s ...
    clocks.tick(105.0, [0], [])  # ... and took it back a second later
    clocks.take_back(0, 105.0)
    assert clocks.deadline() == 110.0 and clocks.view().move_left[0] == 5.0

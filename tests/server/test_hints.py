"""Hints over real WebSockets: at a table made with ``hints`` a seat asks, at its own
decision, what the strong bot would play; the answer is worked out in the bot pool from
that seat's view alone, so it is the same whatever the seat cannot see."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from saqqara.ai.registry import make_bot
from saqqara.client import TableClient, create_table
from saqqara.core.game import CHANCE
from saqqara.core.match import Match
from saqqara.core.registry import load
from saqqara.server.hints import hint_budget, hint_seed, view_analysis
from saqqara.server.live import LiveTable
from saqqara.server.messages import Ack, Error, Hint, Update
from saqqara.store import Store
from tests.server.answers import update_at
from tests.server.harness import ServerProcess


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'hints.db'}"


@pytest.fixture
def server(db: str) -> Iterator[ServerProcess]:
    with ServerProcess(db, "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


async def _seated(
    server: ServerProcess, game: str, hints: bool = True
) -> tuple[str, list[TableClient]]:
    seats = [{"kind": "person", "name": name} for name in ("Ann", "Bo")]
    made = await asyncio.to_thread(create_table, server.base, game, seats, hints=hints)
    clients = [TableClient(s["link"]) for s in made["seats"]]
    for client in clients:
        await client.connect()
    for client in clients:
        while client.update is None or client.update.status != "playing":
            await client.receive()
    return made["table"], clients


async def _answer(client: TableClient) -> Hint | Error:
    """The next hint or error (updates on the way are kept by the client)."""
    while True:
        message = await client.receive(60)
        if isinstance(message, Hint | Error):
            return message


def _mover(clients: list[TableClient]) -> tuple[int, TableClient, Update]:
    update = clients[0].update
    assert update is not None and update.to_act
    seat = update.to_act[0]
    mine = clients[seat].update
    assert mine is not None and mine.legal
    return seat, clients[seat], mine


def test_a_seat_asks_and_is_told_the_strong_bots_move(server: ServerProcess) -> None:
    async def scenario() -> None:
        table_id, clients = await _seated(server, "tutankhamun")
        assert all(c.welcome is not None and c.welcome.hints for c in clients)
        seat, mover, update = _mover(clients)
        await mover.hint()
        hint = await _answer(mover)
        assert isinstance(hint, Hint), hint
        assert (hint.seq, hint.undos) == (update.seq, update.undos)
        offered = {a.id: a for a in update.legal}
        assert hint.action in offered
        chosen = offered[hint.action]
        assert (hint.label, hint.notation) == (chosen.label, chosen.notation)
        assert hint.value is not None and 0.0 <= hint.value <= 1.0
        assert hint.rollouts >= hint_budget("tutankhamun") - len(update.legal)

        # asked again (another tab of the same seat): the same answer, kept for the position
        await mover.hint()
        assert await _answer(mover) == hint
        # the other seat is not to decide; a spectator gets none
        other = clients[1 - seat]
        await other.hint()
        refused = await _answer(other)
        assert isinstance(refused, Error) and refused.code == "not-your-turn"
        watcher = TableClient(f"{server.base}/t/{table_id}")
        welcome = await watcher.connect()
        assert not welcome.hints
        await update_at(watcher, update.seq)
        await watcher.hint()
        refused = await _answer(watcher)
        assert isinstance(refused, Error) and refused.code == "spectator"
        await watcher.close()

        # a hint asked in an update the table has left is stale
        await mover.act(hint.action)
        while not isinstance(message := await mover.receive(), Ack):
            pass
        await update_at(other, message.seq)
        other.seq = update.seq
        await other.hint()
        refused = await _answer(other)
        assert isinstance(refused, Error) and refused.code == "stale"
        for client in clients:
            await client.close()

    asyncio.run(scenario())


def test_a_table_without_hints_refuses_them_and_says_so(server: ServerProcess) -> None:
    async def scenario() -> None:
        table_id, clients = await _seated(server, "tutankhamun", hints=False)
        assert all(c.welcome is not None and not c.welcome.hints for c in clients)
        info = httpx.get(f"{server.base}/api/tables/{table_id}", timeout=10).json()
        assert info["hints"] is False
        _, mover, _ = _mover(clients)
        await mover.hint()
        refused = await _answer(mover)
        assert isinstance(refused, Error) and refused.code == "hints-off"
        # a second message at once is not held up behind anything
        await mover.send_raw('{"type": "hint", "seq": 0, "extra": 1}')
        bad = await _answer(mover)
        assert isinstance(bad, Error) and bad.code == "bad-message"
        for client in clients:
            await client.close()

    asyncio.run(scenario())


def test_one_hint_at_a_time_per_connection(server: ServerProcess) -> None:
    async def scenario() -> None:
        _, clients = await _seated(server, "tutankhamun")
        _, mover, update = _mover(clients)
        ask = f'{{"type": "hint", "seq": {update.seq}}}'
        await mover.send_raw(ask)
        await mover.send_raw(ask)  # before the first is answered
        answers = [await _answer(mover), await _answer(mover)]
        refused = [a for a in answers if isinstance(a, Error)]
        assert len(refused) == 1 and refused[0].code == "rate-limited", answers
        assert any(isinstance(a, Hint) for a in answers)
        for client in clients:
            await client.close()

    asyncio.run(scenario())


def test_the_hint_is_the_same_whatever_the_seat_cannot_see(server: ServerProcess, db: str) -> None:
    """Tutankhamun's Revenge: the card the first seat laid is hidden from the second. The
    hint is the analysis of the seat's own view, and so the same for every position the
    seat cannot tell from the true one, whatever the other laid."""

    async def scenario() -> tuple[str, int, Hint, Update]:
        table_id, clients = await _seated(server, "tutankhamuns-revenge")
        first, mover, update = _mover(clients)
        await mover.act(update.legal[-1].id)  # laid face down: the other seat cannot see it
        while not isinstance(message := await mover.receive(), Ack):
            pass
        for client in clients:  # the rest of the layer is drawn after it
            while client.update is None or client.update.seq < message.seq:
                await client.receive()
        seat, mover, update = _mover(clients)
        assert seat != first
        await mover.hint()
        hint = await _answer(mover)
        assert isinstance(hint, Hint), hint
        for client in clients:
            await client.close()
        return table_id, seat, hint, update

    table_id, seat, hint, update = asyncio.run(scenario())
    store = Store(db)
    try:
        row = store.table(table_id)
        assert row is not None
        match = LiveTable.open(store, row).match
    finally:
        store.close()
    assert match.seq == update.seq and match.view(seat) == update.view
    game = match.game
    budget = hint_budget(game.spec.id)
    seed = hint_seed(table_id, update.seq, update.undos, seat)
    told = view_analysis(game, update.view, seat, budget, seed)
    assert (told.best, told.value, told.rollouts) == (hint.notation, hint.value, hint.rollouts)
    rng = random.Random(3)
    hidden = set()
    for _ in range(4):
        world = match.perspective(seat).resample(rng)
        hidden.add(repr(world.to_json()))
        again = view_analysis(game, world.view(seat), seat, budget, seed)
        assert (again.best, again.value) == (told.best, told.value)
    assert len(hidden) > 1  # the worlds did differ in what the seat cannot see


@pytest.mark.parametrize(
    ("game_id", "players"),
    [  # Tutankhamun hides nothing from a seat at its decisions
        ("valley-of-the-kings", 3),
        ("curse-of-the-mummy", 3),
        ("tutankhamuns-revenge", 3),
    ],
)
def test_what_a_worker_analyses_depends_on_the_seats_view_alone(game_id: str, players: int) -> None:
    """At positions where a seat cannot tell several states apart (and Curse of the
    Mummy's own resampling, unlike the view, is not the same for all of them), the hint's
    analysis is the same for each: it reads the view, never the state."""
    game = load(game_id, players)
    bot = make_bot("random", game)
    rng = random.Random(game_id)
    match = Match(game, seed=5)
    checked = 0
    while not match.is_over() and checked < 2:
        seat = next(s for s in match.to_act() if s != CHANCE)
        perspective = match.perspective(seat)
        worlds = [perspective.resample(rng) for _ in range(3)]
        hidden = {repr(w.to_json()) for w in worlds}
        if len(hidden) > 1 and len(match.legal_actions(seat)) > 1 and rng.random() < 0.5:
            checked += 1
            told = view_analysis(game, match.view(seat), seat, 6, 11)
            for world in worlds:
                again = view_analysis(game, world.view(seat), seat, 6, 11)
                assert (again.best, again.values) == (told.best, told.values)
        match.play_bot(seat, bot)
    assert checked == 2, game_id

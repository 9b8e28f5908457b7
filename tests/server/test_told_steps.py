"""A live table lets go of the steps every seat was told, and still tells the whole log.

Once every person seat and every listener has been sent a step it leaves memory (the last
few stay); a connection that needs older events (a page loaded anew, a spectator arriving)
gets them rebuilt from the match's record: the very bytes a table that kept every step
sends.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import pytest

from saqqara.core.game import CHANCE
from saqqara.core.presentation import Presentation
from saqqara.core.registry import registered_games
from saqqara.server.live import RECENT_STEPS, Listener, LiveTable
from saqqara.server.wording import texts
from saqqara.store import PLAYING, SeatRow, TableRow, hash_secret

GAMES = sorted(registered_games())


class KeepingTable(LiveTable):
    """The reference: a table that keeps every step in memory (it never lets one go)."""

    def _let_go(self) -> None:
        pass


def _table(game_id: str, players: int, seed: int, keep: bool = False) -> LiveTable:
    cls = registered_games()[game_id]
    row = TableRow(
        id=f"t-{game_id}-{seed}",
        game=game_id,
        players=players,
        rules_version=cls.spec.rules_version,
        options={},
        seed=seed,
        status=PLAYING,
        public=True,
        spectator_hash=hash_secret("watch"),
        created_at=time.time(),
    )
    seats = [SeatRow(s, "person", f"P{s}", claimed=True) for s in range(players)]
    return (KeepingTable if keep else LiveTable).new(row, seats)


class Inbox:
    """A listener's connection: the texts it was sent, in order."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    async def send(self, text: str) -> None:
        self.texts.append(text)


def _store(table: LiveTable) -> None:
    table.stored_up_to(table.unstored())


async def _play(table: LiveTable, kept: LiveTable, seed: int, listen: bool) -> int:
    """Play ``table`` and ``kept`` alike with seeded random moves; every seat of ``table``
    listens (when ``listen``) and is told each step. Returns the most steps ``table``
    held in memory at once after its first step was told."""
    rng = random.Random(seed)
    inboxes = []
    for seat in range(len(table.seats)) if listen else ():
        inbox = Inbox()
        listener = Listener(seat, "en", 0, inbox.send)
        table.listeners.add(listener)
        inboxes.append(inbox)
    _store(table)
    _store(kept)
    await table.push_all()
    most = 0
    while not table.match.is_over():
        seat = next(s for s in table.match.to_act() if s != CHANCE)
        action = rng.choice(table.match.legal_actions(seat))
        action_id = table.game.action_id(action)
        table.submit(seat, action_id, table.seq)
        kept.submit(seat, action_id, kept.seq)
        _store(table)
        _store(kept)
        await table.push_all()
        most = max(most, len(table.match.history))
    return most


@pytest.mark.parametrize("game_id", GAMES)
def test_a_late_connection_gets_the_whole_log_from_a_table_that_let_its_steps_go(
    game_id: str,
) -> None:
    players = max(registered_games()[game_id].spec.player_counts)
    for seed in range(2):
        table = _table(game_id, players, seed)
        kept = _table(game_id, players, seed, keep=True)
        most = asyncio.run(_play(table, kept, seed, listen=True))
        assert table.match.seq == kept.match.seq
        assert kept.match.base == 0 and len(kept.match.history) == kept.match.seq
        limit = table.kept_steps()
        sealed = registered_games()[game_id].spec.simultaneous
        assert limit == (max(RECENT_STEPS, players + 1) if sealed else RECENT_STEPS)
        assert table.match.base == table.match.seq - limit
        assert most <= limit, most
        for seat in (None, *range(players)):
            for since in (0, 1, table.match.base - 1, table.match.base, table.match.seq - 1):
                told = table.update_for(seat, "en", since)
                assert told == kept.update_for(seat, "en", since), (seat, since)


def test_a_seat_that_never_connected_gets_its_steps_replayed_when_it_comes() -> None:
    table = _table("tutankhamun", 2, 3)
    kept = _table("tutankhamun", 2, 3, keep=True)
    inbox = Inbox()
    table.listeners.add(Listener(0, "en", 0, inbox.send))  # seat 1's person not yet here
    asyncio.run(_play(table, kept, 3, listen=False))
    assert len(table.match.history) == table.kept_steps()
    assert table.update_for(1, "en", 0) == kept.update_for(1, "en", 0)


def test_a_new_tables_setup_leaves_memory_once_stored() -> None:
    table = _table("tutankhamun", 3, 5)
    kept = _table("tutankhamun", 3, 5, keep=True)
    assert len(table.match.history) == table.seq > 60  # the setup's chance steps
    _store(table)
    _store(kept)
    assert len(table.match.history) == table.kept_steps()
    for seat in (None, 0, 1, 2):
        assert table.update_for(seat, "en", 0) == kept.update_for(seat, "en", 0)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_rematchs_held_setup_tells_what_a_replay_would_until_its_people_were_told(
    game_id: str,
) -> None:
    players = max(registered_games()[game_id].spec.player_counts)
    table = _table(game_id, players, 8)
    kept = _table(game_id, players, 8, keep=True)
    drawn = list(table.match.history)
    _store(table)
    _store(kept)
    table.hold_setup(drawn)
    asyncio.run(table.push_all())  # told to nobody: the table is told on, held setup kept
    held = dict(table.shared.replayed)
    if table.match.base > 0:
        assert list(held) == [(0, table.match.base)]
        assert all(a is b for a, b in zip(held[(0, table.match.base)], drawn, strict=False))
    for seat in (None, *range(players)):
        assert table.update_for(seat, "en", 0) == kept.update_for(seat, "en", 0)

    async def arrive() -> None:
        for seat in range(players):
            await table.push(Listener(seat, "en", 0, Inbox().send), force=True)

    asyncio.run(arrive())
    assert not table.shared.replayed  # every person seat told: the setup leaves memory
    for seat in (None, 0):
        assert table.update_for(seat, "en", 0) == kept.update_for(seat, "en", 0)


def test_a_tables_setup_is_worded_once_though_a_seat_moves_between_its_peoples_arrivals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = _table("tutankhamun", 3, 11)
    kept = _table("tutankhamun", 3, 11, keep=True)
    setup = table.seq
    drawn = list(table.match.history)
    _store(table)
    _store(kept)
    table.hold_setup(drawn)
    words = texts(table.game, "en", table.names())
    worded: list[int] = []
    sentence = type(words).event_sentence

    def counted(self: Presentation, event: dict[str, Any]) -> str:
        worded.append(1)
        return sentence(self, event)

    monkeypatch.setattr(type(words), "event_sentence", counted)
    inboxes = [Inbox() for _ in range(3)]

    async def arrive(seat: int) -> None:
        listener = Listener(seat, "en", 0, inboxes[seat].send)
        table.listeners.add(listener)
        await table.push(listener, force=True)

    asyncio.run(arrive(0))
    told = sum(len(step.events) for step in drawn)
    assert len(worded) == told  # the setup's events, worded for the first arrival
    seat = next(s for s in table.match.to_act() if s != CHANCE)
    action_id = table.game.action_id(table.match.legal_actions(seat)[0])
    for each in (table, kept):
        each.submit(seat, action_id, each.seq)
        _store(each)
    asyncio.run(table.push_all())
    moved = sum(len(step.events) for step in kept.match.history[setup:])
    assert len(worded) <= told + moved
    asyncio.run(arrive(1))  # the setup's words kept for seat 1: only the move is new
    assert len(worded) <= told + 2 * moved
    assert inboxes[1].texts == [kept.update_for(1, "en", 0)]
    asyncio.run(arrive(2))
    assert inboxes[2].texts == [kept.update_for(2, "en", 0)]
    assert not table.setup_untold()  # every person told: nothing kept from now on
    seat = next(s for s in table.match.to_act() if s != CHANCE)
    table.submit(seat, table.game.action_id(table.match.legal_actions(seat)[0]), table.seq)
    _store(table)
    assert not table.shared.events and not table.shared.replayed

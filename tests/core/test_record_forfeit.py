"""A record's optional ``forfeit``: a game an online table ended because seats ran out of
time. It round-trips, is checked like every other field (only ``RecordError`` comes out),
must fit where the record stops, and a record without it reads and writes as before."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from saqqara.ai.random_bot import RandomBot
from saqqara.core.errors import RecordError
from saqqara.core.forfeit import Forfeit
from saqqara.core.journal import journal_header, parse_journal
from saqqara.core.match import Match
from saqqara.core.playout import play_game
from saqqara.core.records import Record, replay
from saqqara.core.registry import load


def _stopped(moves: int = 5) -> Record:
    """A two-player Tutankhamun record stopped after ``moves`` moves, seat 1 to move."""
    game = load("tutankhamun", 2, {})
    match = Match(game, seed=3, names=["Ann", "Bo"])
    while sum(1 for a in match.record.actions if a.seat >= 0) < moves:
        seat = match.to_act()[0]
        match.submit(seat, match.legal_actions(seat)[0])
    assert match.to_act() == (1,)
    return match.record


def test_a_forfeit_round_trips_and_its_replay_is_finished() -> None:
    record = replace(_stopped(), forfeit=Forfeit((1,), "Bo ran out of time"))
    text = record.dumps()
    assert json.loads(text)["forfeit"] == {"seats": [1], "reason": "Bo ran out of time"}
    again = Record.loads(text)
    assert again == record
    result = replay(again)
    assert result.finished and not result.state.is_terminal()
    assert result.forfeit is not None and result.forfeit.outcome(2) == {
        "scores": [None, None],
        "ranks": [1, 2],
        "winners": [0],
        "reason": "Bo ran out of time",
        "forfeit": [1],
    }
    journal = "\n".join(
        [json.dumps(journal_header(record))] + [json.dumps(a.to_json()) for a in record.actions]
    )
    assert parse_journal(journal + "\n") == record


def test_records_without_a_forfeit_read_and_write_as_before() -> None:
    record = _stopped()
    data = record.to_json()
    assert "forfeit" not in data  # a record of a game that did not end on time is unchanged
    assert Record.from_json(data).forfeit is None
    assert Record.from_json({**data, "forfeit": None}) == record
    result = replay(record)
    assert not result.finished and result.forfeit is None
    game = load("tutankhamun", 2, {})
    over = play_game(game, [RandomBot(game)] * 2, seed=1).record
    assert replay(Record.loads(over.dumps())).finished


@pytest.mark.parametrize(
    "forfeit",
    [
        [],
        "Bo",
        {"seats": [1]},
        {"seats": [1], "reason": "x", "by": "clock"},
        {"seats": [], "reason": "x"},
        {"seats": [1, 1], "reason": "x"},
        {"seats": [2], "reason": "x"},
        {"seats": [-1], "reason": "x"},
        {"seats": [True], "reason": "x"},
        {"seats": [1.0], "reason": "x"},
        {"seats": "1", "reason": "x"},
        {"seats": [1], "reason": 7},
        {"seats": [1], "reason": "x" * 1001},
    ],
)
def test_a_malformed_forfeit_is_refused(forfeit: Any) -> None:
    data = _stopped().to_json()
    with pytest.raises(RecordError, match="forfeit"):
        Record.from_json({**data, "forfeit": forfeit})


def test_a_forfeit_that_cannot_have_happened_is_refused_on_replay() -> None:
    idle = replace(_stopped(), forfeit=Forfeit((0,), "Ann ran out of time"))
    with pytest.raises(RecordError, match="seat 0 forfeited on time, but was not deciding"):
        replay(idle)
    game = load("tutankhamun", 2, {})
    over = play_game(game, [RandomBot(game)] * 2, seed=1).record
    with pytest.raises(RecordError, match="its game was already over"):
        replay(replace(over, forfeit=Forfeit((0,), "Ann ran out of time")))

"""The hardened contract, on the bad inputs issue 10 found from outside: each is refused with
``IllegalAction`` / ``NotationError`` / ``RecordError`` and changes nothing."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from saqqara.core.errors import IllegalAction, NotationError, RecordError
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.records import Record, record_of, replay
from saqqara.core.registry import load
from saqqara.games.curse_of_the_mummy import actions as mummy
from saqqara.games.tutankhamun import actions as tut
from saqqara.games.tutankhamuns_revenge import actions as revenge
from saqqara.games.valley_of_the_kings import actions as valley
from saqqara.games.valley_of_the_kings.state import BID, V, ValleyState


def _views(state: State) -> str:
    return json.dumps([state.view(s) for s in (None, *range(state.game.players))])


def _position(game: Game, wanted: Callable[[State], bool], seed: int = 1) -> State:
    """The first position of a seeded random game where ``wanted`` holds."""
    rng = random.Random(seed)
    state = game.new_state()
    while not wanted(state):
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(seat, state.sample_chance(rng))
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _refused(state: State, seat: object, action: object, code: str) -> None:
    before = _views(state)
    with pytest.raises(IllegalAction) as refusal:
        state.apply(seat, action)  # type: ignore[arg-type]
    assert refusal.value.code == code
    assert _views(state) == before


def test_a_look_alike_of_a_legal_action_is_refused() -> None:
    game = load("tutankhamun", 2)
    state = _position(game, lambda s: s.to_act() == (0,))
    take = next(a for a in state.legal_actions(0) if isinstance(a, tut.Take))
    _refused(state, 0, tut.Take(float(take.slot)), "not-an-action")  # type: ignore[arg-type]
    if take.slot == 1:
        _refused(state, 0, tut.Take(True), "not-an-action")
    state.apply(0, take)


@pytest.mark.parametrize("seat", [True, False, 0.0, 1.0, "0", None, 2, -2, 10**40])
def test_a_seat_must_be_an_int_naming_a_seat(seat: object) -> None:
    game = load("tutankhamun", 2)
    state = _position(game, lambda s: s.to_act() == (0,))
    _refused(state, seat, state.legal_actions(0)[0], "no-such-seat")


def test_a_die_face_of_the_wrong_type_changes_nothing() -> None:
    game = load("curse-of-the-mummy", 3)
    state = _position(
        game,
        lambda s: s.is_chance() and any(isinstance(a, mummy.Die) for a, _ in s.chance_outcomes()),
    )
    die = next(a for a, _ in state.chance_outcomes() if isinstance(a, mummy.Die))
    _refused(state, CHANCE, mummy.Die(float(die.face)), "not-an-action")  # type: ignore[arg-type]
    state.view(None)


def test_out_of_range_fields_are_no_action_of_the_game() -> None:
    tutankhamun = _position(load("tutankhamun", 3), lambda s: s.to_act() == (0,))
    _refused(tutankhamun, 0, tut.Steal(0, 999), "not-an-action")
    digging = _position(
        load("tutankhamuns-revenge", 2),
        lambda s: (
            bool(s.to_act())
            and any(isinstance(a, revenge.Lift) for a in s.legal_actions(s.to_act()[0]))
        ),
    )
    _refused(digging, digging.to_act()[0], revenge.Lift(99), "not-an-action")


def test_a_players_action_at_a_chance_step_is_refused() -> None:
    state = load("valley-of-the-kings", 3).new_state()
    _refused(state, CHANCE, state.game.parse_action("done"), "not-legal")


def test_a_bid_refusal_cannot_read_another_seats_tiles() -> None:
    game = load("valley-of-the-kings", 3)
    state = _position(
        game, lambda s: isinstance(s, ValleyState) and s.phase == BID and s.to_act() == (1,)
    )
    for value in range(V, 3 * V):
        _refused(state, 1, valley.Bid(0, value), "not-an-action")


@pytest.mark.parametrize(
    ("game_id", "text"),
    [
        ("tutankhamun", "take ²"),
        ("tutankhamun", "take " + "9" * 5000),
        ("curse-of-the-mummy", "go 1₂"),
        ("curse-of-the-mummy", "go c" + "4" * 5000),
        ("curse-of-the-mummy", "mummy-die ³"),
        ("valley-of-the-kings", "bid ² 3"),
        ("valley-of-the-kings", "steal 1 1.₅"),
        ("tutankhamuns-revenge", "turn ²"),
        ("tutankhamuns-revenge", "lift " + "x" * 10**6),
    ],
)
def test_odd_digits_and_huge_numbers_are_notation_errors(game_id: str, text: str) -> None:
    with pytest.raises(NotationError) as refusal:
        load(game_id, 2 if game_id != "valley-of-the-kings" else 3).parse_action(text)
    assert len(refusal.value.message) < 300


def _valley_record() -> Record:
    game = load("valley-of-the-kings", 3)
    rng = random.Random(5)
    state = game.new_state()
    history = []
    for _ in range(40):
        seat = state.to_act()[0]
        action = (
            state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_actions(seat))
        )
        history.append((seat, game.action_text(action)))
        state.apply(seat, action)
    return record_of(game, history)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"format": "saqqara-record", "format_version": 1, "players": ' + "9" * 5000 + "}",
        json.dumps(_valley_record().to_json())[:-1] + ', "meta": ' + "[" * 40 + "]" * 40 + "}",
    ],
)
def test_records_raise_only_record_errors(text: str) -> None:
    with pytest.raises(RecordError):
        replay(Record.loads(text))


def test_shuffled_valley_actions_and_huge_actions_are_record_errors() -> None:
    data = _valley_record().to_json()
    data["actions"] = data["actions"][::-1]
    with pytest.raises(RecordError, match="action #0"):
        replay(Record.loads(json.dumps(data)))
    data["actions"][0]["action"] = "x" * 20_000_000
    with pytest.raises(RecordError) as refusal:
        replay(Record.from_json(data))
    assert len(refusal.value.message) < 300

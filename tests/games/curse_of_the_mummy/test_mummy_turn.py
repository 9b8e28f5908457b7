"""Spielzug der Mumie: the normal move, catches, the interim move, and the end."""

from __future__ import annotations

from saqqara.core.game import CHANCE
from saqqara.games.curse_of_the_mummy.state import (
    GONE,
    MUMMY_MOVE,
    MUMMY_ROLL,
    OVER,
    REVEAL,
    ROLL,
    TURN,
    MummyState,
)
from tests.games.curse_of_the_mummy.helpers import (
    data_of,
    dealt,
    dice,
    do,
    field,
    kinds,
    put,
    put_mummy,
    texts,
)


def mummy_turn(state: MummyState, out: int = 0) -> None:
    """Jump to the end of the round: the last explorer has moved."""
    state.cur = len(state.pos) - 1
    state.out = out
    state.phase = MUMMY_ROLL


def test_die_plus_mummy_faces_gives_the_steps() -> None:
    state = dealt(3)
    put_mummy(state, "a1")
    mummy_turn(state, out=2)
    events = do(state, CHANCE, "mummy-die 3")
    assert data_of(events, "mummy-die") == {"value": 3, "steps": 5}
    assert state.phase == MUMMY_MOVE
    assert state.steps == 5
    assert texts(state, 0) == ["step e", "step s", "stop"]


def test_the_mummy_may_stop_early_and_mummy_faces_stay_out() -> None:
    state = dealt(3)
    put_mummy(state, "a1")
    mummy_turn(state, out=2)
    do(state, CHANCE, "mummy-die 1")
    do(state, 0, "step e")
    do(state, 0, "stop")
    assert state.phase == TURN
    assert state.cur == 0
    assert state.out == 2  # "bleiben ... liegen" until someone resolves


def test_the_mummy_never_enters_start_or_dungeon() -> None:
    state = dealt(3)
    put_mummy(state, "f2")
    mummy_turn(state)
    do(state, CHANCE, "mummy-die 2")
    assert "step n" not in texts(state, 0)
    put_mummy(state, "e6")
    assert "step e" not in texts(state, 0)


def test_entering_an_explorers_field_catches_at_once() -> None:
    state = dealt(3)
    put(state, 0, "c1")
    state.belief[0] |= 1 << field(state, "a2")  # the mummy is not sure where figure 0 is
    put_mummy(state, "a1")
    mummy_turn(state)
    do(state, CHANCE, "mummy-die 4")
    do(state, 0, "step e")
    assert state.phase == MUMMY_MOVE  # b1 is in nobody's belief set: no question asked
    do(state, 0, "step e")
    assert state.phase == REVEAL
    events = do(state, CHANCE, "reveal")
    caught = data_of(events, "catch")
    assert caught["figure"] == 0
    assert caught["field"] == "c1"
    assert caught["ankhs_left"] == 2
    assert caught["mummy_ankhs"] == 1
    assert state.pos[0] == state.board.dungeon
    assert state.view(0)["figures"][0]["possible"] == ["f6"]
    assert state.mummy == field(state, "c1")  # the mummy stays where it caught
    assert state.phase == TURN
    assert state.cur == 0


def test_fields_crossed_without_a_catch_leave_the_belief_sets() -> None:
    state = dealt(3)
    put(state, 0, "e1")
    state.belief[0] = (1 << field(state, "b1")) | (1 << field(state, "e1"))
    put_mummy(state, "a1")
    mummy_turn(state)
    do(state, CHANCE, "mummy-die 2")
    do(state, 0, "step e")
    events = do(state, CHANCE, "reveal")
    assert kinds(events, 0) == ["no-catch"]
    assert state.view(0)["figures"][0]["possible"] == ["e1"]


def test_no_question_when_nobody_can_be_there() -> None:
    state = dealt(3)
    put(state, 0, "k1")
    put(state, 1, "k2")
    put_mummy(state, "a1")
    mummy_turn(state)
    do(state, CHANCE, "mummy-die 2")
    do(state, 0, "step e")
    assert state.phase == MUMMY_MOVE


def test_the_last_ankh_takes_the_figure_out_of_the_game() -> None:
    state = dealt(4)
    put(state, 1, "b1")
    state.ankhs[1] = 1
    state.collected = 2
    put_mummy(state, "a1")
    mummy_turn(state)
    do(state, CHANCE, "mummy-die 1")
    do(state, 0, "step e")
    events = do(state, CHANCE, "reveal")
    assert kinds(events, 0)[:2] == ["catch", "out"]
    assert state.pos[1] == GONE
    assert state.view(0)["figures"][1]["in_game"] is False
    # The next round skips the figure: seat 1, then seat 3.
    do(state, 1, "stuck") if texts(state, 1) == ["stuck"] else None
    state.cur = 0
    state._next_figure()
    assert state.cur == 2
    assert state.to_act() == (3,)


def test_mummy_wins_with_enough_ankhs() -> None:
    for players, needed in ((2, 3), (3, 4), (4, 6), (5, 7)):
        state = dealt(players)
        put(state, 0, "b1")
        state.collected = needed - 1
        put_mummy(state, "a1")
        mummy_turn(state)
        do(state, CHANCE, "mummy-die 1")
        do(state, 0, "step e")
        events = do(state, CHANCE, "reveal")
        assert state.phase == OVER, players
        assert state.outcome().winners == frozenset({0})
        assert data_of(events, "game-over")["winner"] == 0


def test_resolving_gives_an_interim_move_then_all_five_dice() -> None:
    state = dealt(3)
    put_mummy(state, "k11")
    state.out = 3
    assert texts(state, 1) == ["roll", "resolve"]
    events = do(state, 1, "resolve")
    assert data_of(events, "mummy-interim")["steps"] == 3
    assert state.to_act() == (0,)  # no mummy die is rolled
    do(state, 0, "step n")
    do(state, 0, "step s")  # back and forth is allowed
    do(state, 0, "step n")
    assert state.out == 0
    assert state.phase == ROLL
    assert state.to_roll == 5
    assert state.to_act() == (CHANCE,)
    dice(state, "1", "2", "3", "4", "arrow")
    assert state.to_act() == (1,)


def test_the_interim_move_may_also_stop_early() -> None:
    state = dealt(3)
    put_mummy(state, "k11")
    state.out = 2
    do(state, 1, "resolve")
    do(state, 0, "stop")
    assert state.phase == ROLL
    assert state.out == 0

"""Regeln für besondere Spielsituationen, and the two-player game."""

from __future__ import annotations

from saqqara.core.events import Event
from saqqara.core.game import CHANCE
from saqqara.core.presentation import presentation_for
from saqqara.games.curse_of_the_mummy.state import (
    MAX_ROUNDS,
    MUMMY_MOVE,
    MUMMY_ROLL,
    OVER,
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


def test_five_mummies_lose_the_turn_and_force_the_next_to_resolve() -> None:
    state = dealt(4)
    put_mummy(state, "k11")
    put(state, 0, "a1")
    do(state, 1, "roll")
    events = dice(state, "mummy", "mummy", "mummy", "2", "mummy")
    do(state, 1, "reroll")
    events = dice(state, "mummy")
    assert "turn-lost" in kinds(events, 0)
    assert state.pos[0] == field(state, "a1")  # the figure stays where it is
    # Seat 2's turn begins with the forced resolution: the mummy moves up to 5 first.
    assert "forced-resolve" in kinds(events, 0)
    assert state.to_act() == (0,)
    assert state.phase == MUMMY_MOVE
    assert state.steps == 5
    do(state, 0, "stop")
    assert state.out == 0
    assert state.phase == TURN
    assert state.to_act() == (2,)
    assert texts(state, 2) == ["roll"]


def test_five_mummies_before_the_mummy_give_normal_then_interim_move() -> None:
    state = dealt(3)
    put_mummy(state, "k11")
    state.cur = 1  # the last explorer of the round
    do(state, 2, "roll")
    dice(state, "mummy", "mummy", "mummy", "mummy", "mummy")
    assert state.phase == MUMMY_ROLL
    events = do(state, CHANCE, "mummy-die 2")
    assert data_of(events, "mummy-die")["steps"] == 7  # 5 mummies + the die
    do(state, 0, "step n")
    events = do(state, 0, "stop")
    assert data_of(events, "mummy-interim")["steps"] == 5
    assert state.phase == MUMMY_MOVE
    do(state, 0, "stop")
    assert state.out == 0
    assert state.phase == TURN
    assert state.cur == 0
    assert texts(state, 1) == ["roll"]


def test_a_boxed_in_explorer_announces_it_and_is_skipped() -> None:
    state = dealt(3)
    put(state, 0, "d3")  # a dead end whose only way out is e3
    put_mummy(state, "e3")
    state.out = 2
    assert texts(state, 1) == ["stuck"]  # no resolving, no rolling
    events = do(state, 1, "stuck")
    assert kinds(events, 0) == ["stuck", "turn"]
    assert state.to_act() == (2,)
    assert state.out == 2


def test_a_figure_whose_only_end_is_its_own_field_is_not_stuck() -> None:
    """Decision 4: a number may end on the field it started from, there and back. On b5
    with the mummy on d5 a figure reaches only c5 and b5; with another figure on c5 it can
    still go there and back, so it rolls, also when its walks are remembered (the second
    look reads them from the memo)."""
    state = dealt(3)
    put(state, 0, "b5")
    put(state, 1, "c5")
    put_mummy(state, "d5")
    assert texts(state, 1) == ["roll"]
    assert texts(state, 1) == ["roll"]


def test_stuck_tells_the_mummy_where_a_figure_can_be() -> None:
    state = dealt(3)
    put(state, 0, "d3")
    state.belief[0] = (1 << field(state, "d3")) | (1 << field(state, "a1"))
    put_mummy(state, "e3")
    do(state, 1, "stuck")
    assert state.view(0)["figures"][0]["possible"] == ["d3"]


def test_the_dungeon_has_two_exits() -> None:
    state = dealt(3)
    put(state, 0, "f6")
    put_mummy(state, "k11")
    assert sorted(
        state.board.field_name(f)
        for f in range(state.board.fields)
        if (state.destinations(0, 0) >> f) & 1
    ) == ["e6", "g6"]


def test_several_figures_may_share_start_and_dungeon() -> None:
    state = dealt(4)
    put(state, 0, "f6")
    put(state, 1, "f6")
    put_mummy(state, "k11")
    assert state.destinations(0, 0)
    assert state.destinations(1, 0)


def test_two_players_two_figures_in_a_fixed_order_one_hand() -> None:
    state = dealt(2, {1: ["scarab", "falcon"]})
    put_mummy(state, "k11")
    put(state, 1, "a1")
    assert state.to_act() == (1,)
    assert state.cur == 0
    do(state, 1, "roll")
    dice(state, "2", "2", "2", "2", "2")
    do(state, 1, "announce 2")
    do(state, 1, "go g2")
    assert state.to_act() == (1,)
    assert state.cur == 1
    do(state, 1, "roll")
    dice(state, "1", "1", "1", "1", "1")
    do(state, 1, "announce 1")
    do(state, 1, "go b1 play")  # either figure can fulfil the shared hand
    assert len(state.hand(1)) == 9
    assert state.phase == MUMMY_ROLL


def test_two_players_win_with_all_ten_cards() -> None:
    state = dealt(2, {1: ["scarab"]})
    put_mummy(state, "k11")
    put(state, 0, "a1")
    for s in state.hand(1):
        if state.board.symbols[s].name != "scarab":
            state.played[s] = True
    do(state, 1, "roll")
    dice(state, "1", "1", "1", "1", "1")
    do(state, 1, "announce 1")
    do(state, 1, "go b1 play")
    assert state.phase == OVER
    assert state.outcome().winners == frozenset({1})
    assert state.outcome().scores[1] == 10


def test_resolve_then_roll_all_five_even_with_five_out() -> None:
    state = dealt(3)
    put_mummy(state, "k11")
    state.out = 4
    do(state, 1, "resolve")
    do(state, 0, "stop")
    assert state.phase == ROLL
    assert state.to_roll == 5


def test_caught_during_its_own_resolution_the_figure_rolls_from_the_dungeon() -> None:
    state = dealt(3)
    put(state, 0, "b1")
    put_mummy(state, "a1")
    state.out = 2
    do(state, 1, "resolve")
    do(state, 0, "step e")
    events = do(state, CHANCE, "reveal")
    assert data_of(events, "catch")["figure"] == 0
    assert state.pos[0] == state.board.dungeon
    assert state.phase == ROLL
    assert state.to_roll == 5
    assert state.cur == 0


def test_boxed_in_by_its_own_resolution_the_figure_still_rolls_all_five() -> None:
    # Being stuck is declared at the start of the turn; after a chosen resolution the
    # explorer rolls all five dice as the text says, and must roll again while no value
    # can be moved, until all five show a mummy and the turn is lost.
    state = dealt(3)
    put(state, 0, "d3")  # a dead end whose only way out is e3
    put_mummy(state, "e2")
    state.out = 1
    assert texts(state, 1) == ["roll", "resolve"]
    do(state, 1, "resolve")
    do(state, 0, "step s")  # the mummy now blocks e3: figure 0 cannot move at all
    assert state.phase == ROLL
    assert state.to_roll == 5
    dice(state, "1", "2", "3", "4", "arrow")
    assert texts(state, 1) == ["reroll"]  # no "stuck" now: only rolling again
    do(state, 1, "reroll")
    events = dice(state, "mummy", "mummy", "mummy", "mummy", "mummy")
    assert "turn-lost" in kinds(events, 0)
    assert "forced-resolve" in kinds(events, 0)
    assert state.cur == 1
    assert state.steps == 5


def test_with_the_option_a_figure_boxed_in_by_its_own_resolution_is_skipped() -> None:
    """Decision 17, option ``stuck-after-resolving=on``: after the interim move the turn
    starts again; the boxed-in figure declares it and is skipped, the dice resolved."""
    state = dealt(3, options={"stuck-after-resolving": "on"})
    put(state, 0, "d3")  # a dead end whose only way out is e3
    put_mummy(state, "e2")
    state.out = 1
    do(state, 1, "resolve")
    events = do(state, 0, "step s")  # the mummy now blocks e3
    assert "roll" not in kinds(events, 1)
    assert state.phase == TURN
    assert texts(state, 1) == ["stuck"]
    events = do(state, 1, "stuck")
    assert "stuck" in kinds(events, 0)
    assert state.cur == 1 and state.out == 0
    assert state.phase == TURN
    assert texts(state, 2) == ["roll"]


def test_with_the_option_a_figure_free_after_its_resolution_rolls_all_five() -> None:
    """Option ``stuck-after-resolving=on``: a figure that can still move rolls all five."""
    state = dealt(3, options={"stuck-after-resolving": "on"})
    put(state, 0, "d3")
    put_mummy(state, "e2")
    state.out = 1
    do(state, 1, "resolve")
    do(state, 0, "stop")  # the mummy stays on e2: e3 is still free
    assert state.phase == TURN
    assert texts(state, 1) == ["roll"]
    do(state, 1, "roll")
    assert state.phase == ROLL and state.to_roll == 5


def _a_round_of_lost_turns(state: MummyState) -> list[Event]:
    """Three players, both explorers on the start: each rolls five mummies and loses the
    turn (the second after the forced resolution), and the mummy stands still."""
    events: list[Event] = []
    five = ("mummy",) * 5
    do(state, 1, "roll")
    events += dice(state, *five)  # seat 1 loses the turn; seat 2 must resolve
    events += do(state, 0, "stop")  # the forced interim move of 5
    events += do(state, 2, "roll")
    events += dice(state, *five)  # seat 2 rolls all five: lost again
    events += do(state, CHANCE, "mummy-die 1")
    events += do(state, 0, "stop")  # the normal move (1 + 5)
    events += do(state, 0, "stop")  # then the interim move of 5
    return events


def test_the_game_ends_after_the_round_limit_and_the_mummy_wins() -> None:
    state = dealt(3)
    assert state.round == 1
    assert state.view(None)["round"] == 1
    _a_round_of_lost_turns(state)
    assert state.round == 2
    assert state.view(0)["round"] == 2
    assert state.phase == TURN
    assert state.to_act() == (1,)
    # Both explorers on the start are out of the mummy's reach; the clock ends the game.
    state.round = MAX_ROUNDS
    events = _a_round_of_lost_turns(state)
    assert state.phase == OVER
    assert state.to_act() == ()
    assert state.round == MAX_ROUNDS
    outcome = state.outcome()
    assert outcome.winners == frozenset({0})
    assert outcome.ranks == (1, 2, 2)
    assert outcome.reason == f"the round limit ({MAX_ROUNDS}) is reached"
    over = data_of(events, "game-over")
    assert over["winner"] == 0
    texts_en = presentation_for(state.game, "en")
    assert texts_en.outcome_reason(outcome.reason) == "the round limit is reached"
    assert texts_en.event_sentence({"kind": "game-over", **over}) == (
        "Game over: the round limit is reached and the mummy wins."
    )
    breakdown = texts_en.score_breakdown(state.view(None))
    why = "no explorer laid their last task card within the round limit"
    assert {"label": "Won because", "value": why} in breakdown[0]["parts"]

"""Spielzug eines Schatzsuchers: rolling, rerolling, announcing, moving, playing cards."""

from __future__ import annotations

import random

import pytest

from saqqara.core.actions import Action
from saqqara.core.errors import IllegalAction
from saqqara.core.game import CHANCE
from saqqara.games.curse_of_the_mummy import moves
from saqqara.games.curse_of_the_mummy.game import CurseOfTheMummy
from saqqara.games.curse_of_the_mummy.state import CHOOSE, GONE, MOVE, OVER, TURN, MummyState
from tests.games.curse_of_the_mummy.helpers import (
    data_of,
    dealt,
    dice,
    do,
    kinds,
    put,
    put_mummy,
    texts,
)


def ready(players: int = 4) -> MummyState:
    state = dealt(players)
    put_mummy(state, "k11")
    return state


def dest(state: MummyState, figure: int, value: int) -> list[str]:
    return [state.board.field_name(f) for f in moves.bits(state.destinations(figure, value))]


def test_first_roll_uses_all_five_dice_and_sets_mummies_aside() -> None:
    state = dealt(4)
    assert texts(state, 1) == ["roll"]
    events = do(state, 1, "roll")
    assert data_of(events, "roll")["dice"] == 5
    dice(state, "1", "mummy", "3", "arrow", "mummy")
    assert state.phase == CHOOSE
    assert state.out == 2
    assert state.view(0)["dice"] == ["1", "3", "arrow"]


def test_reroll_only_the_dice_without_a_mummy() -> None:
    state = dealt(4)
    do(state, 1, "roll")
    dice(state, "1", "mummy", "3", "arrow", "mummy")
    events = do(state, 1, "reroll")
    assert data_of(events, "reroll")["dice"] == 3
    dice(state, "mummy", "2", "2")
    assert state.out == 3
    assert state.view(0)["dice"] == ["2", "2"]
    do(state, 1, "reroll")
    dice(state, "4", "1")
    assert state.view(0)["dice"] == ["1", "4"]


def test_walk_exact_steps_back_and_forth_allowed() -> None:
    state = ready()
    put(state, 0, "a1")
    # a1 - b1 - c1 corridor along the top; a1 - a2 - a3 down the left edge.
    assert dest(state, 0, 0) == ["b1", "a2"]
    assert "a1" in dest(state, 0, 1)  # there and back again
    assert "c1" in dest(state, 0, 1)


def test_may_pass_but_not_end_on_another_explorer() -> None:
    state = ready()
    put(state, 0, "a1")
    put(state, 1, "b1")
    assert "b1" not in dest(state, 0, 0)
    assert "c1" in dest(state, 0, 1)


def test_mummy_field_is_an_obstacle() -> None:
    state = ready()
    put(state, 0, "a1")
    put(state, 1, "a3")
    put_mummy(state, "b1")
    # Only the way down is open: a2, then a3 is taken by figure 1 and b2 is free.
    assert dest(state, 0, 0) == ["a2"]
    assert "c1" not in dest(state, 0, 1)


def test_start_and_dungeon_may_not_be_entered() -> None:
    state = ready()
    # Leaving the start: one step only to f2; two steps cannot come back to the start.
    assert dest(state, 0, 0) == ["f2"]
    assert "f1" not in dest(state, 0, 1)
    put(state, 0, "e6")
    assert "f6" not in dest(state, 0, 0)
    assert "f6" not in dest(state, 0, 4)


def test_arrow_slides_to_the_next_obstacle() -> None:
    state = ready()
    put(state, 0, "a1")
    assert dest(state, 0, 4) == ["e1", "a3"]  # e1|f1 is a wall; below a3 is a wall
    put(state, 1, "d1")
    assert dest(state, 0, 4) == ["c1", "a3"]  # stops before the other explorer
    put_mummy(state, "a3")
    assert dest(state, 0, 4) == ["c1", "a2"]  # and before the mummy


def test_arrow_must_move_at_least_one_field() -> None:
    state = ready()
    put(state, 0, "a1")
    put(state, 1, "b1")
    put_mummy(state, "a2")
    assert dest(state, 0, 4) == []


def test_a_value_that_cannot_be_moved_is_not_offered() -> None:
    state = ready()
    put(state, 0, "a1")
    put(state, 1, "b1")
    put_mummy(state, "a2")
    do(state, 1, "roll")
    dice(state, "arrow", "2", "mummy", "mummy", "mummy")
    # arrow: boxed in; 2: a1 -> b1 -> c1 passes figure 1. 1 cannot be moved either.
    assert texts(state, 1) == ["reroll", "announce 2"]
    with pytest.raises(IllegalAction) as err:
        do(state, 1, "announce arrow")
    assert err.value.code == "not-legal"


def test_when_nothing_can_be_moved_the_explorer_must_roll_again() -> None:
    state = ready()
    put(state, 0, "a1")
    put(state, 1, "b1")
    put_mummy(state, "a2")
    do(state, 1, "roll")
    dice(state, "arrow", "1", "mummy", "mummy", "mummy")
    assert texts(state, 1) == ["reroll"]


def test_announce_is_public_and_the_destination_is_not() -> None:
    state = ready()
    put(state, 0, "a1")
    do(state, 1, "roll")
    dice(state, "1", "2", "3", "4", "arrow")
    events = do(state, 1, "announce 4")
    assert data_of(events, "announce")["value"] == "4"
    assert state.phase == MOVE
    events = do(state, 1, "go e1")
    assert kinds(events, 0) == ["moved", "turn"]
    assert "position" in kinds(events, 2)
    assert data_of(events, "position") == {"figure": 0, "field": "e1"}
    assert state.view(0)["figures"][0]["field"] is None
    assert state.view(2)["figures"][0]["field"] == "e1"


def test_playing_a_card_on_its_symbol_is_optional_and_public() -> None:
    state = dealt(4, {1: ["scarab"]})
    put_mummy(state, "k11")
    put(state, 0, "a1")
    do(state, 1, "roll")
    dice(state, "1", "2", "3", "4", "arrow")
    do(state, 1, "announce 1")
    assert texts(state, 1) == ["go b1", "go b1 play", "go a2"]
    events = do(state, 1, "go b1 play")
    played = data_of(events, "play")
    assert played["symbol"] == "scarab"
    assert played["field"] == "b1"
    assert state.view(0)["played"]["1"] == ["scarab"]
    assert state.hand_colours(1) == [0, 1, 1, 1, 1]
    assert state.view(0)["figures"][0]["possible"] == ["b1"]


def test_a_symbol_of_someone_elses_card_cannot_be_played() -> None:
    state = dealt(4, {2: ["scarab"]})
    put_mummy(state, "k11")
    put(state, 0, "a1")
    do(state, 1, "roll")
    dice(state, "1", "2", "3", "4", "arrow")
    do(state, 1, "announce 1")
    assert "go b1 play" not in texts(state, 1)


def test_the_last_card_wins_at_once() -> None:
    state = dealt(4, {1: ["scarab"]})
    put_mummy(state, "k11")
    put(state, 0, "a1")
    for s in state.hand(1):
        if state.board.symbols[s].name != "scarab":
            state.played[s] = True
    do(state, 1, "roll")
    dice(state, "1", "2", "3", "4", "arrow")
    do(state, 1, "announce 1")
    events = do(state, 1, "go b1 play")
    assert state.phase == OVER
    assert state.outcome().winners == frozenset({1})
    assert state.to_act() == ()
    over = data_of(events, "game-over")
    assert over == {"winner": 1, "reason": "seat 1 played the last task card"}


def test_turn_passes_to_the_next_explorer_then_the_mummy() -> None:
    state = dealt(3)
    put_mummy(state, "k11")
    assert state.to_act() == (1,)
    do(state, 1, "roll")
    dice(state, "1", "1", "1", "1", "1")
    do(state, 1, "announce 1")
    do(state, 1, "go f2")
    assert state.phase == TURN
    assert state.to_act() == (2,)
    do(state, 2, "roll")
    dice(state, "2", "2", "2", "2", "2")
    do(state, 2, "announce 2")
    # Passing figure 0 on f2 is allowed; ending on it is not (it is not a destination).
    assert texts(state, 2) == ["go g2", "go f3"]
    do(state, 2, "go g2")
    assert state.to_act() == (-1,)
    assert state.view(0)["phase"] == "mummy-roll"


def _choices(state: MummyState) -> list[Action]:
    """The choose phase's choices worked out afresh: a reroll, then each value rolled that
    can move the figure, in order of value."""
    cur, voc = state.cur, state.voc
    others = state.others_mask(cur)
    return [
        voc.REROLL,
        *(
            voc.ANNOUNCE[v]
            for v in sorted(set(state.rolled))
            if moves.can_move_by(state.board, state.pos[cur], v, state.mummy, others)
        ),
    ]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_choices_are_the_dice_that_can_move_and_redeals_are_remembered_alike(players: int) -> None:
    """At every choice after a roll of random games, and with another figure moved beside
    the one to move, the choices are a reroll, then each value rolled that can move the
    figure; and every seat's resample deals the same hands (and for the mummy places the
    figures alike) with the redeals remembered so far (``Board.redeal_cache``) as afresh."""
    game = CurseOfTheMummy(players)
    rng = random.Random(players)
    for _ in range(8):
        state = game.new_state()
        while not state.is_terminal():
            seat = state.to_act()[0]
            if seat == CHANCE:
                state.apply_unchecked(CHANCE, state.sample_chance(rng))
                continue
            if state.phase == CHOOSE:
                assert state.legal_actions(seat) == _choices(state)
                board, here = state.board, state.pos[state.cur]
                for other, at in enumerate(state.pos):
                    if other == state.cur or at == GONE:
                        continue
                    for beside in board.neighbours[here]:
                        if beside >= 0 and beside != state.mummy:
                            variant = state.clone()
                            variant.pos[other] = beside
                            assert variant.legal_actions(seat) == _choices(variant)
                for resampler in range(players):
                    remembered = state.resample(resampler, random.Random(1))
                    kept = dict(board.redeal_cache)
                    board.redeal_cache.clear()
                    afresh = state.resample(resampler, random.Random(1))
                    board.redeal_cache.update(kept)
                    assert afresh.card_owner == remembered.card_owner
                    assert afresh.pos == remembered.pos
            state.apply_unchecked(seat, rng.choice(state.legal_actions(seat)))

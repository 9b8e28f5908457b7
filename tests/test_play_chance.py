"""``State.play_chance`` plays the chance steps exactly as drawing and applying them one by
one does: the same positions, the same use of the generator (games may override it with a
faster loop)."""

from __future__ import annotations

import random

import pytest

from saqqara.core.game import CHANCE, State
from saqqara.core.registry import load, registered_games
from saqqara.core.snapshot import state_to_json


def _step_by_step(state: State, rng: random.Random) -> None:
    while (acting := state.to_act()) and acting[0] == CHANCE:
        state.apply_unchecked(CHANCE, state.sample_chance(rng))


@pytest.mark.parametrize("game_id", sorted(registered_games()))
@pytest.mark.parametrize("players", [2, 3])
def test_play_chance_is_the_step_by_step_loop(game_id: str, players: int) -> None:
    game = load(game_id, players)
    chooser = random.Random(players)
    for seed in range(4):
        state = game.new_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance():
                expected = state.clone()
                expected_rng = random.Random()
                expected_rng.setstate(rng.getstate())
                _step_by_step(expected, expected_rng)
                state.play_chance(rng)
                assert state_to_json(state) == state_to_json(expected)
                assert rng.getstate() == expected_rng.getstate()
                continue
            seat = state.to_act()[0]
            state.apply_unchecked(seat, chooser.choice(state.legal_actions(seat)))
        before = state_to_json(state)
        state.play_chance(rng)  # nothing to play at the end
        assert state_to_json(state) == before

"""The OpenSpiel face's lazy history digests equal the eager chain they replace."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any

import numpy as np
import pyspiel
import pytest

from saqqara.core.events import events_for
from saqqara.research.openspiel_game import (
    openspiel_name,
    register_openspiel_games,
    sample_chance_action,
)


def _eager(digest: str, events: list[dict[str, Any]]) -> str:
    if not events:
        return digest
    text = digest + json.dumps(events, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize("game_id", ["curse-of-the-mummy", "valley-of-the-kings"])
def test_lazy_digests_equal_the_eager_chain_and_survive_clones(game_id: str) -> None:
    register_openspiel_games()
    game = pyspiel.load_game(openspiel_name(game_id), {"players": 3})
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    eager = [""] * 3
    public = ""
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    for step in range(150):
        if state.is_terminal():
            break
        seat = state.current_player()
        if state.is_chance_node():
            action = sample_chance_action(state, rng)
        else:
            action = int(rng.choice(state.legal_actions()))
        probe = state.inner.clone()
        inner_seat = -1 if seat == pyspiel.PlayerId.CHANCE else seat
        events = probe.apply(inner_seat, game.inner.action_from_id(action))
        eager = [_eager(eager[s], events_for(events, s)) for s in range(3)]
        public = _eager(public, events_for(events, None))
        state.apply_action(action)
        if step % 7 == 0:  # ask sometimes, so that later asks start from memoized links
            assert [state.digest(s) for s in range(3)] == eager
    assert [state.digest(s) for s in range(3)] == eager
    assert state.digest(None) == public
    twin = copy.deepcopy(state)
    assert [twin.digest(s) for s in range(3)] == eager
    assert observer.string_from(twin, 1).endswith("\n" + eager[1])


def test_a_resampled_state_keeps_its_seat_history_and_gives_others_the_public_one() -> None:
    register_openspiel_games()
    game = pyspiel.load_game(openspiel_name("valley-of-the-kings"), {"players": 3})
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    for _ in range(60):
        if state.is_chance_node():
            state.apply_action(sample_chance_action(state, rng))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    draws = random.Random(1)
    world = state.resample_from_infostate(1, draws.random)
    assert world.digest(1) == state.digest(1)
    assert world.digest(0) == world.digest(2) == state.digest(None)

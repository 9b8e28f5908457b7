"""OpenSpiel: every game loads by name, passes OpenSpiel's random simulation test, and is
played to the end by OpenSpiel's own IS-MCTS bot."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from saqqara.ai.openspiel_evaluation import search_evaluator
from saqqara.research.openspiel_game import (
    openspiel_name,
    register_openspiel_games,
    sample_chance_action,
)

from .configs import CONFIGS, IDS, SMALLEST, SMALLEST_IDS


def _load(game_id: str, players: int, options: dict[str, str]) -> pyspiel.Game:
    register_openspiel_games()
    return pyspiel.load_game(openspiel_name(game_id), {"players": players, **options})


def test_every_game_is_registered_with_openspiel() -> None:
    names = register_openspiel_games()
    assert set(names) <= set(pyspiel.registered_names())
    assert "saqqara_tutankhamun" in names


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS, ids=IDS)
def test_openspiel_random_simulation_test_passes(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    pyspiel.random_sim_test(
        _load(game_id, players, options), num_sims=2, serialize=False, verbose=False
    )


@pytest.mark.parametrize(("game_id", "players", "options"), SMALLEST, ids=SMALLEST_IDS)
def test_openspiel_ismcts_plays_to_the_end(
    game_id: str, players: int, options: dict[str, str]
) -> None:

    game = _load(game_id, players, options)
    rng = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(
        game,
        search_evaluator(game, rng),
        2.0,
        8,
        random_state=rng,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_action(state, rng))
        else:
            state.apply_action(bot.step(state))
    assert sum(state.returns()) == pytest.approx(1.0)


def test_loading_by_string_with_parameters() -> None:
    register_openspiel_games()
    game = pyspiel.load_game("saqqara_tutankhamun(players=4,edition=ootb-2004)")
    assert game.num_players() == 4
    assert game.get_parameters()["edition"] == "ootb-2004"
    assert game.observation_tensor_shape() == [1968]


def test_resample_from_infostate_keeps_the_seats_information() -> None:
    game = _load("tutankhamun", 3, {})
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    while state.is_chance_node():
        state.apply_action(sample_chance_action(state, rng))
    world = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(0) == state.information_state_string(0)
    assert world.observation_tensor(0) == state.observation_tensor(0)


def test_the_openspiel_ismcts_bot_plays_in_our_arena() -> None:
    from saqqara.ai.arena import run_arena

    result = run_arena("tutankhamun", 2, {}, ["openspiel-ismcts:5", "random"], 2, 0, workers=1)
    assert len(result.results) == 2


def test_the_openspiel_face_needs_neither_pettingzoo_nor_rendering() -> None:
    code = (
        "import sys, saqqara.research.openspiel_game, saqqara.ai.openspiel_ismcts\n"
        "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'rich', 'saqqara.ui')"
        " if m in sys.modules))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert loaded.strip() == "[]"


@pytest.mark.parametrize(("game_id", "players", "options"), SMALLEST, ids=SMALLEST_IDS)
def test_legal_actions_answered_in_python_are_openspiel_s(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    """The face answers ``legal_actions`` itself (no round trip through C++): the same
    lists as OpenSpiel's own ``State.legal_actions``, for every seat, at chance nodes and
    at the end."""
    import random

    game = _load(game_id, players, options)
    rng = random.Random(11)
    for _ in range(2):
        state = game.new_initial_state()
        while True:
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            for seat in range(players):
                assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
            if state.is_terminal():
                break
            legal = state.legal_actions()
            legal.clear()  # a caller may change the list it gets: the state's stays
            state.apply_action(rng.choice(state.legal_actions()))

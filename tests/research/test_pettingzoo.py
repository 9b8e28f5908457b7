"""PettingZoo's own API and seed tests, over every registered game and option set."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from saqqara.core.errors import OptionError
from saqqara.research import SaqqaraAECEnv, make_env

from .configs import CONFIGS, IDS

# PettingZoo warns about every dict observation with an action mask (its own classic
# games get the same warnings); they are advice, not failures.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_api_test_passes(game_id: str, players: int, options: dict[str, str]) -> None:
    api_test(make_env(game_id, players, **options), num_cycles=300)


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_seed_test_passes(game_id: str, players: int, options: dict[str, str]) -> None:
    seed_test(lambda: make_env(game_id, players, **options), num_cycles=200)


def _play_masked_random(env: SaqqaraAECEnv, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals


def test_a_whole_game_ends_with_the_winners_sharing_one() -> None:
    env = make_env("tutankhamun", 3, edition="ootb-2004")
    totals = _play_masked_random(env, seed=4)
    assert sum(totals.values()) == pytest.approx(1.0)
    assert env.match.is_over()


def test_the_seed_fixes_chance_and_observations() -> None:
    a, b = make_env("tutankhamun", 4), make_env("tutankhamun", 4)
    a.reset(seed=11)
    b.reset(seed=11)
    first = a.observe(a.agent_selection)["observation"]
    assert np.array_equal(first, b.observe(b.agent_selection)["observation"])
    b.reset(seed=12)
    assert not np.array_equal(first, b.observe(b.agent_selection)["observation"])


def test_observation_is_the_acting_seats_tensor_with_its_mask() -> None:
    env = make_env("tutankhamun", 2)
    env.reset(seed=1)
    observation = env.observe(env.agent_selection)
    assert observation["observation"].shape == (1968,)
    assert observation["observation"].dtype == np.float32
    legal_ids = {env.game.action_id(a) for a in env.match.legal_actions(0)}
    assert set(np.flatnonzero(observation["action_mask"])) == legal_ids
    other = env.observe("player_1")
    assert not other["action_mask"].any()


def test_ansi_render_draws_the_table() -> None:
    env = make_env("tutankhamun", 2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text is not None and "Players" in text


def test_ansi_render_speaks_the_chosen_language() -> None:
    env = make_env("valley-of-the-kings", 2, render_mode="ansi", lang="de")
    env.reset(seed=1)
    text = env.render()
    assert text is not None and "Tal der Könige" in text and "Spieler 1" in text
    with pytest.raises(OptionError, match="lang must be one of"):
        make_env("valley-of-the-kings", 2, render_mode="ansi", lang="fr")

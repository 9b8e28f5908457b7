"""PettingZoo (AEC) environments for every registered game.

Agents are ``player_0`` .. ``player_{n-1}``. Each observation is a dict with
``observation`` (the acting seat's declared tensor, float32) and ``action_mask`` (int8 over
the game's integer action ids). Chance is resolved inside the environment from the seed
given to ``reset``. A sealed simultaneous decision is offered turn by turn: each deciding
seat in seat order, none seeing the others' choices. Rewards come at the end: the winners
share 1.
"""

from __future__ import annotations

import io
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from rich.console import Console

from saqqara.core.errors import OptionError
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.registry import load
from saqqara.research.encoding import encoder_of
from saqqara.ui.renderers import render

ObsType = dict[str, np.ndarray[Any, Any]]


class SaqqaraAECEnv(AECEnv[str, ObsType, int]):  # type: ignore[misc]  # untyped base
    """One configured game as an AEC environment."""

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise OptionError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = game
        self.encoder = encoder_of(game)
        self.render_mode = render_mode
        self.metadata: dict[str, Any] = {
            "name": f"saqqara_{game.spec.id}_v{game.spec.rules_version}",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{i}" for i in range(game.players)]
        size = game.num_distinct_actions
        observation = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, self.encoder.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._rng = random.Random()
        self.state: State = game.new_state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._rng = random.Random(seed)
        self.state = self.game.new_state()
        self._resolve_chance()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _resolve_chance(self) -> None:
        while self.state.is_chance():
            self.state.apply_unchecked(CHANCE, self.state.sample_chance(self._rng))

    def _select(self) -> None:
        acting = self.state.to_act()
        if acting:
            self.agent_selection = self.possible_agents[acting[0]]

    def observe(self, agent: str) -> ObsType:
        seat = self.possible_agents.index(agent)
        tensor = self.encoder.encode(self.state.view(seat), seat)
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if seat in self.state.to_act():
            for action in self.state.legal_actions(seat):
                mask[self.game.action_id(action)] = 1
        return {"observation": np.asarray(tensor, dtype=np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise OptionError(f"{agent} must act; None is only for finished agents")
        seat = self.possible_agents.index(agent)
        self.state.apply(seat, self.game.action_from_id(int(action)))
        self._cumulative_rewards[agent] = 0.0
        self._resolve_chance()
        if self.state.is_terminal():
            returns = self.state.returns()
            for i, name in enumerate(self.possible_agents):
                self.rewards[name] = returns[i]
                self.terminations[name] = True
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(render(self.state.view(None), self.game, None))
        return console.export_text()

    def close(self) -> None:
        """Nothing to release."""


def make_env(
    game_id: str, players: int | None = None, render_mode: str | None = None, **options: str
) -> SaqqaraAECEnv:
    """An AEC environment for ``game_id`` (default: its smallest player count)."""
    from saqqara.core.registry import game_class

    count = players if players is not None else game_class(game_id).spec.min_players
    return SaqqaraAECEnv(load(game_id, count, options), render_mode=render_mode)

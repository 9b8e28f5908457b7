"""PettingZoo (AEC) environments for every registered game.

Agents are ``player_0`` .. ``player_{n-1}``. Each observation is a dict with
``observation`` (the acting seat's declared tensor, float32) and ``action_mask`` (int8 over
the game's integer action ids). Each game runs in a :class:`~saqqara.core.match.Match`
seeded by ``reset``, which draws chance. A sealed simultaneous decision is offered turn by
turn: each deciding seat in seat order, none seeing the others' choices. Rewards come at
the end: the winners share 1.
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
from saqqara.core.game import Game
from saqqara.core.i18n import LANGUAGES
from saqqara.core.match import Match
from saqqara.core.presentation import presentation_for
from saqqara.core.registry import load
from saqqara.research.encoding import encoder_of
from saqqara.ui.renderers import render

ObsType = dict[str, np.ndarray[Any, Any]]


class SaqqaraAECEnv(AECEnv[str, ObsType, int]):  # type: ignore[misc]  # untyped base
    """One configured game as an AEC environment."""

    def __init__(self, game: Game, render_mode: str | None = None, *, lang: str = "en") -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise OptionError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if lang not in LANGUAGES:
            raise OptionError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
        self.game = game
        self.text = presentation_for(game, lang)
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
        self.match = Match(game, seed=0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        self.match = Match(self.game, seed=seed, names=self.possible_agents)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        acting = self.match.to_act()
        if acting:
            self.agent_selection = self.possible_agents[acting[0]]

    def observe(self, agent: str) -> ObsType:
        seat = self.possible_agents.index(agent)
        tensor = self.encoder.encode(self.match.view(seat), seat)
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if seat in self.match.to_act():
            for action in self.match.legal_actions(seat):
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
        self.match.submit(seat, int(action))
        self._cumulative_rewards[agent] = 0.0
        if self.match.is_over():
            returns = self.match.outcome().returns()
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
        console.print(render(self.match.view(None), self.game, None, self.text))
        return console.export_text()

    def close(self) -> None:
        """Nothing to release."""


def make_env(
    game_id: str,
    players: int | None = None,
    render_mode: str | None = None,
    *,
    lang: str = "en",
    **options: str,
) -> SaqqaraAECEnv:
    """An AEC environment for ``game_id`` (default: its smallest player count); ``lang`` is
    the language of the ``ansi`` rendering (en, de, nl, sv)."""
    from saqqara.core.registry import game_class

    count = players if players is not None else game_class(game_id).spec.min_players
    return SaqqaraAECEnv(load(game_id, count, options), render_mode=render_mode, lang=lang)

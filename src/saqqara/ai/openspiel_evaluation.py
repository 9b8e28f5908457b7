"""Leaf evaluation for OpenSpiel's search bots on our games.

OpenSpiel's MCTS and IS-MCTS take an ``Evaluator``. Where a game has registered a position
evaluator (:func:`saqqara.ai.registry.register_evaluator`), :func:`search_evaluator` wraps
it, so OpenSpiel's search sees the same leaf values as our own IS-MCTS; otherwise it is
OpenSpiel's own random rollout. Random play to the end is hopeless in long games (a random
game of Curse of the Mummy takes several thousand steps), which is why games declare one.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

from saqqara.ai.registry import Evaluator, evaluator_for
from saqqara.research.openspiel_game import SaqqaraSpielGame, SaqqaraSpielState


class RegisteredEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """The game's registered evaluator, as OpenSpiel's ``Evaluator``: each seat's chance to
    win at a leaf (the true returns at the end), and uniform priors."""

    def __init__(self, evaluator: Evaluator, players: int) -> None:
        self.evaluator = evaluator
        self.players = players

    def evaluate(self, state: SaqqaraSpielState) -> np.ndarray[Any, np.dtype[np.float64]]:
        inner = state.inner
        if inner.is_terminal():
            return np.array(inner.returns(), dtype=np.float64)
        return np.array([self.evaluator(inner, s) for s in range(self.players)], np.float64)

    def prior(self, state: SaqqaraSpielState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


def search_evaluator(game: SaqqaraSpielGame, random_state: np.random.RandomState) -> Any:
    """The evaluator OpenSpiel's search should use on ``game``: the registered one if the
    game has it, else one random rollout per leaf."""
    registered = evaluator_for(game.game_id)
    if registered is None:
        return mcts.RandomRolloutEvaluator(1, random_state)
    return RegisteredEvaluator(registered, game.inner.players)

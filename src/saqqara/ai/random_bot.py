"""The random bot: a uniform choice among the legal actions. The baseline of every arena."""

from __future__ import annotations

import random

from saqqara.core.actions import Action
from saqqara.core.game import Game
from saqqara.core.perspective import Perspective


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"

    def __init__(self, game: Game) -> None:
        self.game = game

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        return rng.choice(perspective.legal_actions())

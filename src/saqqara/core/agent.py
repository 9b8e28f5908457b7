"""The agent protocol: anything that picks an action for a seat from its perspective."""

from __future__ import annotations

import random
from typing import Protocol

from saqqara.core.actions import Action
from saqqara.core.perspective import Perspective


class Agent(Protocol):
    """Anything that picks an action for a seat from that seat's perspective.

    ``rng`` is the only randomness an agent may use; the match derives it from the seed, the
    seat and the seat's ply, so a seeded game is the same whichever order bots are asked in.
    """

    name: str

    def choose(self, perspective: Perspective, rng: random.Random) -> Action: ...

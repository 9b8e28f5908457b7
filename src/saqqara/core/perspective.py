"""A seat's window on a live state: the only thing a bot or a client is handed.

A :class:`Perspective` offers the seat's view, its legal actions and determinizations
(``resample``), and nothing else, so planning code cannot peek at the true state.
"""

from __future__ import annotations

import random
from typing import Any

from saqqara.core.actions import Action
from saqqara.core.game import Game, State


class Perspective:
    """What ``seat`` may know of ``state``, and what it may do."""

    __slots__ = ("__state", "game", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self.__state = state
        self.game: Game = state.game
        self.seat = seat

    def view(self) -> dict[str, Any]:
        return self.__state.view(self.seat)

    def legal_actions(self) -> list[Action]:
        return self.__state.legal_actions(self.seat)

    def resample(self, rng: random.Random) -> State:
        """A full state consistent with this seat's information, to plan on."""
        return self.__state.resample(self.seat, rng)

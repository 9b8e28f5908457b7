"""The game-agnostic kernel: the game contract, actions, errors, views, records, registry."""

from saqqara.core.actions import Action
from saqqara.core.errors import (
    IllegalAction,
    NotationError,
    OptionError,
    RecordError,
    SaqqaraError,
)
from saqqara.core.events import Event
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.outcome import Outcome
from saqqara.core.spec import GameSpec, OptionSpec

__all__ = [
    "CHANCE",
    "Action",
    "Event",
    "Game",
    "GameSpec",
    "IllegalAction",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "RecordError",
    "SaqqaraError",
    "State",
]

"""The game-agnostic kernel: the game contract, actions, errors, views, records, registry,
and the match that runs a game."""

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
from saqqara.core.journal import RecordJournal
from saqqara.core.match import Match, Step
from saqqara.core.outcome import Outcome
from saqqara.core.spec import GameSpec, OptionSpec

__all__ = [
    "CHANCE",
    "Action",
    "Event",
    "Game",
    "GameSpec",
    "IllegalAction",
    "Match",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "RecordError",
    "RecordJournal",
    "SaqqaraError",
    "State",
    "Step",
]

"""Saqqara: rules engines, bots and faces for four Egyptian board games.

The public surface is small: :func:`saqqara.load` builds a configured game from the
registry, and :mod:`saqqara.core` holds the contract every game implements. This package
is the composition root: it imports the bundled games, which register themselves, so the
kernel never imports a game.
"""

import saqqara.games  # noqa: F401  (the bundled games register themselves)
from saqqara.core.registry import load, registered_games

__all__ = ["load", "registered_games"]
__version__ = "0.1.0"

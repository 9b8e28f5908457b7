"""Registers the bundled bots: the generic ones here, each game's own in ``saqqara.ai.games``."""

from __future__ import annotations

import saqqara.ai.ismcts
import saqqara.ai.levels
import saqqara.ai.openspiel_ismcts  # noqa: F401  (registers openspiel-ismcts; levels: easy..hard)
from saqqara.ai.random_bot import RandomBot
from saqqara.ai.registry import register_bot
from saqqara.core.discovery import import_submodules

register_bot("random", RandomBot, help="uniformly random legal actions (baseline)")
import_submodules("saqqara.ai.games")

"""Fluch der Mumie (Curse of the Mummy): hidden movement in a pyramid maze, 2-5 players."""

from saqqara.games.curse_of_the_mummy import from_view as from_view  # registers its builder
from saqqara.games.curse_of_the_mummy.game import CurseOfTheMummy
from saqqara.games.curse_of_the_mummy.state import MummyState

__all__ = ["CurseOfTheMummy", "MummyState"]

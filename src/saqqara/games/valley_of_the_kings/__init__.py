"""Tal der Könige (Valley of the Kings, Christian Beierer, Kosmos 1992)."""

from saqqara.games.valley_of_the_kings import from_view as from_view  # registers its builder
from saqqara.games.valley_of_the_kings.game import ValleyOfTheKings

__all__ = ["ValleyOfTheKings"]

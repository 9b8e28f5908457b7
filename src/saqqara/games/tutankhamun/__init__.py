"""Tutankhamun by Reiner Knizia: Amigo 1993 and Out of the Box 2004, one engine."""

from saqqara.games.tutankhamun import from_view as from_view  # registers its builder
from saqqara.games.tutankhamun.game import Tutankhamun
from saqqara.games.tutankhamun.state import TutankhamunState

__all__ = ["Tutankhamun", "TutankhamunState"]

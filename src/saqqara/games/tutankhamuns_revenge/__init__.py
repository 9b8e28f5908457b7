"""Tutankhamun's Revenge (Tutanchamons hämnd, 1992): lay the layers, then dig for treasure."""

from saqqara.games.tutankhamuns_revenge import from_view as from_view  # registers its builder
from saqqara.games.tutankhamuns_revenge.game import TutankhamunsRevenge
from saqqara.games.tutankhamuns_revenge.state import RevengeState

__all__ = ["RevengeState", "TutankhamunsRevenge"]

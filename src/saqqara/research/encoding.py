"""The one game-specific thing the research faces use: the game's declared tensor layout.

Both faces (PettingZoo and OpenSpiel) import it from here, so neither needs the other's
framework.
"""

from __future__ import annotations

from saqqara.core.errors import OptionError
from saqqara.core.game import Game
from saqqara.core.tensors import TensorEncoder


def encoder_of(game: Game) -> TensorEncoder:
    """The game's tensor layout; :class:`OptionError` for a game that declares none."""
    encoder = game.tensor_encoder()
    if encoder is None:
        raise OptionError(f"{game.spec.id} declares no tensors, so it has no research face")
    return encoder

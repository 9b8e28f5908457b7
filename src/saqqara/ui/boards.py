"""The registry of board drawings for `saqqara board GAME`: an SVG and a terminal sketch.

Games whose board was reconstructed register one, so that a person can check the data file
by eye. A drawing is made from the game's data file alone, its words in the language of the
translator it is given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from saqqara.core.i18n import Translator


@dataclass(frozen=True, slots=True)
class BoardDrawing:
    svg: Callable[[Translator], str]
    """The whole board as a standalone SVG document."""
    sketch: Callable[[Translator], str]
    """The board as plain text for a terminal."""


_BOARDS: dict[str, BoardDrawing] = {}


def register_board(game_id: str, drawing: BoardDrawing) -> None:
    _BOARDS[game_id] = drawing


def board_drawing(game_id: str) -> BoardDrawing | None:
    import saqqara.ui.render  # noqa: F401  (renderer modules register the drawings)

    return _BOARDS.get(game_id)


def boards() -> list[str]:
    import saqqara.ui.render  # noqa: F401

    return sorted(_BOARDS)

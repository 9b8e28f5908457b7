"""The registry of terminal renderers: game id -> function drawing a seat's view with rich.

A renderer receives only a view (what the seat may know), the configured game and the
game's presentation in the reader's language (its words and the seats' names), never a
state. Games without a renderer of their own are drawn as formatted JSON. Every word a
renderer prints goes through the presentation's translator.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.syntax import Syntax

from saqqara.core.game import Game
from saqqara.core.presentation import Presentation, presentation_for

Renderer = Callable[[dict[str, Any], Game, int | None, Presentation], RenderableType]
"""(view, game, seat or None, the game's texts) -> something rich can print."""

_RENDERERS: dict[str, Renderer] = {}


def register_renderer(game_id: str, renderer: Renderer) -> None:
    _RENDERERS[game_id] = renderer


def _ensure_loaded() -> None:
    import saqqara.ui.render  # noqa: F401  (registers the bundled renderers)


def render(
    view: dict[str, Any], game: Game, seat: int | None, text: Presentation | None = None
) -> RenderableType:
    """Draw ``view`` with the game's renderer in the language of ``text`` (English, seats
    by their default names, when ``None``), or as JSON if the game has no renderer."""
    _ensure_loaded()
    renderer = _RENDERERS.get(game.spec.id)
    if renderer is None:
        return Syntax(json.dumps(view, indent=1, ensure_ascii=False), "json")
    return renderer(view, game, seat, text if text is not None else presentation_for(game))


AidFilter = Callable[[dict[str, Any]], dict[str, Any]]
"""(view) -> the same view without the optional aids it carries (a new dict)."""

_AID_FILTERS: dict[str, AidFilter] = {}


def register_aid_filter(game_id: str, aid_filter: AidFilter) -> None:
    """Declare that a game's views carry an optional aid (Curse of the Mummy's possible
    fields) and how to draw a view without it."""
    _AID_FILTERS[game_id] = aid_filter


def has_aids(game: Game) -> bool:
    _ensure_loaded()
    return game.spec.id in _AID_FILTERS


def without_aids(view: dict[str, Any], game: Game) -> dict[str, Any]:
    """``view`` as a player who switched the aids off sees it."""
    _ensure_loaded()
    aid_filter = _AID_FILTERS.get(game.spec.id)
    return aid_filter(view) if aid_filter else view

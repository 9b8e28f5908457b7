"""The registry of terminal renderers: game id -> function drawing a seat's view with rich.

A renderer receives only a view (what the seat may know) and the configured game, never a
state. Games without a renderer of their own are drawn as formatted JSON.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.syntax import Syntax

from saqqara.core.game import Game

Renderer = Callable[[dict[str, Any], Game, int | None], RenderableType]
"""(view, game, seat or None) -> something rich can print."""

_RENDERERS: dict[str, Renderer] = {}


def register_renderer(game_id: str, renderer: Renderer) -> None:
    _RENDERERS[game_id] = renderer


def _ensure_loaded() -> None:
    import saqqara.ui.render  # noqa: F401  (registers the bundled renderers)


def render(view: dict[str, Any], game: Game, seat: int | None) -> RenderableType:
    """Draw ``view`` with the game's renderer, or as JSON if it has none."""
    _ensure_loaded()
    renderer = _RENDERERS.get(game.spec.id)
    if renderer is None:
        return Syntax(json.dumps(view, indent=1, ensure_ascii=False), "json")
    return renderer(view, game, seat)


Labeller = Callable[[dict[str, Any], Game, str], str]
"""(view before the action, game, action notation) -> a friendlier description."""

_LABELLERS: dict[str, Labeller] = {}


def register_action_labeller(game_id: str, labeller: Labeller) -> None:
    _LABELLERS[game_id] = labeller


def label_action(view: dict[str, Any], game: Game, text: str) -> str:
    """The notation of an action with what it means in this position (e.g. the tile taken)."""
    _ensure_loaded()
    labeller = _LABELLERS.get(game.spec.id)
    return labeller(view, game, text) if labeller else text

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


EventFormatter = Callable[[dict[str, Any]], str | None]
"""(an event's JSON) -> a line for the log, or None to leave it out."""

_EVENT_FORMATTERS: dict[str, EventFormatter] = {}


def register_event_formatter(game_id: str, formatter: EventFormatter) -> None:
    _EVENT_FORMATTERS[game_id] = formatter


def format_event(game: Game, event: dict[str, Any]) -> str | None:
    """A log line for an event the viewer may see: the game's wording, or kind and fields."""
    _ensure_loaded()
    formatter = _EVENT_FORMATTERS.get(game.spec.id)
    if formatter is not None:
        return formatter(event)
    details = ", ".join(f"{k}={v}" for k, v in event.items() if k != "kind")
    return f"{event['kind']}: {details}" if details else str(event["kind"])

"""The registry of games: game id -> game class, and the loader used by every face.

The kernel knows no game: each game registers itself with :func:`register` when its module
is imported, and the root package ``saqqara`` imports the bundled games (so importing any
part of saqqara makes them available).
"""

from __future__ import annotations

from collections.abc import Mapping

from saqqara.core.errors import OptionError
from saqqara.core.game import Game

_GAMES: dict[str, type[Game]] = {}


def register(game_class: type[Game]) -> type[Game]:
    """Add a game class to the registry (usable as a class decorator)."""
    game_id = game_class.spec.id
    if game_id in _GAMES and _GAMES[game_id] is not game_class:
        raise ValueError(f"a different game is already registered as {game_id!r}")
    _GAMES[game_id] = game_class
    return game_class


def registered_games() -> dict[str, type[Game]]:
    """Every registered game class by id, in registration order."""
    return dict(_GAMES)


def game_class(game_id: str) -> type[Game]:
    """The class registered under ``game_id``; :class:`OptionError` if unknown."""
    games = registered_games()
    try:
        return games[game_id]
    except KeyError:
        known = ", ".join(sorted(games))
        raise OptionError(
            f"unknown game {game_id!r} (games: {known})", code="unknown-game"
        ) from None


def load(game_id: str, players: int, options: Mapping[str, str] | None = None) -> Game:
    """A configured game from the registry.

    >>> import saqqara
    >>> saqqara.load("tutankhamun", 3, {"edition": "ootb-2004"}).options
    {'edition': 'ootb-2004'}
    """
    return game_class(game_id)(players, options)

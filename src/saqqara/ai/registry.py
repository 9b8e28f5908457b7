"""The bot registry: ``make_bot("greedy", game)`` builds the right bot for that game."""

from __future__ import annotations

from collections.abc import Callable

from saqqara.core.errors import OptionError
from saqqara.core.game import Game
from saqqara.core.playout import Agent

BotFactory = Callable[[Game], Agent]

_BOTS: dict[tuple[str, str | None], BotFactory] = {}
_HELP: dict[str, str] = {}


def register_bot(
    name: str, factory: BotFactory, game_id: str | None = None, help: str = ""
) -> None:
    """Register ``factory`` as bot ``name`` for ``game_id`` (``None``: for every game)."""
    _BOTS[(name, game_id)] = factory
    if help:
        _HELP[name] = help


def _ensure_loaded() -> None:
    import saqqara.ai.bots  # noqa: F401  (registers the bundled bots)


def available_bots(game_id: str) -> list[str]:
    """Names of the bots that can play ``game_id``."""
    _ensure_loaded()
    return sorted({name for name, gid in _BOTS if gid in (None, game_id)})


def bot_help(name: str) -> str:
    _ensure_loaded()
    return _HELP.get(name, "")


def make_bot(name: str, game: Game) -> Agent:
    """A bot called ``name`` for ``game``; the game's own version wins over a generic one."""
    _ensure_loaded()
    factory = _BOTS.get((name, game.spec.id)) or _BOTS.get((name, None))
    if factory is None:
        known = ", ".join(available_bots(game.spec.id))
        raise OptionError(f"no bot {name!r} for {game.spec.id} (bots: {known})", code="unknown-bot")
    return factory(game)

"""The bot registry: ``make_bot("greedy", game)`` builds the right bot for that game.

A bot name may carry one parameter after a colon, for bots registered with
:func:`register_param_bot`: ``openspiel-ismcts:500`` is IS-MCTS with 500 simulations.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from saqqara.core.errors import OptionError
from saqqara.core.game import Game, State
from saqqara.core.playout import Agent

BotFactory = Callable[[Game], Agent]
ParamBotFactory = Callable[[Game, str], Agent]
"""Builds a bot from the game and the text after the colon ("" when there is none)."""

_BOTS: dict[tuple[str, str | None], BotFactory] = {}
_PARAM_BOTS: dict[tuple[str, str | None], ParamBotFactory] = {}
_HELP: dict[str, str] = {}
_LISTED: dict[tuple[str, str | None], tuple[str, ...]] = {}
"""Parameters of a parameter bot that :func:`available_bots` lists as bots of their own."""


def register_bot(
    name: str, factory: BotFactory, game_id: str | None = None, help: str = ""
) -> None:
    """Register ``factory`` as bot ``name`` for ``game_id`` (``None``: for every game)."""
    _BOTS[(name, game_id)] = factory
    if help:
        _HELP[name] = help


def register_param_bot(
    name: str,
    factory: ParamBotFactory,
    game_id: str | None = None,
    help: str = "",
    listed: Sequence[str] = (),
) -> None:
    """Register a bot that takes a parameter: ``name`` or ``name:PARAM``. With ``listed``,
    :func:`available_bots` names ``name:PARAM`` for each of those parameters instead of the
    bare ``name`` (a family of bots, such as the probes, none of which is the default)."""
    _PARAM_BOTS[(name, game_id)] = factory
    if listed:
        _LISTED[(name, game_id)] = tuple(listed)
    else:
        _LISTED.pop((name, game_id), None)
    if help:
        _HELP[name] = help


Evaluator = Callable[[State, int], float]
"""A game's position evaluator for search: the chance that ``seat`` wins, in [0, 1]."""
SeatValues = Callable[[State], Sequence[float]]
"""The same evaluator for every seat at once (indexed by seat), where working the position
out once serves all seats: ``values(state)[seat] == evaluator(state, seat)``."""

_EVALUATORS: dict[str, Evaluator] = {}
_SEAT_VALUES: dict[str, SeatValues] = {}


def register_evaluator(
    game_id: str, evaluator: Evaluator, every_seat: SeatValues | None = None
) -> None:
    """Register the heuristic that search bots use at their leaves instead of random play
    (and, optionally, the same values for all seats in one call)."""
    _EVALUATORS[game_id] = evaluator
    if every_seat is not None:
        _SEAT_VALUES[game_id] = every_seat
    else:
        _SEAT_VALUES.pop(game_id, None)


def evaluator_for(game_id: str) -> Evaluator | None:
    _ensure_loaded()
    return _EVALUATORS.get(game_id)


def seat_values_for(game_id: str) -> SeatValues | None:
    """The game's evaluator for all seats at once, where it registered one."""
    _ensure_loaded()
    return _SEAT_VALUES.get(game_id)


def _ensure_loaded() -> None:
    import saqqara.ai.bots  # noqa: F401  (registers the bundled bots)


ALIASES = {"heuristic": "greedy", "greedy": "heuristic"}
"""Every game answers to ``heuristic``: where its one-move bot is called ``greedy`` the name
stands for it, and ``greedy`` stays a name for a game whose bot is called ``heuristic``."""


def _registered(game_id: str) -> set[str]:
    return {name for name, gid in (*_BOTS, *_PARAM_BOTS) if gid in (None, game_id)}


def _resolve(base: str, game_id: str) -> str:
    """``base``, or the name it is an alias of where the game has no bot called ``base``."""
    have = _registered(game_id)
    alias = ALIASES.get(base)
    return alias if base not in have and alias in have else base


def available_bots(game_id: str) -> list[str]:
    """Names of the bots that can play ``game_id`` (aliases included; a family of bots
    registered with ``listed`` by its members' full names)."""
    _ensure_loaded()
    names = _registered(game_id)
    names |= {alias for alias, target in ALIASES.items() if target in names}
    for name in list(names):
        members = _LISTED.get((name, game_id), _LISTED.get((name, None), ()))
        if members:
            names.discard(name)
            names |= {f"{name}:{member}" for member in members}
    return sorted(names)


def bot_help(name: str) -> str:
    _ensure_loaded()
    return _HELP.get(name.partition(":")[0], "")


def make_bot(name: str, game: Game) -> Agent:
    """A bot called ``name`` for ``game``; the game's own version wins over a generic one."""
    _ensure_loaded()
    base, colon, param = name.partition(":")
    game_id = game.spec.id
    base = _resolve(base, game_id)
    param_factory = _PARAM_BOTS.get((base, game_id)) or _PARAM_BOTS.get((base, None))
    if param_factory is not None:
        return param_factory(game, param)
    factory = _BOTS.get((base, game_id)) or _BOTS.get((base, None))
    if factory is not None and not colon:
        return factory(game)
    if factory is not None:
        raise OptionError(f"bot {base!r} takes no parameter (got {name!r})", code="unknown-bot")
    known = ", ".join(available_bots(game_id))
    raise OptionError(f"no bot {name!r} for {game_id} (bots: {known})", code="unknown-bot")

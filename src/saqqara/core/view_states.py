"""Rebuilding a state from a seat's view: what a program at a remote seat plans on.

A remote seat receives only its view (``docs/views.md``), while our search bots plan on
full states. Each game registers a builder (``games/<game>/from_view.py``) that turns seat
``s``'s view into a :class:`State` consistent with it: every public fact as the view
shows it, the seat's own secrets as shown, and whatever the seat cannot know drawn at
random consistently with what it knows (the game's ``resample``), so planning on it is
planning on a determinization, as the server's own bots do. The tests hold every builder
to this: the rebuilt state's ``view(s)`` is the view, byte for byte, and its legal actions
for ``s`` are the ones the seat was offered.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from saqqara.core.errors import SaqqaraError
from saqqara.core.game import Game, State

FromView = Callable[[Game, Mapping[str, Any], int, random.Random], State]
"""``(game, view of seat, seat, rng) -> a state consistent with that view``."""

_BUILDERS: dict[str, FromView] = {}
_F = TypeVar("_F", bound=FromView)


class ViewError(SaqqaraError):
    """A view that no state of this game can have (or one of another game or seat)."""

    code = "bad-view"


def register_from_view(game_id: str) -> Callable[[_F], _F]:
    """Register the view-to-state builder of ``game_id`` (a decorator)."""

    def add(builder: _F) -> _F:
        _BUILDERS[game_id] = builder
        return builder

    return add


def rebuildable(game_id: str) -> bool:
    """Whether ``game_id`` has a builder (a remote seat can run a search bot there)."""
    return game_id in _BUILDERS


def state_from_view(
    game: Game, view: Mapping[str, Any], seat: int, rng: random.Random | None = None
) -> State:
    """A state of ``game`` that ``seat`` cannot tell from the one its ``view`` came from.

    Raises :class:`ViewError` for a view of another game, configuration or seat, one the
    game cannot rebuild from, or one whose facts do not fit together.
    """
    expected = {
        "game": game.spec.id,
        "rules_version": game.spec.rules_version,
        "players": game.players,
        "options": dict(game.options),
        "seat": seat,
    }
    for key, want in expected.items():
        if view.get(key) != want:
            raise ViewError(f"the view's {key} is {view.get(key)!r:.60}, not {want!r:.60}")
    builder = _BUILDERS.get(game.spec.id)
    if builder is None:
        raise ViewError(f"{game.spec.id} has no way to rebuild a state from a view")
    try:
        return builder(game, view, seat, rng or random.Random(0))
    except ViewError:
        raise
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise ViewError(f"the view does not fit {game.spec.id}: {exc!r:.80}") from None

"""Helpers for narrated Tutankhamun scenarios: lay a chosen path, play notation, set hands."""

from __future__ import annotations

from collections.abc import Sequence

from saqqara.core.events import Event
from saqqara.core.game import CHANCE
from saqqara.core.registry import load
from saqqara.games.tutankhamun.data import NUM_TYPES
from saqqara.games.tutankhamun.game import Tutankhamun
from saqqara.games.tutankhamun.state import TutankhamunState


def new_game(edition: str, players: int, path: Sequence[str] = ()) -> TutankhamunState:
    """A game whose path starts with the tiles ``path`` (slugs), the rest laid in kind order.

    The setup is played through real chance actions, exactly as a record would hold it.
    """
    game = load("tutankhamun", players, {"edition": edition})
    assert isinstance(game, Tutankhamun)
    state = game.new_state()
    for slug in path:
        state.apply(CHANCE, game.parse_action(f"draw {slug}"))
    while state.is_chance():
        state.apply(CHANCE, state.chance_outcomes()[0][0])
    return state


def play(state: TutankhamunState, *moves: str) -> list[Event]:
    """Apply each move (notation) for the seat to act; return all events."""
    events: list[Event] = []
    for text in moves:
        (seat,) = state.to_act()
        events.extend(state.apply(seat, state.game.parse_action(text)))
    return events


def give(state: TutankhamunState, seat: int, slug: str, count: int = 1) -> None:
    """Named position: put ``count`` tiles of type ``slug`` in front of ``seat``.

    The tiles are taken off the path (from the back of the path's tiles of that type) so
    the totals stay true to the set.
    """
    discard(state, slug, count)
    kind = state.edition.kind_from_slug(slug)
    assert kind is not None
    state.hold[seat * NUM_TYPES + kind] += count


def holding(state: TutankhamunState, seat: int, slug: str) -> int:
    kind = state.edition.kind_from_slug(slug)
    assert kind is not None
    return state.holding(seat, kind)


def slot_of(state: TutankhamunState, slug: str, nth: int = 0) -> int:
    """The slot of the ``nth`` tile of ``slug`` still on the path."""
    kind = state.edition.kind_from_slug(slug)
    return [i for i, k in enumerate(state.path) if k == kind][nth]


def texts(state: TutankhamunState, seat: int | None = None) -> list[str]:
    """The notation of the legal actions of ``seat`` (default: the seat to act)."""
    if seat is None:
        (seat,) = state.to_act()
    return [state.game.action_text(a) for a in state.legal_actions(seat)]


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def discard(state: TutankhamunState, slug: str, count: int) -> None:
    """Named position: ``count`` tiles of ``slug`` already left the game unscored."""
    kind = state.edition.kind_from_slug(slug)
    assert kind is not None and kind < NUM_TYPES
    for _ in range(count):
        slot = max(i for i, k in enumerate(state.path) if k == kind)
        state.path[slot] = -1
        state.on_path[kind] -= 1
    state._shrink_front()

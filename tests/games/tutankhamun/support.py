"""Helpers for narrated Tutankhamun scenarios: lay a chosen path, play notation, set hands."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from saqqara.core.events import Event
from saqqara.core.game import CHANCE
from saqqara.core.registry import load
from saqqara.games.tutankhamun.data import NUM_TYPES, edition
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


def check_seat_0_begins(edition_id: str, players: int, outcome: int) -> None:
    """Decision 1, in either edition: the setup only lays the path (every chance step a
    draw, the ``outcome``-th of each), and seat 0 moves first."""
    game = load("tutankhamun", players, {"edition": edition_id})
    state = game.new_state()
    events: list[Event] = []
    while state.is_chance():
        outcomes = state.chance_outcomes()
        assert all(game.action_text(a).startswith("draw ") for a, _ in outcomes)
        events += state.apply(CHANCE, outcomes[outcome][0])
    assert state.to_act() == (0,)
    assert [e.data["seat"] for e in events if e.kind == "turn"] == [0]
    assert state.view(None)["active"] == 0


def check_every_draw_is_fair_and_laid_in_order(edition_id: str) -> None:
    """Decision 19, in either edition: every draw of the path comes with a chance
    proportional to the tiles of each kind still face down, and the tiles lie on the path
    in the order drawn, slot 0 first."""
    game = load("tutankhamun", 3, {"edition": edition_id})
    state = game.new_state()
    ed = edition(edition_id)
    left = list(ed.shuffled)
    drawn: list[str] = []
    step = 0
    while state.is_chance():
        outcomes = state.chance_outcomes()
        total = sum(left)
        assert {game.action_text(a).split()[1]: p for a, p in outcomes} == {
            ed.kind_slug(k): pytest.approx(c / total) for k, c in enumerate(left) if c
        }
        action = outcomes[(7 * step) % len(outcomes)][0]  # a varied walk through the bag
        slug = game.action_text(action).split()[1]
        kind = ed.kind_from_slug(slug)
        assert kind is not None
        left[kind] -= 1
        drawn.append(slug)
        state.apply(CHANCE, action)
        step += 1
    assert sum(left) == 0
    assert state.view(None)["path"][: len(drawn)] == drawn

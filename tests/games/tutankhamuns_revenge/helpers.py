"""Building narrated positions: layers laid card by card, a chosen secret turn, then digs."""

from __future__ import annotations

import random

from saqqara.core.events import Event
from saqqara.core.game import CHANCE
from saqqara.games.tutankhamuns_revenge import actions as act
from saqqara.games.tutankhamuns_revenge.data import CELLS, deck
from saqqara.games.tutankhamuns_revenge.game import TutankhamunsRevenge
from saqqara.games.tutankhamuns_revenge.shapes import cell_from_name, sample_layer
from saqqara.games.tutankhamuns_revenge.state import DIGGING, RevengeState


def kind(slug: str) -> int:
    k = deck().kind(slug)
    assert k is not None, slug
    return k


def cell(name: str) -> int:
    c = cell_from_name(name)
    assert c is not None, name
    return c


def layout(layer: int, cards: dict[str, str] | None = None, seed: int = 0) -> list[int]:
    """A valid layout of layer number ``layer`` (1 = bottom) with ``cards`` ({"a1":
    "necklace"}) where asked and the rest filled in at random (seeded)."""
    known = [-1] * CELLS
    for name, slug in (cards or {}).items():
        known[cell(name)] = kind(slug)
    return sample_layer(layer - 1, tuple(known), random.Random(seed))


def dig_position(
    players: int = 2,
    layers: dict[int, dict[str, str]] | None = None,
    turns: int = 0,
    options: dict[str, str] | None = None,
) -> RevengeState:
    """A game whose five layers were laid card by card (layer number -> cards asked for at
    cells) and whose box got ``turns`` quarter turns: the first digging turn."""
    game = TutankhamunsRevenge(players, options)
    state = game.new_state()
    for number in range(1, 6):
        cards = layout(number, (layers or {}).get(number), seed=number)
        for k in cards:
            (seat,) = state.to_act()
            state.apply(seat, act.LAY[k])
    state.apply(CHANCE, act.TURN[turns])
    assert state.phase == DIGGING
    return state


def lift(state: RevengeState, name: str) -> list[Event]:
    """The active seat lifts from stack ``name``; the uncovered card is revealed (chance)."""
    events = state.apply(state.active, act.LIFT[cell(name)])
    if state.is_chance():
        ((reveal, _),) = state.chance_outcomes()
        events += state.apply(CHANCE, reveal)
    return events


def kinds_of(events: list[Event]) -> list[str]:
    return [e.kind for e in events]

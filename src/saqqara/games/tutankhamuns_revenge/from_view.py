"""Tutankhamun's Revenge rebuilt from a seat's view (``core.view_states``).

The view holds every public fact: the laying under way, the box's depths and every card
uncovered so far, blockades, money, scarabs, who is out. It also holds the layers this seat
laid and the quarter turns of the box it cannot yet rule out. The builder sets all of that,
lays the cover, puts the uncovered cards and the seat's own layers (under one of the turns
it cannot rule out) in the box, and then lets the game's ``resample`` draw the rest as it
does for a bot: the other seats' layers, agreeing with every uncovered card, and the turn.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from saqqara.core.game import Game
from saqqara.core.view_states import ViewError, register_from_view
from saqqara.games.tutankhamuns_revenge.data import CELLS, COVER, LAYERS
from saqqara.games.tutankhamuns_revenge.shapes import rotate
from saqqara.games.tutankhamuns_revenge.state import (
    _EARTH,
    _SLUGS,
    LAYING,
    NOBODY,
    PHASE_NAMES,
    REVEALING,
    TREASURE_LAYERS,
    TURNING,
    RevengeState,
)

_KINDS = {slug: kind for kind, slug in enumerate(_SLUGS)}


def _kind(slug: str) -> int:
    if slug not in _KINDS:
        raise ViewError(f"no card {slug!r:.40} in the box")
    return _KINDS[slug]


@register_from_view("tutankhamuns-revenge")
def revenge_from_view(
    game: Game, view: Mapping[str, Any], seat: int, rng: random.Random
) -> RevengeState:
    state = game.new_state()
    assert isinstance(state, RevengeState)
    phase = state.phase = PHASE_NAMES.index(view["phase"])
    laying = view["laying"]
    if phase == LAYING:
        state.layer, state.laid = int(laying["layer"]) - 1, int(laying["cards"])
        state.random_fill = bool(laying["random"])
    else:
        state.layer = TREASURE_LAYERS
        base = COVER * CELLS
        state.layouts[base : base + CELLS] = [_EARTH] * CELLS
    for key, cards in view["my_layers"].items():
        layer = int(key) - 1
        if not 0 <= layer < TREASURE_LAYERS or state.owner(layer) != seat:
            raise ViewError(f"layer {key!r:.10} is not one this seat laid")
        for cell, slug in enumerate(cards):
            state.layouts[layer * CELLS + cell] = -1 if slug is None else _kind(slug)
    state.depth = [int(d) for d in view["depth"]]
    dug = phase not in (LAYING, TURNING)
    if dug:
        turns = view["possible_turns"] or [0]
        state.turns = int(turns[0])
        for layer, row in enumerate(view["known"]):
            for stack, slug in enumerate(row):
                if slug is not None:
                    state.box[layer * CELLS + stack] = _kind(slug)
        for layer in [*range(TREASURE_LAYERS), COVER]:
            if layer == COVER or state.owner(layer) == seat:
                base = layer * CELLS
                for cell in range(CELLS):
                    state.box[base + rotate(cell, state.turns)] = state.layouts[base + cell]
    if phase == REVEALING:
        tops = view["top"]
        hidden = [s for s, d in enumerate(state.depth) if d and tops[s] is None]
        if len(hidden) != 1:
            raise ViewError("a card is being revealed, but not in one stack")
        state.pending = hidden[0]
    state.block_at = [NOBODY if at is None else int(at) for at in view["blocks"]]
    state.active = NOBODY if view["active"] is None else int(view["active"])
    turn = view["turn"]
    state.lifts, state.gain = int(turn["lifts"]), int(turn["gain"])
    state.scarab_on = bool(turn["scarab"])
    state.money = [int(m) for m in view["money"]]
    state.scarabs = [int(s) for s in view["scarabs"]]
    state.blockades = [int(b) for b in view["blockade_cards"]]
    state.eliminated = [int(s) for s in view["out"]]
    state.passes = int(view["passes_in_row"])
    state.mask_seen = bool(view["mask_seen"])
    if view["outcome"] is not None:
        state.reason = str(view["outcome"]["reason"])
    if len(state.depth) != CELLS or len(view["known"]) not in (0, LAYERS):
        raise ViewError("the box in the view has the wrong shape")
    return state.resample(seat, rng)

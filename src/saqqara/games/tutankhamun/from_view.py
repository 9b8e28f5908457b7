"""Tutankhamun rebuilt from a seat's view (``core.view_states``): nothing is hidden, so
the view holds the whole position but for what the kernel's contract leaves out.

Three fields are not in the view. ``rear`` (the lowest slot that may still hold a tile)
is set to 0, which removes exactly the same tiles. ``drawn`` is the tiles laid so far.
``sc_passes`` (passes in a row in a scoring under way) is exact while nobody has played
in the scoring (every seat before the one deciding passed or had nothing to play) and 0
after a play, when the view does not say who played last: planning then assumes one more
round of answers than the real table may ask for. It changes no view and no legal action.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from saqqara.core.game import Game
from saqqara.core.view_states import ViewError, register_from_view
from saqqara.games.tutankhamun.data import KING_TUT, NUM_TYPES
from saqqara.games.tutankhamun.game import Tutankhamun
from saqqara.games.tutankhamun.state import (
    EMPTY,
    MASK_ON_PYRAMID,
    MASK_USED,
    PHASE_NAMES,
    SCORING,
    SETUP,
    START,
    TutankhamunState,
)


@register_from_view("tutankhamun")
def tutankhamun_from_view(
    game: Game, view: Mapping[str, Any], seat: int, rng: random.Random
) -> TutankhamunState:
    assert isinstance(game, Tutankhamun)
    ed = game.edition
    n = game.players
    kinds = {ed.kind_slug(k): k for k in range(KING_TUT + (0 if ed.amigo else 1))}

    def kind(slug: str) -> int:
        if slug not in kinds:
            raise ViewError(f"no tile {slug!r:.40} in this edition")
        return kinds[slug]

    state = game.new_state()
    state.phase = PHASE_NAMES.index(view["phase"])
    state.active = int(view["active"])
    state.path = [EMPTY if s is None else kind(s) for s in view["path"]]
    if len(state.path) != ed.path_length:
        raise ViewError("the path has the wrong length")
    state.bag = [0] * len(ed.shuffled)
    for slug, count in view["undrawn"].items():
        state.bag[kind(slug)] = int(count)
    state.drawn = ed.shuffled_total - sum(state.bag)
    state.on_path = [0] * NUM_TYPES
    for slug, count in view["on_path"].items():
        state.on_path[kind(slug)] = int(count)
    state.rear = 0
    filled = [slot for slot, k in enumerate(state.path) if k != EMPTY]
    state.front = len(state.path) - 1 if state.phase == SETUP else max(filled, default=-1)
    state.removed = [kind(s) for s in view["removed"]]
    state.pawn = [START if p is None else int(p) for p in view["pawns"]]
    state.hold = [0] * (n * NUM_TYPES)
    for holder, held in enumerate(view["holdings"]):
        for slug, count in held.items():
            state.hold[holder * NUM_TYPES + kind(slug)] = int(count)
    state.wilds = [int(w) for w in view["wilds"]]
    state.king_tut = -1 if view["king_tut"] is None else int(view["king_tut"])
    mask = view["mask"]
    state.mask = (
        MASK_ON_PYRAMID if mask in (None, "pyramid") else MASK_USED if mask == "used" else int(mask)
    )
    state.score = [int(s) for s in view["scores"]]
    scoring = view["scoring"]
    if scoring is not None:
        state.sc_kind = kind(scoring["tile"])
        state.sc_lids = [int(c) for c in scoring["lids"]]
        state.sc_wilds = [int(c) for c in scoring["pharaohs"]]
        state.sc_mask = -1 if scoring["mask"] is None else int(scoring["mask"])
        state.sc_turn = int(view["to_act"][0])
        played = any(state.sc_lids) or any(state.sc_wilds) or state.sc_mask >= 0
        state.sc_passes = 0 if played else (state.sc_turn - state.active) % n
    elif state.phase == SCORING:
        raise ViewError("a scoring phase without its scoring")
    outcome = view["outcome"]
    if outcome is not None:
        state.winners = tuple(int(s) for s in outcome["winners"])
        state.outcome_reason = str(outcome["reason"])
    if [len(state.pawn), len(state.score), len(state.wilds)] != [n, n, n]:
        raise ViewError("the view's seats do not match the player count")
    return state

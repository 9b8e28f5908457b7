"""Curse of the Mummy rebuilt from a seat's view (``core.view_states``).

Public in every view: the phase, the round, the figure whose turn it is, the mummy's field,
dice and steps, each figure's ankhs and the set of fields it may be on, each explorer's
cards per colour and the cards played. An explorer also sees every figure's field and its own hand;
the mummy sees neither. The builder sets all of that, deals the other explorers' unseen
cards consistently with their counts per colour, puts the figures the mummy cannot see on
their possible fields, and lets the game's ``resample`` draw what the seat cannot know.

Two fields the view leaves out are worked out: the dice being rolled (``to_roll``: a
reroll rolls the dice kept, any other roll those not set aside) and the mummy's pending
catch (its own field). One is a guess: an interim mummy move with all of the explorers'
dice out was forced either at the start of an explorer's turn or just after the mummy's
normal move, which the view does not tell apart when the explorer on turn is the last one;
the builder takes the first (it changes only what follows that move, never a view or a
legal action).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from saqqara.core.game import Game
from saqqara.core.view_states import ViewError, register_from_view
from saqqara.games.curse_of_the_mummy.actions import FACE_WORDS
from saqqara.games.curse_of_the_mummy.game import CurseOfTheMummy
from saqqara.games.curse_of_the_mummy.state import (
    GONE,
    INTERIM_FORCED,
    INTERIM_RESOLVE,
    MAX_ROUNDS,
    MUMMY,
    NORMAL,
    PHASE_NAMES,
    REVEAL,
    MummyState,
)

_FACES = {word: face for face, word in enumerate(FACE_WORDS)}


def _face(word: str) -> int:
    if word not in _FACES:
        raise ViewError(f"no die face {word!r:.20}")
    return _FACES[word]


@register_from_view("curse-of-the-mummy")
def mummy_from_view(
    game: Game, view: Mapping[str, Any], seat: int, rng: random.Random
) -> MummyState:
    assert isinstance(game, CurseOfTheMummy)
    board = game.board
    n = game.players
    state = game.new_state()
    assert isinstance(state, MummyState)

    def field(name: str) -> int:
        found = board.field_from_name(name)
        if found is None:
            raise ViewError(f"no field {name!r:.20} on the board")
        return found

    def symbol(name: str) -> int:
        found = board.symbol_by_name(name)
        if found is None:
            raise ViewError(f"no task card {name!r:.20}")
        return found.id

    state.phase = PHASE_NAMES.index(view["phase"])
    state.cur = int(view["figure"])
    state.mummy = field(view["mummy"])
    state.collected = int(view["mummy_ankhs"])
    state.out = int(view["mummy_dice"])
    state.rolled = [_face(w) for w in view["dice"]]
    state.roll_faces = [_face(w) for w in view["rolling"]]
    state.to_roll = len(state.rolled) if state.rolled else board.explorer_dice - state.out
    state.value = -1 if view["announced"] is None else _face(view["announced"])
    state.steps = int(view["mummy_steps"])
    state.round = int(view["round"])
    if not 1 <= state.round <= MAX_ROUNDS:
        raise ViewError(f"round {state.round} is not within the round limit ({MAX_ROUNDS})")
    state.forced = bool(view["forced"])
    figures = view["figures"]
    if len(figures) != len(state.pos):
        raise ViewError("the view has the wrong number of figures")
    for f, figure in enumerate(figures):
        state.ankhs[f] = int(figure["ankhs"])
        mask = 0
        for name in figure["possible"]:
            mask |= 1 << field(name)
        state.belief[f] = mask
        if not figure["in_game"]:
            state.pos[f] = GONE
        elif figure["field"] is not None:
            state.pos[f] = field(figure["field"])
        else:
            state.pos[f] = (mask & -mask).bit_length() - 1  # placed by resample below
    if view["mummy_move"] == "normal":
        state.mode = NORMAL
    elif view["mummy_move"] == "interim":
        resolving = state.out < board.explorer_dice
        state.mode = INTERIM_RESOLVE if resolving else INTERIM_FORCED  # see the docstring
    if state.phase == REVEAL:
        state.pending = state.mummy
    _deal(state, view, seat, symbol, rng)
    state.deal_next = min(
        sum(1 for owner in state.card_owner if owner > MUMMY), len(game.deal_order)
    )
    outcome = view["outcome"]
    if outcome is not None:
        state.winner = int(outcome["winners"][0])
        state.reason = str(outcome["reason"])
    if state.collected < 0 or not 0 <= state.cur < len(state.pos) or len(view["played"]) != n - 1:
        raise ViewError("the view's figures or seats do not fit the game")
    world = state.resample(seat, rng)
    return world


def _deal(
    state: MummyState, view: Mapping[str, Any], seat: int, symbol: Any, rng: random.Random
) -> None:
    """The cards: played ones and this seat's hand as shown, the others' unseen cards of
    each colour taken from that colour's undealt cards (``resample`` shuffles them)."""
    board = state.board
    for holder, names in view["played"].items():
        for name in names:
            s = symbol(name)
            state.card_owner[s], state.played[s] = int(holder), True
    for name in view["hand"] or []:
        state.card_owner[symbol(name)] = seat
    for holder, counts in view["hand_colours"].items():
        owner = int(holder)
        for colour, count in enumerate(counts):
            have = sum(
                1
                for s in board.colour_symbols(colour)
                if state.card_owner[s.id] == owner and not state.played[s.id]
            )
            if owner == seat:
                if have != count:
                    raise ViewError("the hand does not match its counts per colour")
                continue
            free = [s.id for s in board.colour_symbols(colour) if state.card_owner[s.id] < 0]
            if count - have > len(free):
                raise ViewError("more cards in hands than the game has")
            for s in rng.sample(free, count - have):
                state.card_owner[s] = owner

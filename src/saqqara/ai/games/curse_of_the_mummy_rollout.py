"""Curse of the Mummy's rollout search (``expert``): the heuristics as a fast rollout policy;
the mummy's own search takes its base move, worlds and hunt from the tracker.

Rollouts play both sides straight on the determinized state. An explorer plays the
heuristic, reading the figures' fields (explorers see them all) and only its own cards. The
mummy plays on the public belief sets, never on the drawn fields: in the mummy's own search
(its worlds are :class:`TrackedWorld`) it hunts weighted towards the symbols of the colours
each explorer still holds (the tracker, :mod:`saqqara.ai.games.curse_of_the_mummy_tracking`).
In an explorer's search it is one of two mummies, drawn with the world (:func:`search_world`):
in :data:`WALKER_SHARE` of the worlds (a :class:`WalkerWorld`) it walks to the nearest field
a figure may stand on (:func:`~saqqara.ai.games.curse_of_the_mummy.walk`, the obvious plan
that ``probe:plan`` plays), in the others it hunts on the belief sets uniformly, as the
heuristic mummy does; both read the same possible fields (:func:`belief_weights`). Every
move searched plays the same worlds, so each is judged against both mummies in the same
proportion (issue 31: with the hunter alone the explorer had lost 4 of 20 games against
``probe:plan``; with the tracker's mummy in its rollouts it won 0 of 3 against the
heuristic). The mummy's base move is the tracker's, whose explorers race; a move replaces
the base move only when it is :data:`SWITCH_Z` standard errors better. The dice vary the
rollouts; each is played to the end of the game (a few hundred steps, a few milliseconds).
"""

from __future__ import annotations

import random

from saqqara.ai.games.curse_of_the_mummy import (
    GAME_ID,
    ExplorerHeuristic,
    belief_weights,
    evaluate,
    hunt,
    walk,
)
from saqqara.ai.games.curse_of_the_mummy_tracking import (
    TrackedWorld,
    TrackerBot,
    tracked_world,
    tracker_hunt,
)
from saqqara.ai.rollout import RolloutSpec, register_rollout
from saqqara.core.actions import Action
from saqqara.core.game import State
from saqqara.core.perspective import Perspective
from saqqara.games.curse_of_the_mummy.state import MUMMY, MummyState

SWITCH_Z = 3.0
"""Standard errors a move needs to replace the base move here (the search's default is 1):
the base explorer races (:mod:`saqqara.ai.games.curse_of_the_mummy_race`) where the
rollouts play the cheaper hand-written one, so a move the rollouts favour by a little is
often one the base move's own play would not. At 2 players against ``probe:plan``, 20
games as the explorer: 16 won at 3.0, 14 at 1.0 (the base move alone 18)."""

WALKER_SHARE = 0.25
"""The share of an explorer's worlds whose rollouts play the walking mummy. At 2 players,
the 20 games as the explorer of seeds 1, 3, ..., 39: against ``probe:plan`` 16 won with the
hunter alone, 19 at 0.25, 20 at 0.5; against ``medium`` (whose mummy hunts) 19, 17 and 16."""


class WalkerWorld(MummyState):
    """A world drawn for an explorer's search whose rollouts play the mummy as the walker
    (its clones stay one)."""

    __slots__ = ()


def search_world(perspective: Perspective, rng: random.Random) -> State:
    """The search's determinization: the tracker's for the mummy (:func:`tracked_world`),
    the engine's ``resample`` for an explorer, made a :class:`WalkerWorld` with chance
    :data:`WALKER_SHARE`."""
    world = tracked_world(perspective, rng)
    if perspective.seat != MUMMY and rng.random() < WALKER_SHARE:
        world.__class__ = WalkerWorld
    return world


_EXPLORER = ExplorerHeuristic.__new__(ExplorerHeuristic)
"""The explorer heuristic's scoring (it keeps no state of its own)."""


def rollout_policy(state: State, seat: int, rng: random.Random) -> Action:
    """The tracker's move of ``seat`` in a full state, on what that seat may know."""
    assert isinstance(state, MummyState)
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if seat == MUMMY:
        if isinstance(state, WalkerWorld):
            return walk(state.board, state.mummy, belief_weights(state).keys(), legal)
        if isinstance(state, TrackedWorld):
            return tracker_hunt(state, legal, rng)
        return hunt(state.board, state.mummy, belief_weights(state), legal, rng)
    return _EXPLORER.choose_in(state, seat, legal)


register_rollout(
    GAME_ID,
    RolloutSpec(
        policy=rollout_policy,
        evaluator=evaluate,
        horizon=None,
        rollouts=300,
        base_agent=lambda game: TrackerBot(game, search_world),
        determinize=search_world,
        switch_z=SWITCH_Z,
    ),
)

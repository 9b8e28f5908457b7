"""Curse of the Mummy's rollout search (``expert``): the heuristics as a fast rollout policy;
the mummy's own search takes its base move, worlds and hunt from the tracker.

Rollouts play both sides straight on the determinized state. An explorer plays the
heuristic, reading the figures' fields (explorers see them all) and only its own cards. The
mummy hunts on the public belief sets, never on the drawn fields: in the mummy's own search
(its worlds are :class:`TrackedWorld`) weighted towards the symbols of the colours each
explorer still holds (the tracker, :mod:`saqqara.ai.games.curse_of_the_mummy_tracking`),
in an explorer's search uniformly, as the heuristic mummy does (the explorer's search is
the one measured before the tracker, which won 5 of 5 as the explorer against the heuristic
at 2 players; with the tracker's mummy in its rollouts it won 0 of 3). The mummy's base move
is the tracker's, whose explorers race; a move replaces the base move only when it is
:data:`SWITCH_Z` standard errors better. The dice vary the rollouts; each is played to the
end of the game (a few hundred steps, a few milliseconds).
"""

from __future__ import annotations

import random

from saqqara.ai.games.curse_of_the_mummy import (
    GAME_ID,
    ExplorerHeuristic,
    belief_weights,
    evaluate,
    hunt,
)
from saqqara.ai.games.curse_of_the_mummy_tracking import (
    TrackedWorld,
    tracked_world,
    tracker_hunt,
)
from saqqara.ai.rollout import RolloutSpec, register_rollout
from saqqara.core.actions import Action
from saqqara.core.game import State
from saqqara.games.curse_of_the_mummy.state import MUMMY, MummyState

SWITCH_Z = 3.0
"""Standard errors a move needs to replace the base move here (the search's default is 1):
the base explorer races (:mod:`saqqara.ai.games.curse_of_the_mummy_race`) where the
rollouts play the cheaper hand-written one, so a move the rollouts favour by a little is
often one the base move's own play would not. At 2 players against ``probe:plan``, 20
games as the explorer: 16 won at 3.0, 14 at 1.0 (the base move alone 18)."""

_EXPLORER = ExplorerHeuristic.__new__(ExplorerHeuristic)
"""The explorer heuristic's scoring (it keeps no state of its own)."""


def rollout_policy(state: State, seat: int, rng: random.Random) -> Action:
    """The tracker's move of ``seat`` in a full state, on what that seat may know."""
    assert isinstance(state, MummyState)
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if seat == MUMMY:
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
        base="tracker",
        determinize=tracked_world,
        switch_z=SWITCH_Z,
    ),
)

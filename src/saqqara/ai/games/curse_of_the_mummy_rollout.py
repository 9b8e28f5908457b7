"""Curse of the Mummy's rollout search (``expert``): the heuristics as a fast rollout policy,
the mummy's hunt and worlds from the tracker.

Rollouts play both sides straight on the determinized state: the mummy hunts on the public
belief sets weighted towards the symbols of the colours each explorer still holds (the
tracker, :mod:`saqqara.ai.games.curse_of_the_mummy_tracking`; never on the drawn fields), an
explorer plays the heuristic, reading the figures' fields (explorers see them all) and only
its own cards. The mummy's base move is the tracker's, and its worlds place the figures by
the tracker's weights. The dice vary the rollouts; each is played to the end of the game (a
few hundred steps, a few milliseconds).
"""

from __future__ import annotations

import random

from saqqara.ai.games.curse_of_the_mummy import GAME_ID, ExplorerHeuristic, evaluate
from saqqara.ai.games.curse_of_the_mummy_tracking import tracked_world, tracker_hunt
from saqqara.ai.rollout import RolloutSpec, register_rollout
from saqqara.core.actions import Action
from saqqara.core.game import State
from saqqara.games.curse_of_the_mummy.state import MUMMY, MummyState

_EXPLORER = ExplorerHeuristic.__new__(ExplorerHeuristic)
"""The explorer heuristic's scoring (it keeps no state of its own)."""


def rollout_policy(state: State, seat: int, rng: random.Random) -> Action:
    """The tracker's move of ``seat`` in a full state, on what that seat may know."""
    assert isinstance(state, MummyState)
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if seat == MUMMY:
        return tracker_hunt(state, legal, rng)
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
    ),
)

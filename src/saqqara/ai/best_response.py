"""The best-response probe: a search that knows its opponents' fixed policy and plays
against it, to find tricks nobody thought of (issue 31).

``probe:br:POLICY`` (``POLICY`` any bot name of the game, ``probe:plan`` or ``medium``
for instance; ``probe:best-response`` is ``probe:br:medium``) is the rollout search of
:mod:`saqqara.ai.rollout` with the opponents modelled as ``POLICY``: at each decision it
draws worlds from its own perspective (``resample``: it never sees the true state), plays
each candidate move in each, and lets ``POLICY`` play every seat from there, its own
included, to the end of the game (or for a horizon, where the game's evaluator values the
position). The move with the best mean result wins; ``POLICY``'s own move stays unless
another is clearly better on the same worlds. So it is policy improvement over ``POLICY``
against ``POLICY``: where it beats ``POLICY`` clearly, the moves it picks over
``POLICY``'s are a hole in ``POLICY``. The policy in a rollout is handed a
:class:`~saqqara.core.perspective.Perspective` of the drawn world, so it decides on what
its seat could know there, as at a table.

A budget may follow after ``@``: ``probe:br:medium@64`` plays 64 rollouts a move
(default :data:`ROLLOUTS`); the search has no time cap (it is a probe, not a level).
"""

from __future__ import annotations

import random

from saqqara.ai.ismcts import Budget
from saqqara.ai.registry import evaluator_for, make_bot
from saqqara.ai.rollout import RolloutBot, RolloutPolicy, RolloutSpec
from saqqara.core.actions import Action
from saqqara.core.agent import Agent
from saqqara.core.errors import OptionError
from saqqara.core.game import Game, State
from saqqara.core.perspective import Perspective

DEFAULT_POLICY = "medium"
"""The policy ``probe:best-response`` plays against: the level people meet most."""
ROLLOUTS = 16
"""Rollouts a move unless the name says otherwise."""
HORIZON = 20
"""Decisions a rollout plays after the candidate before the evaluator values it (games
whose evaluator is missing play to the end)."""


def _policy(agent: Agent) -> RolloutPolicy:
    """``agent`` as a rollout policy: asked with a perspective of the drawn world."""

    def play(state: State, seat: int, rng: random.Random) -> Action:
        return agent.choose(Perspective(state, seat), rng)

    return play


def best_response(game: Game, param: str, name: str) -> RolloutBot:
    """The probe called ``name`` (``probe:best-response[@N]``, ``param`` then ``""`` or
    ``@N``; ``probe:br:POLICY[@N]``, ``param`` then ``POLICY[@N]``)."""
    policy, _, budget = param.partition("@")
    policy = policy or DEFAULT_POLICY
    if policy.startswith("probe:br") or policy.startswith("probe:best-response"):
        raise OptionError("a best response to a best response is not offered", code="unknown-bot")
    try:
        rollouts = int(budget) if budget else ROLLOUTS
    except ValueError:
        rollouts = 0
    if not 1 <= rollouts <= 100_000:
        raise OptionError(
            f"{name}: the budget after @ is a number of rollouts, 1 to 100000",
            code="unknown-bot",
        )
    model = make_bot(policy, game)
    evaluator = evaluator_for(game.spec.id)
    spec = RolloutSpec(
        policy=_policy(model),
        evaluator=evaluator,
        horizon=HORIZON if evaluator is not None else None,
        rollouts=rollouts,
        base_agent=lambda _game: model,
    )
    return RolloutBot(game, spec, Budget(rollouts, None), name)

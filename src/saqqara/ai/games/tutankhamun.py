"""The greedy Tutankhamun bot: one move of lookahead on a determinized state, scored by a
heuristic of points banked, majorities in reach, and wildcards kept for later.

It plans on ``perspective.resample`` (Tutankhamun is open information, so that is a copy),
never on the true state. The same greedy choice, with a little noise, is the rollout policy
of the ``expert`` bot (:mod:`saqqara.ai.rollout`), cut off by :func:`win_chance`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from saqqara.ai.registry import register_bot, register_evaluator
from saqqara.ai.rollout import RolloutSpec, register_rollout
from saqqara.core.actions import Action
from saqqara.core.game import Game, State
from saqqara.core.perspective import Perspective
from saqqara.games.tutankhamun import actions as act
from saqqara.games.tutankhamun.data import NUM_TYPES
from saqqara.games.tutankhamun.state import EMPTY, SCORING, TutankhamunState

WIN = 1000.0
LID_VALUE = 1.0
"""What an unplayed canopic lid or pharaoh tile is worth to its holder, in points."""
MASK_VALUE = 2.5
WIN_SCALE = 4.0
"""Points of lead that make a win about 73% likely, for :func:`win_chance`."""
ACCESS_VALUE = 0.12
"""Worth of each tile still ahead of your pawn: tiles behind it are lost to you."""


def first_place_chance(lead: int, remaining: int) -> float:
    """A rough chance of ending first in a type, from the lead over the best rival and the
    tiles of that type still on the path."""
    if lead > remaining:
        return 1.0
    if lead > 0:
        return 0.55 + 0.45 * lead / (remaining + 1)
    if lead == 0:
        return 0.35
    return max(0.0, 0.25 + 0.25 * lead / (remaining + 1))


def estimate(state: TutankhamunState, seat: int) -> float:
    """Points ``seat`` has banked plus what its tiles and wildcards are likely to bring."""
    ed = state.edition
    n = state.n
    banked = ed.start[n] - state.score[seat]
    hold = state.hold
    potential = 0.0
    others = [s * NUM_TYPES for s in range(n) if s != seat]
    on_path = state.on_path
    types = ed.types
    start = seat * NUM_TYPES
    for kind, mine in enumerate(hold[start : start + NUM_TYPES]):
        if not mine:
            continue
        best_other = max([hold[base + kind] for base in others])
        value = types[kind].count
        p_first = first_place_chance(mine - best_other, on_path[kind])
        potential += value * p_first + 0.5 * value * (1.0 - p_first) * 0.4
    items = state.wilds[seat] * LID_VALUE
    if state.mask == seat:
        items += MASK_VALUE
    rest = state.path[state.pawn[seat] + 1 :]
    ahead = len(rest) - rest.count(EMPTY)
    return banked + potential + items + ACCESS_VALUE * ahead


def evaluate(state: TutankhamunState, seat: int) -> float:
    """The heuristic value of ``state`` for ``seat``: its estimate against the best rival's."""
    if state.is_terminal():
        winners = state.outcome().winners
        return WIN / len(winners) if seat in winners else -WIN
    mine = estimate(state, seat)
    rival = max(estimate(state, s) for s in range(state.n) if s != seat)
    return mine - rival


def win_chance(state: State, seat: int) -> float:
    """The search evaluator: :func:`evaluate` squashed into a chance of winning; a scoring
    under way is first settled as if nobody played anything more in it."""
    assert isinstance(state, TutankhamunState)
    if state.phase == SCORING:
        state = state.clone()
        _settle_scoring(state, seat)
    if state.is_terminal():
        return state.returns()[seat]
    return 1.0 / (1.0 + math.exp(-evaluate(state, seat) / WIN_SCALE))


def _settle_scoring(state: TutankhamunState, seat: int) -> None:
    """Finish the scoring under way assuming nobody plays anything more."""
    for _ in range(4 * state.n):
        if state.phase != SCORING:
            return
        (who,) = state.to_act()
        state.apply_unchecked(who, act.PASS)


def seat_values(state: State) -> list[float]:
    """:func:`win_chance` for every seat at once (the estimates worked out once)."""
    assert isinstance(state, TutankhamunState)
    if state.phase == SCORING:
        state = state.clone()
        _settle_scoring(state, 0)  # nobody plays: the seat does not matter
    if state.is_terminal():
        return list(state.returns())
    estimates = [estimate(state, seat) for seat in range(state.n)]
    leader = max(range(state.n), key=estimates.__getitem__)
    best = estimates[leader]
    runner_up = max([e for s, e in enumerate(estimates) if s != leader])
    exp = math.exp
    return [
        1.0 / (1.0 + exp(-(mine - (runner_up if seat == leader else best)) / WIN_SCALE))
        for seat, mine in enumerate(estimates)
    ]


class GreedyTutankhamun:
    """Chooses the action whose immediate result scores best under :func:`evaluate`."""

    name = "greedy"

    def __init__(self, game: Game) -> None:
        self.game = game

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        legal = perspective.legal_actions()
        if len(legal) == 1:
            return legal[0]
        world = perspective.resample(rng)
        assert isinstance(world, TutankhamunState)
        seat = perspective.seat
        return _best(legal, lambda action: evaluate(_after(world, seat, action), seat), rng)


def _after(world: TutankhamunState, seat: int, action: Action) -> TutankhamunState:
    """The position after ``seat`` plays ``action``, a scoring it was in settled."""
    after = world.clone()
    in_scoring = after.phase == SCORING
    after.apply_unchecked(seat, action)
    if in_scoring:
        _settle_scoring(after, seat)
    return after


def _best(legal: list[Action], value_of: Callable[[Action], float], rng: random.Random) -> Action:
    """The legal action of highest value, ties (within 1e-9) broken at random."""
    best: list[Action] = []
    best_value = -math.inf
    for action in legal:
        value = value_of(action)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best)


ROLLOUT_NOISE = 0.5
"""Points of uniform noise added to each move's value in rollouts, so that near-equal moves
are tried in turn."""
ROLLOUT_HORIZON = 6
"""Decisions a rollout plays after the root move before :func:`win_chance` values it."""
EXPERT_ROLLOUTS = 300
"""``expert``'s rollouts per move (about a second on one core; ``benchmarks/search.py``)."""
EXPERT_CANDIDATES = 12
"""Root moves ``expert`` searches at most (:func:`promising`)."""


def rollout_policy(state: State, seat: int, rng: random.Random) -> Action:
    """The greedy choice with :data:`ROLLOUT_NOISE`: open information, so it reads the
    state as any seat would."""
    assert isinstance(state, TutankhamunState)
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    noise = rng.random
    best = legal[0]
    best_value = -math.inf
    for action in legal:
        value = evaluate(_after(state, seat, action), seat) + ROLLOUT_NOISE * noise()
        if value > best_value:
            best, best_value = action, value
    return best


def promising(perspective: Perspective, legal: list[Action]) -> list[Action]:
    """The root moves ``expert`` searches: the :data:`EXPERT_CANDIDATES` best by the greedy
    one-move value (a take far down the path that skips many tiles is rarely worth a
    rollout)."""
    if len(legal) <= EXPERT_CANDIDATES:
        return legal
    world = perspective.resample(random.Random(0))
    assert isinstance(world, TutankhamunState)
    seat = perspective.seat
    ranked = sorted(legal, key=lambda action: -evaluate(_after(world, seat, action), seat))
    return ranked[:EXPERT_CANDIDATES]


register_bot(
    "greedy",
    GreedyTutankhamun,
    game_id="tutankhamun",
    help="one-move lookahead with a majority heuristic",
)
register_evaluator("tutankhamun", win_chance, seat_values)
register_rollout(
    "tutankhamun",
    RolloutSpec(
        rollout_policy,
        win_chance,
        horizon=ROLLOUT_HORIZON,
        rollouts=EXPERT_ROLLOUTS,
        candidates=promising,
    ),
)

"""Rollout search: policy improvement over a game's heuristic, for every game that registers
a :class:`RolloutSpec`.

For each candidate move at the root the bot draws determinizations of the hidden
information from its own perspective (``resample``: it never sees the true state), plays the
move in each, and lets the game's fast rollout policy play every seat from there: to the
end, or for ``horizon`` decisions after which the game's evaluator values the position.
The move with the best mean value is chosen. Common random numbers: world ``i`` and its
rollout seed are the same for every candidate, so the candidates are compared on the same
luck and most of the variance cancels. Successive halving spends the budget where it
matters: each round gives every candidate still in the running the same new worlds, then
keeps the better half. The base move (the game's hand-written heuristic's own choice) is
never dropped, and is left for another move only when that move's mean advantage over
it, measured on the same worlds, exceeds :data:`SWITCH_Z` standard errors (or the game's
own :attr:`RolloutSpec.switch_z`). Such a rollout
algorithm does at least as well as its base policy in expectation (Bertsekas and
Tsitsiklis, 1996; Tesauro and Galperin, 1996).

The budget (:class:`~saqqara.ai.ismcts.Budget`) counts rollouts (the first world is
played for every candidate whatever the budget, so a budget below the number of candidates
is overrun by that one world), or think time:
``expert:400`` runs 400 rollouts per move, ``expert:1s`` thinks a second; plain ``expert``
takes the game's :attr:`RolloutSpec.rollouts` and at most :data:`DEFAULT_SECONDS` of
wall-clock time. Think time counts from the start of the decision (the base move's own
thinking included), and a world is begun only when the slowest world so far, at the
candidates still in the running, would end before it is up; a base move that used it all
is played as it is. :meth:`RolloutBot.cancel` stops a search between two rollouts; the move is
then the best found so far.

A game plugs in with :func:`register_rollout` (see ``saqqara.ai.games``).
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from saqqara.ai.ismcts import Budget
from saqqara.ai.registry import Evaluator, make_bot, register_param_bot
from saqqara.core.actions import Action
from saqqara.core.agent import Agent
from saqqara.core.errors import OptionError
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.perspective import Perspective
from saqqara.core.seeding import mix

RolloutPolicy = Callable[[State, int, random.Random], Action]
"""Picks ``seat``'s move in a full (determinized) state during a rollout. It must decide
only on what that seat could know there (a policy that reads the cards beneath the tops
in a determinized world would make every rollout clairvoyant), and be fast: it runs at
every decision of every rollout. A little randomness (``rng``) keeps rollouts varied."""

CandidateFilter = Callable[[Perspective, list[Action]], list[Action]]
"""Narrows the root's legal moves to those worth searching (a sub-list; the base move
is always searched, and an empty list leaves it alone, played without a search)."""
Determinizer = Callable[[Perspective, random.Random], State]
"""Draws a world to search in from a seat's perspective (built on ``Perspective.resample``,
so it knows no more than the seat: it may only reweight what resample leaves open)."""

MAX_STEPS = 100_000
"""A rollout that runs this many steps is cut and valued by the evaluator (or as lost)."""
SWITCH_Z = 1.0
"""Standard errors of paired advantage a move needs to replace the base move."""
DEFAULT_SECONDS = 1.0
"""Plain ``expert``'s wall-clock cap per move."""


@dataclass(frozen=True, slots=True)
class RolloutSpec:
    """How one game is searched by rollouts."""

    policy: RolloutPolicy
    evaluator: Evaluator | None = None
    """Values a cut-off rollout for a seat (its chance of winning, in [0, 1])."""
    horizon: int | None = None
    """Decisions played after the root move before the evaluator cuts the rollout; ``None``
    plays to the end (then the evaluator is not needed)."""
    rollouts: int = 400
    """Plain ``expert``'s rollouts per move: about a second on one core."""
    candidates: CandidateFilter | None = None
    """Which root moves to search (default: every legal move)."""
    base: str | None = None
    """The bot whose choice is the base move (default: the game's heuristic)."""
    base_agent: Callable[[Game], Agent] | None = None
    """Makes the base move's bot instead of :attr:`base` (for a base that is no bot of
    the registry, such as the rollout policy itself played from a determinization)."""
    determinize: Determinizer | None = None
    """How the worlds are drawn (default: ``Perspective.resample``; a base move's bot with
    a ``determinize`` method of its own draws them instead, see :func:`world_drawer`)."""
    switch_z: float | None = None
    """Standard errors of paired advantage a move needs to replace the base move in this
    game (default: :data:`SWITCH_Z`): higher where the base move is stronger than the
    rollout policy that judges the other moves."""


_SPECS: dict[str, RolloutSpec] = {}


def register_rollout(game_id: str, spec: RolloutSpec) -> None:
    """Let ``expert`` play ``game_id`` by rollouts as ``spec`` says."""
    if spec.horizon is not None and spec.evaluator is None:
        raise ValueError("a rollout horizon needs an evaluator to value the cut-off")
    _SPECS[game_id] = spec
    register_param_bot(
        "expert",
        make_expert,
        game_id,
        help="rollout search over the game's heuristic; expert:N for N rollouts per move, "
        "expert:1s to think that long",
    )


def rollout_spec_for(game_id: str) -> RolloutSpec | None:
    import saqqara.ai.bots  # noqa: F401  (registers the bundled games' specs)

    return _SPECS.get(game_id)


@dataclass(slots=True)
class SearchReport:
    """What the last search did (for tests, benchmarks and the curious)."""

    rollouts: int = 0
    worlds: int = 0
    base: Action | None = None
    chosen: Action | None = None
    means: dict[Action, float] | None = None
    """Each candidate's mean value over the worlds it was played in."""


class RolloutBot:
    """Policy improvement by rollouts (see the module doc)."""

    fastest = 2_000.0
    """Rollouts a second no machine is expected to pass: four times the fastest game's
    rate at ``hard``'s budget (Tutankhamun, 440 rollouts in about a second). A server
    refuses a budget that could not end within its move limit even so."""

    def __init__(self, game: Game, spec: RolloutSpec, budget: Budget, name: str) -> None:
        self.game = game
        self.spec = spec
        self.budget = budget
        self.name = name
        self.stop = threading.Event()
        self.report = SearchReport()
        self._base: Agent | None = None

    def cancel(self) -> None:
        """Stop the search under way (from another thread); it answers at once."""
        self.stop.set()

    def base_agent(self) -> Agent:
        if self._base is None and self.spec.base_agent is not None:
            self._base = self.spec.base_agent(self.game)
        if self._base is None:
            from saqqara.ai.levels import heuristic_name

            self._base = make_bot(self.spec.base or heuristic_name(self.game), self.game)
        return self._base

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        legal = perspective.legal_actions()
        try:
            if len(legal) == 1:
                self.report = SearchReport(base=legal[0], chosen=legal[0])
                return legal[0]
            return self.search(perspective, legal, rng)
        finally:
            self.stop.clear()

    def search(self, perspective: Perspective, legal: list[Action], rng: random.Random) -> Action:
        """Successive halving over the candidates, on common worlds and rollout seeds."""
        started = time.perf_counter()
        base_agent = self.base_agent()
        base = base_agent.choose(perspective, rng)
        candidates = self.spec.candidates(perspective, legal) if self.spec.candidates else legal
        candidates = list(dict.fromkeys(candidates))
        if base not in candidates:
            candidates.insert(0, base)
        report = self.report = SearchReport(base=base)
        if len(candidates) == 1:
            report.chosen = base
            return base
        seat = perspective.seat
        seed = rng.getrandbits(64)
        values: dict[Action, list[float]] = {c: [] for c in candidates}
        alive = list(candidates)
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        iterations, seconds = self.budget.iterations, self.budget.seconds
        deadline = math.inf if seconds is None else started + seconds
        total = iterations if iterations is not None else math.inf
        stop = self.stop
        world_index = 0
        slowest = 0.0  # the longest a candidate's rollouts in one world have taken
        if time.perf_counter() >= deadline:  # the base move took the think time
            report.chosen = base
            return base
        determinize = world_drawer(self.spec, base_agent)
        for round_number in range(rounds):
            quota = total * (round_number + 1) / rounds
            round_end = started + (deadline - started) * (round_number + 1) / rounds
            while not stop.is_set():
                out_of_rollouts = report.rollouts + len(alive) > quota and world_index > 0
                now = time.perf_counter()
                late = now >= round_end or now + slowest * len(alive) > deadline
                if out_of_rollouts or (world_index and late):
                    break
                world_seed = mix(seed, world_index)
                world = determinize(perspective, random.Random(world_seed))
                for action in alive:
                    value = self.rollout(world.clone(), seat, action, random.Random(world_seed))
                    values[action].append(value)
                slowest = max(slowest, (time.perf_counter() - now) / len(alive))
                report.rollouts += len(alive)
                world_index += 1
            if stop.is_set() or round_number == rounds - 1 or len(alive) <= 2:
                continue
            alive.sort(key=lambda c: -_mean(values[c]))
            keep = alive[: math.ceil(len(alive) / 2)]
            if base not in keep:
                keep.append(base)
            alive = keep
        report.worlds = world_index
        report.means = {c: _mean(v) for c, v in values.items() if v}
        chosen = max(alive, key=lambda c: _mean(values[c]))
        if chosen != base and not _clearly_better(
            values[chosen], values[base], switch_z(self.spec)
        ):
            chosen = base
        report.chosen = chosen
        return chosen

    def rollout(self, world: State, seat: int, action: Action, rng: random.Random) -> float:
        """``seat`` plays ``action`` in ``world``; the policy plays on; ``seat``'s value."""
        world.apply_unchecked(seat, action)
        policy = self.spec.policy
        evaluator = self.spec.evaluator
        left = self.spec.horizon if self.spec.horizon is not None else MAX_STEPS
        for _ in range(MAX_STEPS):
            acting = world.to_act()
            if not acting:
                return world.returns()[seat]
            mover = acting[0]
            if mover == CHANCE:
                world.apply_unchecked(CHANCE, world.sample_chance(rng))
                continue
            if left <= 0:
                break
            left -= 1
            world.apply_unchecked(mover, policy(world, mover, rng))
        return evaluator(world, seat) if evaluator is not None else 0.0


def _resample(perspective: Perspective, rng: random.Random) -> State:
    return perspective.resample(rng)


def world_drawer(spec: RolloutSpec, base: Agent) -> Determinizer:
    """How a search draws its worlds: with the base move's bot's own ``determinize`` where
    it has one (having just read the position to choose its move, it may know more of it
    than a uniform draw: Curse of the Mummy's tracker filters the public record), else
    with the spec's :attr:`~RolloutSpec.determinize`, else ``resample``."""
    own = getattr(base, "determinize", None)
    if callable(own):
        return own  # type: ignore[no-any-return]
    return spec.determinize or _resample


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else -math.inf


def switch_z(spec: RolloutSpec) -> float:
    """The standard errors a move needs to replace the base move in ``spec``'s game."""
    return SWITCH_Z if spec.switch_z is None else spec.switch_z


def _clearly_better(challenger: Sequence[float], base: Sequence[float], z: float) -> bool:
    """Whether ``challenger`` beats ``base`` by more than ``z`` standard errors of the
    paired differences on the worlds both were played in."""
    n = min(len(challenger), len(base))
    if n < 2:
        return False
    diffs = [c - b for c, b in zip(challenger[:n], base[:n], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > z * math.sqrt(var / n)


def make_expert(game: Game, param: str) -> RolloutBot:
    """``expert`` (the game's default rollouts, capped at a second), ``expert:N`` (N
    rollouts per move) or ``expert:1s`` / ``expert:500ms`` (think time)."""
    spec = rollout_spec_for(game.spec.id)
    if spec is None:
        raise OptionError(
            f"{game.spec.id} has no rollout policy for the expert bot", code="unknown-bot"
        )
    if not param:
        return RolloutBot(game, spec, Budget(spec.rollouts, DEFAULT_SECONDS), "expert")
    budget = Budget.parse(param)
    return RolloutBot(game, spec, budget, f"expert:{budget.label}")

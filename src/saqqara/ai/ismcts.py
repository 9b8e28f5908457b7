"""Our IS-MCTS bot for every game: single-observer information-set Monte Carlo tree search.

Each iteration draws a determinization from the bot's own perspective (``resample``),
walks the tree choosing among the actions available in that world by UCB1 with
availability counts (Cowling, Powley and Whitehouse, 2012), adds one node, and values the
new position — with the game's registered evaluator where it has one (once per seat on the
path, or once for all seats where the game registers its values for every seat), by random
play to the end otherwise — crediting every node with the value for the seat that acted
there. Chance is sampled. Tree children are keyed by integer action id.

A budget is iterations or think time: ``ismcts:2000`` runs 2000 iterations per move,
``ismcts:1s`` / ``ismcts:500ms`` / ``ismcts:1.5s`` think that long (default 400
iterations). :meth:`ISMCTSBot.cancel` stops a search between two iterations; the move is
then the best found so far.
"""

from __future__ import annotations

import math
import random
import threading
import time
from dataclasses import dataclass
from typing import cast

from saqqara.ai.registry import (
    Evaluator,
    SeatValues,
    evaluator_for,
    register_param_bot,
    seat_values_for,
)
from saqqara.core.action_ids import ActionIds
from saqqara.core.actions import Action
from saqqara.core.errors import OptionError
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.perspective import Perspective

DEFAULT_ITERATIONS = 400
EXPLORATION = 0.7
MAX_ROLLOUT = 10_000
PRIOR_WORLDS = 4
"""Determinizations that value the root's moves before the search (0: no root prior)."""
PRIOR_VISITS = 10
"""Virtual visits each root move starts with, at its prior value."""
WIDE = 16
"""Legal lists at least this long keep the bookkeeping of their expansions between
iterations (see ``Node.growing``); shorter ones are looked up afresh, which costs less."""
_LOGS = [0.0, *(math.log(n) for n in range(1, 1 << 14))]
"""``math.log(n)`` looked up for the availability counts of UCB1; lengthened before a
search could need more (see :func:`_log_table_for`)."""


def _logged_iterations(prior_visits: int, iterations: int) -> int:
    """Lengthen :data:`_LOGS` for ``iterations`` iterations of one search and answer how
    many it covers: an iteration adds at most one to a child's availability, which starts
    at ``prior_visits`` at most."""
    need = iterations + prior_visits + 2
    if need > len(_LOGS):
        _LOGS.extend(math.log(n) for n in range(len(_LOGS), need))
    return len(_LOGS) - prior_visits - 2


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a search runs: a number of iterations, or seconds of think time, or both
    (whichever ends first)."""

    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = None

    @classmethod
    def parse(cls, text: str) -> Budget:
        """``""`` (the default), ``2000`` (iterations), ``1s``, ``1.5s`` or ``500ms``."""
        if not text:
            return cls()
        number, unit = text, ""
        for suffix in ("ms", "s"):
            if text.endswith(suffix):
                number, unit = text[: -len(suffix)], suffix
                break
        try:
            value = float(number) if unit else float(int(number))
        except ValueError:
            value = -1.0
        if value <= 0 or not math.isfinite(value):
            raise OptionError(
                f"a search budget is iterations (2000) or a think time (1s, 500ms), not {text!r}"
            )
        if unit == "ms":
            return cls(None, value / 1000)
        if unit == "s":
            return cls(None, value)
        return cls(int(value), None)

    @property
    def label(self) -> str:
        if self.seconds is None:
            return str(self.iterations)
        time = f"{self.seconds * 1000:g}ms" if self.seconds < 1 else f"{self.seconds:g}s"
        return time if self.iterations is None else f"{self.iterations}/{time}"


class Node:
    """Statistics of one action sequence from the root, shared by every world it occurs in."""

    __slots__ = (
        "availability",
        "children",
        "growing",
        "growing_kids",
        "kids",
        "legal",
        "reward",
        "seat",
        "tried",
        "untried",
        "visits",
    )

    growing_kids: list[Node | None]
    """The children of ``growing``'s actions (None: untried), in its order ..."""
    untried: list[int]
    """... the indexes of its untried actions, in order ..."""
    tried: list[Node]
    """... and its tried children, the last one added last (set with ``growing``)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.availability = 0
        self.reward = 0.0
        self.legal: list[Action] | None = None
        """The legal list of the last world that found every action here tried ..."""
        self.kids: list[Node] = []
        """... and the children of its actions, in its order (reused while the worlds
        offer the same list: it saves a look-up per action)."""
        self.growing: list[Action] | None = None
        """The legal list of the last expansion here if it was a wide one (see ``WIDE``);
        any other expansion here forgets it (only expansions add children, so what is kept
        of it stays true until then)."""


class ISMCTSBot:
    """SO-ISMCTS with random rollouts; deterministic for a given generator and an
    iteration budget."""

    fastest = 80_000.0
    """Iterations a second no machine is expected to pass: four times the fastest game's
    measured rate (Valley of the Kings, about 20,000 on one core; ``benchmarks/goals.py``).
    A server refuses a budget that could not end within its move limit even so."""

    def __init__(self, game: Game, iterations: int = DEFAULT_ITERATIONS) -> None:
        self.game = game
        self.budget = Budget(iterations, None)
        self.evaluator: Evaluator | None = evaluator_for(game.spec.id)
        self.seat_values: SeatValues | None = (
            seat_values_for(game.spec.id) if self.evaluator is not None else None
        )
        self.action_ids = ActionIds(game)
        self.open = not game.spec.hidden_information
        """The game hides nothing: a determinization is the position itself."""
        self.stop = threading.Event()
        self.iterations_done = 0
        """Iterations of the last search (for time budgets and benchmarks)."""
        self.prior_worlds = PRIOR_WORLDS
        self.prior_visits = PRIOR_VISITS
        self.name = self._name()

    @classmethod
    def with_budget(cls, game: Game, budget: Budget) -> ISMCTSBot:
        bot = cls(game)
        bot.budget = budget
        bot.name = bot._name()
        return bot

    @property
    def iterations(self) -> int | None:
        return self.budget.iterations

    def _name(self) -> str:
        return "ismcts" if self.budget == Budget() else f"ismcts:{self.budget.label}"

    def cancel(self) -> None:
        """Stop the search under way (from another thread); it answers at once."""
        self.stop.set()

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        legal = perspective.legal_actions()
        try:
            if len(legal) == 1:
                return legal[0]
            root = self.search(perspective, rng)
            key = self.action_ids
            children = root.children

            def visits(action: Action) -> int:
                child = children.get(key(action))
                return child.visits if child is not None else -1

            return max(legal, key=visits)
        finally:
            self.stop.clear()

    def search(self, perspective: Perspective, rng: random.Random) -> Node:
        """Run the budget's iterations (or think time) from ``perspective``; the root."""
        root = Node(perspective.seat)
        stop = self.stop
        done = 0
        if self.prior_worlds and self.evaluator is not None:
            self._seed_root(root, perspective, rng)
        iterations, seconds = self.budget.iterations, self.budget.seconds
        if iterations is not None:
            limit: float = iterations
        else:
            limit = math.inf if seconds is not None else 0
        logged = _logged_iterations(self.prior_visits, min(iterations or 0, 1 << 16))
        deadline = math.inf if seconds is None else time.perf_counter() + seconds
        while not stop.is_set() and done < limit:
            if seconds is not None and done and time.perf_counter() >= deadline:
                break
            if done >= logged:
                logged = _logged_iterations(self.prior_visits, 2 * done + 1)
            self._iterate(root, perspective.resample(rng), rng)
            done += 1
        self.iterations_done = done
        return root

    def _seed_root(self, root: Node, perspective: Perspective, rng: random.Random) -> None:
        """Progressive bias at the root: each first move starts with ``prior_visits``
        virtual visits worth the evaluator's mean over ``prior_worlds`` determinizations of
        the position right after it (chance that follows it sampled)."""
        assert self.evaluator is not None
        evaluate = self.evaluator
        seat = perspective.seat
        key = self.action_ids
        totals: dict[int, list[float]] = {}
        for done in range(1, self.prior_worlds + 1):
            world = perspective.resample(rng)
            drawn = False
            for action in world.legal_actions(seat):
                after = world.clone()
                after.apply_unchecked(seat, action)
                while (acting := after.to_act()) == (CHANCE,):
                    drawn = True
                    after.apply_unchecked(CHANCE, after.sample_chance(rng))
                value = after.returns()[seat] if not acting else evaluate(after, seat)
                totals.setdefault(key(action), []).append(value)
            if self.open and not drawn:
                # A game that hides nothing resamples the position itself, without a draw:
                # with no chance after any move, every other world values the moves alike.
                for values in totals.values():
                    values += values[-1:] * (self.prior_worlds - done)
                break
        weight = self.prior_visits
        for aid, values in totals.items():
            child = Node(seat)
            child.visits = child.availability = weight
            child.reward = weight * sum(values) / len(values)
            root.children[aid] = child

    def _expand_wide(self, node: Node, seat: int, legal: list[Action], rng: random.Random) -> int:
        """The expansion step of :meth:`_iterate` for a wide legal list (``WIDE``) that is
        not ``node``'s last fully tried one: expand an untried action as :meth:`_iterate`
        would (the same draws) and answer its index, or, with every action tried, make the
        list ``node``'s and answer -1. The list of the last wide expansion here is kept with
        its children and untried actions, so that worlds offering it again skip the look-up
        of every action."""
        if legal is node.growing or legal == node.growing:
            kids: list[Node | None] | None = node.growing_kids
            untried = node.untried
            tried = node.tried
        else:
            children = node.children
            if children:
                get = children.get
                try:
                    table = self.action_ids.table
                    kids = [get(table[id(a)]) for a in legal]
                except KeyError:
                    kids = [get(aid) for aid in self.action_ids.of(legal)]
                untried = [i for i, kid in enumerate(kids) if kid is None]
                tried = [kid for kid in kids if kid is not None] if untried else []
            else:
                kids = None
        if kids is not None and not untried:
            node.legal = legal
            node.kids = cast(list[Node], kids)  # no None left
            return -1
        # Expansion: an untried action at random (at a node seen for the first time, every
        # action is untried), the tried ones made available once more.
        child = Node(seat)
        child.availability = 1
        if kids is None:
            index = rng.randrange(len(legal))
            kids = [None] * len(legal)
            untried = list(range(len(legal)))
            del untried[index]
            tried = [child]
        else:
            pick = rng.randrange(len(untried))
            index = untried[pick]
            del untried[pick]
            for kid in tried:
                kid.availability += 1
            tried.append(child)
        kids[index] = child
        node.growing, node.growing_kids, node.untried, node.tried = legal, kids, untried, tried
        node.children[self.action_ids(legal[index])] = child
        return index

    def _iterate(self, root: Node, world: State, rng: random.Random) -> None:
        path: list[Node] = []
        node = root
        key = self.action_ids
        table = key.table
        logs = _LOGS
        sqrt = math.sqrt
        exploration = EXPLORATION
        # In a game that hides nothing, every iteration's world is the true position, so
        # until chance is met each node is always the same position: its legal list, once
        # known, is not built again.
        fixed = self.open
        # Selection and expansion.
        while True:
            acting = world.to_act()
            if not acting:
                break
            seat = acting[0]
            if seat == CHANCE:
                world.play_chance(rng)
                fixed = False
                continue
            known = (node.legal or node.growing) if fixed else None
            legal = known if known is not None else world.legal_actions(seat)
            if legal is not node.legal and legal != node.legal:
                if len(legal) >= WIDE:
                    index = self._expand_wide(node, seat, legal, rng)
                    if index >= 0:
                        world.apply_unchecked(seat, legal[index])
                        path.append(node.tried[-1])
                        break
                else:
                    children = node.children
                    if children:
                        get = children.get
                        try:
                            kids: list[Node | None] | None = [get(table[id(a)]) for a in legal]
                        except KeyError:
                            kids = [get(aid) for aid in key.of(legal)]
                    else:
                        kids = None
                    if kids is None or None in kids:
                        # Expansion: an untried action at random (at a node seen for the first
                        # time, every action is untried), the tried ones made available once more.
                        if kids is None:
                            index = rng.randrange(len(legal))
                        else:
                            untried = [i for i, kid in enumerate(kids) if kid is None]
                            index = untried[rng.randrange(len(untried))]
                            for kid in kids:
                                if kid is not None:
                                    kid.availability += 1
                        child = Node(seat)
                        child.availability = 1
                        children[key(legal[index])] = child
                        node.growing = None
                        world.apply_unchecked(seat, legal[index])
                        path.append(child)
                        break
                    node.legal = legal
                    node.kids = cast(list[Node], kids)  # no None left
            # UCB1 with availability counts: one more for each child; the best is played.
            best_value = -math.inf
            kids_now = node.kids
            chosen = kids_now[0]
            for child in kids_now:
                child.availability = available = child.availability + 1
                visits = child.visits
                ucb = child.reward / visits + exploration * sqrt(logs[available] / visits)
                if ucb > best_value:
                    chosen, best_value = child, ucb
            node = chosen
            world.apply_unchecked(seat, legal[kids_now.index(chosen)])
            path.append(node)
        # Evaluation: the game's heuristic (once per seat), or random play to the end.
        if self.seat_values is not None and not world.is_terminal():
            every = self.seat_values(world)
            for visited in path:
                visited.visits += 1
                visited.reward += every[visited.seat]
            return
        if self.evaluator is not None and not world.is_terminal():
            evaluate = self.evaluator
            values: dict[int, float] = {}
            for visited in path:
                value = values.get(visited.seat)
                if value is None:
                    value = values[visited.seat] = evaluate(world, visited.seat)
                visited.visits += 1
                visited.reward += value
            return
        for _ in range(MAX_ROLLOUT):
            acting = world.to_act()
            if not acting:
                break
            seat = acting[0]
            if seat == CHANCE:
                world.apply_unchecked(CHANCE, world.sample_chance(rng))
            else:
                world.apply_unchecked(seat, rng.choice(world.legal_actions(seat)))
        returns = world.returns()
        # Backpropagation: each node is credited with its mover's return.
        for visited in path:
            visited.visits += 1
            visited.reward += returns[visited.seat]


def _factory(game: Game, param: str) -> ISMCTSBot:
    return ISMCTSBot.with_budget(game, Budget.parse(param))


register_param_bot(
    "ismcts",
    _factory,
    help="our information-set MCTS; ismcts:N for N iterations per move, ismcts:1s or "
    "ismcts:500ms to think that long",
)

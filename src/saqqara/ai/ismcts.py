"""Our IS-MCTS bot for every game: single-observer information-set Monte Carlo tree search.

Each iteration draws a determinization from the bot's own perspective (``resample``),
walks the tree choosing among the actions available in that world by UCB1 with
availability counts (Cowling, Powley and Whitehouse, 2012), adds one node, and values the
new position — with the game's registered evaluator where it has one, by random play to the
end otherwise — crediting every node with the value for the seat that acted there. Chance
is sampled. ``ismcts:N`` runs N iterations per move (default 400).
"""

from __future__ import annotations

import math
import random

from saqqara.ai.registry import Evaluator, evaluator_for, register_param_bot
from saqqara.core.actions import Action
from saqqara.core.errors import OptionError
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.perspective import Perspective

DEFAULT_ITERATIONS = 400
EXPLORATION = 0.7
MAX_ROLLOUT = 10_000


class Node:
    """Statistics of one action sequence from the root, shared by every world it occurs in."""

    __slots__ = ("availability", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.availability = 0
        self.reward = 0.0


class ISMCTSBot:
    """SO-ISMCTS with random rollouts; deterministic for a given generator."""

    def __init__(self, game: Game, iterations: int = DEFAULT_ITERATIONS) -> None:
        self.game = game
        self.iterations = iterations
        self.evaluator: Evaluator | None = evaluator_for(game.spec.id)
        self.name = f"ismcts:{iterations}" if iterations != DEFAULT_ITERATIONS else "ismcts"

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        legal = perspective.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = Node(perspective.seat)
        for _ in range(self.iterations):
            self._iterate(root, perspective.resample(rng), rng)
        best = max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)
        return best

    def _iterate(self, root: Node, world: State, rng: random.Random) -> None:
        path: list[Node] = []
        node = root
        # Selection and expansion.
        while True:
            acting = world.to_act()
            if not acting:
                break
            if acting == (CHANCE,):
                world.apply_unchecked(CHANCE, world.sample_chance(rng))
                continue
            seat = acting[0]
            legal = world.legal_actions(seat)
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.availability += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = rng.choice(untried)
                child = Node(seat)
                child.availability = 1
                node.children[action] = child
                world.apply_unchecked(seat, action)
                path.append(child)
                break
            action = self._select(node, legal)
            node = node.children[action]
            world.apply_unchecked(seat, action)
            path.append(node)
        # Evaluation: the game's heuristic, or random play to the end.
        if self.evaluator is not None and not world.is_terminal():
            evaluate = self.evaluator
            for visited in path:
                visited.visits += 1
                visited.reward += evaluate(world, visited.seat)
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

    @staticmethod
    def _select(node: Node, legal: list[Action]) -> Action:
        best_action = legal[0]
        best_value = -math.inf
        for action in legal:
            child = node.children[action]
            value = child.reward / child.visits + EXPLORATION * math.sqrt(
                math.log(child.availability) / child.visits
            )
            if value > best_value:
                best_action, best_value = action, value
        return best_action


def _factory(game: Game, param: str) -> ISMCTSBot:
    if not param:
        return ISMCTSBot(game)
    if not param.isdigit() or int(param) < 1:
        raise OptionError(f"ismcts:N needs a positive number of iterations, not {param!r}")
    return ISMCTSBot(game, int(param))


register_param_bot(
    "ismcts",
    _factory,
    help="our information-set MCTS with random rollouts; ismcts:N for N iterations per move",
)

"""Bots for Tutankhamun's Revenge, which read only the seat's view.

``heuristic`` is risk-aware: for every stack it may dig, it works out what the card under
the top could be (from the layers it laid itself and the secret turns still possible, or
else from the cards of that layer not yet uncovered) and digs on while the expected value
of the next lift is positive: expected treasure, minus the chance of a danger times the
gain at stake plus the penalty. ``cautious`` (one find, then stop) and ``reckless`` (dig
until a danger strikes) are the two extremes the push-your-luck check compares it with.
``benchmarks/revenge_push_your_luck.py`` prints that check's figures.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from saqqara.ai.registry import register_bot, register_evaluator
from saqqara.core.actions import Action
from saqqara.core.game import Game, State
from saqqara.core.perspective import Perspective
from saqqara.games.tutankhamuns_revenge import actions as act
from saqqara.games.tutankhamuns_revenge.data import CELLS, deck
from saqqara.games.tutankhamuns_revenge.shapes import rotate
from saqqara.games.tutankhamuns_revenge.state import RevengeState

GAME_ID = "tutankhamuns-revenge"
_VALUE = {c.slug: c.value for c in deck().cards}
OUT_PENALTY = 60.0
"""What going out of the game costs in the bot's sums, in silver."""
SCARAB_EDGE = 1.5
"""Expected gain of the first lift at which a scarab is worth playing."""
BLOCK_EDGE = 1.0
"""Expected gain of a stack's next card at which the blockade is worth laying on it."""


@dataclass(frozen=True, slots=True)
class Odds:
    """What the next lift from one stack may uncover."""

    stack: int
    treasure: float
    """Expected value of the treasures (dangers and neutral cards count 0)."""
    danger: float
    """Chance of a danger."""
    penalty: float
    """Expected penalty given a danger (positive)."""
    worst: int
    """The largest penalty possible (positive; 0 if none)."""

    def expected(self, at_stake: int, multiplier: int, money: int) -> float:
        """Expected change of this turn's result from lifting, in silver."""
        loss = self.danger * (at_stake + multiplier * self.penalty)
        if self.worst * multiplier > money:
            loss += self.danger * OUT_PENALTY
        return multiplier * self.treasure - loss


def _beneath(view: dict[str, Any], seat: int, stack: int) -> Counter[str]:
    """The possible cards under the top of ``stack``, with their weights."""
    layer = view["depth"][stack] - 2
    mine = view["my_layers"].get(str(layer + 1))
    turns = view["possible_turns"] or []
    if mine is not None and turns:
        return Counter(mine[rotate(stack, (4 - t) % 4)] for t in turns)
    return Counter(view["hidden_left"][layer])


def odds(view: dict[str, Any], seat: int, stack: int) -> Odds:
    """The :class:`Odds` of lifting from ``stack`` (no card beneath: nothing at all)."""
    if view["depth"][stack] < 2:
        return Odds(stack, 0.0, 0.0, 0.0, 0)
    cards = _beneath(view, seat, stack)
    total = sum(cards.values())
    treasure = sum(c * max(_VALUE[s], 0) for s, c in cards.items()) / total
    dangers = {s: c for s, c in cards.items() if _VALUE[s] < 0}
    weight = sum(dangers.values())
    penalty = -sum(c * _VALUE[s] for s, c in dangers.items()) / weight if weight else 0.0
    worst = max((-_VALUE[s] for s in dangers), default=0)
    return Odds(stack, treasure, weight / total, penalty, worst)


def _diggable(view: dict[str, Any], seat: int) -> list[int]:
    blocks = [at for s, at in enumerate(view["blocks"]) if s != seat]
    return [s for s in range(CELLS) if view["depth"][s] and s not in blocks]


class HeuristicBot:
    """Digs while the expected value of the next lift is positive (see the module doc)."""

    name = "heuristic"

    def __init__(self, game: Game) -> None:
        self.game = game

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        legal = perspective.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if act.RANDOM in legal:
            return act.RANDOM
        view = perspective.view()
        seat = perspective.seat
        if act.NO_BLOCK in legal:
            return self._block(view, seat, legal)
        turn = view["turn"]
        money = view["money"][seat]
        multiplier = 2 if turn["scarab"] else 1
        choices = [odds(view, seat, s) for s in _diggable(view, seat)]
        best = max(
            choices,
            key=lambda o: (o.expected(turn["at_stake"], multiplier, money), -o.stack),
            default=None,
        )
        if best is None:
            return act.STOP
        value = best.expected(turn["at_stake"], multiplier, money)
        if act.SCARAB in legal and best.danger == 0 and best.treasure >= SCARAB_EDGE:
            return act.SCARAB
        if value > 0 or act.STOP not in legal:
            return act.LIFT[best.stack]
        return act.STOP

    def _block(self, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        money = view["money"][seat]
        best: Action = act.NO_BLOCK
        best_value = BLOCK_EDGE
        for action in legal:
            if isinstance(action, act.Block):
                value = odds(view, seat, action.stack).expected(0, 1, money)
                if value > best_value:
                    best, best_value = action, value
        return best


class CautiousBot(HeuristicBot):
    """Stops as soon as the turn has gained anything (a baseline of the balance check)."""

    name = "cautious"

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        view = perspective.view()
        if view["phase"] == "digging" and view["turn"]["gain"] > 0:
            return act.STOP
        return super().choose(perspective, rng)


class RecklessBot(HeuristicBot):
    """Digs on until a danger ends the turn (a baseline of the balance check)."""

    name = "reckless"

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        view = perspective.view()
        if view["phase"] == "digging" and view["turn"]["lifts"]:
            seat = perspective.seat
            deep = [o for s in _diggable(view, seat) if (o := odds(view, seat, s)).treasure > 0]
            if deep:
                return act.LIFT[max(deep, key=lambda o: (o.treasure, -o.stack)).stack]
        return super().choose(perspective, rng)


WIN_SCALE = 6.0
"""Silver of lead that makes a win about 73% likely, for :func:`win_chance`."""


SCARAB_WORTH = 1.5
"""What an unplayed scarab card is worth to its holder, in silver."""
KEEP_SHARE = 1.0
"""The share of a turn's unbanked gain that the evaluator counts as already won. Search
leaves fall at decisions (chance is drawn on the way), and the digging seat may always
stop there and bank it all, so the whole gain counts; the risk of lifting on is seen by
the search itself, which draws the card the lift uncovers."""


def _worth(state: RevengeState, seat: int) -> float:
    """Money, plus most of the turn's gain at stake, plus the scarabs still in hand."""
    worth = state.money[seat] + SCARAB_WORTH * state.scarabs[seat]
    if seat == state.active:
        worth += KEEP_SHARE * state.gain * state.multiplier()
    return worth


def win_chance(state: State, seat: int) -> float:
    """Search evaluator: the money lead over the best rival, squashed into [0, 1]."""
    assert isinstance(state, RevengeState)
    if state.is_terminal():
        return state.returns()[seat]
    if seat in state.eliminated:
        return 0.0
    worth = [_worth(state, s) for s in range(state.n)]
    rivals = [worth[s] for s in range(state.n) if s != seat and s not in state.eliminated]
    lead = worth[seat] - max(rivals, default=0.0)
    return 1.0 / (1.0 + math.exp(-lead / WIN_SCALE))


register_bot("heuristic", HeuristicBot, GAME_ID, help="risk-aware: digs while a lift pays")
register_bot("greedy", HeuristicBot, GAME_ID, help="risk-aware: digs while a lift pays")
register_bot("cautious", CautiousBot, GAME_ID, help="stops after the first find (baseline)")
register_bot("reckless", RecklessBot, GAME_ID, help="digs until a danger strikes (baseline)")
register_evaluator(GAME_ID, win_chance)

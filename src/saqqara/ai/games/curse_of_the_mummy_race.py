"""Curse of the Mummy's racing explorer: ``medium``'s explorer.

The hand-written explorer (:class:`~saqqara.ai.games.curse_of_the_mummy.ExplorerHeuristic`)
steps to the field nearest, in maze steps, to its nearest symbol and keeps well away from
the mummy. At three players it lost the race to an explorer that just rushes to its cards
(``probe:plan``) in half its games: maze steps are not turns (a die shows 1 to 4, a walk
may go back and forth, so only a field at the right parity and distance can be hit exactly,
and the arrow slides far), the nearest symbol first is not the shortest tour, and the
mummy's threat weighed more than the race. This explorer measures everything in turns:

- :func:`turns_to`: per target field, the expected number of turns to stand on it from
  every field, rolling five dice and taking the best die each turn (value iteration on
  the empty maze: no mummy, no other figure);
- :func:`tour`: the fewest expected turns to visit all the symbols still to lay, in the
  best order;
- with two figures (2 players: one hand of ten cards, both figures move every round),
  :func:`plans` and :func:`pair_tour`: the symbols shared between the figures so that the
  longer of the two tours is shortest (every share tried at the start of a move, the best
  :data:`PLANS` kept, a move measured against each);
- a move ends where the tour left is shortest, plus the risk of a catch there (the chance
  that the mummy's die and the mummy faces out reach the field, times what a catch costs:
  the tour from the dungeon instead, and more as the ankhs run out), a risk that fades as
  the round limit nears (:data:`PATIENCE`);
- a reroll when another roll of the dice left is expected to leave a shorter tour by more
  than :data:`REROLL_COST`; the mummy faces out resolved as the hand-written explorer does.

Only the perspective is read (an explorer sees every figure, and its own hand).
"""

from __future__ import annotations

import dataclasses
import math
import random
from functools import cache

from saqqara.ai.games.curse_of_the_mummy import (
    GAME_ID,
    HAND,
    ExplorerHeuristic,
    Heuristic,
    distances,
)
from saqqara.ai.games.curse_of_the_mummy_tours import TourTable, table_for
from saqqara.ai.registry import register_bot
from saqqara.core.actions import Action
from saqqara.core.game import Game
from saqqara.core.perspective import Perspective
from saqqara.games.curse_of_the_mummy import actions as act
from saqqara.games.curse_of_the_mummy import moves
from saqqara.games.curse_of_the_mummy.data import Board
from saqqara.games.curse_of_the_mummy.state import MAX_ROUNDS, MummyState

FACES = 6
"""An explorer die's faces: 1, 2, 3, 4, the arrow and the mummy."""
VALUES = 5
"""The values a die can be announced with (0..3: 1..4 steps, 4: the arrow)."""
REROLL_COST = 0.05
"""Turns a reroll must be expected to gain (each reroll may set more mummy faces out)."""
RISK = 1.0
"""The share of a possible catch counted (the mummy does not know where a figure stands)."""
LAST_ANKH = 12.0
"""Turns a catch costs beyond the walk back when it takes the figure's last ankh."""
ANKH = 1.5
"""Turns a catch costs beyond the walk back for each ankh fewer than three left after it."""
MUMMY_FACE = 0.3
"""Turns each mummy face set aside by a reroll is taken to cost (the mummy reaches further)."""
RESOLVE_MARGIN = 1.0
"""Resolve the mummy faces out when the mummy is farther than their number plus this."""
BALANCE = 0.3
"""Two figures: the weight of the shorter tour beside the longer (both move every round, so
the longer tour is how long the race lasts; the shorter breaks ties toward both going on)."""
PLANS = 8
"""Two figures: how many of the best shares of the symbols (at the start of a move) a move
is measured against."""
PATIENCE = 50.0
"""Rounds: a catch's risk counts in full while the rounds left before the round limit
exceed the tour by this many, and fades to nothing as they run out (a symbol beside a
mummy that never moves is not put off for ever: waiting to the limit loses for sure)."""
SHARED_ANKH = 3.0
"""Two figures: turns a catch costs beyond the walk back for each ankh the mummy will then
hold (both figures' ankhs count toward one threshold)."""
_SWEEPS = 60


_MOVES: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {}
_TURNS: dict[tuple[int, int], tuple[float, ...]] = {}


def _moves_of(board: Board) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per field and value, the fields a figure ends on in the empty maze."""
    known = _MOVES.get(id(board))
    if known is not None:
        return known
    known = _MOVES[id(board)] = tuple(
        tuple(
            tuple(moves.bits(moves.destinations(board, field, value, board.dungeon, 0)))
            for value in range(VALUES)
        )
        for field in range(board.fields)
    )
    return known


@cache
def _best_share(dice: int) -> tuple[float, ...]:
    """``share[i]``: the chance that, of ``dice`` dice, none shows one of ``i`` given faces
    and at least one shows another given face (the ``i+1``-th best value is the best)."""
    return tuple((1 - i / FACES) ** dice - (1 - (i + 1) / FACES) ** dice for i in range(VALUES))


def expected_best(options: list[float], dice: int) -> tuple[float, float]:
    """With ``options[v]`` what value ``v`` leads to at best (lower is better; ``inf`` where
    it cannot be moved): the expected best of a roll of ``dice`` dice over the values shown,
    and the chance that no value shown can be moved."""
    ranked = sorted(o for o in options if o != float("inf"))
    share = _best_share(dice)
    total = sum(share[i] * o for i, o in enumerate(ranked))
    nothing = (1 - len(ranked) / FACES) ** dice
    return total, nothing


def reroll_value(options: list[float], dice: int, stay: float) -> float:
    """What rolling ``dice`` dice again is worth, rerolling on as long as it pays (lower is
    better): ``options[v]`` is what value ``v`` leads to, ``stay`` what a turn lost with
    every die a mummy leads to; each mummy face set aside costs :data:`MUMMY_FACE` turns."""
    ranked = sorted(o for o in options if o != float("inf"))
    worth = [stay]
    for k in range(1, dice + 1):
        value = stay
        for _ in range(12):
            total = 0.0
            for mummies in range(k + 1):
                j = k - mummies
                chance = math.comb(k, mummies) * (1 / FACES) ** mummies * (1 - 1 / FACES) ** j
                again = value if j == k else worth[j]
                total += chance * (_clamped(ranked, j, again) + mummies * MUMMY_FACE)
            if abs(total - value) < 1e-4:
                value = total
                break
            value = total
        worth.append(value)
    return worth[dice]


def _clamped(ranked: list[float], dice: int, again: float) -> float:
    """The expected best of ``dice`` dice that show no mummy, each value no worse than
    ``again`` (what another roll is worth)."""
    if dice == 0:
        return again
    total, left = 0.0, 1.0
    for i, option in enumerate(ranked):
        share = (1 - i / VALUES) ** dice - (1 - (i + 1) / VALUES) ** dice
        total += share * min(option, again)
        left -= share
    return total + left * again


def turns_to(board: Board, target: int) -> tuple[float, ...]:
    """Per field, the expected turns to stand on ``target`` rolling five dice a turn and
    moving by the best value shown (value iteration on the empty maze; remembered)."""
    key = (id(board), target)
    known = _TURNS.get(key)
    if known is None:
        known = _TURNS[key] = _iterate(board, target)
    return known


def _iterate(board: Board, target: int) -> tuple[float, ...]:
    table = _moves_of(board)
    far = float(board.fields)
    turns = [far] * board.fields
    turns[target] = 0.0
    dice = board.explorer_dice
    for _ in range(_SWEEPS):
        changed = 0.0
        for field in range(board.fields):
            if field == target:
                continue
            options = [min((turns[g] for g in ends), default=float("inf")) for ends in table[field]]
            total, nothing = expected_best(options, dice)
            if nothing >= 1.0:
                continue
            value = (1.0 + total) / (1.0 - nothing)
            changed = max(changed, abs(value - turns[field]))
            turns[field] = value
        if changed < 1e-3:
            break
    return tuple(turns)


def tour(board: Board, start: int, targets: frozenset[int]) -> float:
    """The fewest expected turns to stand on every field of ``targets`` from ``start``
    (in the best order; :class:`~saqqara.ai.games.curse_of_the_mummy_tours.TourTable`)."""
    if not targets:
        return 0.0
    table = table_for(board, targets, turns_to)
    return table.tour(start, table.full)


def plans(
    board: Board, first: int, second: int, targets: frozenset[int]
) -> tuple[frozenset[int], ...]:
    """Two figures on ``first`` and ``second`` sharing ``targets``: the :data:`PLANS` best
    shares of the targets for the figure on ``first`` (every share tried; remembered)."""
    table = table_for(board, targets, turns_to)
    return tuple(table.members(m) for m in table.plans(first, second, PLANS, BALANCE))


def pair_tour(
    board: Board,
    first: int,
    second: int,
    targets: frozenset[int],
    shares: tuple[frozenset[int], ...],
) -> float:
    """Two figures on ``first`` and ``second``: the expected rounds of the longer tour plus
    :data:`BALANCE` times the shorter, over the best of ``shares`` (the shares for the
    figure on ``first``; targets already laid are left out of them)."""
    if not targets:
        return 0.0
    table = table_for(board, targets.union(*shares), turns_to)
    mask = table.mask(targets)
    return min(table.split(first, second, table.mask(mine), mask, BALANCE) for mine in shares)


@dataclasses.dataclass(frozen=True, slots=True)
class Team:
    """What a move of the figure to act is measured against, worked out once a decision:
    the tours over the symbols of the seat's hand (``table``: a set of them is a mask of
    its fields), the field of the seat's other figure still in the game (-1 when there is
    none) and, with one, the best shares of the symbols (:func:`plans`, masks) from where
    the move starts."""

    table: TourTable
    partner: int
    shares: tuple[int, ...]

    @classmethod
    def of(cls, state: MummyState, targets: frozenset[int]) -> Team:
        table = table_for(state.board, targets, turns_to)
        owner = state.game.owner  # type: ignore[attr-defined]
        seat = owner[state.cur]
        for figure, holder in enumerate(owner):
            if holder == seat and figure != state.cur and state.alive(figure):
                partner = state.pos[figure]
                shares = table.plans(state.pos[state.cur], partner, PLANS, BALANCE)
                return cls(table, partner, shares)
        return cls(table, -1, ())

    def ahead(self, field: int, targets: int) -> float:
        """Expected turns (rounds, with a partner) to stand on every target (a mask) from
        ``field``."""
        if self.partner < 0:
            return self.table.tour(field, targets)
        if not targets:
            return 0.0
        split = self.table.split
        return min(split(field, self.partner, mine, targets, BALANCE) for mine in self.shares)


class RaceExplorer(ExplorerHeuristic):
    """An explorer that races in turns (see the module): a seat with one figure runs its
    tour, a seat with two (2 players) shares its symbols between them (:func:`pair_tour`)."""

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        legal = perspective.legal_actions()
        if len(legal) == 1:
            return legal[0]
        state = perspective.resample(rng)
        assert isinstance(state, MummyState)
        return self.race(state, perspective.seat, legal)

    def race(self, state: MummyState, seat: int, legal: list[Action]) -> Action:
        voc = state.voc
        if voc.ROLL in legal:
            return voc.RESOLVE if voc.RESOLVE in legal and self._resolve(state) else voc.ROLL
        team = Team.of(state, frozenset(state.board.symbols[s].field for s in state.hand(seat)))
        targets = team.table.full
        if voc.REROLL in legal:
            values = self._values(state, targets, team)
            announced = [a for a in legal if isinstance(a, act.Announce)]
            if not announced:
                return voc.REROLL
            best = min(announced, key=lambda a: values[a.value])
            now = values[best.value]
            stay = 1.0 + self._cost(state, targets, state.pos[state.cur], team)
            again = reroll_value(values, len(state.rolled), stay)
            if again + REROLL_COST < now:
                return voc.REROLL
            return best
        _, field, play = self._destination(state, targets, state.value, team)
        return voc.GO[field][play]

    def _resolve(self, state: MummyState) -> bool:
        """Resolve the mummy faces out when the mummy is farther from this figure than
        their number plus :data:`RESOLVE_MARGIN` (as the hand-written explorer does)."""
        dist = distances(state.board)[state.mummy]
        mine = dist[state.pos[state.cur]]
        return mine > state.out + RESOLVE_MARGIN

    def _values(self, state: MummyState, targets: int, team: Team) -> list[float]:
        """Per value, the best that moving it leads to (``inf`` where it cannot be moved)."""
        return [
            self._destination(state, targets, value, team)[0]
            if state.destinations(state.cur, value)
            else float("inf")
            for value in range(VALUES)
        ]

    def _destination(
        self, state: MummyState, targets: int, value: int, team: Team
    ) -> tuple[float, int, bool]:
        """The best end for ``value``: its cost in turns, the field, and whether to lay the
        card there (``targets``: a mask of the team's table)."""
        best = (float("inf"), -1, False)
        for field in moves.bits(state.destinations(state.cur, value)):
            bit = team.table.bit(field)
            play = bool(targets & bit)
            left = targets & ~bit
            if play and not left:
                return (-1e9, field, True)
            cost = self._cost(state, left, field, team)
            if cost < best[0]:
                best = (cost, field, play)
        return best

    def _cost(self, state: MummyState, targets: int, field: int, team: Team) -> float:
        """Expected turns left from ``field`` with ``targets`` (a mask of the team's table)
        to visit, a catch counted."""
        board = state.board
        ahead = team.ahead(field, targets)
        reach = distances(board)[state.mummy][field]
        faces = board.mummy_faces
        catch = sum(1 for f in faces if f + state.out >= reach) / len(faces)
        if not catch:
            return ahead
        ankhs = state.ankhs[state.cur] - 1
        lost = team.ahead(board.dungeon, targets) - ahead + 1.0
        if ankhs <= 0 or state.collected + 1 >= state.threshold():
            lost += LAST_ANKH  # the figure leaves the game, or the mummy wins
        else:
            lost += ANKH * (board.ankhs_per_figure - 1 - ankhs)
            if team.partner >= 0:
                lost += SHARED_ANKH * (state.collected + 1)
        hurry = min(1.0, max(0.0, (MAX_ROUNDS - state.round - ahead) / PATIENCE))
        return ahead + RISK * hurry * catch * max(0.0, lost)


RACING = dataclasses.replace(HAND, leader=2.0)
"""The hand-written weights, but a mummy that hunts the figures of the explorer with more
cards laid harder (at 3 players against ``probe:plan`` it won 0.97 of 150 games as the
mummy, against 0.94 with ``leader`` 0; with one explorer seat it plays as before)."""


class RacingHeuristic(Heuristic):
    """The hand-written mummy with the racing explorer: Curse of the Mummy's ``heuristic``
    (and so ``medium``) since issue 31's probe ``probe:plan`` won the race at 3 players."""

    def __init__(self, game: Game) -> None:
        super().__init__(game, RACING)
        self.explorer = RaceExplorer(game, RACING)


def hand_written(game: Game) -> Heuristic:
    """The hand-written explorer and mummy as they were before the race (``medium-hand``)."""
    bot = Heuristic(game)
    bot.name = "medium-hand"
    return bot


register_bot(
    "heuristic",
    RacingHeuristic,
    game_id=GAME_ID,
    help="explorers race to their symbols in turns, minding the mummy; the mummy hunts on "
    "its beliefs",
)
register_bot(
    "medium-hand",
    hand_written,
    game_id=GAME_ID,
    help="the game's hand-written heuristic, never learned weights (in Curse of the Mummy: "
    "the explorer before the racing one)",
)

"""Each game's ``probe:greedy`` measure and ``probe:plan`` (see :mod:`saqqara.ai.probes`).

- Tutankhamun: greedy counts the seat's points banked, then its tiles; the plan is the slow
  pawn (:class:`SlowPawn`).
- Valley of the Kings: greedy counts the seat's stones, in hand and built; the plan is the
  all-in bid (:class:`AllInBid`).
- Tutankhamun's Revenge: greedy counts the seat's silver and the turn's gain; the plan is
  one lift and stop (:class:`OneLift`).
- Curse of the Mummy: greedy plays a card whenever it can, or steps the mummy onto the field
  most likely to hold a figure (:class:`GreedyMummyProbe`); the plan is the mummy that walks
  to the nearest figure and explorers that rush to their cards (:class:`RushPlan`).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from saqqara.ai.games.curse_of_the_mummy import (
    ExplorerHeuristic,
    MummyHeuristic,
    distances,
    walk,
)
from saqqara.ai.games.tutankhamuns_revenge import HeuristicBot
from saqqara.ai.games.valley_of_the_kings import GreedyBot
from saqqara.ai.probes import GREEDY, MEASURES, PLANS, STALLS, moves_of, register_probes
from saqqara.core.actions import Action
from saqqara.core.agent import Agent
from saqqara.core.game import Game, State
from saqqara.core.perspective import Perspective
from saqqara.games.curse_of_the_mummy import actions as mummy_act
from saqqara.games.curse_of_the_mummy import moves
from saqqara.games.curse_of_the_mummy.data import Board
from saqqara.games.curse_of_the_mummy.game import CurseOfTheMummy
from saqqara.games.curse_of_the_mummy.state import MUMMY, MummyState
from saqqara.games.tutankhamun import actions as tut_act
from saqqara.games.tutankhamun.data import NUM_TYPES
from saqqara.games.tutankhamun.state import TutankhamunState
from saqqara.games.tutankhamuns_revenge import actions as revenge_act
from saqqara.games.tutankhamuns_revenge.state import RevengeState
from saqqara.games.valley_of_the_kings import actions as valley_act
from saqqara.games.valley_of_the_kings.state import ValleyState

# -- Tutankhamun -------------------------------------------------------------------------


def tutankhamun_measure(state: State, seat: int) -> float:
    """Points banked (fields or coins paid towards the goal), then tiles held."""
    assert isinstance(state, TutankhamunState)
    held = state.hold[seat * NUM_TYPES : (seat + 1) * NUM_TYPES]
    return state.edition.start[state.n] - state.score[seat] + 0.01 * sum(held)


class SlowPawn:
    """Tutankhamun's slow pawn: the nearest tile every turn (the first legal move), the
    first target of a gold nugget or bag of gold, and every lid, the mask or a pharaoh tile
    played when offered."""

    name = "probe:plan"

    def __init__(self, game: Game) -> None:
        self.game = game

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        legal = perspective.legal_actions()
        if isinstance(legal[0], tut_act.Take):
            return legal[0]
        played = [a for a in legal if not isinstance(a, tut_act.Pass | tut_act.Decline)]
        return played[0] if played else legal[0]


# -- Valley of the Kings -------------------------------------------------------------------


def valley_measure(state: State, seat: int) -> float:
    """Stones in hand and stones built."""
    assert isinstance(state, ValleyState)
    colours = len(state.held) // state.n
    in_hand = sum(state.held[seat * colours : (seat + 1) * colours])
    sites = len(state.built) // state.n
    return in_hand + sum(state.built[seat * sites : (seat + 1) * sites])


class AllInBid(GreedyBot):
    """Valley of the Kings' all-in bid: every bid tile on one group, the one with the most
    stones of one colour (or the group it already bid at); the greedy bot elsewhere."""

    name = "probe:plan"

    def _bid(
        self, view: dict[str, Any], me: int, legal: list[Action], rng: random.Random
    ) -> Action:
        bids = [a for a in legal if isinstance(a, valley_act.Bid)]
        if not bids:
            return valley_act.DONE
        mine = sorted({b["group"] - 1 for b in view["bids"] if b["seat"] == me})
        groups = view["groups"]
        if mine:
            target = mine[0]
        else:
            target = max(
                {a.group for a in bids},
                key=lambda g: (max(Counter(groups[g]).values(), default=0), -g),
            )
        there = [a for a in bids if a.group == target]
        if not there:
            return valley_act.DONE
        return max(there, key=lambda a: a.value)


# -- Tutankhamun's Revenge ---------------------------------------------------------------


def revenge_measure(state: State, seat: int) -> float:
    """Silver, with the gain of the turn under way; going out is the worst."""
    assert isinstance(state, RevengeState)
    if seat in state.eliminated:
        return -1000.0
    gain = state.gain if state.active == seat else 0
    return float(state.money[seat] + gain)


class OneLift(HeuristicBot):
    """Tutankhamun's Revenge's one lift and stop: every turn exactly one lift (the
    heuristic's stack where it digs, else the first stack it may dig), then stop; the
    heuristic lays the layers, plays scarabs and lays the blockade."""

    name = "probe:plan"

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        view = perspective.view()
        if view["phase"] != "digging":
            return super().choose(perspective, rng)
        legal = perspective.legal_actions()
        if view["turn"]["lifts"]:
            return revenge_act.STOP if revenge_act.STOP in legal else legal[0]
        choice = super().choose(perspective, rng)
        if isinstance(choice, revenge_act.Lift | revenge_act.Scarab):
            return choice
        lifts = [a for a in legal if isinstance(a, revenge_act.Lift)]
        return lifts[0] if lifts else choice


# -- Curse of the Mummy ------------------------------------------------------------------

GAME_ID = "curse-of-the-mummy"


def _mummy_targets(perspective: Perspective, board: Board) -> list[int]:
    """The fields where a figure may stand, as the mummy knows them (with repeats: a field
    counts once for each figure that may stand there)."""
    view = perspective.view()
    fields: list[int] = []
    for figure in view["figures"]:
        for name in figure["possible"]:
            field = board.field_from_name(name)
            if field is not None and not (board.forbidden >> field) & 1:
                fields.append(field)
    return fields


class RushExplorer(ExplorerHeuristic):
    """An explorer that rushes to its cards: the field nearest to one of its symbols (a
    card played whenever it can be), never a look at the mummy, never an early call of the
    mummy dice, never a reroll while an announced value moves it."""

    def _best(self, state: MummyState, seat: int, value: int) -> tuple[float, int, bool]:
        board = state.board
        at = board.symbol_at
        targets = [board.symbols[s].field for s in state.hand(seat)]
        table = distances(board)
        best = (-1e9, -1, False)
        for field in moves.bits(state.destinations(state.cur, value)):
            symbol = at[field]
            play = symbol >= 0 and state.card_owner[symbol] == seat and not state.played[symbol]
            rest = [t for t in targets if not (play and t == field)]
            score = (30.0 if play else 0.0) - min([table[field][t] for t in rest], default=-1000)
            if score > best[0]:
                best = (score, field, play)
        return best

    def choose_in(self, state: MummyState, seat: int, legal: list[Action]) -> Action:
        voc = state.voc
        if voc.ROLL in legal:
            return voc.ROLL
        if voc.REROLL in legal:
            options = [
                (self._best(state, seat, a.value)[0], a)
                for a in legal
                if isinstance(a, mummy_act.Announce)
            ]
            if not options:
                return voc.REROLL
            return max(options, key=lambda o: o[0])[1]
        _, field, play = self._best(state, seat, state.value)
        return voc.GO[field][play]


class NearestMummy:
    """The mummy that walks to the nearest figure: each step to the neighbour nearest to a
    field where some figure may stand (:func:`~saqqara.ai.games.curse_of_the_mummy.walk`)."""

    name = "probe:plan"

    def __init__(self, game: Game) -> None:
        assert isinstance(game, CurseOfTheMummy)
        self.board: Board = game.board

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        board = self.board
        here = board.field_from_name(perspective.view()["mummy"])
        assert here is not None
        return walk(board, here, _mummy_targets(perspective, board), perspective.legal_actions())


class _BySide:
    """The mummy's agent for seat 0, the explorers' for every other seat."""

    def __init__(self, name: str, mummy: Agent, explorer: Agent) -> None:
        self.name = name
        self.mummy = mummy
        self.explorer = explorer

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        agent = self.mummy if perspective.seat == MUMMY else self.explorer
        return agent.choose(perspective, rng)


class GreedyMummyProbe:
    """Curse of the Mummy's greedy probe: an explorer plays a card whenever it can, else
    plays as ``probe:first``; the mummy steps onto the field most likely to hold a figure."""

    name = "probe:greedy"

    def __init__(self, game: Game) -> None:
        self.game = game
        self.hunter = MummyHeuristic(game)

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        legal = perspective.legal_actions()
        if perspective.seat == MUMMY:
            steps = [a for a in legal if isinstance(a, mummy_act.Step)]
            if not steps:
                return legal[0]
            board = self.hunter.board
            targets = Counter(_mummy_targets(perspective, board))
            here = board.field_from_name(perspective.view()["mummy"])
            assert here is not None
            return max(steps, key=lambda a: targets.get(board.neighbours[here][a.direction], 0))
        plays = [a for a in legal if isinstance(a, mummy_act.Go) and a.play]
        return plays[0] if plays else moves_of(perspective, GAME_ID)[0]


def rush_plan(game: Game) -> _BySide:
    return _BySide("probe:plan", NearestMummy(game), RushExplorer(game))


MEASURES["tutankhamun"] = tutankhamun_measure
MEASURES["valley-of-the-kings"] = valley_measure
MEASURES["tutankhamuns-revenge"] = revenge_measure
GREEDY["curse-of-the-mummy"] = GreedyMummyProbe
STALLS["curse-of-the-mummy"] = lambda action: isinstance(action, mummy_act.Reroll)
PLANS["tutankhamun"] = SlowPawn
PLANS["valley-of-the-kings"] = AllInBid
PLANS["tutankhamuns-revenge"] = OneLift
PLANS["curse-of-the-mummy"] = rush_plan

register_probes()
for _game_id in (
    "tutankhamun",
    "valley-of-the-kings",
    "tutankhamuns-revenge",
    "curse-of-the-mummy",
):
    register_probes(_game_id)

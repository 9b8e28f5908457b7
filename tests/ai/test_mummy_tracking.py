"""Curse of the Mummy's tracker: belief weights from public facts only, worlds drawn on the
belief sets, and a mummy that hunts where the explorers' card colours lead them."""

from __future__ import annotations

import dataclasses
import random

import pytest

from saqqara.ai.games.curse_of_the_mummy import belief_weights, distances
from saqqara.ai.games.curse_of_the_mummy_rollout import rollout_policy
from saqqara.ai.games.curse_of_the_mummy_tracking import (
    TrackedWorld,
    TrackerBot,
    figure_weights,
    goal_fields,
    tracked_weights,
    tracked_world,
)
from saqqara.ai.registry import make_bot
from saqqara.core.game import CHANCE, State
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load
from saqqara.games.curse_of_the_mummy.state import GONE, MUMMY, MUMMY_MOVE, MummyState


def _positions(players: int, seed: int, count: int) -> list[MummyState]:
    """``count`` mummy decisions (two or more legal steps) of a game played by the tracker."""
    game = load("curse-of-the-mummy", players)
    state = game.new_state()
    assert isinstance(state, MummyState)
    rng = random.Random(seed)
    found: list[MummyState] = []
    while state.to_act() and len(found) < count:
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply_unchecked(seat, state.sample_chance(rng))
            continue
        if seat == MUMMY and len(state.legal_actions(seat)) > 1:
            found.append(state.clone())
        state.apply_unchecked(seat, rollout_policy(state, seat, rng))
    assert len(found) == count
    return found


@pytest.mark.parametrize("players", [2, 3])
def test_tracked_weights_read_only_public_facts(players: int) -> None:
    """Redrawing everything the mummy may not know (fields and cards) changes no weight, and
    each figure off the start and dungeon shares one unit over its belief set."""
    for state in _positions(players, 3, 25):
        weights = tracked_weights(state)
        for k in range(4):
            world = state.resample(MUMMY, random.Random(k))
            assert isinstance(world, MummyState)
            assert tracked_weights(world) == pytest.approx(weights)
        assert set(weights) == set(belief_weights(state))
        assert sum(weights.values()) == pytest.approx(sum(belief_weights(state).values()))


def _dealt(players: int) -> MummyState:
    """A table just dealt: every explorer holds one card of each colour (two at 2 players)."""
    game = load("curse-of-the-mummy", players)
    state = game.new_state()
    assert isinstance(state, MummyState)
    rng = random.Random(0)
    while state.to_act() == (CHANCE,):
        state.apply_unchecked(CHANCE, state.sample_chance(rng))
    return state


def _nearness(state: MummyState, goals: list[int]) -> dict[int, int]:
    """Each ordinary field's maze distance to the nearest of ``goals``."""
    board = state.board
    dist = distances(board)
    return {
        f: min(dist[f][g] for g in goals)
        for f in range(board.fields)
        if not (board.forbidden >> f) & 1 and dist[board.start][f] < 99
    }


def test_a_field_near_a_symbol_of_a_held_colour_weighs_more() -> None:
    """Of two possible fields, the one on a symbol the seat may need outweighs one far from
    every such symbol; with no goals left, the fields weigh alike."""
    state = _dealt(3)
    board = state.board
    goals = goal_fields(state, 1)
    assert sorted(goals) == sorted(s.field for s in board.symbols)  # one of every colour
    near = _nearness(state, goals)
    symbol = board.symbols[0].field
    far = max(near, key=lambda f: near[f])
    assert near[far] >= 2
    mask = (1 << symbol) | (1 << far)
    weights = figure_weights(board, mask, goals)
    assert weights[symbol] > 2 * weights[far]
    assert sum(weights.values()) == pytest.approx(1.0)
    assert figure_weights(board, mask, []) == {symbol: 0.5, far: 0.5}


@pytest.mark.parametrize("players", [2, 3])
def test_tracked_worlds_place_figures_on_their_belief_sets(players: int) -> None:
    """The mummy's worlds put every figure on a field of its belief set, never two on one
    ordinary field; an explorer's worlds keep the true fields (explorers see them)."""
    for state in _positions(players, 5, 20):
        forbidden = state.board.forbidden
        for k in range(5):
            world = tracked_world(Perspective(state, MUMMY), random.Random(k))
            assert isinstance(world, MummyState)
            ordinary = [p for p in world.pos if p != GONE and not (forbidden >> p) & 1]
            assert len(ordinary) == len(set(ordinary))
            for figure, field in enumerate(world.pos):
                assert (field == GONE) == (state.pos[figure] == GONE)
                if field != GONE:
                    assert (state.belief[figure] >> field) & 1
            assert type(world) is TrackedWorld and type(world.clone()) is TrackedWorld
            seen = tracked_world(Perspective(state, 1), random.Random(k))
            assert isinstance(seen, MummyState) and not isinstance(seen, TrackedWorld)
            assert seen.pos == state.pos


def test_tracked_worlds_do_not_depend_on_the_true_fields() -> None:
    """Two tables alike in everything public, the figures elsewhere within their belief
    sets: the mummy's worlds from one seed place the figures alike."""
    for state in _positions(3, 8, 20):
        other = state.clone()
        drawn = state.resample(MUMMY, random.Random(99))
        assert isinstance(drawn, MummyState)
        other.pos = drawn.pos[:]
        for k in range(3):
            a = tracked_world(Perspective(state, MUMMY), random.Random(k))
            b = tracked_world(Perspective(other, MUMMY), random.Random(k))
            assert isinstance(a, MummyState) and isinstance(b, MummyState)
            assert a.pos == b.pos


def test_the_tracked_worlds_lean_towards_the_symbols() -> None:
    """Over many worlds, the figures stand nearer the symbols of their seat's drawn cards
    than in the engine's uniform draws."""

    def mean_nearness(draw: str) -> float:
        total, count = 0.0, 0
        for state in _positions(3, 11, 15):
            dist = distances(state.board)
            for k in range(20):
                rng = random.Random(k)
                world = (
                    tracked_world(Perspective(state, MUMMY), rng)
                    if draw == "tracked"
                    else state.resample(MUMMY, rng)
                )
                assert isinstance(world, MummyState)
                for figure, field in enumerate(world.pos):
                    seat = state.game.owner[figure]  # type: ignore[attr-defined]
                    goals = [world.board.symbols[s].field for s in world.hand(seat)]
                    if field != GONE and goals and not (state.board.forbidden >> field) & 1:
                        total += min(dist[field][g] for g in goals)
                        count += 1
        return total / count

    assert mean_nearness("tracked") < mean_nearness("uniform") - 0.3


@pytest.mark.parametrize("players", [2, 3])
def test_the_tracker_mummy_never_reads_the_figures_fields(players: int) -> None:
    """Redrawing the figures' fields and cards from the mummy's perspective changes no step
    of the tracker bot (its particle filter starting at the position: these positions have
    no public record) nor of the rollout policy."""
    game = load("curse-of-the-mummy", players)
    bot = make_bot("tracker", game)
    for state in _positions(players, 2, 30):
        steps = set()
        rollout_steps = set()
        for k in range(4):
            world = state.resample(MUMMY, random.Random(k))
            steps.add(bot.choose(Perspective(world, MUMMY), random.Random(0)))
            world.__class__ = TrackedWorld
            rollout_steps.add(rollout_policy(world, MUMMY, random.Random(0)))
        assert len(steps) == 1
        assert len(rollout_steps) == 1


def test_the_tracker_steps_where_a_figure_near_its_symbols_may_stand() -> None:
    """Named position: the mummy between two fields a figure may stand on, one step each
    way, one near symbols the explorer may need and one far from them (the other figure in
    the dungeon). The uniform weights cannot tell them apart; the tracker steps towards
    the field near the symbols, in the bot, the rollout policy and the expert's base move."""
    state = _dealt(3)
    board = state.board
    near = _nearness(state, goal_fields(state, 1))
    pairs = [
        (x, d, a, b)
        for x in near
        for d, a in enumerate(board.neighbours[x])
        for b in board.neighbours[x]
        if a in near and b in near and near[a] + 2 <= near[b]
    ]
    assert pairs
    x, direction, a, b = pairs[0]
    state.phase = MUMMY_MOVE
    state.steps = 2
    state.mummy = x
    state.pos = [a, board.dungeon]
    state.belief = [(1 << a) | (1 << b), 1 << board.dungeon]
    wanted = state.voc.STEP[direction]
    assert tracked_weights(state)[a] > tracked_weights(state)[b]
    assert belief_weights(state)[a] == belief_weights(state)[b]
    tracked = state.clone()
    tracked.__class__ = TrackedWorld
    assert rollout_policy(tracked, MUMMY, random.Random(0)) == wanted
    for name in ("tracker", "expert:40"):
        bot = make_bot(name, state.game)
        assert bot.choose(Perspective(state, MUMMY), random.Random(1)) == wanted


def test_the_expert_draws_its_worlds_from_its_base_move_bot() -> None:
    """The search takes every world from its base move's bot (the tracker, which has just
    read the position: for the mummy its particle filter's worlds), one per world it
    reports; a base without worlds of its own leaves them to the spec's ``determinize``."""
    from saqqara.ai.games.curse_of_the_mummy_rollout import search_world
    from saqqara.ai.ismcts import Budget
    from saqqara.ai.rollout import RolloutBot, rollout_spec_for, world_drawer

    spec = rollout_spec_for("curse-of-the-mummy")
    assert spec is not None and spec.determinize is search_world
    assert spec.base_agent is not None
    state = _positions(3, 6, 1)[0]
    base = spec.base_agent(state.game)
    assert isinstance(base, TrackerBot) and base.worlds is search_world
    assert world_drawer(spec, base) == base.determinize
    drawn: list[int] = []

    class Counting(TrackerBot):
        def determinize(self, perspective: Perspective, rng: random.Random) -> State:
            drawn.append(perspective.seat)
            world = super().determinize(perspective, rng)
            assert type(world) is TrackedWorld  # the filter's, read up to this position
            return world

    bot = RolloutBot(
        state.game, dataclasses.replace(spec, base_agent=Counting), Budget(30, None), "t"
    )
    assert bot.choose(Perspective(state, MUMMY), random.Random(2)) in state.legal_actions(MUMMY)
    assert drawn == [MUMMY] * bot.report.worlds and bot.report.worlds >= 2

    plain: list[int] = []

    def counting(perspective: Perspective, rng: random.Random) -> State:
        plain.append(perspective.seat)
        return tracked_world(perspective, rng)

    heuristic = dataclasses.replace(spec, base_agent=None, base="heuristic", determinize=counting)
    bot = RolloutBot(state.game, heuristic, Budget(30, None), "t")
    assert bot.choose(Perspective(state, MUMMY), random.Random(2)) in state.legal_actions(MUMMY)
    assert plain == [MUMMY] * bot.report.worlds and bot.report.worlds >= 2

"""Curse of the Mummy: where the hidden explorers probably are, for the mummy's strong bot.

The public belief sets say where a figure *may* be; they say nothing of where it likely is.
Explorers walk to the symbols of their task cards, and the backs of the cards are public: the
mummy knows which colours each explorer still holds, so the unplayed symbols of those
colours are the places the figure heads for. The tracker weights each possible field by
``exp(-SYMBOL_PULL * d)``, ``d`` the maze distance to the nearest such symbol, and hunts on
those weights (``tracked_weights``, ``TrackerBot``). Measured on 800 three-player games against
the heuristic explorers (seeds 1000..1799), hunting on the tracked weights won 57 % for the
mummy where hunting on the uniform belief sets won 34 % (two players, 400 games: 85 % against
69 %); a mummy that saw the true fields won 89 %.

The search's determinizations follow the same model (``tracked_world``): a world drawn by the
engine's own ``resample`` (fair play: it redraws everything the mummy may not know) gets its
figures' fields redrawn from the belief sets with the same weights, now towards the symbols
of the cards that world dealt to each figure's seat, so that figures and cards agree.

Everything read here is public: belief sets, card colours and played cards, the board.
"""

from __future__ import annotations

import math
import random

from saqqara.ai.games.curse_of_the_mummy import GAME_ID, ExplorerHeuristic, distances, hunt
from saqqara.ai.games.curse_of_the_mummy_particles import ParticleFilter
from saqqara.ai.games.curse_of_the_mummy_race import RACING, RaceExplorer
from saqqara.ai.registry import register_bot
from saqqara.ai.rollout import Determinizer
from saqqara.core.actions import Action
from saqqara.core.game import Game, State
from saqqara.core.perspective import Perspective
from saqqara.games.curse_of_the_mummy import moves
from saqqara.games.curse_of_the_mummy.data import Board
from saqqara.games.curse_of_the_mummy.state import GONE, MUMMY, MummyState

SYMBOL_PULL = 0.7
"""How sharply a possible field's weight falls with its maze distance to the nearest symbol
the figure may be heading for (per field of distance, as an exponent). Chosen on 800
three-player and 400 two-player games against the heuristic explorers: 0.3, 0.5, 0.7, 1.0
and 1.5 won 54, 57, 56, 57 and 52 % for the mummy at three players, 84, 82, 85, 86 and 85 % at
two; 0.7 sits in the middle of the flat top."""

_FADE = tuple(math.exp(-SYMBOL_PULL * d) for d in range(100))
"""``exp(-SYMBOL_PULL * d)`` for every maze distance (99: unreachable)."""


def goal_fields(state: MummyState, seat: int) -> list[int]:
    """The fields of the unplayed symbols of the colours ``seat`` still holds (public: the
    backs of the cards show their colours)."""
    board = state.board
    colours = state.hand_colours(seat)
    played = state.played
    return [s.field for s in board.symbols if colours[s.colour] and not played[s.id]]


def figure_weights(board: Board, mask: int, goals: list[int]) -> dict[int, float]:
    """The fields of ``mask`` weighted by their nearness to ``goals``, summing to one (all
    equal when there are no goals)."""
    fields = moves.bits(mask)
    if not fields:
        return {}
    if not goals:
        return {f: 1.0 / len(fields) for f in fields}
    fade = _goal_fade(board, tuple(goals))
    raw = [fade[f] for f in fields]
    total = sum(raw)
    return {f: r / total for f, r in zip(fields, raw, strict=True)}


_FADES: dict[tuple[int, tuple[int, ...]], tuple[float, ...]] = {}
_FADES_KEPT = 4096
"""How many goal sets' fades are remembered (a game meets a few dozen)."""


def _goal_fade(board: Board, goals: tuple[int, ...]) -> tuple[float, ...]:
    """``exp(-SYMBOL_PULL * d)`` for every field, ``d`` its distance to the nearest goal."""
    key = (id(board), goals)
    known = _FADES.get(key)
    if known is None:
        if len(_FADES) >= _FADES_KEPT:
            _FADES.clear()
        dist = distances(board)
        known = _FADES[key] = tuple(_FADE[min([row[g] for g in goals])] for row in dist)
    return known


def tracked_weights(state: MummyState) -> dict[int, float]:
    """Each figure's possible ordinary fields sharing one unit, weighted towards the symbols
    its seat may still need (the tracker's answer to ``belief_weights``)."""
    board = state.board
    forbidden = board.forbidden
    owner = state.game.owner  # type: ignore[attr-defined]
    goals: dict[int, list[int]] = {}
    weight: dict[int, float] = {}
    for figure, mask in enumerate(state.belief):
        mask &= ~forbidden
        if not mask:
            continue
        seat = owner[figure]
        if seat not in goals:
            goals[seat] = goal_fields(state, seat)
        for f, w in figure_weights(board, mask, goals[seat]).items():
            weight[f] = weight.get(f, 0.0) + w
    return weight


class TrackedWorld(MummyState):
    """A world drawn for the mummy's search (its clones stay one): its rollouts let the
    mummy hunt by the tracker, where an explorer's search models the heuristic mummy."""

    __slots__ = ()


def tracked_world(perspective: Perspective, rng: random.Random) -> State:
    """A determinization for the search: the engine's ``resample``, and for the mummy a
    :class:`TrackedWorld` with the figures' fields redrawn from their belief sets weighted
    towards the symbols of the cards that world dealt them (no two on one ordinary field)."""
    world = perspective.resample(rng)
    if perspective.seat != MUMMY:
        return world
    assert isinstance(world, MummyState)
    world.pos = _weighted_placement(world, rng)
    world.__class__ = TrackedWorld
    return world


def _weighted_placement(world: MummyState, rng: random.Random) -> list[int]:
    """A joint placement on the belief sets: each figure's fields in a random order weighted
    as :func:`figure_weights` (Efraimidis-Spirakis keys), then the first that fits beside
    the figures placed before (backtracking)."""
    board = world.board
    forbidden = board.forbidden
    owner = world.game.owner  # type: ignore[attr-defined]
    order = [f for f in range(len(world.pos)) if world.pos[f] != GONE]
    order.sort(key=lambda f: world.belief[f].bit_count())
    placed = world.pos[:]
    ranked: dict[int, list[int]] = {}
    for figure in order:
        goals = [board.symbols[s].field for s in world.hand(owner[figure])]
        weights = figure_weights(board, world.belief[figure], goals)
        keys = [(math.log(1.0 - rng.random()) / w, f) for f, w in weights.items()]
        keys.sort(reverse=True)
        ranked[figure] = [f for _, f in keys]

    def place(i: int, used: int) -> bool:
        if i == len(order):
            return True
        figure = order[i]
        for field in ranked[figure]:
            if (used >> field) & 1:
                continue
            placed[figure] = field
            bit = 0 if (forbidden >> field) & 1 else 1 << field
            if place(i + 1, used | bit):
                return True
        return False

    if not place(0, 0):  # pragma: no cover - the true placement always fits
        raise AssertionError("belief sets admit no placement")
    return placed


def tracked_draw(state: MummyState, rng: random.Random) -> MummyState:
    """A world drawn as the mummy may (``resample``), the figures then placed as
    :func:`tracked_world` places them (towards the symbols of the cards it dealt): how the
    tracker's particle filter starts where there is no public record to read."""
    world = state.resample(MUMMY, rng)
    world.pos = _weighted_placement(world, rng)
    return world


def tracker_hunt(state: MummyState, legal: list[Action], rng: random.Random) -> Action:
    """The mummy's step towards the tracked weights (or stop when nobody can be hunted)."""
    return hunt(state.board, state.mummy, tracked_weights(state), legal, rng)


class TrackerBot:
    """The mummy hunts where the public record puts the figures (a
    :class:`~saqqara.ai.games.curse_of_the_mummy_particles.ParticleFilter`, or the tracked
    weights where it has nothing); explorers race as ``medium``'s do
    (:class:`~saqqara.ai.games.curse_of_the_mummy_race.RaceExplorer`).

    As the base move of the mummy's search it also draws the search's worlds
    (:meth:`determinize`) from the filter it has just brought up to date; for an explorer
    it draws them with ``worlds`` (default :func:`tracked_world`)."""

    name = "tracker"

    def __init__(self, game: Game, worlds: Determinizer = tracked_world) -> None:
        self.explorer: ExplorerHeuristic = RaceExplorer(game, RACING)
        self.filter = ParticleFilter(game, draw=tracked_draw)
        self.worlds = worlds

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        legal = perspective.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if perspective.seat != MUMMY:
            return self.explorer.choose(perspective, rng)
        self.filter.sync(perspective, rng)
        world = perspective.resample(rng)
        assert isinstance(world, MummyState)
        weights = self.filter.field_weights() or tracked_weights(world)
        return hunt(world.board, world.mummy, weights, legal, rng)

    def determinize(self, perspective: Perspective, rng: random.Random) -> State:
        """A world for the search: the mummy's from the filter when it has read the record
        up to this position (a :class:`TrackedWorld`), else ``worlds``'s."""
        if perspective.seat == MUMMY and self.filter.current(perspective, rng):
            world = self.filter.world(perspective, rng)
            world.__class__ = TrackedWorld
            return world
        return self.worlds(perspective, rng)


register_bot(
    "tracker",
    TrackerBot,
    game_id=GAME_ID,
    help="the heuristic, but the mummy hunts where the public record of rolls and "
    "announcements puts the figures",
)

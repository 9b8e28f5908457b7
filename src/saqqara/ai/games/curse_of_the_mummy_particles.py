"""Curse of the Mummy: where the hidden figures are, filtered from the public record.

The belief sets say where a figure *may* be, all fields alike. The table says more: the
mummy sees every die an explorer rolls, hears which value it announces and sees whether it
rolls again, resolves, or lays a card (``saqqara.games.curse_of_the_mummy.trail``). An
explorer who plays to win chooses by where it stands and what it holds, so each choice
tells the mummy something of both.

:class:`ParticleFilter` keeps :data:`PARTICLES` worlds, each a guess at every hidden thing
(the figures' fields, the explorers' cards) drawn by the engine's own ``resample``, and
replays every public step in each of them. Where an explorer chose, a world's weight is
multiplied by how likely an explorer there would have made that choice, modelled as the
explorer that races to its cards (``medium``'s,
:class:`~saqqara.ai.games.curse_of_the_mummy_race.RaceExplorer`): ``1 - NOISE`` when it
would have chosen the same, :data:`NOISE` when not. A move that lays no card is unseen: the
world moves its figure where its explorer would have (or, with chance :data:`NOISE`, to any
field the announced value reaches). A world whose figure stands outside the public belief
set, or where a catch could not have happened as it did, is dropped; a card laid that the
world had dealt elsewhere is swapped into the explorer's hand (its colour is public), and
a world whose figure could not have reached the card's field keeps its other guesses at a
low weight, the figure put there. When the weights run thin the worlds are drawn again by
weight; when none is left the filter starts afresh at the position (so it never knows
less than the belief sets).

Only public things are read: the trail, the belief sets and what ``resample`` draws from the
mummy's perspective. A state without a trail (restored from a snapshot, built from a view)
starts the filter at that position.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from saqqara.ai.games.curse_of_the_mummy_race import RACING, RaceExplorer
from saqqara.core.actions import Action
from saqqara.core.game import CHANCE, Game
from saqqara.core.perspective import Perspective
from saqqara.games.curse_of_the_mummy import actions as act
from saqqara.games.curse_of_the_mummy.state import GONE, MUMMY, MummyState
from saqqara.games.curse_of_the_mummy.trail import TrailNode, first, public_copy, since

PARTICLES = 40
"""Worlds the filter keeps. At 2 players, ``medium`` against itself (seeds 11-18, 669
positions of a figure with two fields or more possible), 40 put on average 0.60 of their
weight on the figure's true field where the belief sets' fields alike put 0.11; 100 put
0.58, at two and a half times the cost (``docs/strength.md``)."""
NOISE = 0.05
"""The chance that an explorer chooses otherwise than the racing explorer would."""


WorldDraw = Callable[[MummyState, random.Random], MummyState]
"""Draws a world (every hidden thing) from a position, as the mummy may."""


def plain_draw(state: MummyState, rng: random.Random) -> MummyState:
    """The engine's ``resample`` for the mummy: the belief sets' fields alike."""
    return state.resample(MUMMY, rng)


class ParticleFilter:
    """Worlds consistent with the public record, weighted by an explorer model (see the
    module)."""

    def __init__(
        self,
        game: Game,
        particles: int = PARTICLES,
        noise: float = NOISE,
        draw: WorldDraw = plain_draw,
    ) -> None:
        self.model = RaceExplorer(game, RACING)
        self.draw = draw
        """How a starting world is drawn from a position whose hidden parts say nothing."""
        self.size = particles
        self.noise = noise
        self.worlds: list[MummyState] = []
        self.weights: list[float] = []
        self.seen: TrailNode | None = None
        self.restarts = 0
        """How often the filter started afresh (at the first position too)."""

    def sync(self, perspective: Perspective, rng: random.Random) -> None:
        """Replay the public steps since the last call; a filter that has none yet (or
        meets another game) replays the record from its first step, or, without a record,
        starts at this position."""
        now = perspective.resample(rng)
        assert isinstance(now, MummyState)
        trail = now.trail
        new = since(trail, self.seen) if self.worlds and trail is not None else None
        if new is None:
            root = first(trail)
            if root is None or not isinstance(root.start, MummyState):
                self._start(perspective, rng, trail)
                return
            self._begin(root.start, rng)
            new = since(trail, None) or []
        for node in new:
            if not self._replay(node, rng):
                self._start(perspective, rng, trail)
                return
        self.seen = trail
        self._agree(now)
        if not sum(self.weights):
            self._start(perspective, rng, trail)

    def current(self, perspective: Perspective, rng: random.Random) -> bool:
        """Whether the filter has replayed the record up to ``perspective``'s position."""
        now = perspective.resample(rng)
        assert isinstance(now, MummyState)
        return bool(self.worlds) and now.trail is self.seen

    def field_weights(self) -> dict[int, float]:
        """Each figure on the board as one unit spread over the fields the worlds put it
        on, by their weights (the start and the dungeon left out, as the belief weights
        leave them)."""
        total = sum(self.weights)
        weight: dict[int, float] = {}
        if total <= 0.0:
            return weight
        for world, w in zip(self.worlds, self.weights, strict=True):
            if not w:
                continue
            forbidden = world.board.forbidden
            share = w / total
            for field in world.pos:
                if field != GONE and not (forbidden >> field) & 1:
                    weight[field] = weight.get(field, 0.0) + share
        return weight

    def world(self, perspective: Perspective, rng: random.Random) -> MummyState:
        """A world to search in: the position as it stands, with the figures' fields and
        the cards of a world drawn by weight."""
        world = perspective.resample(rng)
        assert isinstance(world, MummyState)
        if self.worlds:
            (pick,) = rng.choices(self.worlds, weights=self.weights)
            world.pos = pick.pos[:]
            world.card_owner = pick.card_owner[:]
        return world

    # -- replaying -------------------------------------------------------------------------
    def _start(self, perspective: Perspective, rng: random.Random, trail: TrailNode | None) -> None:
        """Worlds drawn (by :attr:`draw`) at this position, the record so far unread."""
        here = perspective.resample(rng)
        assert isinstance(here, MummyState)
        self._begin(here, rng)
        self.seen = trail

    def _begin(self, start: MummyState, rng: random.Random) -> None:
        """Worlds drawn (by :attr:`draw`) at ``start``, the record's first position when
        the filter reads it from there: everyone on the start field, the cards dealt at
        random by their colours."""
        public = public_copy(start)
        self.worlds = [self.draw(public, rng) for _ in range(self.size)]
        self.weights = [1.0] * self.size
        self.seen = None
        self.restarts += 1

    def _replay(self, node: TrailNode, rng: random.Random) -> bool:
        """Play ``node`` in every world still alive; draw the worlds again by weight when
        few carry most of it. False when no world could have seen it."""
        weights = self.weights
        for i, world in enumerate(self.worlds):
            if weights[i]:
                weights[i] *= self._advance(world, node, rng)
        total = sum(weights)
        if total <= 0.0:
            return False
        if total * total < 0.5 * self.size * sum(w * w for w in weights):
            picks = rng.choices(range(len(self.worlds)), weights=weights, k=self.size)
            self.worlds = [self.worlds[i].clone() for i in picks]
            self.weights = [1.0] * self.size
        return True

    def _advance(self, world: MummyState, node: TrailNode, rng: random.Random) -> float:
        """Play ``node`` in ``world``; the likelihood of what was seen there (0: impossible)."""
        seat, action = node.seat, node.action
        if seat == CHANCE:
            assert action is not None
            if isinstance(action, act.Reveal):
                field = world.pending
                there = [f for f, p in enumerate(world.pos) if p == field]
                if node.caught < 0:
                    if there:
                        return 0.0
                else:
                    if there and there != [node.caught]:
                        return 0.0
                    world.pos[node.caught] = field
            world.apply_unchecked(CHANCE, action)
            return 1.0
        if seat == MUMMY:
            assert action is not None
            world.apply_unchecked(MUMMY, action)
            return 1.0
        legal = world.legal_actions(seat)
        if action is None:
            return self._unseen_move(world, seat, legal, rng)
        if isinstance(action, act.Go):
            return self._laid(world, seat, action, legal)
        if action not in legal:
            return 0.0
        if len(legal) == 1:
            world.apply_unchecked(seat, action)
            return 1.0
        choice = self.model.race(world, seat, legal)
        world.apply_unchecked(seat, action)
        return 1.0 - self.noise if choice == action else self.noise

    def _laid(self, world: MummyState, seat: int, action: act.Go, legal: list[Action]) -> float:
        """A card laid, which shows the figure's field: the card goes into this world's
        hand if it was dealt elsewhere; a world whose figure could not have reached the
        field keeps its other guesses at weight :data:`NOISE` squared, the figure put
        there (so that one surprise does not wipe out every world)."""
        if action not in legal and self._deal_in(world, seat, action):
            legal = world.legal_actions(seat)
        if world.card_owner[world.board.symbol_at[action.field]] != seat:
            return 0.0
        if action not in legal:
            likelihood = self.noise * self.noise
        elif len(legal) == 1:
            likelihood = 1.0
        else:
            choice = self.model.race(world, seat, legal)
            likelihood = 1.0 - self.noise if choice == action else self.noise
        world.apply_unchecked(seat, action)
        return likelihood

    def _unseen_move(
        self, world: MummyState, seat: int, legal: list[Action], rng: random.Random
    ) -> float:
        """A move that laid no card: where this world's explorer would go, or (noise) any
        field the value reaches without laying a card."""
        quiet = [a for a in legal if isinstance(a, act.Go) and not a.play]
        if not quiet:
            return 0.0
        choice = self.model.race(world, seat, legal) if len(legal) > 1 else legal[0]
        wanted = isinstance(choice, act.Go) and not choice.play
        figure = world.cur
        if wanted and rng.random() >= self.noise:
            world.apply_unchecked(seat, choice)
            likelihood = 1.0
        else:
            world.apply_unchecked(seat, rng.choice(quiet))
            likelihood = 1.0 if wanted else self.noise
        if not (world.belief[figure] >> world.pos[figure]) & 1:
            return 0.0  # blocked, seen from outside, by a figure this world put elsewhere
        return likelihood

    @staticmethod
    def _deal_in(world: MummyState, seat: int, action: act.Go) -> bool:
        """Give ``seat`` the card laid by ``action`` in this world (its colour is public:
        a card of that colour it holds goes where the laid one was)."""
        board = world.board
        symbol = board.symbol_at[action.field]
        if symbol < 0 or world.card_owner[symbol] == seat or world.played[symbol]:
            return False
        colour = board.symbols[symbol].colour
        owner = world.card_owner
        for other, holder in enumerate(owner):
            if holder == seat and not world.played[other] and board.symbols[other].colour == colour:
                owner[other] = owner[symbol]
                owner[symbol] = seat
                return True
        return False

    def _agree(self, now: MummyState) -> None:
        """Drop the worlds whose figures stand outside the public belief sets."""
        belief = now.belief
        weights = self.weights
        for i, world in enumerate(self.worlds):
            if not weights[i]:
                continue
            for figure, field in enumerate(world.pos):
                if field != GONE and not (belief[figure] >> field) & 1:
                    weights[i] = 0.0
                    break

"""Heuristic bots for Curse of the Mummy (both sides), registered as "heuristic".

Explorers head for the symbols of their own cards and keep out of the mummy's reach; they
play a card whenever they stand on its symbol. The mummy hunts on its belief sets: it steps
towards the fields where explorers may be, weighting each figure's possible fields equally.
Both use only the perspective (view, legal actions, and for an explorer a resample, which
keeps every position because explorers see them all). Their constants are one weight vector,
:class:`Weights`: :data:`HAND` is the hand-written one (``medium-hand``; ``heuristic``, and so
``medium``, plays it too but for the one-figure explorer and ``leader``, see
:mod:`saqqara.ai.games.curse_of_the_mummy_race`), and ``learned`` plays the vector tuned by
CMA-ES on seeded games (``src/saqqara/ai/weights/``; the bot is made by
:func:`saqqara.ai.training.learned_bot`).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from saqqara.ai.registry import register_bot, register_evaluator
from saqqara.ai.training import register_tunable, weights_tunable
from saqqara.core.actions import Action
from saqqara.core.game import Game, State
from saqqara.core.perspective import Perspective
from saqqara.games.curse_of_the_mummy import actions as act
from saqqara.games.curse_of_the_mummy import moves
from saqqara.games.curse_of_the_mummy.data import Board
from saqqara.games.curse_of_the_mummy.game import CurseOfTheMummy
from saqqara.games.curse_of_the_mummy.state import MUMMY, OVER, MummyState

GAME_ID = "curse-of-the-mummy"


@dataclass(frozen=True, slots=True)
class Weights:
    """The heuristic's constants, one vector (field names are the keys of a weights file)."""

    play: float = 30.0
    """An explorer's liking for laying a card where it ends."""
    near: float = 1.0
    """Its dislike of each step between where it ends and its nearest symbol."""
    rest: float = 0.0
    """Its dislike of each step, on average, to its other symbols still to reach."""
    danger: float = 12.0
    """Its dislike of the mummy's threat where it ends (0 out of reach, 1 beside it)."""
    reach: float = 1.0
    """Fields the mummy is taken to reach beyond its largest die face and the mummies out."""
    reroll_margin: float = 1.0
    """Reroll when the best announced value leaves it this much worse off than staying..."""
    reroll_after: float = 3.0
    """... and at least this many dice were rolled."""
    resolve_margin: float = 1.0
    """Resolve the mummies out when the mummy is farther than their number plus this."""
    fade: float = 0.6
    """The mummy's pull of a field's weight, per step of maze distance (0 < fade < 1)."""
    leader: float = 0.0
    """The mummy's extra weight on a figure per share of its explorer's cards laid."""


HAND = Weights()
"""The hand-written weights."""


_DISTANCES: dict[int, tuple[tuple[int, ...], ...]] = {}


def distances(board: Board) -> tuple[tuple[int, ...], ...]:
    """Maze distances between all fields (start and dungeon may be left, not crossed)."""
    known = _DISTANCES.get(id(board))
    if known is not None:
        return known
    n = board.fields
    table = []
    for source in range(n):
        dist = [99] * n
        dist[source] = 0
        queue = deque([source])
        while queue:
            f = queue.popleft()
            if f != source and (board.forbidden >> f) & 1:
                continue
            for g in board.neighbours[f]:
                if g >= 0 and dist[g] == 99:
                    dist[g] = dist[f] + 1
                    queue.append(g)
        table.append(tuple(dist))
    result = tuple(table)
    _DISTANCES[id(board)] = result
    return result


def _field_score(
    state: MummyState, targets: list[int], field: int, play: bool, w: Weights = HAND
) -> float:
    """An explorer's liking for ending on ``field`` (and playing its card there): near the
    nearest of its ``targets`` (the fields of its unplayed cards), out of the mummy's reach;
    laying the last card beats everything."""
    board = state.board
    row = distances(board)[field]
    if play:
        targets = [t for t in targets if t != field]
        if not targets:
            return 1000.0
    steps = sorted(row[t] for t in targets)
    near = steps[0] if steps else 0
    reach = max(board.mummy_faces) + state.out + max(0.0, w.reach)
    danger = max(0.0, reach - row[state.mummy]) / max(reach, 1e-9)
    score = (w.play if play else 0.0) - w.near * near - w.danger * danger
    if w.rest and len(steps) > 1:
        score -= w.rest * sum(steps[1:]) / (len(steps) - 1)
    return score


class ExplorerHeuristic:
    """Explorer play: progress to the nearest own symbol, away from the mummy."""

    name = "heuristic"
    weights: Weights = HAND

    def __init__(self, game: Game, weights: Weights = HAND) -> None:
        self.game = game
        self.weights = weights

    def _score(self, state: MummyState, seat: int, field: int, play: bool) -> float:
        targets = [state.board.symbols[s].field for s in state.hand(seat)]
        return _field_score(state, targets, field, play, self.weights)

    def _best(self, state: MummyState, seat: int, value: int) -> tuple[float, int, bool]:
        best = (-1e9, -1, False)
        board = state.board
        at = board.symbol_at
        targets = [board.symbols[s].field for s in state.hand(seat)]
        card_owner = state.card_owner
        played = state.played
        w = self.weights
        for f in moves.bits(state.destinations(state.cur, value)):
            s = at[f]
            can_play = s >= 0 and card_owner[s] == seat and not played[s]
            score = _field_score(state, targets, f, can_play, w)
            if score > best[0]:
                best = (score, f, can_play)
        return best

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        legal = perspective.legal_actions()
        if len(legal) == 1:
            return legal[0]
        state = perspective.resample(rng)
        assert isinstance(state, MummyState)
        return self.choose_in(state, perspective.seat, legal)

    def choose_in(self, state: MummyState, seat: int, legal: list[Action]) -> Action:
        """The move in a full state (explorers see every figure; only ``seat``'s own cards
        are read), for the bot and for search rollouts."""
        voc = state.voc
        here = state.pos[state.cur]
        w = self.weights
        if voc.ROLL in legal:
            dist = distances(state.board)
            if voc.RESOLVE in legal and dist[state.mummy][here] > state.out + w.resolve_margin:
                return voc.RESOLVE
            return voc.ROLL
        if voc.REROLL in legal:
            options = [
                (self._best(state, seat, a.value)[0], a)
                for a in legal
                if isinstance(a, act.Announce)
            ]
            if not options:
                return voc.REROLL
            score, choice = max(options, key=lambda o: o[0])
            stay = self._score(state, seat, here, False)
            if score < stay - w.reroll_margin and len(state.rolled) >= w.reroll_after:
                return voc.REROLL
            return choice
        _, field, play = self._best(state, seat, state.value)
        return voc.GO[field][play]


class MummyHeuristic:
    """Mummy play: step towards the weight of the belief sets; catch what is certain."""

    name = "heuristic"

    def __init__(self, game: Game, weights: Weights = HAND) -> None:
        self.game = game
        assert isinstance(game, CurseOfTheMummy)
        self.board: Board = game.board
        self.owner = game.owner
        self.weights = weights

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        legal = perspective.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = perspective.view()
        board = self.board
        w = self.weights
        laid: dict[int, float] = {}
        if w.leader:
            cards = self.owner.count(self.owner[0]) * len(board.colours) if self.owner else 1
            laid = {int(k): len(v) / max(1, cards) for k, v in view["played"].items()}
        weight: dict[int, float] = {}
        for number, figure in enumerate(view["figures"]):
            possible = [board.field_from_name(x) for x in figure["possible"]]
            fields = [f for f in possible if f is not None and not (board.forbidden >> f) & 1]
            unit = 1.0 + w.leader * laid.get(self.owner[number], 0.0)
            for f in fields:
                weight[f] = weight.get(f, 0.0) + unit / len(fields)
        here = board.field_from_name(view["mummy"])
        assert here is not None
        return hunt(board, here, weight, legal, rng, w.fade)


def belief_weights(state: MummyState) -> dict[int, float]:
    """The mummy heuristic's weights from the public belief sets of a full state: each
    figure's possible ordinary fields share one unit (as the view's ``possible`` lists)."""
    forbidden = state.board.forbidden
    weight: dict[int, float] = {}
    for mask in state.belief:
        fields = moves.bits(mask & ~forbidden)
        if fields:
            share = 1.0 / len(fields)
            for f in fields:
                weight[f] = weight.get(f, 0.0) + share
    return weight


def hunt(
    board: Board,
    here: int,
    weight: dict[int, float],
    legal: list[Action],
    rng: random.Random,
    fade: float = HAND.fade,
) -> Action:
    """The step towards the most weight (each field's weight fading by ``fade`` a step), or
    the last legal action (stop) when there is nothing to hunt."""
    if not weight:
        return legal[-1]
    pull = _pull(board, fade)
    best: tuple[float, Action] = (-1.0, legal[-1])
    for action in legal:
        if not isinstance(action, act.Step):
            continue
        row = pull[board.neighbours[here][action.direction]]
        value = sum(w * row[f] for f, w in weight.items())
        value += rng.random() * 1e-9
        if value > best[0]:
            best = (value, action)
    return best[1]


def walk(board: Board, here: int, targets: Collection[int], legal: list[Action]) -> Action:
    """The mummy's obvious plan (``probe:plan``): the step to the neighbour nearest in maze
    steps to any of ``targets`` (the fields where a figure may stand); the first legal
    action when no step is legal, the last (stop) when there is nothing to walk to."""
    steps = [a for a in legal if isinstance(a, act.Step)]
    if not steps:
        return legal[0]
    if not targets:
        return legal[-1]
    table = distances(board)
    neighbours = board.neighbours[here]

    def nearest(step: act.Step) -> int:
        row = table[neighbours[step.direction]]
        return min(row[t] for t in targets)

    return min(steps, key=nearest)


_PULL: dict[tuple[int, float], tuple[tuple[float, ...], ...]] = {}
_PULLS_KEPT = 64


def _pull(board: Board, fade: float = HAND.fade) -> tuple[tuple[float, ...], ...]:
    """``fade`` to the power of the maze distance, between all fields."""
    key = (id(board), fade)
    known = _PULL.get(key)
    if known is None:
        if len(_PULL) >= _PULLS_KEPT:  # training tries many fades
            _PULL.clear()
        known = _PULL[key] = tuple(tuple(fade**d for d in row) for row in distances(board))
    return known


class Heuristic:
    """Dispatches to the mummy or the explorer heuristic by seat."""

    name = "heuristic"

    def __init__(self, game: Game, weights: Weights = HAND) -> None:
        self.mummy = MummyHeuristic(game, weights)
        self.explorer = ExplorerHeuristic(game, weights)
        self.weights = weights

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        if perspective.seat == MUMMY:
            return self.mummy.choose(perspective, rng)
        return self.explorer.choose(perspective, rng)


register_bot(
    "heuristic",
    Heuristic,
    game_id=GAME_ID,
    help="explorers head for their symbols away from the mummy; the mummy hunts on its beliefs",
)


_SEARCH: dict[str, tuple[float, float, float]] = {
    "play": (10.0, 0.0, 100.0),
    "near": (0.5, 0.0, 5.0),
    "rest": (0.5, 0.0, 5.0),
    "danger": (6.0, 0.0, 60.0),
    "reach": (1.0, 0.0, 6.0),
    "reroll_margin": (2.0, -10.0, 20.0),
    "reroll_after": (1.0, 0.0, 6.0),
    "resolve_margin": (1.5, -3.0, 8.0),
    "fade": (0.15, 0.05, 0.95),
    "leader": (1.0, 0.0, 10.0),
}
"""Each weight's unit step for the search and its bounds."""


def _tuned(game: Game, weights: Mapping[str, float]) -> Heuristic:
    return Heuristic(game, Weights(**weights))


register_tunable(weights_tunable(GAME_ID, HAND, _SEARCH, _tuned))


def evaluate(state: State, seat: int) -> float:
    """Search leaves: the mummy's progress against the best explorer's, as a chance in
    [0, 1] that ``seat`` wins (see :func:`seat_values`)."""
    return seat_values(state)[seat]


_SYMBOL_FIELDS: dict[int, tuple[int, ...]] = {}
_OWNER_SEATS: dict[tuple[int, ...], tuple[int, ...]] = {}


def seat_values(state: State) -> list[float]:
    """Search leaves for every seat at once: the mummy's progress against the best
    explorer's, as each seat's chance in [0, 1] of winning.

    The mummy's progress is its share of the ankhs it needs, plus a little for every figure
    within its reach (maze distance); an explorer's is its share of cards laid, plus a little
    for being near a symbol of a card still to lay, minus the threat of a mummy close by.
    """
    assert isinstance(state, MummyState)
    game = state.game
    assert isinstance(game, CurseOfTheMummy)
    players = game.players
    if state.phase == OVER:
        winner = state.winner
        return [1.0 if winner == s else 0.0 for s in range(players)]
    board = state.board
    symbol_fields = _SYMBOL_FIELDS.get(id(board))
    if symbol_fields is None:
        assert all(symbol.id == i for i, symbol in enumerate(board.symbols))
        symbol_fields = _SYMBOL_FIELDS[id(board)] = tuple(s.field for s in board.symbols)
    figure_owner = game.owner
    owner_seats = _OWNER_SEATS.get(figure_owner)
    if owner_seats is None:
        owner_seats = _OWNER_SEATS[figure_owner] = tuple(set(figure_owner))
    dist = distances(board)
    threshold = board.mummy_wins[players]
    owned, laid, targets = _holdings(state.card_owner, state.played, symbol_fields, players)
    threat = 0.0
    near = [0.0] * (players + 1)
    forbidden = board.forbidden
    pos = state.pos
    danger_at = _dangers(board)[state.mummy]
    for figure, field in enumerate(pos):
        if field < 0 or (forbidden >> field) & 1:
            continue
        danger = danger_at[field]
        threat += danger
        owner = figure_owner[figure]
        row = dist[field]
        aims = targets[owner]
        nearest = min(map(row.__getitem__, aims)) if aims else -1
        closeness = 1.0 / (1.0 + nearest) if nearest >= 0 else 0.0
        mine = closeness - 0.5 * danger
        if mine > near[owner]:
            near[owner] = mine
    mummy = (state.collected + 0.5 * threat / max(1, len(pos))) / threshold
    progress = [(laid[s] + 0.5 * near[s]) / owned[s] if owned[s] else 0.0 for s in owner_seats]
    best = max(progress) if progress else 0.0
    p_mummy = min(1.0, max(0.0, 0.5 + 0.5 * (mummy - best)))
    weights = [max(0.0, p) + 0.1 for p in progress]
    total = sum(weights)
    values = [0.0] * players
    for s, weight in zip(owner_seats, weights, strict=True):
        values[s] = (1.0 - p_mummy) * weight / total
    values[MUMMY] = p_mummy
    return values


Holdings = tuple[list[int], list[int], list[list[int]]]
_HOLDINGS: dict[tuple[int, tuple[int, ...], tuple[bool, ...]], Holdings] = {}
_HOLDINGS_KEPT = 1 << 14


def _holdings(
    card_owner: list[int], played: list[bool], symbol_fields: tuple[int, ...], players: int
) -> Holdings:
    """Per holder (a seat, or -1: not dealt, the last slot): its cards, the cards it laid,
    and the fields of those still to lay; remembered for the deals and plays seen last
    (searches meet the same ones again and again; never changed by a caller)."""
    key = (id(symbol_fields) * 8 + players, tuple(card_owner), tuple(played))
    known = _HOLDINGS.get(key)
    if known is not None:
        return known
    owned = [0] * (players + 1)
    laid = [0] * (players + 1)
    targets: list[list[int]] = [[] for _ in range(players + 1)]
    for holder, done, field in zip(card_owner, played, symbol_fields, strict=True):
        owned[holder] += 1
        if done:
            laid[holder] += 1
        else:
            targets[holder].append(field)
    if len(_HOLDINGS) >= _HOLDINGS_KEPT:
        _HOLDINGS.clear()
    known = _HOLDINGS[key] = (owned, laid, targets)
    return known


_DANGER: dict[int, tuple[tuple[float, ...], ...]] = {}


def _dangers(board: Board) -> tuple[tuple[float, ...], ...]:
    """Per mummy field and field, the threat of the mummy there to a figure: falling from
    1 beside it to 0 at eight steps of maze distance."""
    known = _DANGER.get(id(board))
    if known is None:
        known = _DANGER[id(board)] = tuple(
            tuple(max(0.0, 1.0 - d / 8.0) for d in row) for row in distances(board)
        )
    return known


register_evaluator(GAME_ID, evaluate, seat_values)

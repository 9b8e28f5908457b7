"""A greedy bot for Valley of the Kings: it plays from its own view and legal actions only.

It bids its two best tiles on the most uniform groups, sends overseers to claim unclaimed
sites (large first) within its 6 steps, walks workers onto its own sites when it holds
stones, steals and takes over whenever it may, and builds every stone it can, keeping each
level one colour and hiding an odd stone in a large pyramid's unseen centre.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from saqqara.ai.leads import lead_chances
from saqqara.ai.registry import register_bot, register_evaluator
from saqqara.core.actions import Action
from saqqara.core.game import Game, State
from saqqara.core.perspective import Perspective
from saqqara.games.valley_of_the_kings import actions as act
from saqqara.games.valley_of_the_kings.data import Board, Shape, board
from saqqara.games.valley_of_the_kings.scoring import LAYERED, MIXED, SINGLE
from saqqara.games.valley_of_the_kings.state import BID, ValleyState

GAME_ID = "valley-of-the-kings"
SITE_VALUE = {"small": 10, "large": 8}
"""Claim preference: small pyramids finish sooner, and games against weak play are short."""


class GreedyBot:
    """Claims sites, buys stones and builds them into tidy pyramids."""

    name = "greedy"

    def __init__(self, game: Game) -> None:
        self.game = game
        self.board: Board = board()

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        legal = perspective.legal_actions()
        view = perspective.view()
        me = perspective.seat
        first = legal[0]
        if isinstance(first, act.Bid):
            return self._bid(view, me, legal, rng)
        if isinstance(first, act.Overseer):
            return self._overseer(view, me, legal, rng)
        if isinstance(first, act.Worker):
            return self._worker(view, me, legal)
        if isinstance(first, act.Steal | act.Takeover):
            return first
        if isinstance(first, act.Build):
            return self._build(view, legal)
        return rng.choice(legal)

    # -- bidding --------------------------------------------------------------------------
    def _bid(
        self, view: dict[str, Any], me: int, legal: list[Action], rng: random.Random
    ) -> Action:
        mine = {b["group"] - 1 for b in view["bids"] if b["seat"] == me}
        if len(mine) >= 2:
            return act.DONE

        def uniformity(group: int) -> int:
            return max(Counter(view["groups"][group]).values())

        bids = [a for a in legal if isinstance(a, act.Bid) and a.group not in mine]
        if not bids:
            return act.DONE
        best = max(bids, key=lambda a: (a.value, uniformity(a.group), rng.random()))
        return best

    # -- overseers ------------------------------------------------------------------------
    def _overseer(
        self, view: dict[str, Any], me: int, legal: list[Action], rng: random.Random
    ) -> Action:
        b = self.board
        moves = [a for a in legal if isinstance(a, act.Overseer)]
        overseer = moves[0].overseer
        seat = view["seats"][me]
        here = b.node(seat["overseers"][overseer])
        budget = view["steps_left"]
        if budget is None:  # a sealed order: the first order spends part of the 6 steps
            budget = b.steps
            if overseer == 1 and seat["orders"]:
                first_from = b.node(seat["overseers"][0])
                budget -= b.dist[first_from][b.node(seat["orders"][0])]
        taken = {b.node(o) for s in view["seats"] for o in s["overseers"] + s["workers"]}
        chosen = set()
        if overseer == 1 and seat["orders"]:
            chosen.add(b.node(seat["orders"][0]))
        best: tuple[float, Action] | None = None
        for action in moves:
            node = action.node
            site = b.node_site[node]
            if site < 0 or node in taken or node in chosen or b.dist[here][node] > budget:
                continue
            info = view["sites"][site]
            if info["owner"] is not None or not info["in_play"]:
                continue
            value = (SITE_VALUE[info["size"]]) - b.dist[here][node] + rng.random()
            if best is None or value > best[0]:
                best = (value, action)
        if best is not None:
            return best[1]
        return act.OVERSEER[overseer][here]  # stay

    # -- workers --------------------------------------------------------------------------
    def _worker(self, view: dict[str, Any], me: int, legal: list[Action]) -> Action:
        b = self.board
        seat = view["seats"][me]
        stones = sum(seat["stones"].values())
        own = {i for i, s in enumerate(view["sites"]) if s["owner"] == me and not s["finished"]}
        placed = [b.node(w) for w in seat["workers"]]
        on_own = sum(1 for n in placed if b.node_site[n] in own)
        if 2 * on_own >= stones:
            return act.DONE
        for action in legal:
            if not isinstance(action, act.Worker):
                continue
            if b.node_site[placed[action.worker]] in own:
                continue
            if b.node_site[action.node] in own:
                return action
        return act.DONE

    # -- building -------------------------------------------------------------------------
    def _build(self, view: dict[str, Any], legal: list[Action]) -> Action:
        b = self.board
        best: tuple[float, Action] | None = None
        for action in legal:
            if not isinstance(action, act.Build):
                continue
            shape = b.sites[action.site].shape
            stones = view["sites"][action.site]["stones"]
            level = shape.positions[action.pos][0]
            lo, hi = shape.level_start[level], shape.level_start[level + 1]
            present = Counter(
                s for p, s in enumerate(stones[lo:hi], lo) if s is not None and p != shape.hidden
            )
            colour = b.colours[action.colour].slug
            fits = not present or colour == present.most_common(1)[0][0]
            value = 10.0 if fits else 0.0
            if action.pos == shape.hidden:
                value += 5.0 if not fits else -1.0
            value += sum(1 for s in stones if s is not None) / shape.stones
            if best is None or value > best[0]:
                best = (value, action)
        assert best is not None
        return best[1]


register_bot(
    "greedy",
    GreedyBot,
    game_id=GAME_ID,
    help="claims sites, bids its best tiles, builds every stone into tidy pyramids",
)


# -- the search evaluator --------------------------------------------------------------------
WIN_SCALE = 3.0
"""Points of expected lead that make a win about 73% likely, for :func:`win_chance`."""
STONE_VALUE = 0.4
"""What a held, unbuilt stone is worth to its holder, in points."""
CLAIMED_VALUE = 0.5
FINISH_WEIGHT = 0.8
"""An unfinished pyramid counts the square of its built share, times this, of its points:
only finished pyramids score, and the game may end before the next is done."""
"""What a claimed pyramid with no stone yet is worth (it will take stones later)."""


def _kind_in_reach(shape: Shape, stones: Sequence[int]) -> str:
    """The best kind a pyramid can still become from the stones laid so far."""
    colours: set[int] = set()
    layered = True
    for level in range(shape.levels):
        seen = {
            c
            for p in range(shape.level_start[level], shape.level_start[level + 1])
            if p != shape.hidden and (c := stones[p]) >= 0
        }
        colours |= seen
        layered = layered and len(seen) <= 1
    if len(colours) <= 1:
        return SINGLE
    return LAYERED if layered else MIXED


def _auction_winners(state: ValleyState) -> list[int]:
    """Per group bid for, the seat the auction under way would give it if it ended now
    (the bids of a determinization are all known): a group goes to the highest total, an
    equal total to whoever bid there first. Empty outside an auction."""
    if state.phase != BID:
        return []
    bids = state.bids
    best: dict[int, tuple[int, int, int]] = {}  # group -> (total, -first index, seat)
    totals: dict[tuple[int, int], int] = {}
    first: dict[tuple[int, int], int] = {}
    for i in range(0, len(bids), 3):
        key = (bids[i], bids[i + 1])
        totals[key] = totals.get(key, 0) + bids[i + 2]
        first.setdefault(key, i)
    for (group, who), amount in totals.items():
        if amount:
            entry = (amount, -first[(group, who)], who)
            if group not in best or entry > best[group]:
                best[group] = entry
    return [entry[2] for entry in best.values()]


def _auction_stones(state: ValleyState, seat: int) -> int:
    """Stones the auction under way would give ``seat`` if it ended now (see
    :func:`_auction_winners`)."""
    return _auction_winners(state).count(seat) * state.b.group_size


def expected_points(state: ValleyState, seat: int) -> float:
    """Points of the seat's finished pyramids, plus for each unfinished one a part of the
    best kind it can still become that grows with the square of its built share, plus a
    little for held stones and claimed sites."""
    return _expected_points(state, seat, _auction_winners(state), state.scores()[seat])


def _expected_points(
    state: ValleyState, seat: int, auction_winners: list[int], finished: float
) -> float:
    """:func:`expected_points` from the auction's winners (:func:`_auction_winners`) and
    the seat's points of finished pyramids, which every seat's figure shares."""
    b = state.b
    table = b.scores
    held = sum(state.held[seat * len(b.colours) : (seat + 1) * len(b.colours)])
    total = STONE_VALUE * (held + auction_winners.count(seat) * b.group_size)
    owner = state.owner
    size = len(state.stones) // len(owner)
    total += finished
    for site, who in enumerate(owner):
        if who != seat or state.complete(site):
            continue
        shape = b.sites[site].shape
        laid = state.count[site]
        if not laid:
            total += CLAIMED_VALUE
            continue
        stones = state.stones[site * size : site * size + shape.stones]
        share = laid / shape.stones
        total += FINISH_WEIGHT * share * share * table[shape.name][_kind_in_reach(shape, stones)]
    return total


def _all_points(state: ValleyState) -> list[float]:
    """:func:`expected_points` of every seat, the auction and the scores worked out once."""
    winners = _auction_winners(state)
    scores = state.scores()
    return [_expected_points(state, s, winners, scores[s]) for s in range(state.n)]


def win_chance(state: State, seat: int) -> float:
    """Search evaluator: the expected-points lead over the best rival, squashed into [0, 1]."""
    assert isinstance(state, ValleyState)
    if state.is_terminal():
        return state.returns()[seat]
    points = _all_points(state)
    lead = points[seat] - max(p for s, p in enumerate(points) if s != seat)
    return 1.0 / (1.0 + math.exp(-lead / WIN_SCALE))


def seat_values(state: State) -> list[float]:
    """:func:`win_chance` of every seat at once (the points worked out once; each seat's
    best rival is the leader, or for the leader the runner-up)."""
    assert isinstance(state, ValleyState)
    if state.is_terminal():
        return list(state.returns())
    points = _all_points(state)
    return lead_chances(points, WIN_SCALE)


register_evaluator(GAME_ID, win_chance, seat_values)

"""A greedy bot for Valley of the Kings: it plays from its own view and legal actions only.

It bids its two best tiles on the most uniform groups, sends overseers to claim unclaimed
sites (large first) within its 6 steps, walks workers onto its own sites when it holds
stones, steals and takes over whenever it may, and builds every stone it can, keeping each
level one colour and hiding an odd stone in a large pyramid's unseen centre.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from saqqara.ai.registry import register_bot
from saqqara.core.actions import Action
from saqqara.core.game import Game
from saqqara.core.perspective import Perspective
from saqqara.games.valley_of_the_kings import actions as act
from saqqara.games.valley_of_the_kings.data import Board, board

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

"""Valley of the Kings' tensor layout for research faces, encoded from a seat's view.

Seats are relative to the observer (itself first, then clockwise); absent seats are zero.
Layout, in order (N = 91 nodes, 4 seats, 5 colours, 5 groups of 5, 15 sites of up to 14):

=====================  =====  ================================================================
part                   size   content
=====================  =====  ================================================================
round                     1   round / 40 (the round limit)
phase                    10   one-hot of the ten phases
start player              4   one-hot, relative
to act                    4   multi-hot, relative (a sealed decision has several)
steps left                1   steps / 6 in a moving turn
bag                       5   stones of each colour / 33
pharaoh                   2   stones on the pharaoh pyramid / 30, stones discarded / 25
market                  150   5 groups x 5 stones x (colour one-hot or empty)
bids                     60   5 groups x 4 seats x (tiles laid / 8, known rings / 10,
                              face-down tiles / 8)
seat stones etc.         60   4 seats x (stones per colour / 10, scarabs / 8, tiles in hand
                              per value / 2 when known, hidden tiles in hand / 8,
                              orders written / 2)
figures                 728   4 seats x 91 nodes x (overseers, workers) / 5
orders                  728   4 seats x 2 overseers x 91 nodes: a known order's target
sites                  1365   15 x (owner one-hot 4 relative, unclaimed, out of play,
                              14 positions x (colour one-hot or empty), finished)
scores                    4   points / 60, relative
=====================  =====  ================================================================
"""

from __future__ import annotations

from typing import Any

from saqqara.core.tensors import TensorEncoder, one_hot, relative
from saqqara.games.valley_of_the_kings import actions as act
from saqqara.games.valley_of_the_kings.data import board
from saqqara.games.valley_of_the_kings.state import MAX_ROUNDS, PHASE_NAMES

SEATS = act.MAX_SEATS
GROUPS = act.MAX_GROUPS
SIZE = 1 + 10 + 4 + 4 + 1 + 5 + 2 + 150 + 60 + 60 + 728 + 728 + 1365 + 4

PER_ROUND = 1 + 25 + SEATS * (9 + 2 + 7 + 11 + 16 + 11)
"""Most actions in one round: the start draw and 25 stone draws; per seat 8 tiles and done,
2 overseer moves, 6 worker moves (each costs a step) and done, 10 thefts (2 per worker) and
done, 15 takeovers and done, 10 stones laid (2 per worker) and done."""


class ValleyTensors(TensorEncoder):
    shape = (SIZE,)
    max_game_length = PER_ROUND * MAX_ROUNDS

    def __init__(self) -> None:
        b = self.board = board()
        self.colour = {c.slug: i for i, c in enumerate(b.colours)}
        self.phase = {name: i for i, name in enumerate(PHASE_NAMES)}
        self.nodes = b.num_nodes
        width = len(self.colour) + 1
        self.stone_hot = {slug: one_hot(width, i) for slug, i in self.colour.items()}
        self.empty_hot = one_hot(width, width - 1)

    def encode(self, view: dict[str, Any], seat: int) -> list[float]:
        b = self.board
        n = view["players"]
        colour = self.colour

        def rel(s: int) -> int:
            return relative(s, seat, n)

        stone_hot, empty_hot = self.stone_hot, self.empty_hot

        def stones(slugs: list[str | None], length: int) -> list[float]:
            out: list[float] = []
            for slug in slugs[:length]:
                out += empty_hot if slug is None else stone_hot[slug]
            for _ in range(length - len(slugs)):
                out += empty_hot
            return out

        out: list[float] = [view["round"] / MAX_ROUNDS]
        out += one_hot(10, self.phase[view["phase"]])
        out += one_hot(SEATS, rel(view["start"]))
        acting = [0.0] * SEATS
        for s in view["to_act"]:
            if s != "chance":
                acting[rel(s)] = 1.0
        out += acting
        out += [(view["steps_left"] or 0) / b.steps]
        out += [view["bag"][c.slug] / 33 for c in b.colours]
        out += [view["pharaoh"] / b.pharaoh_stones, view["discarded"] / 25]
        for g in range(GROUPS):
            group = view["groups"][g] if g < len(view["groups"]) else []
            out += stones(group, 5)
        bids = [0.0] * (GROUPS * SEATS * 3)
        for bid in view["bids"]:
            base = ((bid["group"] - 1) * SEATS + rel(bid["seat"])) * 3
            bids[base] += 1 / 8
            if bid["value"] is None:
                bids[base + 2] += 1 / 8
            else:
                bids[base + 1] += bid["value"] / 10
        out += bids
        per_seat = [0.0] * (SEATS * 15)
        figures = [0.0] * (SEATS * self.nodes * 2)
        orders = [0.0] * (SEATS * 2 * self.nodes)
        for s, info in enumerate(view["seats"]):
            r = rel(s)
            base = r * 15
            for slug, count in info["stones"].items():
                per_seat[base + colour[slug]] = count / 10
            per_seat[base + 5] = info["scarabs"] / 8
            tiles = info["bid_tiles"]
            if isinstance(tiles, list):
                for value in tiles:
                    per_seat[base + 6 + value] += 1 / 2
            else:
                per_seat[base + 13] = tiles / 8
            per_seat[base + 14] = info["orders_written"] / 2
            for kind, pieces in ((0, info["overseers"]), (1, info["workers"])):
                for name in pieces:
                    figures[(r * self.nodes + b.node(name)) * 2 + kind] += 1 / 5
            for o, name in enumerate(info["orders"] or []):
                orders[(r * 2 + o) * self.nodes + b.node(name)] = 1.0
        out += per_seat
        out += figures
        out += orders
        for info in view["sites"]:
            owner = info["owner"]
            if not info["in_play"]:
                out += [0.0] * SEATS + [0.0, 1.0]
            elif owner is None:
                out += [0.0] * SEATS + [1.0, 0.0]
            else:
                out += [*one_hot(SEATS, rel(owner)), 0.0, 0.0]
            out += stones(info["stones"], act.MAX_POS)
            out += [1.0 if info["finished"] else 0.0]
        scores = [0.0] * SEATS
        for s, points in enumerate(view["scores"]):
            scores[rel(s)] = points / 60
        out += scores
        return out

"""Valley of the Kings rebuilt from a seat's view (``core.view_states``).

Everything on the table is public: pieces, stones held and built, sites, the bag, the
groups and where each bid tile lies, this round's thefts and building. Sealed to the seat
are only the values of the other seats' face-down bid tiles while the bids are laid, and
the other seats' overseer orders while they are written. The builder sets every public
fact, lays stand-ins for the sealed ones (a bid of 0, an order to the first place an order
may name), and lets the game's ``resample`` deal the sealed values as it does for a bot.

Worked out rather than read: whose turn it is within a phase played in turn order (from
``to_act`` and the start player), the number of groups the round lays out (from the bag
and the stones drawn), and which fields are occupied (from the pieces).
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Mapping
from typing import Any

from saqqara.core.game import Game
from saqqara.core.view_states import ViewError, register_from_view
from saqqara.games.valley_of_the_kings.state import (
    DRAW,
    FREE,
    ORDERS,
    OUT,
    PHASE_NAMES,
    PIECES,
    UNCLAIMED,
    C,
    P,
    S,
    V,
    ValleyState,
)


@register_from_view("valley-of-the-kings")
def valley_from_view(
    game: Game, view: Mapping[str, Any], seat: int, rng: random.Random
) -> ValleyState:
    state = game.new_state()
    assert isinstance(state, ValleyState)
    b = state.b
    n = state.n
    colours = {c.slug: index for index, c in enumerate(b.colours)}

    def colour(slug: str) -> int:
        if slug not in colours:
            raise ViewError(f"no stone colour {slug!r:.20}")
        return colours[slug]

    def node(name: str) -> int:
        try:
            return b.node(name)
        except KeyError:
            raise ViewError(f"no place {name!r:.20} in the valley") from None

    phase = state.phase = PHASE_NAMES.index(view["phase"])
    state.round, state.start = int(view["round"]), int(view["start"])
    acting = [s for s in view["to_act"] if s != "chance"]
    state.turn = (int(acting[0]) - state.start) % n if acting and phase != ORDERS else 0
    state.bag = [0] * C
    for slug, count in view["bag"].items():
        state.bag[colour(slug)] = int(count)
    state.groups = [colour(slug) for group in view["groups"] for slug in group]
    size = b.group_size
    if phase == DRAW:
        state.ngroups = min(n + 1, (sum(state.bag) + len(state.groups)) // size)
    else:
        state.ngroups = len(view["groups"])
    state.bids = []
    for bid in view["bids"]:
        value = bid["value"]
        state.bids += [int(bid["group"]) - 1, int(bid["seat"]), 0 if value is None else int(value)]
    seats = view["seats"]
    if len(seats) != n:
        raise ViewError("the view's seats do not match the player count")
    full = [0] * V
    for value in b.bid_tiles:
        full[value] += 1
    targets = state._order_targets()
    for s, info in enumerate(seats):
        places = [*info["overseers"], *info["workers"]]
        if len(places) != PIECES:
            raise ViewError("a seat has the wrong number of pieces")
        for piece, name in enumerate(places):
            state.pos[s * PIECES + piece] = node(name)
        for slug, count in info["stones"].items():
            state.held[s * C + colour(slug)] = int(count)
        state.scarabs[s] = int(info["scarabs"])
        tiles = info["bid_tiles"]
        hand = full[:]
        if isinstance(tiles, list):
            hand = [0] * V
            for value in tiles:
                hand[int(value)] += 1
        state.hand[s * V : (s + 1) * V] = hand
        written = info["orders"]
        if written is None:
            written_nodes = [targets[0]] * int(info["orders_written"])
        else:
            written_nodes = [node(name) for name in written]
        for overseer, target in enumerate(written_nodes[:2]):
            state.orders[2 * s + overseer] = target
        state.stolen[s * S : (s + 1) * S] = array("b", [int(k) for k in info["stolen"]])
        state.built[s * S : (s + 1) * S] = array("b", [int(k) for k in info["built"]])
    state.occ = array("b", [FREE]) * b.num_nodes
    for pid, at in enumerate(state.pos):
        if b.node_site[at] >= 0:
            state.occ[at] = pid
    sites = view["sites"]
    if len(sites) != S:
        raise ViewError("the view has the wrong number of sites")
    for index, site in enumerate(sites):
        owner = site["owner"]
        state.owner[index] = (
            int(owner) if owner is not None else UNCLAIMED if site["in_play"] else OUT
        )
        placed = [-1 if slug is None else colour(slug) for slug in site["stones"]]
        if len(placed) > P:
            raise ViewError("a site has too many stone positions")
        base = index * P
        state.stones[base : base + len(placed)] = array("b", placed)
        state.count[index] = sum(1 for c in placed if c >= 0)
    state.pharaoh = int(view["pharaoh"])
    state.discarded = int(view["discarded"])
    state.budget = 0 if view["steps_left"] is None else int(view["steps_left"])
    if view["outcome"] is not None:
        state.reason = str(view["outcome"]["reason"])
    return state.resample(seat, rng)

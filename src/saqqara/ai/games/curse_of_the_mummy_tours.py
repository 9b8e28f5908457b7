"""Curse of the Mummy's racing explorer: tours over the subsets of a hand's symbols.

The racing explorer (:mod:`~saqqara.ai.games.curse_of_the_mummy_race`) asks how many turns
it takes to stand on every field of a set of symbols from some field, for the set of its
hand and for every set left when one is laid; with two figures (2 players) it tries every
share of the hand between them. :class:`TourTable` answers all of these for one hand (the
*universe*, at most :data:`MOST` fields): a set is a bit mask over the universe's fields in
ascending order, and the tours from every field of the universe over every subset are
worked out at once, layer by layer of the subsets' sizes, with numpy (Held and Karp's
dynamic programme), where the recursion they replace built a frozenset for each and took
seconds a decision in the mummy's particle filter (forty worlds, forty hands).

The numbers are the recursion's to the last bit: a set of three fields or fewer is the
best of its orders, each summed from the start on (``(a + b) + c``); a larger one is the
best over its first field ``f`` of the turns to ``f`` plus the tour from ``f`` over the
rest, the very sums the recursion made (numpy adds and compares doubles as Python does).
"""

from __future__ import annotations

import itertools
import math
from collections import OrderedDict
from collections.abc import Callable
from functools import cache

import numpy as np
import numpy.typing as npt

from saqqara.games.curse_of_the_mummy.data import Board

MOST = 16
"""The largest universe a table is built for (2 players: a hand of ten cards)."""
KEPT = 256
"""How many tables are remembered (the least recently used is dropped first)."""

Floats = npt.NDArray[np.float64]
Masks = npt.NDArray[np.int64]
TurnsTo = Callable[[Board, int], tuple[float, ...]]
"""Expected turns from every field to stand on a target field."""
OUTSIDE_KEPT = 1 << 16
"""How many tours from fields outside its universe a table remembers."""


@cache
def _layers(n: int) -> tuple[Masks, ...]:
    """The subsets of ``n`` fields by their sizes, each size's masks ascending."""
    sizes: list[list[int]] = [[] for _ in range(n + 1)]
    for mask in range(1 << n):
        sizes[mask.bit_count()].append(mask)
    return tuple(np.array(size, dtype=np.int64) for size in sizes)


@cache
def share_order(n: int) -> Masks:
    """Every subset of ``n`` fields in the order the shares are tried: by size, then as
    ``itertools.combinations`` lists them (ties between shares go to the earlier)."""
    return np.array(
        [
            sum(1 << i for i in combo)
            for size in range(n + 1)
            for combo in itertools.combinations(range(n), size)
        ],
        dtype=np.int64,
    )


@cache
def _orders(n: int, size: int) -> tuple[Masks, tuple[Masks, ...]]:
    """The subsets of ``size`` (1 to 3) of ``n`` fields, and for each order of their
    members the fields in that order (one array per position)."""
    combos = list(itertools.combinations(range(n), size))
    masks = np.array([sum(1 << i for i in c) for c in combos], dtype=np.int64)
    orders = math.factorial(size)
    positions: list[list[list[int]]] = [[[] for _ in range(size)] for _ in range(orders)]
    for combo in combos:
        for k, order in enumerate(itertools.permutations(combo)):
            for position, field in enumerate(order):
                positions[k][position].append(field)
    flat = tuple(np.array(p, dtype=np.int64) for order in positions for p in order)
    return masks, flat


class TourTable:
    """The fewest expected turns to stand on every field of any subset of ``universe``,
    from any field (see the module). ``turns[t][f]`` is the expected turns from field
    ``f`` to stand on the target ``t`` (the racing explorer's
    :func:`~saqqara.ai.games.curse_of_the_mummy_race.turns_to`)."""

    __slots__ = ("_from", "_inner", "_plans", "_rows", "_tours", "fields", "full", "index")

    def __init__(self, universe: frozenset[int], turns: list[tuple[float, ...]]):
        if len(universe) > MOST:
            raise ValueError(f"a tour table holds at most {MOST} fields, not {len(universe)}")
        self.fields = tuple(sorted(universe))
        self.index = {field: i for i, field in enumerate(self.fields)}
        n = len(self.fields)
        self.full = (1 << n) - 1
        self._rows = turns
        """``_rows[i][f]``: expected turns from field ``f`` to the universe's ``i``-th."""
        self._inner = np.array([[turns[j][f] for j in range(n)] for f in self.fields])
        self._inner = self._inner.reshape(n, n)
        """``_inner[i, j]``: expected turns from the ``i``-th field to the ``j``-th."""
        self._from = _tours_of(self._inner, self._inner, None)
        """``_from[mask, i]``: the tour from the ``i``-th field over ``mask``."""
        self._tours: dict[int, float] = {}
        """Tours from fields outside the universe, by ``field << n | mask``."""
        self._plans: dict[tuple[int, int, int], tuple[int, ...]] = {}

    def mask(self, fields: frozenset[int] | set[int]) -> int:
        """The mask of ``fields`` (each must be in the universe)."""
        index = self.index
        return sum(1 << index[f] for f in fields)

    def members(self, mask: int) -> frozenset[int]:
        """The fields of ``mask``."""
        return frozenset(f for i, f in enumerate(self.fields) if mask >> i & 1)

    def bit(self, field: int) -> int:
        """The bit of ``field`` (0 for a field outside the universe)."""
        i = self.index.get(field)
        return 0 if i is None else 1 << i

    def tour(self, start: int, mask: int) -> float:
        """The fewest expected turns to stand on every field of ``mask`` from ``start``."""
        if not mask:
            return 0.0
        n = len(self.fields)
        i = self.index.get(start)
        if i is not None:
            return float(self._from[mask, i])
        key = start << n | mask
        known = self._tours.get(key)
        if known is None:
            if len(self._tours) >= OUTSIDE_KEPT:
                self._tours.clear()
            known = self._tours[key] = self._outside(start, mask)
        return known

    def _outside(self, start: int, mask: int) -> float:
        rows = self._rows
        members = [i for i in range(len(self.fields)) if mask >> i & 1]
        if len(members) <= 3:
            best = float("inf")
            for order in itertools.permutations(members):
                here, total = start, 0.0
                for i in order:
                    total += rows[i][here]
                    here = self.fields[i]
                best = min(best, total)
            return best
        table = self._from
        return min(rows[i][start] + float(table[mask ^ (1 << i), i]) for i in members)

    def tours_from(self, start: int) -> Floats:
        """The tour from ``start`` over every subset, indexed by mask."""
        i = self.index.get(start)
        if i is not None:
            return np.ascontiguousarray(self._from[:, i])
        row = np.array([[self._rows[j][start] for j in range(len(self.fields))]])
        return _tours_of(row, self._inner, self._from)[:, 0]

    def plans(self, first: int, second: int, count: int, balance: float) -> tuple[int, ...]:
        """Two figures on ``first`` and ``second``: the ``count`` best shares (masks) of the
        universe for the figure on ``first``, by ``max(a, b) + balance * min(a, b)`` of the
        two tours; ties go to the share tried first (:func:`share_order`)."""
        key = (first, second, count)
        known = self._plans.get(key)
        if known is not None:
            return known
        mine = self.tours_from(first)
        theirs = self.tours_from(second)[self.full ^ np.arange(self.full + 1)]
        split = np.maximum(mine, theirs) + balance * np.minimum(mine, theirs)
        order = share_order(len(self.fields))
        ranked = order[np.argsort(split[order], kind="stable")[:count]]
        known = self._plans[key] = tuple(int(m) for m in ranked)
        return known

    def split(self, first: int, second: int, mine: int, mask: int, balance: float) -> float:
        """``mask`` shared: ``mine`` from ``first``, the rest from ``second``."""
        a = self.tour(first, mine & mask)
        b = self.tour(second, mask & ~mine)
        return max(a, b) + balance * min(a, b)


def _tours_of(starts: Floats, inner: Floats, table: Floats | None) -> Floats:
    """``result[mask, s]``: the tour from start ``s`` over ``mask``. ``starts[s, j]``:
    turns from start ``s`` to the ``j``-th field; ``inner[i, j]``: from the ``i``-th field
    to the ``j``-th. ``table``: the universe's own tours (``None``: these starts are the
    universe's fields, and the table is being built)."""
    n = inner.shape[0]
    rows = starts.shape[0]
    result = np.zeros((1 << n, rows))
    own = result if table is None else table
    for size in range(1, min(n, 3) + 1):
        masks, flat = _orders(n, size)
        best: Floats | None = None
        for k in range(len(flat) // size):
            order = flat[k * size : (k + 1) * size]
            total = starts[:, order[0]]
            for a, b in itertools.pairwise(order):
                total = total + inner[a, b]
            best = total if best is None else np.minimum(best, total)
        assert best is not None
        result[masks, :] = best.T
    layers = _layers(n)
    for size in range(4, n + 1):
        masks = layers[size]
        best = np.full((len(masks), rows), np.inf)
        for j in range(n):
            has = (masks >> j) & 1 == 1
            subset = masks[has]
            candidate = starts[:, j][None, :] + own[subset ^ (1 << j), j][:, None]
            best[has] = np.minimum(best[has], candidate)
        result[masks, :] = best
    return result


_TABLES: OrderedDict[tuple[int, frozenset[int]], TourTable] = OrderedDict()


def table_for(board: Board, universe: frozenset[int], turns: TurnsTo) -> TourTable:
    """The table of ``universe`` on ``board`` (remembered, the :data:`KEPT` most recent)."""
    key = (id(board), universe)
    known = _TABLES.get(key)
    if known is not None:
        _TABLES.move_to_end(key)
        return known
    rows = [turns(board, field) for field in sorted(universe)]
    known = _TABLES[key] = TourTable(universe, rows)
    if len(_TABLES) > KEPT:
        _TABLES.popitem(last=False)
    return known

"""The geometry of a layer: the 4 x 4 box, its quarter turns, and valid layouts.

Rulebook "Fas 1": in layers 2-5 the snake's head, middle piece and tail lie connected, and
the six obelisk cards form two obelisks of 3 + 3 or 2 + 4 cards, each with a top and a foot;
the other cards lie anywhere. We read "connected" as a straight line of adjacent cells
(the rulebook allows them "vertikalt eller horisontellt"): a snake is head, middle, tail in
a row or a column, an obelisk is top, middle pieces, foot in a row or a column.

With the table option ``bent-snake=on`` (decision 4's other reading) the snake may also
bend: head, middle and tail on a path of side-by-side cells, the middle piece touching both
ends; the obelisks stay straight. Every function that depends on the placements takes
``bent``.

A placement of these nine parts is coded as one integer with three bits per cell (the part's
role code 1..6, or 0 for a free cell), so that "which placements agree with what is known"
is one mask-and-compare per placement. There are 8,064 distinct placements.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache

from saqqara.games.tutankhamuns_revenge.data import BOTTOM, CELLS, MIDDLE_LAYERS, deck

SIDE = 4
HEAD, BODY, TAIL, TOP, MIDDLE, FOOT = range(1, 7)


def _turned(cell: int, turns: int) -> int:
    row, col = divmod(cell, SIDE)
    for _ in range(turns):
        row, col = col, SIDE - 1 - row
    return row * SIDE + col


_TURNED = tuple(tuple(_turned(cell, turns) for cell in range(SIDE * SIDE)) for turns in range(4))
"""Where each cell lies after 0-3 quarter turns (a bot's determinization turns 96 cells)."""


def rotate(cell: int, turns: int) -> int:
    """Where ``cell`` lies after the box is given ``turns`` quarter turns clockwise.

    >>> rotate(0, 1), rotate(3, 1), rotate(0, 2)
    (3, 15, 15)
    """
    return _TURNED[turns % 4][cell]


def cell_name(cell: int) -> str:
    """Column letter and row number: cell 0 is ``a1``, cell 15 is ``d4``."""
    row, col = divmod(cell, SIDE)
    return f"{'abcd'[col]}{row + 1}"


def cell_from_name(name: str) -> int | None:
    if len(name) == 2 and name[0] in "abcd" and name[1] in "1234":
        return (int(name[1]) - 1) * SIDE + "abcd".index(name[0])
    return None


def _segments(length: int) -> list[list[int]]:
    """Every straight run of ``length`` cells, in both directions."""
    runs = []
    for fixed in range(SIDE):
        for start in range(SIDE - length + 1):
            row = [fixed * SIDE + start + k for k in range(length)]
            col = [(start + k) * SIDE + fixed for k in range(length)]
            runs += [row, row[::-1], col, col[::-1]]
    return runs


def _snakes(bent: bool) -> list[list[int]]:
    """Every snake's cells, head first: straight runs of three, and with ``bent`` also
    every path of three side-by-side cells that turns a corner."""
    if not bent:
        return _segments(3)
    paths = []
    for middle in range(CELLS):
        row, col = divmod(middle, SIDE)
        near = [
            r * SIDE + c
            for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
            if 0 <= r < SIDE and 0 <= c < SIDE
        ]
        paths += [[head, middle, tail] for head in near for tail in near if head != tail]
    return paths


def _code(parts: dict[int, int]) -> int:
    return sum(role << (3 * cell) for cell, role in parts.items())


def _obelisk(run: list[int]) -> dict[int, int]:
    return {run[0]: TOP, **dict.fromkeys(run[1:-1], MIDDLE), run[-1]: FOOT}


def _piece(parts: dict[int, int]) -> tuple[int, int]:
    """A piece's cells as a bit mask (one bit per cell) and its role code."""
    return sum(1 << cell for cell in parts), _code(parts)


@cache
def placements(bent: bool = False) -> tuple[int, ...]:
    """Every distinct placement of one snake and two obelisks in a layer, sorted (with
    ``bent``, the snake may turn a corner)."""
    threes = [_piece(_obelisk(run)) for run in _segments(3)]
    twos = [_piece(_obelisk(run)) for run in _segments(2)]
    fours = [_piece(_obelisk(run)) for run in _segments(4)]
    pairs = [
        (cells_a | cells_b, code_a + code_b)
        for (cells_a, code_a), (cells_b, code_b) in itertools.combinations(threes, 2)
        if not cells_a & cells_b
    ]
    pairs += [
        (cells_a | cells_b, code_a + code_b)
        for cells_a, code_a in twos
        for cells_b, code_b in fours
        if not cells_a & cells_b
    ]
    codes: set[int] = set()
    for run in _snakes(bent):
        cells, code = _piece({run[0]: HEAD, run[1]: BODY, run[2]: TAIL})
        codes.update(code + pair_code for pair_cells, pair_code in pairs if not pair_cells & cells)
    return tuple(sorted(codes))


@cache
def _role_sets(bent: bool = False) -> tuple[tuple[int, ...], ...]:
    """``_role_sets()[cell][role]``: the placements with ``role`` (0: a free cell) on
    ``cell``, as a set of indices into :func:`placements` (bit ``i``: the ``i``-th),
    made once: 16 x 7 sets of 8,064 bits, about 120 KB."""
    sets = [[0] * 7 for _ in range(CELLS)]
    for index, placement in enumerate(placements(bent)):
        bit = 1 << index
        for cell in range(CELLS):
            sets[cell][(placement >> (3 * cell)) & 7] |= bit
    return tuple(tuple(roles) for roles in sets)


def _agreeing(mask: int, value: int, bent: bool = False) -> int:
    """The placements whose role codes, on the cells selected by ``mask`` (whole cells:
    ``7 << 3 * cell``), equal ``value``, as a set of indices (see :func:`_role_sets`):
    one intersection per known cell, nothing kept per position."""
    sets = _role_sets(bent)
    found = (1 << len(placements(bent))) - 1
    cell = 0
    while mask >> (3 * cell):
        if (mask >> (3 * cell)) & 7:
            found &= sets[cell][(value >> (3 * cell)) & 7]
        cell += 1
    return found


def _nth_member(members: int, n: int) -> int:
    """The index of the ``n``-th (from 0) member of the set ``members``, in increasing
    order: halves of the set counted until one index is left."""
    low, high = 0, members.bit_length()
    while high - low > 1:
        middle = (low + high) // 2
        below = (members >> low) & ((1 << (middle - low)) - 1)
        count = below.bit_count()
        if n < count:
            high = middle
        else:
            n -= count
            low = middle
    return low


def consistent(mask: int, value: int, bent: bool = False) -> tuple[int, ...]:
    """The placements whose role codes, on the cells selected by ``mask``, equal ``value``
    (in increasing order). Made afresh each time: a cache by ``mask`` and ``value`` is one
    entry per position, and each entry up to thousands of placements."""
    every, members = placements(bent), _agreeing(mask, value, bent)
    return tuple(every[i] for i in range(members.bit_length()) if members >> i & 1)


def choose_consistent(mask: int, value: int, rng: random.Random, bent: bool = False) -> int | None:
    """``rng.choice(consistent(mask, value))`` (the same draw, the generator used the
    same way) without listing them; ``None`` when there is none."""
    members = _agreeing(mask, value, bent)
    count = members.bit_count()
    if not count:
        return None
    return placements(bent)[_nth_member(members, rng.randrange(count))]


def role_at(placement: int, cell: int) -> int:
    return (placement >> (3 * cell)) & 7


def _known_code(layer: int, cards: tuple[int, ...]) -> tuple[int, int]:
    """Mask and value of the known cells (kind >= 0) of a middle layer."""
    roles = deck().roles
    mask = value = 0
    for cell, kind in enumerate(cards):
        if kind >= 0:
            mask |= 7 << (3 * cell)
            value |= roles[kind] << (3 * cell)
    return mask, value


def _free_left(layer: int, cards: tuple[int, ...]) -> Counter[int]:
    """Free (non-part) cards of ``layer`` not yet among the known ``cards``."""
    d = deck()
    left: Counter[int] = Counter()
    for kind, count in enumerate(d.layers[layer]):
        if count and not d.cards[kind].role:
            left[kind] = count
    for kind in cards:
        if kind >= 0 and not d.cards[kind].role:
            left[kind] -= 1
    return left


@cache
def _kinds() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each card kind's role code (0: free), and the card kind of each role code 1..6."""
    d = deck()
    roles = d.roles
    return roles, (-1, *(d.role_kind(role) for role in range(1, 7)))


@cache
def _free_counts(layer: int) -> tuple[int, ...]:
    """How many free (non-part) cards of each kind ``layer`` holds."""
    roles, _ = _kinds()
    return tuple(c if not roles[k] else 0 for k, c in enumerate(deck().layers[layer]))


@cache
def _layer_kinds(layer: int) -> tuple[tuple[int, int], ...]:
    """The card kinds ``layer`` holds, with how many of each, by kind."""
    return tuple((k, c) for k, c in enumerate(deck().layers[layer]) if c)


@cache
def _free_kinds(layer: int) -> tuple[tuple[int, int], ...]:
    """The free (non-part) card kinds ``layer`` holds, with how many of each, by kind."""
    return tuple((k, c) for k, c in enumerate(_free_counts(layer)) if c)


def next_cell_weights(
    layer: int, prefix: tuple[int, ...], bent: bool = False
) -> tuple[tuple[int, float], ...]:
    """The kinds that may lie on cell ``len(prefix)`` after ``prefix`` (cells laid row by
    row), each weighted by the share of complete valid layouts that continue that way.

    Every kind listed keeps the layer completable: there are no dead ends. Not cached
    here: the state caches what it builds from it.
    """
    if layer not in MIDDLE_LAYERS:
        left = [(kind, count - prefix.count(kind)) for kind, count in _layer_kinds(layer)]
        total = sum([count for _, count in left])
        return tuple([(kind, count / total) for kind, count in left if count > 0])
    roles, _ = _kinds()
    at0, parts = _share_table(bent)[tuple(map(roles.__getitem__, prefix))]
    if not at0:
        return parts
    free = [(kind, count - prefix.count(kind)) for kind, count in _free_kinds(layer)]
    n_free = sum([count for _, count in free])
    weights = [(kind, at0 * count / n_free) for kind, count in free if count > 0]
    weights += parts
    weights.sort()
    return tuple(weights)


@cache
def _share_table(
    bent: bool = False,
) -> dict[tuple[int, ...], tuple[float, tuple[tuple[int, float], ...]]]:
    """For every role prefix of a valid layout (role codes of the cells laid so far), the
    share of the placements agreeing with it that leave the next cell free, and the part
    kinds that may lie there with their shares (layouts differing only in free cards share
    a role prefix), filled at once.

    One walk down the trie of all placements, splitting each group of placements by the
    role on the next cell; a group of one placement fills its remaining chain directly.
    Filled on first use so that no search pays for it piecemeal.
    """
    _, kind_of_role = _kinds()
    table: dict[tuple[int, ...], tuple[float, tuple[tuple[int, float], ...]]] = {}
    only = tuple(
        (1.0, ()) if role == 0 else (0.0, ((kind_of_role[role], 1.0),)) for role in range(7)
    )
    pending: list[tuple[tuple[int, ...], list[int]]] = [((), list(placements(bent)))]
    while pending:
        prefix, group = pending.pop()
        cell = len(prefix)
        if cell == CELLS:
            continue
        if len(group) == 1:
            rest = group[0] >> (3 * cell)
            for _ in range(cell, CELLS):
                role = rest & 7
                table[prefix] = only[role]
                prefix = (*prefix, role)
                rest >>= 3
            continue
        shift = 3 * cell
        split: dict[int, list[int]] = {}
        for placement in group:
            role = (placement >> shift) & 7
            members = split.get(role)
            if members is None:
                split[role] = [placement]
            else:
                members.append(placement)
        total = len(group)
        free = 0.0
        parts: list[tuple[int, float]] = []
        for role, members in split.items():
            if role:
                parts.append((kind_of_role[role], len(members) / total))
            else:
                free = len(members) / total
            pending.append(((*prefix, role), members))
        parts.sort()
        table[prefix] = (free, tuple(parts))
    return table


def sample_layer(
    layer: int, known: tuple[int, ...], rng: random.Random, bent: bool = False
) -> list[int]:
    """A valid layout of ``layer`` agreeing with the ``known`` cells (-1: unknown), drawn
    uniformly among all such layouts (one placement of the parts, then the free cards)."""
    d = deck()
    cards = list(known)
    if layer in MIDDLE_LAYERS:
        chosen = choose_consistent(*_known_code(layer, known), rng, bent)
        if chosen is None:
            raise ValueError(f"no valid layout of layer {layer + 1} agrees with {known}")
        kind_of_role = _kinds()[1]
        for cell in range(CELLS):
            role = role_at(chosen, cell)
            if role and cards[cell] < 0:
                cards[cell] = kind_of_role[role]
        free = _free_left(layer, known)
    else:
        free = Counter({k: c for k, c in enumerate(d.layers[layer]) if c})
        free.subtract(k for k in known if k >= 0)
    pool = [k for k, c in sorted(free.items()) for _ in range(c)]
    holes = [cell for cell in range(CELLS) if cards[cell] < 0]
    if len(pool) != len(holes) or any(c < 0 for c in free.values()):
        raise ValueError(f"the known cards do not fit layer {layer + 1}")
    rng.shuffle(pool)
    for cell, kind in zip(holes, pool, strict=True):
        cards[cell] = kind
    return cards


def is_valid_layout(layer: int, cards: list[int] | tuple[int, ...], bent: bool = False) -> bool:
    """Whether ``cards`` is a complete, valid layout of ``layer`` (index 0 = bottom)."""
    d = deck()
    if len(cards) != CELLS or Counter(cards) != Counter(
        {k: c for k, c in enumerate(d.layers[layer]) if c}
    ):
        return False
    if layer not in MIDDLE_LAYERS:
        return True
    return bool(_agreeing(*_known_code(layer, tuple(cards)), bent))


assert BOTTOM not in MIDDLE_LAYERS

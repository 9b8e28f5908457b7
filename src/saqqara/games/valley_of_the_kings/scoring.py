"""Scoring a finished pyramid (Spielende; Pyramidenarten; Variante für Pyramiden-Experten).

A pyramid is single-colour when every stone that can be seen has one colour; layered when
each level's visible stones share one colour; striped (experts variant only) when two
colours alternate in diagonal stripes seen from above; mixed otherwise. The centre stone of
a large pyramid's bottom level is hidden and never counts for colour. The best kind that
applies scores (the table is in ``data/components.toml``).
"""

from __future__ import annotations

from collections.abc import Sequence

from saqqara.games.valley_of_the_kings.data import Shape

SINGLE, LAYERED, STRIPED, MIXED = "single", "layered", "striped", "mixed"


def _visible(shape: Shape, stones: Sequence[int]) -> list[tuple[int, int]]:
    """(position, colour) of every stone that counts for colour."""
    return [(p, stones[p]) for p in range(shape.stones) if p != shape.hidden]


def is_single(shape: Shape, stones: Sequence[int]) -> bool:
    return len({c for _, c in _visible(shape, stones)}) == 1


def is_layered(shape: Shape, stones: Sequence[int]) -> bool:
    """Each level of one colour (levels may repeat a colour: white, white, black)."""
    for level in range(shape.levels):
        colours = {c for p, c in _visible(shape, stones) if shape.positions[p][0] == level}
        if len(colours) != 1:
            return False
    return True


def is_striped(shape: Shape, stones: Sequence[int]) -> bool:
    """Two colours in diagonal stripes seen from above.

    A stone at (level k, row i, column j) is seen centred at (i + k/2, j + k/2), so the
    stripes along one diagonal follow the parity of i + j + k and those along the other
    the parity of i - j. Either direction counts, with either colour first.
    """
    visible = _visible(shape, stones)
    if len({c for _, c in visible}) != 2:
        return False
    for parity in (_sum_parity, _difference_parity):
        colour_of: dict[int, int] = {}
        if (
            all(colour_of.setdefault(parity(shape, p), c) == c for p, c in visible)
            and len(set(colour_of.values())) == 2
        ):
            return True
    return False


def _sum_parity(shape: Shape, pos: int) -> int:
    k, i, j = shape.positions[pos]
    return (i + j + k) % 2


def _difference_parity(shape: Shape, pos: int) -> int:
    _, i, j = shape.positions[pos]
    return (i - j) % 2


def kind(shape: Shape, stones: Sequence[int], experts: bool) -> str:
    """The best kind a finished pyramid counts as."""
    if is_single(shape, stones):
        return SINGLE
    if is_layered(shape, stones):
        return LAYERED
    if experts and is_striped(shape, stones):
        return STRIPED
    return MIXED


def points(
    table: dict[str, dict[str, int]], shape: Shape, stones: Sequence[int], experts: bool
) -> int:
    """Points of a finished pyramid by the score table."""
    return table[shape.name][kind(shape, stones, experts)]

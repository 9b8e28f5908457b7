"""Pyramid kinds and points (Pyramidenarten, Spielende, Variante für Pyramiden-Experten)."""

from __future__ import annotations

import pytest

from saqqara.games.valley_of_the_kings.data import board
from saqqara.games.valley_of_the_kings.scoring import (
    LAYERED,
    MIXED,
    SINGLE,
    STRIPED,
    kind,
    points,
)

R, G, K, W, Y = range(5)  # red, grey, black, white, sand
SMALL = board().sites[0].shape
LARGE = board().sites[1].shape


def test_shapes() -> None:
    assert SMALL.name == "small"
    assert LARGE.name == "large"


@pytest.mark.parametrize(
    ("stones", "expected"),
    [
        ([R, R, R, R, R], SINGLE),
        ([W, W, W, W, K], LAYERED),
        ([R, G, R, G, R], MIXED),
        ([R, G, G, R, G], MIXED),  # striped, but only the experts count stripes
    ],
)
def test_small_kinds(stones: list[int], expected: str) -> None:
    assert kind(SMALL, stones, experts=False) == expected


def test_the_rulebooks_layered_examples() -> None:
    # bottom red, middle grey, top black
    assert kind(LARGE, [R] * 9 + [G] * 4 + [K], experts=False) == LAYERED
    # bottom white, middle white, top black
    assert kind(LARGE, [W] * 9 + [W] * 4 + [K], experts=False) == LAYERED


def test_the_hidden_centre_stone_does_not_count_for_colour() -> None:
    centre_black = [R, R, R, R, K, R, R, R, R]
    assert kind(LARGE, centre_black + [R] * 5, experts=False) == SINGLE
    assert kind(LARGE, centre_black + [G] * 4 + [K], experts=False) == LAYERED
    corner_black = [K, R, R, R, R, R, R, R, R]
    assert kind(LARGE, corner_black + [R] * 5, experts=False) == MIXED


def test_striped_pyramids_in_the_experts_variant() -> None:
    # small: a checkerboard base, the top either colour
    assert kind(SMALL, [R, G, G, R, G], experts=True) == STRIPED
    assert kind(SMALL, [R, G, G, R, R], experts=True) == STRIPED
    # large, stripes along one diagonal: parity of row + column + level
    along = [[R, G][(i + j + k) % 2] for k, i, j in LARGE.positions]
    assert kind(LARGE, along, experts=True) == STRIPED
    # and along the other: parity of row - column
    other = [[R, G][(i - j) % 2] for k, i, j in LARGE.positions]
    assert kind(LARGE, other, experts=True) == STRIPED
    # the hidden centre may be anything
    along[LARGE.hidden] = Y
    assert kind(LARGE, along, experts=True) == STRIPED
    # three colours are never striped
    along[0] = Y
    assert kind(LARGE, along, experts=True) == MIXED


def test_points_follow_the_table() -> None:
    table = board().scores
    assert points(table, SMALL, [R] * 5, experts=False) == table["small"]["single"]
    assert points(table, SMALL, [R, G, G, R, G], experts=True) == 2
    along = [[R, G][(i + j + k) % 2] for k, i, j in LARGE.positions]
    assert points(table, LARGE, along, experts=True) == 7
    assert points(table, LARGE, along, experts=False) == table["large"]["mixed"]

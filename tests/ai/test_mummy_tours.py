"""Curse of the Mummy's tour tables: the same numbers, to the last bit, as the plain
recursion over sets they replaced, the same shares in the same order, and a clear refusal
of a universe too large."""

from __future__ import annotations

import heapq
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saqqara.ai.games.curse_of_the_mummy_race import (
    BALANCE,
    PLANS,
    pair_tour,
    plans,
    tour,
    turns_to,
)
from saqqara.ai.games.curse_of_the_mummy_tours import MOST, TourTable, share_order, table_for
from saqqara.core.registry import load
from saqqara.games.curse_of_the_mummy.data import Board
from saqqara.games.curse_of_the_mummy.game import CurseOfTheMummy


def _board() -> Board:
    game = load("curse-of-the-mummy", 2)
    assert isinstance(game, CurseOfTheMummy)
    return game.board


BOARD = _board()
SYMBOL_FIELDS = sorted({s.field for s in BOARD.symbols})


def _reference_tour(start: int, targets: frozenset[int], memo: dict[object, float]) -> float:
    """The recursion the tables replaced: three fields or fewer, the best order summed from
    the start on; more, the best first field plus the tour from there."""
    if not targets:
        return 0.0
    key = (start, targets)
    if key in memo:
        return memo[key]
    if len(targets) <= 3:
        best = float("inf")
        for order in itertools.permutations(targets):
            here, total = start, 0.0
            for field in order:
                total += turns_to(BOARD, field)[here]
                here = field
            best = min(best, total)
    else:
        best = min(
            turns_to(BOARD, f)[start] + _reference_tour(f, targets - {f}, memo) for f in targets
        )
    memo[key] = best
    return best


def _reference_plans(
    first: int, second: int, targets: frozenset[int], memo: dict[object, float]
) -> tuple[frozenset[int], ...]:
    def split(mine: frozenset[int]) -> float:
        a = _reference_tour(first, mine, memo)
        b = _reference_tour(second, targets - mine, memo)
        return max(a, b) + BALANCE * min(a, b)

    ranked = sorted(targets)
    shares = (
        frozenset(mine)
        for size in range(len(ranked) + 1)
        for mine in itertools.combinations(ranked, size)
    )
    return tuple(heapq.nsmallest(PLANS, shares, key=split))


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(SYMBOL_FIELDS), max_size=9, unique=True),
    st.integers(0, BOARD.fields - 1),
    st.integers(0, BOARD.fields - 1),
    st.randoms(use_true_random=False),
)
def test_tours_and_shares_equal_the_recursion_to_the_last_bit(
    fields: list[int], first: int, second: int, rng: random.Random
) -> None:
    targets = frozenset(fields)
    memo: dict[object, float] = {}
    assert plans(BOARD, first, second, targets) == _reference_plans(first, second, targets, memo)
    starts = [first, second, BOARD.dungeon, *fields]
    for _ in range(12):
        subset = frozenset(f for f in fields if rng.random() < 0.6)
        start = rng.choice(starts)
        assert tour(BOARD, start, subset) == _reference_tour(start, subset, memo)
        table = table_for(BOARD, targets, turns_to)
        assert table.tour(start, table.mask(subset)) == _reference_tour(start, subset, memo)
        if subset:
            a = _reference_tour(first, subset, memo)
            b = _reference_tour(second, targets - subset, memo)
            split = max(a, b) + BALANCE * min(a, b)
            assert pair_tour(BOARD, first, second, targets, (subset,)) == split


def test_masks_and_members_round_trip_and_a_field_outside_has_no_bit() -> None:
    targets = frozenset(SYMBOL_FIELDS[:5])
    table = table_for(BOARD, targets, turns_to)
    assert table.full == 0b11111
    assert table.members(table.full) == targets
    some = frozenset(SYMBOL_FIELDS[1:4])
    assert table.members(table.mask(some)) == some
    outside = next(f for f in range(BOARD.fields) if f not in targets)
    assert table.bit(outside) == 0 and table.bit(SYMBOL_FIELDS[0]) == 1
    assert table.tour(outside, 0) == 0.0


def test_shares_are_tried_by_size_then_as_combinations_list_them() -> None:
    assert [int(m) for m in share_order(3)] == [
        0b000,
        0b001,
        0b010,
        0b100,
        0b011,
        0b101,
        0b110,
        0b111,
    ]


def test_a_universe_larger_than_a_table_holds_is_refused() -> None:
    fields = frozenset(range(MOST + 1))
    rows = [turns_to(BOARD, f % BOARD.fields) for f in range(MOST + 1)]
    with pytest.raises(ValueError, match=f"at most {MOST} fields"):
        TourTable(fields, rows)

"""Wilson's interval, the one every strength figure reports: known values, its bounds, and
clear errors for what is no share of games."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saqqara.ai.arena import _interval
from saqqara.ai.intervals import share_interval, wilson
from saqqara.ai.ladder import Share


def test_known_values() -> None:
    low, high = wilson(29, 40)  # docs/strength.md: 0.725 [0.57, 0.84]
    assert (round(low, 2), round(high, 2)) == (0.57, 0.84)
    low, high = wilson(40, 40)  # every game won: the interval stays informative
    assert round(low, 3) == 0.912 and high == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_shared_win_counts_as_its_share() -> None:
    mean, low, high = share_interval([1.0, 0.5, 0.0, 1.0])
    assert mean == 0.625 and (low, high) == wilson(2.5, 4)


def test_few_mixed_games_give_no_empty_or_whole_interval() -> None:
    """One win in two: the normal approximation said [0, 1]; Wilson's does not."""
    mean, low, high = share_interval([1.0, 0.0])
    assert mean == 0.5 and 0.0 < low < 0.5 < high < 1.0


@pytest.mark.parametrize("returns", [[], [1.5], [-0.1, 1.0]])
def test_what_is_no_share_of_games_is_refused(returns: list[float]) -> None:
    with pytest.raises(ValueError, match="game"):
        share_interval(returns)


@given(st.lists(st.sampled_from([0.0, 1 / 3, 0.5, 1.0]), min_size=1, max_size=400))
def test_the_interval_holds_the_mean_inside_zero_and_one(returns: list[float]) -> None:
    mean, low, high = share_interval(returns)
    assert 0.0 <= low <= mean + 1e-12 and mean - 1e-12 <= high <= 1.0


@given(st.integers(1, 200), st.floats(0.0, 1.0))
def test_more_games_at_the_same_share_narrow_the_interval(games: int, share: float) -> None:
    low, high = wilson(share * games, games)
    more_low, more_high = wilson(share * 4 * games, 4 * games)
    assert more_high - more_low < high - low


def test_the_arena_and_the_ladder_report_the_same_interval() -> None:
    returns = [1.0, 0.0, 1.0, 1.0, 0.5, 0.0, 1.0]
    score, share = _interval("bot", returns), Share.of(returns)
    assert (score.mean, score.low, score.high) == (share.mean, share.low, share.high)
    assert (share.low, share.high) == wilson(sum(returns), len(returns))

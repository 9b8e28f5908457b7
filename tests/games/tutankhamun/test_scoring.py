"""The award table of one scoring, in isolation (Wertung / De waardering)."""

from __future__ import annotations

import pytest

from saqqara.games.tutankhamun.scoring import Awards, award, scoring_places


def _award(tiles: list[int], value: int, amigo: bool, lids: list[int] | None = None) -> Awards:
    order = list(range(len(tiles)))
    return award(tiles, lids or [0] * len(tiles), value, amigo=amigo, order=order)


@pytest.mark.parametrize("amigo", [True, False])
def test_sole_first_full_single_second_half(amigo: bool) -> None:
    assert _award([3, 2, 1], 6, amigo) == Awards(((0, 6),), ((1, 3),))


@pytest.mark.parametrize("amigo", [True, False])
def test_two_tied_first_half_each_and_no_second(amigo: bool) -> None:
    assert _award([3, 3, 2], 6, amigo) == Awards(((0, 3), (1, 3)), ())


def test_three_tied_first_amigo_nothing_ootb_half_each() -> None:
    assert _award([2, 2, 2, 1], 8, amigo=True) == Awards((), ())
    assert _award([2, 2, 2, 1], 8, amigo=False) == Awards(((0, 4), (1, 4), (2, 4)), ())


@pytest.mark.parametrize("amigo", [True, False])
def test_tie_for_second_scores_nothing(amigo: bool) -> None:
    assert _award([3, 1, 1], 4, amigo) == Awards(((0, 4),), ())


@pytest.mark.parametrize("amigo", [True, False])
@pytest.mark.parametrize("value", [2, 4, 6, 8])
def test_half_shares_are_whole_fields_and_coins(amigo: bool, value: int) -> None:
    """Half a type's value moves a pawn whole fields (Amigo) or pays whole coins (OOTB)."""
    shares = [*_award([3, 2, 1], value, amigo).second, *_award([3, 3], value, amigo).first]
    assert shares
    for _, points in shares:
        assert type(points) is int and points == value // 2


def test_seats_without_tiles_never_score() -> None:
    assert _award([0, 0, 1], 2, amigo=True) == Awards(((2, 2),), ())
    assert _award([0, 0, 0], 2, amigo=False) == Awards((), ())


def test_amigo_two_players_only_sole_first() -> None:
    assert _award([3, 2], 6, amigo=True) == Awards(((0, 6),), ())
    assert _award([3, 3], 6, amigo=True) == Awards((), ())
    assert _award([3, 2], 6, amigo=False) == Awards(((0, 6),), ((1, 3),))
    assert scoring_places(True, 2) == 1 and scoring_places(False, 2) == 2


def test_lids_break_ties_lexicographically() -> None:
    assert _award([3, 3, 1], 6, amigo=True, lids=[0, 1, 0]) == Awards(((1, 6),), ((0, 3),))
    assert _award([3, 3, 3], 6, amigo=True, lids=[1, 0, 1]) == Awards(((0, 3), (2, 3)), ())
    assert _award([3, 3, 3], 6, amigo=True, lids=[1, 0, 0]) == Awards(((0, 6),), ())


def test_payment_order_follows_the_given_seat_order() -> None:
    result = award([2, 2, 2], [0, 0, 0], 8, amigo=False, order=[2, 0, 1])
    assert [seat for seat, _ in result.first] == [2, 0, 1]

"""Hidden information: face-down bid values and sealed orders, and their resampling."""

from __future__ import annotations

import random

import pytest

from saqqara.core.events import JSON
from saqqara.games.valley_of_the_kings.game import ValleyOfTheKings
from saqqara.games.valley_of_the_kings.state import ORDERS, ValleyState
from saqqara.testing import conformance

from .helpers import deal, enter_workers, opening, play


def bidding() -> ValleyState:
    state = opening(3, start=0)
    deal(state, [["red"] * 5, ["grey"] * 5, ["black"] * 5, ["white"] * 5])
    play(state, 0, "bid 1 6", "bid 1 4", "bid 2 0", "done")
    play(state, 1, "bid 2 5")
    return state


def test_resample_redraws_others_bid_values_within_the_rules() -> None:
    state = bidding()
    rng = random.Random(1)
    seen = set()
    for _ in range(40):
        world = state.resample(2, rng)
        assert world.view(2) == state.view(2)
        values = tuple(world.bids[2::3])
        seen.add(values)
        for seat in (0, 1):
            placed = [
                world.bids[i + 2] for i in range(0, len(world.bids), 3) if world.bids[i + 1] == seat
            ]
            hand = [v for v in range(7) for _ in range(world.hand[seat * 7 + v])]
            assert sorted(placed + hand) == [0, 0, 1, 2, 3, 4, 5, 6]
            for group in range(4):
                assert world._bid_total(seat, group) <= 10
    assert len(seen) > 5


def test_resample_keeps_the_seats_own_bids() -> None:
    state = bidding()
    world = state.resample(0, random.Random(2))
    own = [world.bids[i + 2] for i in range(0, len(world.bids), 3) if world.bids[i + 1] == 0]
    assert own == [6, 4, 0]


def test_resample_redraws_others_sealed_orders() -> None:
    state = opening(3, start=0)
    enter_workers(state, 2, start=0)
    state.phase = ORDERS
    play(state, 1, "overseer 1 15-B", "overseer 2 2-A")
    play(state, 0, "overseer 1 17")
    worlds = [state.resample(2, random.Random(seed)) for seed in range(10)]
    assert all(w.view(2) == state.view(2) for w in worlds)
    assert len({tuple(w.orders) for w in worlds}) > 1
    own = state.resample(1, random.Random(3))
    assert own.orders[2:4] == state.orders[2:4]
    assert own.orders[1] == -1  # not yet written stays unwritten


class _Unflagged(ValleyState):
    """The same game with the reveal marks stripped from its events."""

    def emit(
        self, kind: str, seats: frozenset[int] | None = None, reveal: bool = False, **data: JSON
    ) -> None:
        super().emit(kind, seats, False, **data)


class _UnflaggedGame(ValleyOfTheKings):
    def new_state(self) -> ValleyState:
        return _Unflagged(self, self.board, self.in_play)


def test_the_secrecy_test_passes_and_depends_on_the_reveal_marks() -> None:
    conformance.check_secrecy(ValleyOfTheKings(3), seed=5)
    with pytest.raises(AssertionError, match="differ"):
        conformance.check_secrecy(_UnflaggedGame(3), seed=5)


class _UnluckyShuffles(random.Random):
    """A generator whose shuffles always put the largest tiles first: every shuffle of a
    seat that bid 10 on two groups breaks the cap, so resampling must search for a deal."""

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        x.sort(reverse=True)


def test_resample_never_falls_back_to_the_true_bids() -> None:
    state = opening(3, start=0)
    deal(state, [["red"] * 5, ["grey"] * 5, ["black"] * 5, ["white"] * 5])
    play(state, 0, "bid 1 6", "bid 1 4", "bid 2 5", "bid 2 3", "bid 2 2", "done")
    truth = tuple(state.bids[2::3])
    worlds = [state.resample(1, _UnluckyShuffles(seed)) for seed in range(20)]
    for world in worlds:
        assert world.view(1) == state.view(1)
        placed = list(world.bids[2::3])
        hand = [v for v in range(7) for _ in range(world.hand[v])]
        assert sorted(placed + hand) == [0, 0, 1, 2, 3, 4, 5, 6]
        assert world._bid_total(0, 0) <= 10 and world._bid_total(0, 1) <= 10
    deals = {tuple(w.bids[2::3]) for w in worlds}
    assert len(deals) > 1 and deals != {truth}

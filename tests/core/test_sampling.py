"""Fast chance draws pick what ``random.Random.choices`` picks, draw for draw."""

from __future__ import annotations

import random

import pytest

from saqqara.core.sampling import cumulative, draw_cumulative, draw_index, shuffle


@pytest.mark.parametrize("seed", range(40))
def test_fast_draws_match_choices(seed: int) -> None:
    shape = random.Random(seed)
    n = shape.randint(1, 8)
    weights = [shape.choice([0.0, 1 / 6, 1 / 3, shape.random()]) for _ in range(n)]
    weights[shape.randrange(n)] = 0.25  # at least one outcome is possible
    reference, fast, fast_cumulative = (random.Random(seed + 100) for _ in range(3))
    for _ in range(200):
        expected = reference.choices(range(n), weights)[0]
        assert draw_index(fast, weights) == expected
        assert draw_cumulative(fast_cumulative, cumulative(weights)) == expected


@pytest.mark.parametrize("seed", range(20))
def test_fast_shuffle_matches_random_shuffle(seed: int) -> None:
    """Lists of every length up to 40 (bounds just past powers of two make the rejection
    loop draw again): the same order, the same generator state after."""
    reference, fast = random.Random(seed), random.Random(seed)
    for length in range(41):
        expected, items = list(range(length)), list(range(length))
        reference.shuffle(expected)
        shuffle(fast, items)
        assert items == expected
    assert fast.random() == reference.random()


def test_fast_shuffle_leaves_other_generators_to_themselves() -> None:
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            self.calls += 1
            super().shuffle(x)

    rng = Counting(3)
    items = list(range(10))
    shuffle(rng, items)
    assert rng.calls == 1 and sorted(items) == list(range(10))


def test_games_draw_chance_as_the_kernel_does() -> None:
    """The games whose ``sample_chance`` replaces the kernel's for speed, against the
    kernel's generic one over whole random games: same outcomes, same generator state.
    (Tutankhamun draws its tiles its own way, with ``randrange``, as its records show.)"""
    from saqqara.core.game import State
    from saqqara.core.registry import load

    for game_id in ("curse-of-the-mummy", "tutankhamuns-revenge", "valley-of-the-kings"):
        game = load(game_id, 3)
        state = game.new_state()
        mine, kernel, moves = random.Random(5), random.Random(5), random.Random(6)
        while acting := state.to_act():
            if acting[0] < 0:
                expected = State.sample_chance(state, kernel)
                assert state.sample_chance(mine) == expected
                state.apply_unchecked(acting[0], expected)
            else:
                state.apply_unchecked(acting[0], moves.choice(state.legal_actions(acting[0])))
        assert mine.random() == kernel.random()

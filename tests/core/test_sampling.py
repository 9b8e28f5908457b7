"""Fast chance draws pick what ``random.Random.choices`` picks, draw for draw."""

from __future__ import annotations

import random

import pytest

from saqqara.core.sampling import cumulative, draw_cumulative, draw_index


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

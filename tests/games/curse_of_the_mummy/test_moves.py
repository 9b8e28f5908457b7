"""The remembered movement shortcuts agree with the plain geometry they stand for."""

from __future__ import annotations

import random

from saqqara.games.curse_of_the_mummy import moves
from saqqara.games.curse_of_the_mummy.data import board


def _open_fields() -> list[int]:
    b = board()
    return [f for f in range(b.fields) if not (b.forbidden >> f) & 1]


def test_can_move_by_is_whether_destinations_are_left_for_every_value() -> None:
    b = board()
    rng = random.Random(3)
    fields = _open_fields()
    for _ in range(400):
        field, mummy, *others = rng.sample(fields, 5)
        mask = sum(1 << f for f in others[: rng.randrange(4)])
        for value in range(5):
            expected = bool(moves.destinations(b, field, value, mummy, mask))
            assert moves.can_move_by(b, field, value, mummy, mask) == expected
        expected_any = any(moves.destinations(b, field, v, mummy, mask) for v in range(5))
        assert moves.can_move(b, field, mummy, mask) == expected_any


def test_remembered_walks_equal_fresh_walks() -> None:
    b = board()
    rng = random.Random(4)
    fields = _open_fields()
    blocked_base = b.forbidden
    for _ in range(300):
        field, mummy, other = rng.sample(fields, 3)
        for value in range(4):
            fresh = moves.walk(b, 1 << field, value + 1, blocked_base | (1 << mummy))
            assert moves.destinations(b, field, value, mummy, 1 << other) == fresh & ~(1 << other)


def test_remembered_belief_updates_equal_fresh_ones() -> None:
    b = board()
    rng = random.Random(5)
    fields = _open_fields()
    everything = (1 << b.fields) - 1
    for _ in range(300):
        mummy = rng.choice(fields)
        belief = sum(1 << f for f in rng.sample(fields, rng.randrange(1, 12)))
        if rng.random() < 0.3:
            belief |= 1 << b.start
        known = sum(1 << f for f in rng.sample(fields, rng.randrange(3))) & ~(1 << mummy)
        maybe = known | sum(1 << f for f in rng.sample(fields, rng.randrange(4)))
        for value in range(5):
            after = moves.belief_after_move(b, belief, value, mummy, known, maybe)
            assert moves.moved(b, belief, value, mummy, known, maybe) == after
            blocked = b.forbidden | (1 << mummy)
            free = everything & ~blocked & ~known
            movable = b.spread(free) if value == 4 else moves.walk(b, free, value + 1, blocked)
            for f in moves.bits(belief & b.forbidden):
                if moves.belief_after_move(b, 1 << f, value, mummy, known):
                    movable |= 1 << f
            assert moves.announced(b, belief, value, mummy, known) == belief & movable


def test_can_move_answers_for_its_own_position_whatever_else_is_remembered() -> None:
    """Every position's walks share one memo (``Board.walk_cache``): with the walks of every
    field and value remembered for a mummy's field, whether a figure can move is still
    read from its own walks, for whatever fields the other figures hold, down to a
    single field left free."""
    b = board()
    fields = _open_fields()
    for mummy in fields[:3]:
        b.walk_cache.clear()
        remembered = {moves.destinations(b, f, v, mummy, 0) for f in fields for v in range(4)}
        for field in fields:
            if field == mummy:
                continue
            reach = 0
            for value in range(4):
                reach |= moves.walk(b, 1 << field, value + 1, b.forbidden | (1 << mummy))
            for others in remembered:
                assert moves.can_move(b, field, mummy, others) == bool(reach & ~others)
            # Every field it reaches taken but one (its lowest), then every one.
            lowest = reach & -reach
            assert moves.can_move(b, field, mummy, reach & ~lowest) == bool(reach)
            assert not moves.can_move(b, field, mummy, reach)

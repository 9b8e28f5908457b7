"""Property: every bad try at ``State.apply`` is refused with ``IllegalAction`` and a reason,
and changes nothing anyone can observe; refusals never depend on hidden information."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saqqara.core.actions import Action
from saqqara.core.errors import IllegalAction
from saqqara.core.game import CHANCE, State

from .support import (
    CONFIGS,
    JUNK,
    SETTINGS,
    Config,
    bad_steps,
    exactly_legal,
    fingerprint,
    name,
    positions,
    refusal,
    vocabulary,
    with_fields,
)


@pytest.mark.parametrize("config", CONFIGS, ids=name)
@SETTINGS
@given(data=st.data())
def test_bad_tries_are_refused_and_change_nothing(config: Config, data: st.DataObject) -> None:
    state, seat, action = data.draw(bad_steps(config))
    if exactly_legal(state, seat, action):
        return  # drawn by chance: not a bad try
    before = fingerprint(state)
    answer = refusal(state, seat, action)
    assert answer is not None, f"apply({seat!r}, {action!r}) was accepted"
    assert answer["code"] and answer["message"]
    assert len(answer["message"]) < 500
    with pytest.raises(IllegalAction):
        state.apply(seat, action)
    assert fingerprint(state) == before


def _acting_positions(config: Config) -> list[State]:
    return [s for s in positions(config) if s.to_act() and s.to_act() != (CHANCE,)]


@pytest.mark.parametrize("config", CONFIGS, ids=name)
@SETTINGS
@given(data=st.data())
def test_refusals_are_the_same_in_every_world_the_seat_cannot_tell_apart(
    config: Config, data: st.DataObject
) -> None:
    acting = _acting_positions(config)
    if not acting:
        return
    state = data.draw(st.sampled_from(acting))
    seat = data.draw(st.sampled_from(state.to_act()))
    world = state.resample(seat, random.Random(data.draw(st.integers(0, 2**32))))
    base: Action = data.draw(st.sampled_from(vocabulary(config)))
    fields = list(base.__dataclass_fields__)  # type: ignore[attr-defined]
    values = [getattr(base, f) for f in fields]
    for index in range(len(values)):
        if data.draw(st.booleans()):
            values[index] = data.draw(st.one_of(st.integers(-3, 60), JUNK))
    action = with_fields(base, values)
    if exactly_legal(state, seat, action):
        return
    assert refusal(state, seat, action) == refusal(world, seat, action)

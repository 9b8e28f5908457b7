"""Secrecy while layers are laid by hand and while cards are dug (hidden information, as
docs/architecture.md defines it).

The conformance kit's random playouts mostly ask for random layouts; here every layer is
laid card by card, and at every step each seat's resampled world must give that seat the
same view, legal actions and events as the true state.
"""

from __future__ import annotations

import random

import pytest

from saqqara.core.actions import Action
from saqqara.core.events import events_for
from saqqara.core.game import CHANCE
from saqqara.games.tutankhamuns_revenge import actions as act
from saqqara.games.tutankhamuns_revenge.game import TutankhamunsRevenge
from saqqara.games.tutankhamuns_revenge.state import RevengeState


def _same_for_every_seat(
    state: RevengeState, seat: int, action: Action, rng: random.Random
) -> None:
    for viewer in range(state.n):
        world = state.resample(viewer, rng)
        assert world.view(viewer) == state.view(viewer)
        assert world.to_act() == state.to_act()
        assert world.legal_actions(viewer) == state.legal_actions(viewer)
        if seat == CHANCE or action not in world.legal_actions(seat):
            continue
        actual, other = state.clone(), world.clone()
        seen = events_for(actual.apply(seat, action), viewer)
        assert events_for(other.apply(seat, action), viewer) == seen
        assert other.view(viewer) == actual.view(viewer)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (6, 3)])
def test_resampling_hides_hand_laid_layers_and_digs(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = TutankhamunsRevenge(players).new_state()
    steps = 0
    while not state.is_terminal() and steps < 400:
        (seat,) = state.to_act()
        if seat == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = [a for a in state.legal_actions(seat) if a != act.RANDOM]
            action = rng.choice(legal)
        if steps % 3 == 0:
            _same_for_every_seat(state, seat, action, rng)
        state.apply(seat, action)
        steps += 1
    assert state.turns >= 0  # the digging was reached


def test_other_seats_learn_nothing_of_a_card_laid() -> None:
    state = TutankhamunsRevenge(3).new_state()
    events = state.apply(0, state.legal_actions(0)[0])
    assert events_for(events, 1) == [{"kind": "laid", "seat": 0, "layer": 1, "cards": 1}]
    assert [e["kind"] for e in events_for(events, 0)] == ["lay", "laid"]
    assert state.view(1)["my_layers"] == {}

"""Rulebook statements of Tutanchamons hämnd that no other test pinned down, each as a small
narrated scenario (docs/rules/tutankhamuns-revenge.md, Traceability)."""

from __future__ import annotations

from saqqara.games.tutankhamuns_revenge import actions as act
from saqqara.games.tutankhamuns_revenge.data import CELLS, LAYERS
from saqqara.games.tutankhamuns_revenge.state import BLOCKING, DIGGING
from tests.games.tutankhamuns_revenge.helpers import cell, dig_position, lift


def test_any_stack_may_be_dug_down_through_the_layers_face_up() -> None:
    """ "Fas 2": dig wherever you like, in the top layer or deeper; a lifted card is out of
    the game; cards lie face up, so everyone sees what a lift uncovers and from which layer
    (the layers differ in colour)."""
    state = dig_position(2, {5: {"a1": "earth"}, 4: {"a1": "earth"}, 3: {"a1": "earth"}})
    seat = state.active
    other = 1 - seat
    lifts = [a for a in state.legal_actions(seat) if isinstance(a, act.Lift)]
    assert len(lifts) == CELLS  # every stack may be dug
    assert state.view(other)["top"] == ["earth"] * CELLS  # the cover, face up
    a1 = cell("a1")
    for uncovered_layer in (5, 4, 3):
        lift(state, "a1")
        assert state.depth[a1] == uncovered_layer
        for viewer in (seat, other, None):
            view = state.view(viewer)
            assert view["top"][a1] == "earth"
            assert view["known"][uncovered_layer - 1][a1] == "earth"
    assert state.phase == DIGGING and state.active == seat  # earth is harmless: dig on
    assert state.gain == 0
    lift(state, "a1")  # deeper still, into layer 2
    assert state.depth[a1] == 2
    assert state.depth == [2 if s == a1 else LAYERS for s in range(CELLS)]


def test_a_scarab_doubles_a_turns_gain() -> None:
    """ "Skarabékort": the whole turn counts double, the treasures too."""
    state = dig_position(2, {5: {"a1": "bracelet"}})
    seat = state.active
    state.apply(seat, act.SCARAB)
    lift(state, "a1")
    assert state.gain == 2
    assert state.view(None)["turn"]["at_stake"] == 4
    state.apply(seat, act.STOP)
    assert state.money[seat] == 10 + 4
    assert state.scarabs[seat] == 1  # a played scarab is spent
    assert state.phase == BLOCKING

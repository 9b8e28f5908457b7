"""The rulebook's worked examples ("Poängen" and "Skarabékort"), as narrated games.

Two players: seat 0 lays layers 1, 3 and 5 and the cover, seat 1 lays layers 2 and 4, so
seat 1 digs first. The box gets no quarter turn, so stacks lie where their layers put them.
"""

from __future__ import annotations

from saqqara.games.tutankhamuns_revenge import actions as act
from saqqara.games.tutankhamuns_revenge.state import BLOCKING
from tests.games.tutankhamuns_revenge.helpers import dig_position, kinds_of, lift

VASE_BRACELET_ORNAMENT = {
    # a1 from the top: cover, earth (layer 5), faience vase (4), coffin ornament (3)
    5: {"a1": "earth", "b1": "bracelet"},
    4: {"a1": "faience-vase"},
    3: {"a1": "coffin-ornament"},
}


def test_vase_bracelet_and_coffin_ornament_pay_eight_silver() -> None:
    """ "Poängen", example: faience vase 3, bracelet 2, coffin ornament 3, stop: 8 silver."""
    state = dig_position(2, VASE_BRACELET_ORNAMENT)
    seat = state.active
    assert seat == 1
    lift(state, "a1")  # the cover card: uncovers earth
    lift(state, "a1")  # uncovers the faience vase
    assert state.gain == 3
    lift(state, "b1")  # the cover card: uncovers the bracelet
    assert state.gain == 5
    lift(state, "a1")  # uncovers the coffin ornament
    assert state.gain == 8
    events = state.apply(seat, act.STOP)
    assert state.money[seat] == 10 + 8
    assert [e.data["paid"] for e in events if e.kind == "cash"] == [8]


def test_the_mosquito_instead_ends_the_turn_and_costs_one_silver() -> None:
    """ "Poängen", example: a mosquito as the third find ends the turn at once, the gains of
    the turn are lost and one silver is paid."""
    layers = {**VASE_BRACELET_ORNAMENT, 3: {"a1": "mosquito"}}
    state = dig_position(2, layers)
    seat = state.active
    lift(state, "a1")
    lift(state, "a1")
    lift(state, "b1")
    assert state.gain == 5
    events = lift(state, "a1")
    assert "penalty" in kinds_of(events)
    assert state.money[seat] == 10 - 1
    assert state.phase == BLOCKING
    assert state.active == seat
    assert state.gain == 0
    penalty = next(e for e in events if e.kind == "penalty")
    assert penalty.data == {"seat": seat, "paid": 1, "lost": 5, "money": 9}


def test_scarab_turn_ending_on_the_cobra() -> None:
    """ "Skarabékort", example: with a scarab, alabaster vase 1x2 and Horus falcon 5x2 are
    lost when a cobra (-2x2) turns up, and 4 silver are paid."""
    layers = {
        5: {"a1": "alabaster-vase", "b1": "cobra"},
        4: {"a1": "earth"},
        3: {"a1": "earth"},
        2: {"a1": "horus-falcon"},
    }
    state = dig_position(2, layers)
    seat = state.active
    state.apply(seat, act.SCARAB)
    assert state.scarabs[seat] == 1
    lift(state, "a1")  # alabaster vase
    assert state.gain * state.multiplier() == 2
    lift(state, "a1")  # earth
    lift(state, "a1")  # earth
    lift(state, "a1")  # Horus falcon
    assert state.gain * state.multiplier() == 12
    events = lift(state, "b1")  # the cobra, the snake's head
    penalty = next(e for e in events if e.kind == "penalty")
    assert penalty.data == {"seat": seat, "paid": 4, "lost": 12, "money": 6}
    assert state.money[seat] == 6

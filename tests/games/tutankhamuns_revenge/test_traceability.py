"""Rulebook statements of Tutanchamons hämnd that no other test pinned down, each as a small
narrated scenario (docs/rules/tutankhamuns-revenge.md, Traceability)."""

from __future__ import annotations

import pytest

from saqqara.core.errors import IllegalAction
from saqqara.core.events import Event
from saqqara.games.tutankhamuns_revenge import actions as act
from saqqara.games.tutankhamuns_revenge.data import CELLS, LAYERS
from saqqara.games.tutankhamuns_revenge.game import TutankhamunsRevenge
from saqqara.games.tutankhamuns_revenge.state import BLOCKING, DIGGING, LAYING, TURNING
from tests.games.tutankhamuns_revenge.helpers import cell, dig_position, kinds_of, lift


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


def test_the_seat_of_the_top_layer_lays_the_cover_too() -> None:
    """ "Fas 1": the player of the top treasure layer (layer 5) also lays the cover; nobody
    else lays a card of it, and it is laid with the last card of layer 5."""
    for players in (2, 3, 4, 5, 6):
        state = TutankhamunsRevenge(players).new_state()
        events: list[Event] = []
        top_seat = -1
        while state.phase == LAYING:
            (seat,) = state.to_act()
            if state.layer == 4:
                top_seat = seat
            events += state.apply(seat, state.legal_actions(seat)[0])
        assert state.phase == TURNING  # no seat was asked to lay the cover
        assert top_seat == 4 % players
        assert [e.data["seat"] for e in events if e.kind == "cover"] == [top_seat]
        assert max(e.data["layer"] for e in events if e.kind == "lay") == 5
        assert state.owner(5) == top_seat
        for viewer in (*range(players), None):
            assert state.view(viewer)["layer_owners"][5] == top_seat


def test_a_scarab_comes_too_late_once_a_card_is_lifted() -> None:
    """ "Skarabékort": a scarab is played on one's own turn before the digging starts; after
    the first lift of a turn it is refused, and the turn's gain is not doubled."""
    state = dig_position(2, {5: {"a1": "bracelet"}})
    seat = state.active
    lift(state, "a1")
    assert state.phase == DIGGING and state.gain == 2
    assert act.SCARAB not in state.legal_actions(seat)
    assert act.SCARAB_ID not in state.legal_action_ids(seat)
    with pytest.raises(IllegalAction) as late:
        state.apply(seat, act.SCARAB)
    assert late.value.code == "late"
    assert state.scarabs[seat] == 2
    state.apply(seat, act.STOP)
    assert state.money[seat] == 10 + 2


def test_the_blockade_is_laid_only_once_the_turn_is_over() -> None:
    """ "Skarabékort och blockadkort": the blockade card may be played only at the end of a
    turn: not before the first lift, not between lifts; once it is offered the turn is over
    (no lift, scarab or stop), and laying it passes the turn on."""
    state = dig_position(2, {5: {"a1": "bracelet"}})
    seat = state.active

    def refused() -> None:
        assert not any(isinstance(a, act.Block) for a in state.legal_actions(seat))
        assert not set(act.BLOCK_IDS) & set(state.legal_action_ids(seat))
        with pytest.raises(IllegalAction):
            state.apply(seat, act.BLOCK[cell("c3")])
        assert state.block_at[seat] == -1 and state.blockades[seat] == 1

    refused()  # the turn has not begun
    lift(state, "a1")
    refused()  # between lifts
    state.apply(seat, act.STOP)
    assert state.phase == BLOCKING and state.active == seat
    legal = state.legal_actions(seat)
    assert legal == [*(act.BLOCK[s] for s in range(CELLS)), act.NO_BLOCK]  # on any stack
    state.apply(seat, act.BLOCK[cell("c3")])
    assert state.block_at[seat] == cell("c3")
    assert state.active == 1 - seat and state.phase == DIGGING


def test_a_blockade_keeps_every_other_seat_out() -> None:
    """ "Blockadkort": nobody but its owner may dig under it, however many seats follow
    before the owner's next turn (three players: both others are kept out)."""
    state = dig_position(3)
    owner = state.active
    lift(state, "a1")
    state.apply(owner, act.STOP)
    state.apply(owner, act.BLOCK[cell("b2")])
    kept_out = []
    while state.active != owner:
        other = state.active
        kept_out.append(other)
        assert act.LIFT[cell("b2")] not in state.legal_actions(other)
        assert act.LIFT_IDS[cell("b2")] not in state.legal_action_ids(other)
        with pytest.raises(IllegalAction) as refused:
            state.apply(other, act.LIFT[cell("b2")])
        assert refused.value.code == "blocked"
        lift(state, "c3")  # the others may dig elsewhere
        state.apply(other, act.STOP)
        if state.phase == BLOCKING:
            state.apply(other, act.NO_BLOCK)
    assert sorted(kept_out) == sorted({0, 1, 2} - {owner})
    assert state.block_at[owner] == -1
    assert act.LIFT[cell("b2")] in state.legal_actions(owner)


@pytest.mark.parametrize(("money", "out"), [(1, True), (2, False), (3, False)])
def test_a_seat_holding_exactly_the_penalty_pays_it_and_stays_in(money: int, out: bool) -> None:
    """ "Poängen": only a seat that cannot pay is out; one holding exactly the penalty (the
    cobra's 2 silver) pays it all and plays on with nothing."""
    state = dig_position(3, {5: {"a1": "cobra"}})
    seat = state.active
    state.money[seat] = money
    events = lift(state, "a1")
    assert ("out" in kinds_of(events)) is out
    assert ("penalty" in kinds_of(events)) is not out
    assert state.eliminated == ([seat] if out else [])
    assert state.money[seat] == (0 if out else money - 2)
    assert state.in_game(seat) is not out


def test_the_bank_pays_whatever_it_owes() -> None:
    """ "Förberedelser" and decision 16: the bank is kept by the game, not by a seat, and
    never runs out: a find is paid in full though the seats already hold more than the 150
    silver the box's coins are worth (50 silver, 20 gold)."""
    state = dig_position(2, {5: {"a1": "bracelet"}})
    seat = state.active
    state.money[:] = [100, 100]
    lift(state, "a1")
    events = state.apply(seat, act.STOP)
    assert [e.data["paid"] for e in events if e.kind == "cash"] == [2]
    assert state.money[seat] == 102
    assert state.phase == BLOCKING and state.to_act() == (seat,)  # no banker is asked


def test_a_scarab_doubles_only_its_own_turn() -> None:
    """ "Skarabékort": the turn a scarab is played counts double, not the turns after it:
    the next seat's find is paid once, and it may play a scarab of its own."""
    state = dig_position(2, {5: {"a1": "alabaster-vase", "b1": "alabaster-vase"}})
    first = state.active
    state.apply(first, act.SCARAB)
    lift(state, "a1")
    state.apply(first, act.STOP)
    state.apply(first, act.NO_BLOCK)
    second = state.active
    assert second != first
    assert state.view(None)["turn"]["scarab"] is False
    assert act.SCARAB in state.legal_actions(second)
    lift(state, "b1")
    state.apply(second, act.STOP)
    assert state.money[first] == 10 + 2 and state.money[second] == 10 + 1


def test_with_the_dutch_option_a_pass_is_free_when_nothing_can_be_dug() -> None:
    """Decision 14 (option ``pass-cost=3``): a pass costs 3 silver only when some stack
    could be dug; a seat whose every stack left is blocked by another passes for nothing,
    even with less than 3 silver."""
    state = dig_position(2, options={"pass-cost": "3"})
    seat = state.active
    other = 1 - seat
    d4 = cell("d4")
    state.depth[:] = [LAYERS if s == d4 else 0 for s in range(CELLS)]
    state.block_at[other] = d4
    state.money[seat] = 1
    assert state.legal_actions(seat) == [act.STOP]
    events = state.apply(seat, act.STOP)
    assert [e.data["paid"] for e in events if e.kind == "pass"] == [0]
    assert state.money[seat] == 1

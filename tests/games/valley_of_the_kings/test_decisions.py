"""Tests of decisions taken where the rulebook is silent (docs/rules/valley-of-the-kings.md)."""

from __future__ import annotations

from saqqara.games.valley_of_the_kings.state import (
    BUILD,
    DRAW,
    MAX_ROUNDS,
    OPEN,
    ORDERS,
    PIECES,
    ValleyState,
)

from .helpers import deal, enter_workers, give_site, hold, opening, place, play, texts


def test_a_low_bag_gives_only_full_groups() -> None:
    state = opening(3, start=0)
    state.bag = [3, 3, 3, 3, 0]
    state.phase = DRAW
    state._begin_round()
    assert state.ngroups == 2
    deal(state, [["red"] * 3 + ["grey"] * 2, ["grey", "black", "black", "black", "white"]])
    assert state.bag == [0, 0, 0, 2, 0]


def test_fields_of_sites_out_of_play_cannot_be_entered() -> None:
    state = opening(3, start=0)
    deal(state, [["red"] * 5] * 4)
    for seat in (0, 1, 2):
        play(state, seat, "done")
    assert state.phase == OPEN
    options = texts(state, 0)
    assert "overseer 1 1-A" not in options  # site 1 has three suns
    assert "overseer 1 3-A" in options  # site 3 has two: in play with three players


def test_round_one_workers_stay_off_foreign_sites() -> None:
    state = opening(3, start=0)
    give_site(state, 15, 1, [])
    enter_workers(state, 1, start=0)
    assert "worker 1 15-A" not in texts(state, 0)
    enter_workers(state, 2, start=0)
    assert "worker 1 15-A" in texts(state, 0)


def test_stone_positions_matter_only_for_the_centre_unless_experts_play() -> None:
    for experts, expected in (("off", 2), ("on", 9)):
        state = opening(2, start=0, experts=experts)
        give_site(state, 2, 0, [])
        place(state, 0, "worker", 1, "2-A")
        hold(state, 0, red=1)
        enter_workers(state, 2, start=0)
        play(state, 0, "done")
        play(state, 1, "done")
        assert state.phase == BUILD
        builds = [t for t in texts(state, 0) if t.startswith("build")]
        assert len(builds) == expected


def test_the_game_ends_after_the_round_limit() -> None:
    state = opening(2, start=0)
    state.round = MAX_ROUNDS
    enter_workers(state, MAX_ROUNDS, start=0)
    play(state, 0, "done")
    play(state, 1, "done")
    assert state.is_terminal()
    assert state.outcome().reason == f"the round limit ({MAX_ROUNDS}) is reached"


def orders_phase() -> ValleyState:
    """Round 2, three players, all figures in area 16, orders about to be written."""
    state = opening(3, start=0)
    enter_workers(state, 2, start=0)
    state.phase = ORDERS
    return state


def test_a_claim_needs_a_scarab_marker_in_hand() -> None:
    state = orders_phase()
    state.scarabs[0] = 0
    play(state, 0, "overseer 1 15-B", "overseer 2 16")
    play(state, 1, "overseer 1 16", "overseer 2 16")
    play(state, 2, "overseer 1 16", "overseer 2 16")
    assert state.b.node_names[state.pos[0]] == "15-B"
    assert state.owner[14] == -1


def test_orders_are_carried_out_in_turn_order_first_come_first_claimed() -> None:
    state = orders_phase()
    state.start = 2
    play(state, 0, "overseer 1 15-A", "overseer 2 16")
    play(state, 1, "overseer 1 16", "overseer 2 16")
    play(state, 2, "overseer 1 15-B", "overseer 2 16")
    assert state.owner[14] == 2  # seat 2 starts: it claims site 15 first
    assert state.b.node_names[state.pos[0]] == "15-A"  # seat 0 stands there, a foreigner


def test_an_overseer_ordered_onto_its_own_field_stays_and_claims_nothing_new() -> None:
    state = orders_phase()
    place(state, 0, "overseer", 1, "15-B")
    play(state, 0, "overseer 1 15-B", "overseer 2 16")
    play(state, 1, "overseer 1 16", "overseer 2 16")
    play(state, 2, "overseer 1 16", "overseer 2 16")
    assert state.owner[14] == -1
    assert state.b.node_names[state.pos[0]] == "15-B"


def test_an_overseer_ordered_onto_a_taken_field_stops_in_its_sites_area() -> None:
    # 8-C also touches area 16, but the area beside the field is taken to be site 8's own
    # area, 20 (decision 12); the 6-step check uses the ordered move (16 -> 8-C, 1 step).
    state = orders_phase()
    place(state, 1, "worker", 1, "8-C")
    play(state, 0, "overseer 1 8-C", "overseer 2 16")
    play(state, 1, "overseer 1 16", "overseer 2 16")
    events = play(state, 2, "overseer 1 16", "overseer 2 16")
    assert state.b.node_names[state.pos[0]] == "20"
    assert {"kind": "field-taken", "seat": 0, "overseer": 1, "to": "20"} in [
        e.to_json() for e in events
    ]
    assert state.owner[7] == -1  # diverted: no claim


def test_a_field_counts_as_taken_when_the_overseers_turn_to_move_comes() -> None:
    # Seats move 1, 2, 0. Seat 1 leaves 15-B before seat 2 moves, so seat 2 gets it; seat 0
    # leaves 13-A only after seat 2 moved, so seat 2's other overseer finds it taken.
    state = orders_phase()
    state.start = 1
    give_site(state, 15, 1, [])
    give_site(state, 13, 0, [])
    place(state, 1, "overseer", 1, "15-B")
    place(state, 0, "overseer", 2, "13-A")
    play(state, 0, "overseer 1 16", "overseer 2 16")
    play(state, 1, "overseer 1 16", "overseer 2 16")
    play(state, 2, "overseer 1 15-B", "overseer 2 13-A")
    names = state.b.node_names
    assert names[state.pos[2 * PIECES]] == "15-B"
    assert names[state.pos[2 * PIECES + 1]] == "16"  # site 13's area
    assert names[state.pos[1]] == "16"
    assert state.occ[state.b.node("13-A")] == -1

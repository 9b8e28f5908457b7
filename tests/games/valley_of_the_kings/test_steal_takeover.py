"""Stealing and takeovers (Die folgenden Runden, 4. Bausteine entwenden, 5. Fremde
Bauplätze übernehmen), with the rulebook's worked example."""

from __future__ import annotations

from saqqara.games.valley_of_the_kings.state import STEAL, TAKEOVER, ValleyState

from .helpers import enter_workers, give_site, new, place, play, texts

GREY, BLACK, WHITE = 0, 1, 2
BASE = ["red"] * 9


def example() -> ValleyState:
    """Site 2 belongs to Grey: a large pyramid with its bottom level and the first stone of
    level 2. Grey has no overseer there; Black and White have one overseer and one worker
    each. Black plays first."""
    state = new(3)
    give_site(state, 2, GREY, [*BASE[:4], "black", *BASE[5:], "white"])
    place(state, BLACK, "overseer", 1, "2-A")
    place(state, BLACK, "worker", 1, "2-B")
    place(state, WHITE, "overseer", 1, "2-C")
    place(state, WHITE, "worker", 1, "2-D")
    enter_workers(state, 2, start=BLACK)
    for seat in (BLACK, WHITE, GREY):
        play(state, seat, "done")
    return state


def test_worked_example_black_and_white_steal_from_greys_site_2() -> None:
    state = example()
    assert state.phase == STEAL
    assert state.to_act() == (BLACK,)
    assert texts(state, BLACK) == ["steal 2 2.1", "done"]  # only the top level
    events = play(state, BLACK, "steal 2 2.1")
    # level 2 is empty now, so the bottom level is the top; the hidden centre differs
    assert texts(state, BLACK) == ["steal 2 1.1", "steal 2 1.5", "done"]
    events += play(state, BLACK, "steal 2 1.1")
    assert state.to_act() == (WHITE,)  # one worker, two stones: Black is through
    assert state.view(None)["seats"][BLACK]["stones"] == {"red": 1, "white": 1}
    events += play(state, WHITE, "steal 2 1.2", "steal 2 1.5")
    stolen = [(e.data["seat"], e.data["colour"]) for e in events if e.kind == "steal"]
    assert stolen == [(BLACK, "white"), (BLACK, "red"), (WHITE, "red"), (WHITE, "black")]
    assert state.count[1] == 10 - 4
    # no takeover (each has one overseer and one worker: more than Grey's none, but both
    # workers stole); neither owns a site, so the stolen stones go to the pharaoh pyramid
    assert state.owner[1] == GREY
    assert state.pharaoh == 4
    assert state.round == 3


def test_a_theft_is_told_with_thief_site_owner_stone_and_colour() -> None:
    """Bausteine entwenden: everyone sees who took which stone of whose pyramid."""
    state = example()
    (theft,) = [e for e in play(state, BLACK, "steal 2 2.1") if e.kind == "steal"]
    assert theft.to_json() == {
        "kind": "steal",
        "seat": BLACK,
        "site": 2,
        "owner": GREY,
        "pos": "2.1",
        "colour": "white",
    }


def test_stealing_needs_more_overseers_than_the_owner() -> None:
    state = new(3)
    give_site(state, 2, GREY, BASE)
    place(state, GREY, "overseer", 1, "2-E")
    place(state, BLACK, "overseer", 1, "2-A")
    place(state, BLACK, "worker", 1, "2-B")
    enter_workers(state, 2, start=BLACK)
    for seat in (BLACK, WHITE, GREY):
        play(state, seat, "done")
    assert state.pharaoh == 0
    assert state.round == 3


def test_stealing_needs_a_worker() -> None:
    state = new(3)
    give_site(state, 2, GREY, BASE)
    place(state, BLACK, "overseer", 1, "2-A")
    place(state, BLACK, "overseer", 2, "2-B")
    enter_workers(state, 2, start=BLACK)
    for seat in (BLACK, WHITE, GREY):
        play(state, seat, "done")
    assert state.count[1] == 9
    assert state.round == 3


def test_never_from_a_finished_pyramid() -> None:
    state = new(3)
    give_site(state, 4, GREY, ["red"] * 5)
    place(state, BLACK, "overseer", 1, "4-A")
    place(state, BLACK, "overseer", 2, "4-B")
    place(state, BLACK, "worker", 1, "4-C")
    place(state, BLACK, "worker", 2, "4-D")
    enter_workers(state, 2, start=BLACK)
    for seat in (BLACK, WHITE, GREY):
        play(state, seat, "done")
    assert state.round == 3  # no theft and no takeover of a finished pyramid
    assert state.owner[3] == GREY


def takeover_position(workers: int) -> ValleyState:
    state = new(3)
    give_site(state, 2, GREY, BASE)
    place(state, GREY, "overseer", 1, "2-A")
    place(state, GREY, "worker", 1, "2-B")
    place(state, BLACK, "overseer", 1, "2-C")
    place(state, BLACK, "overseer", 2, "2-D")
    for number, field in zip(range(1, workers + 1), ["2-E", "2-F", "2-G"], strict=False):
        place(state, BLACK, "worker", number, field)
    enter_workers(state, 2, start=BLACK)
    for seat in (BLACK, WHITE, GREY):
        play(state, seat, "done")
    return state


def test_takeover_with_more_overseers_and_more_workers_swaps_the_scarab() -> None:
    state = takeover_position(workers=2)
    assert state.phase == STEAL
    play(state, BLACK, "done")  # no theft: both workers count for the takeover
    assert state.phase == TAKEOVER
    assert texts(state, BLACK) == ["takeover 2", "done"]
    scarabs = state.scarabs[:]
    play(state, BLACK, "takeover 2")
    assert state.owner[1] == BLACK
    assert state.scarabs[GREY] == scarabs[GREY] + 1
    assert state.scarabs[BLACK] == scarabs[BLACK] - 1


def test_a_takeover_is_told_with_the_new_and_the_previous_owner() -> None:
    """Fremde Bauplätze übernehmen: everyone sees whose site changed hands, and to whom."""
    state = takeover_position(workers=2)
    play(state, BLACK, "done")
    (takeover,) = [e for e in play(state, BLACK, "takeover 2") if e.kind == "takeover"]
    assert takeover.to_json() == {"kind": "takeover", "seat": BLACK, "site": 2, "previous": GREY}


def test_a_worker_that_stole_does_not_count_toward_a_takeover() -> None:
    state = takeover_position(workers=2)
    play(state, BLACK, "steal 2 1.1")
    play(state, BLACK, "done")
    assert state.owner[1] == GREY
    assert state.round == 3


def test_three_workers_may_steal_with_one_and_take_over_with_two() -> None:
    state = takeover_position(workers=3)
    play(state, BLACK, "steal 2 1.1", "steal 2 1.2", "done")
    assert state.phase == TAKEOVER
    play(state, BLACK, "takeover 2")
    assert state.owner[1] == BLACK
    assert state.count[1] == 7


def test_takeover_is_optional() -> None:
    state = takeover_position(workers=2)
    play(state, BLACK, "done", "done")
    assert state.owner[1] == GREY
    assert state.round == 3


def test_a_takeover_needs_a_scarab_marker_in_hand() -> None:
    # The taker swaps the owner's scarab for one of their own (decision 15): with all eight
    # on the board, Black cannot take over although its figures outnumber Grey's.
    state = takeover_position(workers=2)
    state.scarabs[BLACK] = 0
    play(state, BLACK, "done")
    assert state.owner[1] == GREY
    assert state.round == 3

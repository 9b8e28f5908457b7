"""The end of the game (Spielende) and the advanced variant's pharaoh rule."""

from __future__ import annotations

from saqqara.games.valley_of_the_kings.state import OVER

from .helpers import deal, enter_workers, give_site, hold, new, opening, place, play


def test_game_ends_after_the_round_in_which_the_pharaoh_pyramid_is_finished() -> None:
    state = new(2)
    give_site(state, 2, 0, ["red"] * 13)
    place(state, 0, "worker", 1, "2-A")
    state.pharaoh = 29
    hold(state, 0, grey=1, red=1)
    hold(state, 1, white=3)
    enter_workers(state, 2, start=1)
    play(state, 1, "done")
    play(state, 0, "done")
    # seat 1 moves first in the build: its stones finish the pharaoh pyramid ...
    assert state.to_act() == (0,)
    assert state.pharaoh == 30
    assert state.discarded == 2
    # ... but the round is played out: seat 0 still finishes its pyramid
    play(state, 0, "build 2 3.1 red")
    assert state.phase == OVER
    assert state.outcome().reason == "the pharaoh pyramid is finished"
    assert state.outcome().scores == (15.0, 0.0)
    assert state.outcome().winners == frozenset({0})


def test_game_ends_when_every_pyramid_in_play_is_finished() -> None:
    state = new(2)
    in_play = [i for i, owner in enumerate(state.owner) if owner != -2]
    for i in in_play:
        size = state.b.sites[i].shape.stones
        give_site(state, i + 1, i % 2, ["red"] * size)
    last = in_play[-1]
    give_site(state, last + 1, 1, ["red"] * 13)
    place(state, 1, "worker", 1, f"{last + 1}-A")
    hold(state, 1, grey=1)
    enter_workers(state, 2, start=0)
    play(state, 0, "done")
    play(state, 1, "done")
    play(state, 1, f"build {last + 1} 3.1 grey")
    assert state.phase == OVER
    assert state.outcome().reason == "every pyramid is finished"


def test_unfinished_pyramids_do_not_score_and_ties_share_the_win() -> None:
    state = new(2)
    give_site(state, 4, 0, ["red"] * 5)
    give_site(state, 8, 1, ["grey"] * 5)
    give_site(state, 2, 1, ["grey"] * 13)  # one stone short
    state.pharaoh = 29
    hold(state, 0, red=1)
    enter_workers(state, 2, start=0)
    play(state, 0, "done")
    play(state, 1, "done")
    assert state.phase == OVER
    assert state.outcome().scores == (5.0, 5.0)
    assert state.outcome().winners == frozenset({0, 1})
    assert state.returns() == (0.5, 0.5)


def test_advanced_unsold_stones_finish_the_pharaoh_pyramid_but_the_round_goes_on() -> None:
    state = opening(2, start=0, advanced="on")
    state.pharaoh = 25
    deal(state, [["red"] * 5, ["grey"] * 5, ["black"] * 5])
    play(state, 0, "bid 1 3", "done")
    play(state, 1, "done")
    assert state.pharaoh == 30
    assert state.discarded == 5
    assert state.phase != OVER
    assert state.to_act() == (0,)  # overseers still move in this round

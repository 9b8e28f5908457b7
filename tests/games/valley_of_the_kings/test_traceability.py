"""Rulebook statements of Tal der Könige that no other test pinned down, each as a small
narrated scenario (docs/rules/valley-of-the-kings.md, Traceability)."""

from __future__ import annotations

import pytest

from saqqara.core.errors import IllegalAction, OptionError
from saqqara.core.registry import load
from saqqara.games.valley_of_the_kings import actions as act
from saqqara.games.valley_of_the_kings.state import BUILD, OPEN, ORDERS, WORKERS, P, ValleyState

from .helpers import deal, enter_workers, give_site, hold, new, opening, place, play, texts
from .test_round_one import GROUPS, round_one_built
from .test_steal_takeover import BASE, BLACK, GREY, WHITE, takeover_position


def built_position(stones: list[str], **held: int) -> ValleyState:
    """Two players in round 2's build: seat 0 owns small site 4 holding ``stones``, with
    two workers on its fields and no overseer there, and holds ``held``."""
    state = new(2)
    give_site(state, 4, 0, stones)
    place(state, 0, "worker", 1, "4-A")
    place(state, 0, "worker", 2, "4-B")
    hold(state, 0, **held)
    enter_workers(state, 2, start=0)
    play(state, 0, "done")
    play(state, 1, "done")
    assert state.phase == BUILD
    return state


def test_two_to_four_players() -> None:
    for players in (2, 3, 4):
        assert load("valley-of-the-kings", players).players == players
    for players in (1, 5):
        with pytest.raises(OptionError):
            load("valley-of-the-kings", players)


def test_set_up_puts_every_stone_in_the_bag_and_every_figure_in_area_16() -> None:
    view = new(4).view(None)
    assert sum(view["bag"].values()) == 165
    for seat in view["seats"]:
        assert seat["overseers"] == ["16", "16"]
        assert seat["workers"] == ["16"] * 5
    assert view["pharaoh"] == 0
    assert all(site["owner"] is None and site["in_play"] for site in view["sites"])


def test_a_player_may_lay_no_bid_tile_at_all() -> None:
    state = opening(3, start=0)
    deal(state, GROUPS)
    assert texts(state, 0)[-1] == "done"  # passing is offered before any tile is laid
    for seat in (0, 1, 2):
        play(state, seat, "done")
    assert state.phase == OPEN
    assert sum(state.view(None)["bag"].values()) == 165  # every group went back


def test_a_worker_cannot_enter_a_taken_field() -> None:
    state = new(2)
    place(state, 0, "worker", 1, "4-A")
    enter_workers(state, 2, start=1)
    assert "worker 1 4-A" not in texts(state, 1)
    assert "worker 1 4-B" in texts(state, 1)
    with pytest.raises(IllegalAction) as refused:
        play(state, 1, "worker 1 4-A")
    assert refused.value.code == "field-taken"


def test_an_owner_builds_with_no_overseer_at_the_site() -> None:
    state = built_position([], red=2)
    assert state.view(None)["seats"][0]["overseers"] == ["16", "16"]
    assert "build 4 1.1 red" in texts(state, 0)


def test_a_worker_on_a_foreign_site_lays_no_stone_there() -> None:
    state = new(2)
    give_site(state, 8, 1, [])
    place(state, 0, "worker", 1, "8-A")
    hold(state, 0, red=2)
    enter_workers(state, 2, start=0)
    play(state, 0, "done")
    play(state, 1, "done")
    # seat 0 owns nothing: it cannot build at site 8, so its stones go to the pharaoh
    assert state.pharaoh == 2
    assert state.count[7] == 0


def test_stones_are_never_taken_off_or_rebuilt() -> None:
    state = built_position([], red=3, grey=1)
    play(state, 0, "build 4 1.1 red")
    laid = state.stones[3 * P]
    for action in state.legal_actions(0):
        if isinstance(action, act.Build):
            assert state.stones[action.site * P + action.pos] < 0  # only free positions
    with pytest.raises(IllegalAction):
        play(state, 0, "build 4 1.1 grey")  # no stone is laid over another
    play(state, 0, "build 4 1.2 grey", "build 4 1.3 red", "build 4 1.4 red")
    assert state.stones[3 * P] == laid
    assert state.count[3] == 4
    # the owner has no action that lifts a stone off its own site in any later phase
    assert not any(isinstance(a, act.Steal) for a in state.legal_actions(0))


def test_a_finished_pyramid_keeps_its_scarab() -> None:
    state = built_position(["red"] * 4, red=1)
    scarabs = state.scarabs[0]
    events = play(state, 0, "build 4 2.1 red")
    assert {"kind": "finished", "seat": 0, "site": 4} in [e.to_json() for e in events]
    # the scarab goes from beside the site onto the top: it never returns to the hand
    assert state.scarabs[0] == scarabs
    site = state.view(None)["sites"][3]
    assert site["owner"] == 0
    assert site["finished"]
    assert state.round == 3


def test_from_round_two_workers_move_openly_while_orders_are_sealed() -> None:
    state = round_one_built()
    deal(state, [["sand"] * 5] * 4)
    for seat in (1, 2, 0):
        play(state, seat, "done")
    sealed = play(state, 1, "overseer 1 2-A", "overseer 2 16")
    assert all("target" not in e.to_json() for e in sealed if e.visible_to(0))
    play(state, 2, "overseer 1 6-C", "overseer 2 13-A")
    play(state, 0, "overseer 1 15-B", "overseer 2 8-C")
    assert state.phase == WORKERS
    assert state.to_act() == (1,)  # one at a time, in turn order, not all at once
    moved = play(state, 1, "worker 2 17")
    seen_by_0 = [e.to_json() for e in moved if e.visible_to(0)]
    assert {"kind": "move", "seat": 1, "piece": "worker", "number": 2, "to": "17"} in seen_by_0
    assert state.view(0)["seats"][1]["workers"][1] == "17"


def test_a_takeover_needs_more_workers_than_the_owner() -> None:
    state = takeover_position(workers=1)  # two overseers against one, one worker each
    play(state, BLACK, "done")  # Black steals nothing
    assert state.owner[1] == GREY
    assert state.round == 3


def test_from_round_two_the_auction_is_played_as_in_round_one() -> None:
    state = round_one_built()
    assert state.round == 2
    deal(state, [["white"] * 5, ["black"] * 5, ["sand"] * 5, ["sand"] * 5])
    assert state.to_act() == (1,)  # the new start player bids first
    play(state, 1, "bid 1 3", "done")
    assert state.view(2)["bids"] == [{"group": 1, "seat": 1, "value": None}]
    play(state, 2, "bid 1 4", "done")
    play(state, 0, "done")
    assert state.phase == ORDERS
    assert state.view(None)["seats"][2]["stones"] == {"white": 5}
    assert state.view(None)["seats"][1]["stones"] == {}
    assert all(len(s["bid_tiles"]) == 8 for s in state.view(None)["seats"])


def test_a_thief_builds_stolen_stones_on_an_own_site() -> None:
    state = new(3)
    give_site(state, 2, GREY, BASE)
    give_site(state, 4, BLACK, [])
    place(state, BLACK, "overseer", 1, "2-A")
    place(state, BLACK, "overseer", 2, "2-B")
    place(state, BLACK, "worker", 1, "2-C")
    place(state, BLACK, "worker", 2, "4-A")
    hold(state, BLACK, grey=1)
    enter_workers(state, 2, start=BLACK)
    for seat in (BLACK, WHITE, GREY):
        play(state, seat, "done")
    play(state, BLACK, "steal 2 1.1", "steal 2 1.2")
    assert state.view(None)["seats"][BLACK]["stones"] == {"red": 2, "grey": 1}
    assert state.phase == BUILD  # the thief's only worker there stole: no takeover
    play(state, BLACK, "build 4 1.1 red", "build 4 1.2 red")
    assert state.count[3] == 2
    # one worker at site 4 lays two stones: the grey one left over goes to the pharaoh
    assert state.pharaoh == 1
    assert state.view(None)["seats"][BLACK]["stones"] == {}

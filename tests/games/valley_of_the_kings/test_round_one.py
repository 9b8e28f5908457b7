"""A whole first round for three players, narrated: auction, open overseers, workers, build.

Rulebook: "Die erste Runde" 1-5.
"""

from __future__ import annotations

import random

import pytest

from saqqara.core.errors import IllegalAction
from saqqara.core.game import State
from saqqara.games.valley_of_the_kings import state as valley_state
from saqqara.games.valley_of_the_kings.state import BID, DRAW, OPEN, ORDERS, ValleyState

from .helpers import deal, opening, play, texts

GROUPS = [
    ["red"] * 5,
    ["grey"] * 5,
    ["black"] * 5,
    ["white", "white", "red", "grey", "black"],
]


def auctioned(advanced: str = "off") -> ValleyState:
    """Seat 0 starts; seats 0 and 1 both bid 10 on group 1, seat 2 outbids seat 0 on
    group 2, group 3 gets only a bluff and group 4 nothing."""
    state = opening(3, start=0, advanced=advanced)
    deal(state, GROUPS)
    play(state, 0, "bid 1 6", "bid 1 4", "bid 2 5", "done")
    play(state, 1, "bid 1 6", "bid 1 4", "bid 3 0", "done")
    play(state, 2, "bid 2 6", "done")
    return state


def test_a_stone_is_drawn_as_the_kernel_draws_it_once_a_colour_is_used_up() -> None:
    """Spielvorbereitung: stones are drawn blind from the bag, so each colour in proportion to
    what is left; a used-up colour is never drawn. The engine's own draw gives the outcome the
    kernel's draw from the chance list gives, generator for generator."""
    state = opening(3, start=0)
    assert state.phase == DRAW
    state.bag[0] = 0  # named position: the first colour is used up
    outcomes = [action for action, _ in state.chance_outcomes()]
    for seed in range(20):
        drawn = state.sample_chance(random.Random(seed))
        assert drawn in outcomes
        assert drawn == State.sample_chance(state, random.Random(seed))


def test_the_start_player_is_drawn_by_chance() -> None:
    state = opening(3, start=2)
    assert state.start == 2


def test_one_group_of_five_more_than_players() -> None:
    state = opening(3)
    assert state.phase == DRAW
    assert state.ngroups == 4
    deal(state, GROUPS)
    assert state.phase == BID
    assert state.view(None)["groups"][3] == ["white", "white", "red", "grey", "black"]


def test_at_most_ten_rings_on_one_group() -> None:
    state = opening(3)
    deal(state, GROUPS)
    play(state, 0, "bid 1 6", "bid 1 4")
    assert "bid 1 1" not in texts(state, 0)
    assert "bid 1 0" in texts(state, 0)
    with pytest.raises(IllegalAction):
        play(state, 0, "bid 1 1")


def test_each_bidder_finishes_before_the_next_begins() -> None:
    state = opening(3, start=1)
    deal(state, GROUPS)
    assert state.to_act() == (1,)
    play(state, 1, "bid 2 3")
    assert state.to_act() == (1,)
    play(state, 1, "done")
    assert state.to_act() == (2,)


def test_bid_values_are_hidden_until_the_reveal_but_places_are_public() -> None:
    state = opening(3)
    deal(state, GROUPS)
    events = play(state, 0, "bid 1 6", "bid 2 5")
    seen_by_1 = [e.to_json() for e in events if e.visible_to(1)]
    assert seen_by_1 == [
        {"kind": "bid", "seat": 0, "group": 1},
        {"kind": "bid", "seat": 0, "group": 2},
    ]
    assert [b["value"] for b in state.view(1)["bids"]] == [None, None]
    assert [b["value"] for b in state.view(0)["bids"]] == [6, 5]
    assert state.view(1)["seats"][0]["bid_tiles"] == 6
    assert state.view(0)["seats"][0]["bid_tiles"] == [0, 0, 1, 2, 3, 4]


def test_reveal_highest_bid_wins_a_tie_goes_to_the_first_bidder() -> None:
    state = auctioned()
    view = state.view(1)
    assert [b["value"] for b in view["bids"]] == [6, 4, 5, 6, 4, 0, 6]
    assert view["seats"][0]["stones"] == {"red": 5}  # 10 against 10: seat 0 bid first
    assert view["seats"][1]["stones"] == {}
    assert view["seats"][2]["stones"] == {"grey": 5}  # 6 beats 5


def test_unbid_groups_go_back_into_the_bag_and_tiles_return() -> None:
    state = auctioned()
    assert state.view(None)["bag"] == {"red": 28, "grey": 28, "black": 33, "white": 33, "sand": 33}
    assert state.pharaoh == 0
    assert all(len(s["bid_tiles"]) == 8 for s in state.view(None)["seats"])


def test_advanced_variant_puts_unsold_stones_on_the_pharaoh_pyramid() -> None:
    state = auctioned(advanced="on")
    assert state.pharaoh == 10
    assert state.view(None)["bag"]["black"] == 27


def test_round_one_overseers_move_openly_in_turn_and_claim_sites() -> None:
    state = auctioned()
    assert state.phase == OPEN
    assert state.to_act() == (0,)
    events = play(state, 0, "overseer 1 15-B")
    assert {"kind": "claim", "seat": 0, "site": 15} in [e.to_json() for e in events]
    assert state.view(None)["steps_left"] == 5
    play(state, 0, "overseer 2 8-C")  # one step: the lines coincide
    assert state.owner[14] == 0
    assert state.owner[7] == 0
    assert state.scarabs[0] == 6
    assert state.to_act() == (1,)
    # round 1: no foreign sites, one figure per field
    assert "overseer 1 15-A" not in texts(state, 1)
    assert "overseer 1 8-C" not in texts(state, 1)
    play(state, 1, "overseer 1 2-A", "overseer 2 16")
    assert state.owner[1] == 1
    play(state, 2, "overseer 1 6-C", "overseer 2 13-A")
    assert state.owner[5] == 2
    assert state.owner[12] == 2


def round_one_built() -> ValleyState:
    state = auctioned()
    play(state, 0, "overseer 1 15-B", "overseer 2 8-C")
    play(state, 1, "overseer 1 2-A", "overseer 2 16")
    play(state, 2, "overseer 1 6-C", "overseer 2 13-A")
    play(state, 0, "worker 1 15-A", "worker 2 8-A", "worker 3 8-B", "worker 4 15-C")
    play(state, 1, "worker 1 2-B", "done")
    play(state, 2, "worker 1 6-A", "worker 2 13-B", "done")
    play(state, 0, "build 8 1.1 red", "build 8 1.2 red", "build 8 1.3 red", "build 8 1.4 red")
    play(state, 0, "build 15 1.1 red")
    play(state, 2, "build 6 1.1 grey", "build 6 1.2 grey", "build 13 1.1 grey", "done")
    return state


def test_workers_share_six_steps_and_the_turn_passes_when_they_are_spent() -> None:
    state = auctioned()
    play(state, 0, "overseer 1 15-B", "overseer 2 8-C")
    play(state, 1, "overseer 1 2-A", "overseer 2 16")
    play(state, 2, "overseer 1 6-C", "overseer 2 13-A")
    play(state, 0, "worker 1 15-A", "worker 2 8-A", "worker 3 8-B")
    assert state.view(None)["steps_left"] == 1
    assert "worker 4 8-D" not in texts(state, 0)  # two steps away
    # workers standing together are interchangeable: only the first is offered
    assert not any(t.startswith("worker 5") for t in texts(state, 0))
    play(state, 0, "worker 4 15-C")
    assert state.to_act() == (1,)


def test_a_worker_is_never_offered_the_place_it_stands_on() -> None:
    """Arbeiter setzen: a worker moves 1 to 6 steps; staying put is no move (and would cost
    no step, so a seat could go on "moving" for ever)."""
    state = auctioned()
    play(state, 0, "overseer 1 15-B", "overseer 2 8-C")
    play(state, 1, "overseer 1 2-A", "overseer 2 16")
    play(state, 2, "overseer 1 6-C", "overseer 2 13-A")
    assert state.view(None)["seats"][0]["workers"] == ["16"] * 5
    offered = texts(state, 0)
    assert "worker 1 17" in offered and "worker 1 16" not in offered


def test_workers_standing_together_are_offered_once_and_the_others_still_are() -> None:
    """Arbeiter setzen: of the workers on one place only the first is offered (they are
    interchangeable); workers standing elsewhere behind them are offered all the same."""
    state = auctioned()
    play(state, 0, "overseer 1 15-B", "overseer 2 8-C")
    play(state, 1, "overseer 1 2-A", "overseer 2 16")
    play(state, 2, "overseer 1 6-C", "overseer 2 13-A")
    play(state, 0, "worker 1 17", "worker 2 17")
    assert state.view(None)["seats"][0]["workers"] == ["17", "17", "16", "16", "16"]
    movers = {text.split()[1] for text in texts(state, 0) if text.startswith("worker ")}
    assert movers == {"1", "3"}


def test_build_two_stones_per_worker_level_by_level_rest_to_the_pharaoh() -> None:
    state = auctioned()
    play(state, 0, "overseer 1 15-B", "overseer 2 8-C")
    play(state, 1, "overseer 1 2-A", "overseer 2 16")
    play(state, 2, "overseer 1 6-C", "overseer 2 13-A")
    play(state, 0, "worker 1 15-A", "worker 2 8-A", "worker 3 8-B", "worker 4 15-C")
    play(state, 1, "worker 1 2-B", "done")
    play(state, 2, "worker 1 6-A", "worker 2 13-B", "done")
    assert state.to_act() == (0,)  # seat 1 bought nothing and is passed over later
    options = texts(state, 0)
    assert "build 15 1.5 red" in options  # the hidden centre is a choice of its own
    assert "build 8 2.1 red" not in options  # level 2 waits for level 1
    play(state, 0, "build 8 1.1 red", "build 8 1.2 red", "build 8 1.3 red", "build 8 1.4 red")
    assert not any(t.startswith("build 8") for t in texts(state, 0))  # 2 workers, 4 stones
    play(state, 0, "build 15 1.1 red")
    assert state.to_act() == (2,)
    play(state, 2, "build 6 1.1 grey", "build 6 1.2 grey", "build 13 1.1 grey", "done")
    assert state.pharaoh == 2
    assert state.count[7] == 4
    assert state.count[14] == 1


def test_the_pharaoh_stone_passes_left_and_round_two_begins() -> None:
    state = round_one_built()
    assert state.round == 2
    assert state.start == 1
    assert state.phase == DRAW


def test_each_seat_orders_its_first_overseer_then_its_second() -> None:
    """Die folgenden Runden, 2. Aufseher setzen: every seat writes the order of its first
    overseer, then of its second, whatever the other seats have written so far."""
    state = round_one_built()
    deal(state, [["sand"] * 5] * 4)
    play(state, 1, "done")
    play(state, 2, "done")
    play(state, 0, "done")
    assert state.phase == ORDERS
    # The engine remembers the orders it offers per overseer and sites out of play; forget
    # them, so that this position works them out for each seat (an earlier game in the same
    # process must not decide what this test sees).
    valley_state._ORDER_OPTIONS.clear()
    valley_state._ORDER_IDS.clear()
    for seat, first in ((1, "overseer 1 15-B"), (2, "overseer 1 2-C"), (0, "overseer 1 15-B")):
        assert {text.split()[1] for text in texts(state, seat)} == {"1"}
        play(state, seat, first)
        assert {text.split()[1] for text in texts(state, seat)} == {"2"}


def test_round_two_orders_are_sealed_and_revealed_together() -> None:
    state = round_one_built()
    deal(state, [["sand"] * 5] * 4)
    play(state, 1, "done")
    play(state, 2, "done")
    play(state, 0, "done")
    assert state.phase == ORDERS
    assert state.to_act() == (0, 1, 2)
    events = play(state, 1, "overseer 1 15-B", "overseer 2 15-D")
    assert state.to_act() == (0, 2)
    assert all("target" not in e.to_json() for e in events if e.visible_to(0))
    assert state.view(0)["seats"][1]["orders"] is None
    assert state.view(0)["seats"][1]["orders_written"] == 2
    assert state.view(1)["seats"][1]["orders"] == ["15-B", "15-D"]
    play(state, 2, "overseer 1 2-C", "overseer 2 7-A")  # 4 + 3 steps: too far
    events = play(state, 0, "overseer 1 15-B", "overseer 2 4-C")
    kinds = [e.kind for e in events]
    assert "reveal-orders" in kinds
    names = state.b.node_names
    # seat 1 moves first (start player): 15-B is taken, so that overseer stops in area 16
    assert names[state.pos[7]] == "16"
    assert names[state.pos[8]] == "15-D"
    # seat 2 ordered 7 steps: both overseers stay
    assert names[state.pos[14]] == "6-C"
    assert names[state.pos[15]] == "13-A"
    assert {"kind": "overrun", "seat": 2, "steps": 7} in [e.to_json() for e in events]
    # seat 0 kept 15-B and walked from 8-C to 4-C, claiming site 4
    assert names[state.pos[0]] == "15-B"
    assert names[state.pos[1]] == "4-C"
    assert state.owner[3] == 0


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("bid 5 1", "no-such-group"),
        ("bid 1 1", "bid-cap"),
        ("overseer 1 16", "wrong-phase"),
    ],
)
def test_refusals_say_why(text: str, code: str) -> None:
    state = opening(3)
    deal(state, GROUPS)
    play(state, 0, "bid 1 6", "bid 1 4")
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, text)
    assert refused.value.code == code


def test_the_second_overseer_waits_for_the_first_and_says_so() -> None:
    """Aufseher setzen: a seat moves its first overseer before its second; the refusal
    tells the seat so in words."""
    state = auctioned()
    with pytest.raises(
        IllegalAction, match=r"^overseer 2 16: overseer 1 moves \(or is ordered\) first$"
    ):
        play(state, 0, "overseer 2 16")


def test_refusals_of_moves_say_why() -> None:
    state = auctioned()
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, "overseer 2 16")
    assert refused.value.code == "overseer-order"
    play(state, 0, "overseer 1 15-B")
    for text, code in [
        ("overseer 1 16", "already-moved"),
        ("overseer 2 15-B", "field-taken"),
        ("overseer 2 1-A", "out-of-play"),
    ]:
        with pytest.raises(IllegalAction) as refused:
            play(state, 0, text)
        assert refused.value.code == code
    play(state, 0, "overseer 2 16")
    with pytest.raises(IllegalAction) as refused:
        play(state, 1, "overseer 1 15-A")
    assert refused.value.code == "foreign-site"
    state.budget = 1
    with pytest.raises(IllegalAction) as refused:
        play(state, 1, "overseer 1 2-A")
    assert refused.value.code == "too-far"
    assert refused.value.message == "overseer 1 2-A: 2 steps, 1 left"


def test_bid_id_lists_are_the_ids_of_the_bid_lists_however_the_caches_stand() -> None:
    """The legal bid ids are put together from rows of ids, apart from the bid actions:
    at every bid of random auctions they are the actions' ids, with the bid caches warm,
    emptied, or starting afresh at their limit."""
    import random

    from saqqara.core.game import CHANCE
    from saqqara.games.valley_of_the_kings import state as valley

    rng = random.Random(3)
    checked = 0
    for _ in range(30):
        state = opening(3, start=rng.randrange(3))
        while state.phase != OPEN and state.to_act():
            seat = state.to_act()[0]
            if seat == CHANCE:
                state.apply_unchecked(seat, state.sample_chance(rng))
                continue
            if state.phase == BID:
                if checked % 3 == 1:
                    valley._BID_IDS.clear()
                    valley._BID_LISTS.clear()
                elif checked % 3 == 2:
                    for key in range(-valley._BID_OPTIONS_LIMIT, 0):
                        valley._BID_IDS.setdefault(key, ())
                actions = state.legal_actions(seat)
                ids = state.legal_action_ids(seat)
                assert ids == [state.game.action_id(a) for a in actions]
                checked += 1
            state.apply_unchecked(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 300


def test_the_bids_of_a_bid_key_are_every_tile_in_hand_that_fits_each_group() -> None:
    """A bid key's legal bids, put together from the key, are exactly the rulebook's: at
    each group in play, a tile of every value still in hand that keeps the bidder's rings
    there at most ten (values up to the rings still allowed), then done; for random hands,
    groups and rings already laid."""
    import random

    from saqqara.games.valley_of_the_kings import actions as act
    from saqqara.games.valley_of_the_kings import state as valley

    rng = random.Random(11)
    for _ in range(3000):
        groups = rng.randint(1, act.MAX_GROUPS)
        room = [rng.randint(0, 10) for _ in range(groups)]
        hand = [rng.choice((0, 0, 1, 2)) for _ in range(act.VALUES)]
        key = groups << valley._GROUPS_AT
        key += sum(left * valley._ROOM_STEP[g] for g, left in enumerate(room))
        key += sum(count * valley._HELD_STEP[v] for v, count in enumerate(hand))
        expected = [
            act.BID[g][v]
            for g in range(groups)
            for v in range(act.VALUES)
            if hand[v] and v <= room[g]
        ]
        assert valley._bids_of(key, act.BID, act.DONE) == (*expected, act.DONE)
        ids = valley._bids_of(key, act.BID_IDS, act.DONE_ID)
        assert ids == act.VOCABULARY.ids_of((*expected, act.DONE))

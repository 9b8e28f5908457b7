"""Hidden movement: what the mummy sees, its belief sets, and resampling."""

from __future__ import annotations

import random

import pytest

from saqqara.ai.registry import make_bot
from saqqara.core.game import CHANCE
from saqqara.core.perspective import Perspective
from saqqara.games.curse_of_the_mummy.state import GONE, MummyState
from saqqara.testing.conformance import random_playout
from tests.games.curse_of_the_mummy.helpers import (
    dealt,
    dice,
    do,
    field,
    kinds,
    new_game,
    put,
    put_mummy,
    texts,
)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_belief_sets_always_hold_the_true_field(players: int) -> None:
    game = new_game(players)
    for seed in range(3):
        for step in random_playout(game, seed):
            state = step.state
            assert isinstance(state, MummyState)
            for f, p in enumerate(state.pos):
                if p != GONE:
                    assert (state.belief[f] >> p) & 1, (seed, f)


def test_belief_sets_hold_the_true_field_with_heuristic_bots() -> None:
    game = new_game(4)
    bot = make_bot("heuristic", game)
    rng = random.Random(3)
    state = game.new_state()
    checked = 0
    while not state.is_terminal():
        acting = state.to_act()
        if acting == (CHANCE,):
            state.apply(CHANCE, state.sample_chance(rng))
        else:
            state.apply(acting[0], bot.choose(Perspective(state, acting[0]), rng))
        assert isinstance(state, MummyState)
        for f, p in enumerate(state.pos):
            if p != GONE:
                assert (state.belief[f] >> p) & 1
                checked += 1
    assert checked > 100


def test_the_mummy_sees_no_positions_and_no_cards() -> None:
    state = dealt(4)
    view = state.view(0)
    assert all(f["field"] is None for f in view["figures"])
    assert view["hand"] is None
    assert view["hand_colours"]["1"] == [1, 1, 1, 1, 1]  # the backs are public
    assert all(f["field"] is not None for f in state.view(2)["figures"])


def test_announced_values_narrow_the_belief_set() -> None:
    state = dealt(3)
    put_mummy(state, "k11")
    do(state, 1, "roll")
    dice(state, "1", "2", "3", "4", "arrow")
    do(state, 1, "announce 2")
    do(state, 1, "go f3")
    # From the start, two steps reach g2 or f3 (never back onto the start).
    assert state.view(0)["figures"][0]["possible"] == ["g2", "f3"]


def test_an_arrow_stops_before_a_wall_or_before_a_field_an_unseen_figure_may_hold() -> None:
    state = dealt(3)
    put(state, 0, "a1")
    state.belief[1] = (1 << field(state, "c1")) | (1 << field(state, "k1"))
    put(state, 1, "k1")
    state.belief[1] = (1 << field(state, "c1")) | (1 << field(state, "k1"))
    put_mummy(state, "k11")
    do(state, 1, "roll")
    dice(state, "arrow", "1", "1", "1", "1")
    do(state, 1, "announce arrow")
    do(state, 1, "go e1")
    # Eastwards the slide ends before the wall (e1) or, if figure 1 stands on c1, on b1;
    # southwards before the wall under a3. Nothing can stop it on c1, d1 or a2.
    assert state.view(0)["figures"][0]["possible"] == ["b1", "e1", "a3"]


def test_a_step_onto_an_explorer_is_never_refused() -> None:
    state = dealt(3)
    put(state, 0, "b1")
    put_mummy(state, "a1")
    state.cur = 1
    state.phase = 5  # the mummy's die
    do(state, CHANCE, "mummy-die 1")
    assert texts(state, 0) == ["step e", "step s", "stop"]


def test_the_mummy_learns_nothing_from_where_an_explorer_went() -> None:
    state = dealt(3)
    put_mummy(state, "k11")
    do(state, 1, "roll")
    dice(state, "2", "2", "2", "2", "2")
    do(state, 1, "announce 2")
    other = state.clone()
    events_a = do(state, 1, "go f3")
    events_b = do(other, 1, "go g2")
    seen_a = [e.to_json() for e in events_a if e.visible_to(0)]
    seen_b = [e.to_json() for e in events_b if e.visible_to(0)]
    assert seen_a == seen_b
    assert state.view(0) == other.view(0)
    assert kinds(events_a, 2) != kinds(events_a, 0)


def test_resample_for_the_mummy_redraws_fields_and_cards() -> None:
    state = dealt(5)
    put_mummy(state, "k11")
    for figure, seat in enumerate((1, 2, 3)):
        do(state, seat, "roll")
        dice(state, "4", "4", "4", "4", "4")
        do(state, seat, "announce 4")
        do(state, seat, texts(state, seat)[figure])
    rng = random.Random(1)
    fields = set()
    hands = set()
    for _ in range(30):
        world = state.resample(0, rng)
        assert world.view(0) == state.view(0)
        ordinary = [p for p in world.pos if not (state.board.forbidden >> p) & 1]
        assert len(set(ordinary)) == len(ordinary)
        for f, p in enumerate(world.pos):
            assert (state.belief[f] >> p) & 1
        fields.add(tuple(world.pos))
        hands.add(tuple(world.card_owner))
        assert [world.hand_colours(s) for s in (1, 2, 3, 4)] == [
            state.hand_colours(s) for s in (1, 2, 3, 4)
        ]
    assert len(fields) > 1
    assert len(hands) > 1


def test_resample_for_the_mummy_backs_out_of_a_dead_end() -> None:
    """Figures never share an ordinary field, also in a guess: with belief sets {c3, d3},
    {d3, e3} and {c3, e3} a draw that puts the first two figures on c3 and e3 leaves the
    third nowhere to go, and the draw must back out of it. Only two placements fit, and
    both are drawn."""
    state = dealt(4)
    put_mummy(state, "k11")
    c3, d3, e3 = (field(state, name) for name in ("c3", "d3", "e3"))
    state.pos = [c3, d3, e3]
    state.belief = [(1 << c3) | (1 << d3), (1 << d3) | (1 << e3), (1 << c3) | (1 << e3)]
    rng = random.Random(4)
    drawn = {tuple(state.resample(0, rng).pos) for _ in range(30)}
    assert drawn == {(c3, d3, e3), (d3, e3, c3)}


def test_resample_for_an_explorer_keeps_fields_and_own_hand() -> None:
    state = dealt(5)
    rng = random.Random(2)
    others = set()
    for _ in range(20):
        world = state.resample(2, rng)
        assert world.pos == state.pos
        assert world.hand(2) == state.hand(2)
        assert world.view(2) == state.view(2)
        others.add(tuple(world.hand(1) + world.hand(3)))
    assert len(others) > 1


def test_an_announced_value_rules_out_a_field_whose_only_way_on_is_a_known_figure() -> None:
    """The table knows figure 2 stands on e3 (its card was played there). Figure 1 may be on
    k1 or on d3, a dead end whose one neighbour is e3: announcing a 1 there would mean
    stepping onto e3, where no explorer may end, so after the announcement only k1 is left."""
    state = dealt(3)
    put(state, 1, "e3")
    put(state, 0, "k1")
    state.belief[0] |= 1 << field(state, "d3")
    put_mummy(state, "k11")
    assert state.view(0)["figures"][0]["possible"] == ["k1", "d3"]
    do(state, 1, "roll")
    dice(state, "1", "2", "3", "4", "arrow")
    do(state, 1, "announce 1")
    assert state.view(0)["figures"][0]["possible"] == ["k1"]

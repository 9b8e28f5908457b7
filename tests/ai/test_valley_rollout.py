"""Valley of the Kings' rollout policy: the greedy bot's own choices, read from the state."""

from __future__ import annotations

import random

import pytest

from saqqara.ai.games.valley_of_the_kings_rollout import expert_move, greedy_move, rollout_policy
from saqqara.ai.registry import make_bot
from saqqara.core.actions import Action
from saqqara.core.game import CHANCE
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load
from saqqara.games.valley_of_the_kings import actions as act
from saqqara.games.valley_of_the_kings.state import PIECES, ValleyState


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_move_is_the_greedy_bots_choice(players: int) -> None:
    """At every decision of whole games, on the same generator, the state-based policy
    picks what the view-based greedy bot picks (the rollouts play the real heuristic)."""
    game = load("valley-of-the-kings", players)
    bot = make_bot("greedy", game)
    compared = 0
    for seed in range(1):
        state = game.new_state()
        assert isinstance(state, ValleyState)
        rng = random.Random(seed)
        ply = 0
        while state.to_act():
            seat = state.to_act()[0]
            if seat == CHANCE:
                state.apply_unchecked(seat, state.sample_chance(rng))
                continue
            legal = state.legal_actions(seat)
            chosen = bot.choose(Perspective(state, seat), random.Random(ply))
            if len(legal) > 1:
                assert greedy_move(state, seat, legal, random.Random(ply)) == chosen
                compared += 1
            state.apply_unchecked(seat, chosen)
            ply += 1
    assert compared > 50


def test_rollout_policy_reads_no_hidden_bid() -> None:
    """Bids lie face down: however the other seat's tiles are redrawn, the policy's bid is
    the same."""
    game = load("valley-of-the-kings", 3)
    state = game.new_state()
    assert isinstance(state, ValleyState)
    rng = random.Random(4)
    while True:
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply_unchecked(seat, state.sample_chance(rng))
            continue
        if state.bids and seat != state.bids[1]:
            break
        state.apply_unchecked(seat, rollout_policy(state, seat, rng))
    choices = {
        rollout_policy(state.resample(seat, random.Random(k)), seat, random.Random(0))
        for k in range(20)
    }
    assert len(choices) == 1


def test_expert_plays_a_legal_bid_reproducibly() -> None:
    game = load("valley-of-the-kings", 3)
    state = game.new_state()
    rng = random.Random(1)
    while state.to_act()[0] == CHANCE:
        state.apply_unchecked(CHANCE, state.sample_chance(rng))
    seat = state.to_act()[0]
    first = make_bot("expert:12", game).choose(Perspective(state, seat), random.Random(2))
    assert first in state.legal_actions(seat)
    again = make_bot("expert:12", game).choose(Perspective(state, seat), random.Random(2))
    assert again == first


def _first_bidder(players: int, seed: int) -> tuple[ValleyState, int]:
    """A fresh game after the draws, at the first bid of round 1."""
    state = load("valley-of-the-kings", players).new_state()
    assert isinstance(state, ValleyState)
    rng = random.Random(seed)
    while state.to_act()[0] == CHANCE:
        state.apply_unchecked(CHANCE, state.sample_chance(rng))
    return state, state.to_act()[0]


def _lay(state: ValleyState, seat: int, bids: list[tuple[int, int]]) -> None:
    for group, value in bids:
        state.apply(seat, act.Bid(group, value))


def test_expert_stacks_ten_rings_on_two_groups_where_greedy_spreads_six_and_five() -> None:
    """Tiles come back after the auction, so the expert fills two groups to the cap
    (6+4, 5+3+2) and lays its last tile on the third; the greedy bot lays 6 and 5 on two
    groups and stops, which a rival that stacks outbids everywhere."""
    state, seat = _first_bidder(2, 1)
    laid: list[act.Bid] = []
    while state.to_act()[0] == seat:
        legal = state.legal_actions(seat)
        if not laid:
            greedy = [greedy_move(state, seat, legal, random.Random(0))]
        choice = expert_move(state, seat, legal, random.Random(0))
        if choice == act.DONE:
            break
        assert isinstance(choice, act.Bid)
        laid.append(choice)
        state.apply(seat, choice)
    totals: dict[int, int] = {}
    for bid in laid:
        totals[bid.group] = totals.get(bid.group, 0) + bid.value
    assert sorted(totals.values()) == [1, 10, 10]
    assert [b.value for b in laid] == [6, 4, 5, 3, 2, 1]
    assert isinstance(greedy[0], act.Bid) and greedy[0].value == 6
    # the greedy bot's second tile is the 5 on another group, where the expert lays the 4
    state2, _ = _first_bidder(2, 1)
    state2.apply(seat, greedy[0])
    legal = state2.legal_actions(seat)
    second = greedy_move(state2, seat, legal, random.Random(0))
    assert isinstance(second, act.Bid) and second.value == 5
    assert second.group != greedy[0].group
    assert expert_move(state2, seat, legal, random.Random(0)) == act.Bid(greedy[0].group, 4)


def test_expert_contests_the_groups_with_fewest_rival_tiles() -> None:
    """A rival that stacked three tiles on each of two groups and one on the third: the
    expert (second to bid) opens on the third group, where the rival can hold at most 6
    rings, and stacks 10 there."""
    state, first = _first_bidder(2, 3)
    _lay(state, first, [(0, 6), (0, 3), (0, 1), (1, 5), (1, 4), (1, 0), (2, 2)])
    state.apply(first, act.DONE)
    second = state.to_act()[0]
    assert second != first
    legal = state.legal_actions(second)
    choice = expert_move(state, second, legal, random.Random(0))
    assert choice == act.Bid(2, 6)
    state.apply(second, choice)
    assert expert_move(state, second, state.legal_actions(second), random.Random(0)) == act.Bid(
        2, 4
    )


def _hoarder(state: ValleyState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """OpenSpiel's play in the games the greedy bot only tied: 7 rings on each group (6+1,
    5+2, 4+3), overseers stay, no worker moves, nothing built: every stone it buys goes
    onto the pharaoh pyramid."""
    if isinstance(legal[0], act.Bid):
        for group, value in [(0, 6), (0, 1), (1, 5), (1, 2), (2, 4), (2, 3)]:
            if act.Bid(group, value) in legal:
                return act.Bid(group, value)
        return act.DONE
    if act.DONE in legal:
        return act.DONE
    first = legal[0]
    if isinstance(first, act.Overseer):
        return act.OVERSEER[first.overseer][state.pos[seat * PIECES + first.overseer]]
    return first


@pytest.mark.parametrize("seed", range(4))
def test_against_a_rival_that_outbids_every_group_the_expert_wins_where_greedy_ties(
    seed: int,
) -> None:
    """The hoarder outbids the greedy bot's 6 and 5 everywhere and fills the pharaoh pyramid
    in round 2: 0-0. The expert's 10-ring stacks take two groups, and it finishes a pyramid
    before the pharaoh pyramid is done."""
    game = load("valley-of-the-kings", 2)
    for policy, expected in [(greedy_move, [0, 0]), (expert_move, None)]:
        state = game.new_state()
        assert isinstance(state, ValleyState)
        rng = random.Random(seed)
        me = seed % 2
        while state.to_act():
            seat = state.to_act()[0]
            if seat == CHANCE:
                state.apply_unchecked(seat, state.sample_chance(rng))
                continue
            legal = state.legal_actions(seat)
            mover = policy if seat == me else _hoarder
            choice = legal[0] if len(legal) == 1 else mover(state, seat, legal, rng)
            state.apply(seat, choice)
        if expected is not None:
            assert state.scores() == expected and state.round == 2
        else:
            assert state.scores()[me] > state.scores()[1 - me]

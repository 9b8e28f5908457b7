"""Valley of the Kings' rollout policy: the greedy bot's own choices, read from the state."""

from __future__ import annotations

import random

import pytest

from saqqara.ai.games.valley_of_the_kings_rollout import greedy_move, rollout_policy
from saqqara.ai.registry import make_bot
from saqqara.core.game import CHANCE
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load
from saqqara.games.valley_of_the_kings.state import ValleyState


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

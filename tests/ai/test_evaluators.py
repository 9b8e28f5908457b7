"""Search evaluators and the IS-MCTS root prior."""

from __future__ import annotations

import random

import pytest

from saqqara.ai.games import tutankhamun as tut_bots
from saqqara.ai.games import tutankhamuns_revenge as revenge_bots
from saqqara.ai.games import valley_of_the_kings as valley_bots
from saqqara.ai.ismcts import PRIOR_VISITS, ISMCTSBot, Node
from saqqara.ai.registry import evaluator_for, seat_values_for
from saqqara.core.game import CHANCE, State
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load, registered_games
from saqqara.games.tutankhamun.state import SCORING, TutankhamunState
from saqqara.games.tutankhamuns_revenge.state import RevengeState
from saqqara.games.valley_of_the_kings import actions as valley_act
from saqqara.games.valley_of_the_kings.state import BID, ValleyState


def _random_step(state: State, rng: random.Random) -> None:
    seat = state.to_act()[0]
    action = state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_actions(seat))
    state.apply_unchecked(seat, action)


@pytest.mark.parametrize("game_id", sorted(registered_games()))
def test_every_game_has_an_evaluator_in_the_unit_interval(game_id: str) -> None:
    game = load(game_id, 2)
    evaluate = evaluator_for(game_id)
    assert evaluate is not None
    rng = random.Random(3)
    state = game.new_state()
    while not state.is_terminal():
        if not state.is_chance():
            before = state.clone()
            values = [evaluate(state, seat) for seat in range(game.players)]
            assert all(0.0 <= v <= 1.0 for v in values)
            assert state.view(None) == before.view(None)  # evaluators change nothing
        _random_step(state, rng)
    assert [evaluate(state, s) for s in range(2)] == list(state.returns())


@pytest.mark.parametrize("game_id", sorted(registered_games()))
@pytest.mark.parametrize("players", [2, 3, 5])
def test_values_for_every_seat_at_once_are_the_evaluator_s(game_id: str, players: int) -> None:
    every_seat = seat_values_for(game_id)
    evaluate = evaluator_for(game_id)
    if every_seat is None:
        pytest.skip("the game values one seat at a time")
    if players not in registered_games()[game_id].spec.player_counts:
        pytest.skip(f"the game is not played by {players}")
    assert evaluate is not None
    game = load(game_id, players)
    rng = random.Random(players)
    for _ in range(3):
        state = game.new_state()
        while True:
            if not state.is_chance():
                values = list(every_seat(state))
                assert values == [evaluate(state, seat) for seat in range(players)]
            if state.is_terminal():
                break
            _random_step(state, rng)


def test_valley_settles_the_auction_under_way() -> None:
    game = load("valley-of-the-kings", 2)
    rng = random.Random(1)
    state = game.new_state()
    while not (isinstance(state, ValleyState) and state.phase == BID):
        _random_step(state, rng)
    bidder = state.to_act()[0]
    bid = max(
        (a for a in state.legal_actions(bidder) if isinstance(a, valley_act.Bid)),
        key=lambda a: a.value,
    )
    assert valley_bots._auction_stones(state, bidder) == 0
    state.apply_unchecked(bidder, bid)
    assert valley_bots._auction_stones(state, bidder) == state.b.group_size
    assert valley_bots._auction_stones(state, 1 - bidder) == 0


def test_revenge_counts_the_whole_unbanked_gain_of_the_digger() -> None:
    game = load("tutankhamuns-revenge", 2)
    rng = random.Random(2)
    state = game.new_state()
    while not (isinstance(state, RevengeState) and state.gain > 0 and state.to_act()):
        _random_step(state, rng)
    seat = state.active
    expected = state.money[seat] + revenge_bots.SCARAB_WORTH * state.scarabs[seat]
    expected += state.gain * state.multiplier()
    assert revenge_bots._worth(state, seat) == pytest.approx(expected)


def test_tutankhamun_settles_a_scoring_under_way() -> None:
    game = load("tutankhamun", 2)
    rng = random.Random(4)
    state = game.new_state()
    while not (isinstance(state, TutankhamunState) and state.phase == SCORING):
        if state.is_terminal():  # a game with no decision inside a scoring: next one
            state = game.new_state()
        _random_step(state, rng)
    settled = state.clone()
    tut_bots._settle_scoring(settled, 0)
    assert settled.phase != SCORING
    assert tut_bots.win_chance(state, 0) == tut_bots.win_chance(settled, 0)
    assert state.phase == SCORING


def test_the_root_prior_seeds_every_first_move() -> None:
    game = load("tutankhamun", 2)
    rng = random.Random(5)
    state = game.new_state()
    while state.is_chance():
        _random_step(state, rng)
    perspective = Perspective(state, state.to_act()[0])
    bot = ISMCTSBot(game, 1)
    root = Node(perspective.seat)
    bot._seed_root(root, perspective, rng)
    legal = perspective.legal_actions()
    assert sorted(root.children) == sorted(game.action_id(a) for a in legal)
    for child in root.children.values():
        assert child.visits == child.availability == PRIOR_VISITS
        assert 0.0 <= child.reward <= PRIOR_VISITS

"""The strong bot's layouts in Tutankhamun's Revenge: at 2 players it lays each of its
layers with every danger in one orbit of the secret turn (rulebook "Fas 1" lets a seat lay
its layer as it likes), so that it knows its layer's safe stacks before it knows the turn.
These tests name the positions where that policy differs from laying at random."""

from __future__ import annotations

import random

from saqqara.ai.games import tutankhamuns_revenge as revenge_bots
from saqqara.ai.registry import make_bot
from saqqara.ai.rollout import RolloutBot
from saqqara.core.game import CHANCE
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load
from saqqara.games.tutankhamuns_revenge import actions as act
from saqqara.games.tutankhamuns_revenge.data import CELLS, LAYERS
from saqqara.games.tutankhamuns_revenge.shapes import is_valid_layout
from saqqara.games.tutankhamuns_revenge.state import DIGGING, LAYING, RevengeState

GAME_ID = "tutankhamuns-revenge"
TREASURE_LAYERS = LAYERS - 1


def _danger_cells(cards: list[int]) -> list[int]:
    return [cell for cell, kind in enumerate(cards) if revenge_bots._KIND_VALUE[kind] < 0]


def _laid_by_the_policy(players: int, seed: int) -> RevengeState:
    """The start of the digging after every seat laid its layers by the tactical policy,
    each lay checked legal on the way."""
    game = load(GAME_ID, players)
    state = game.new_state()
    assert isinstance(state, RevengeState)
    rng = random.Random(seed)
    while state.phase != DIGGING:
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply_unchecked(seat, state.sample_chance(rng))
            continue
        action = revenge_bots.tactical_choice(state, seat, rng, 0.0)
        assert action in state.legal_actions(seat)
        state.apply_unchecked(seat, action)
    return state


def test_every_designed_layout_is_valid_with_its_dangers_in_one_orbit() -> None:
    for seed in range(30):
        state = _laid_by_the_policy(2, seed)
        for layer in range(TREASURE_LAYERS):
            cards = state.layouts[layer * CELLS : (layer + 1) * CELLS]
            assert is_valid_layout(layer, cards)
            orbits = {revenge_bots._ORBIT_OF[cell] for cell in _danger_cells(cards)}
            assert len(orbits) == 1, (seed, layer, cards)


def test_each_layer_of_a_seat_keeps_its_dangers_in_another_orbit() -> None:
    """At 2 players seat 0 lays layers 1, 3 and 5, seat 1 layers 2 and 4: the dangers of
    one seat's layers lie in as many different orbits."""
    for seed in range(30):
        state = _laid_by_the_policy(2, seed)
        for seat, layers in ((0, (0, 2, 4)), (1, (1, 3))):
            orbits = {
                revenge_bots._ORBIT_OF[_danger_cells(state.layouts[lyr * CELLS :][:CELLS])[0]]
                for lyr in layers
            }
            assert len(orbits) == len(layers), (seed, seat)


def test_a_prefix_of_a_designed_layout_always_continues() -> None:
    """Designed layouts cut short anywhere are continued, keeping what was laid."""
    rng = random.Random(5)
    tried = 0
    for layer in range(TREASURE_LAYERS):
        for _ in range(60):
            layout = revenge_bots.designed_layout(layer, [], rng)
            for laid in (0, 3, 8, 15):
                rest = revenge_bots.designed_layout(layer, layout[:laid], rng)
                assert rest[:laid] == layout[:laid]
                assert is_valid_layout(layer, rest)
                tried += 1
    assert tried == 1200


def test_the_seat_knows_its_safe_stacks_before_it_knows_the_turn() -> None:
    """The named position: the first digging turn at 2 players. Seat 0 laid layer 5,
    which lies under every cover card, and has seen none of its cards, so every turn is
    still possible. With its designed layout, twelve stacks are safe whatever the turn; the
    heuristic's random layouts leave fewer."""
    designed_safe = random_safe = 0
    for seed in range(20):
        state = _laid_by_the_policy(2, seed)
        assert state.possible_turns(0) == [0, 1, 2, 3]
        safe = [
            stack
            for stack in range(CELLS)
            if revenge_bots.state_odds(state, 0, stack, [0, 1, 2, 3], {}).danger == 0
        ]
        assert len(safe) == 12
        designed_safe += len(safe)
        game = load(GAME_ID, 2)
        heuristic = make_bot("heuristic", game)
        rng = random.Random(seed)
        other = game.new_state()
        assert isinstance(other, RevengeState)
        while other.phase != DIGGING:
            seat = other.to_act()[0]
            if seat == CHANCE:
                other.apply_unchecked(seat, other.sample_chance(rng))
            else:
                other.apply_unchecked(seat, heuristic.choose(Perspective(other, seat), rng))
        random_safe += sum(
            revenge_bots.state_odds(other, 0, stack, [0, 1, 2, 3], {}).danger == 0
            for stack in range(CELLS)
        )
    assert random_safe < designed_safe


def test_the_policy_lays_a_card_at_two_players_and_asks_random_at_three() -> None:
    for players, designed in ((2, True), (3, False)):
        game = load(GAME_ID, players)
        state = game.new_state()
        assert isinstance(state, RevengeState) and state.phase == LAYING
        choice = revenge_bots.tactical_choice(state, 0, random.Random(1), 0.0)
        assert isinstance(choice, act.Lay) is designed
        assert (choice == act.RANDOM) is not designed
        heuristic = make_bot("heuristic", game)
        assert heuristic.choose(Perspective(state, 0), random.Random(1)) == act.RANDOM


def test_expert_lays_its_designed_layout_without_searching() -> None:
    game = load(GAME_ID, 2)
    state = game.new_state()
    expert = make_bot("expert:40", game)
    assert isinstance(expert, RolloutBot)
    legal = state.legal_actions(0)
    assert revenge_bots.searched(Perspective(state, 0), legal) == []
    choice = expert.choose(Perspective(state, 0), random.Random(2))
    assert isinstance(choice, act.Lay)
    assert expert.report.rollouts == 0 and expert.report.chosen == choice
    three = load(GAME_ID, 3).new_state()
    assert revenge_bots.searched(Perspective(three, 0), three.legal_actions(0)) == [act.RANDOM]

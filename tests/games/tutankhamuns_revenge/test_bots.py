"""The bots: the heuristic reads the odds from the view, and beats the random bot."""

from __future__ import annotations

import random

from saqqara.ai.games.tutankhamuns_revenge import HeuristicBot, odds
from saqqara.ai.random_bot import RandomBot
from saqqara.core.perspective import Perspective
from saqqara.core.playout import Agent, play_game
from saqqara.games.tutankhamuns_revenge import actions as act
from saqqara.games.tutankhamuns_revenge.game import TutankhamunsRevenge
from tests.games.tutankhamuns_revenge.helpers import cell, dig_position, lift


def test_odds_use_the_cards_a_layer_still_hides() -> None:
    state = dig_position(2)
    view = state.view(1)  # seat 1 laid layers 2 and 4, not layer 5 under the cover
    o = odds(view, 1, cell("a1"))
    # layer 5: 3 dangers of 16 (cobra -2, two mosquitoes -1); treasures worth 11 in all
    assert o.danger == 3 / 16
    assert o.treasure == 11 / 16
    assert o.penalty == 4 / 3
    assert o.worst == 2


def test_odds_use_the_seats_own_layer_once_the_turn_is_known() -> None:
    state = dig_position(2, {5: {"a1": "bracelet", "b1": "cobra"}})
    seat = 0  # seat 0 laid layers 1, 3 and 5
    assert state.view(seat)["possible_turns"] == [0, 1, 2, 3]
    unsure = odds(state.view(seat), seat, cell("b1"))
    assert 0 < unsure.danger < 1  # the cobra lies under b1 only if the turn is 0
    lift(state, "a1")  # the only bracelet of layer 5 shows on a1: the turn is 0
    view = state.view(seat)
    assert view["possible_turns"] == [0]
    sure = odds(view, seat, cell("b1"))
    assert sure.danger == 1.0
    assert sure.penalty == 2
    layer4 = odds(view, seat, cell("a1"))  # layer 4 is seat 1's: only the counts are known
    assert 0 < layer4.danger < 1


def test_the_heuristic_stops_when_the_next_lift_does_not_pay() -> None:
    state = dig_position(2)
    seat = state.active
    state.gain = 20  # much at stake: a danger would cost it all
    choice = HeuristicBot(state.game).choose(Perspective(state, seat), random.Random(0))
    assert choice == act.STOP


def test_the_heuristic_beats_random() -> None:
    game = TutankhamunsRevenge(2)
    wins = 0.0
    for seed in range(20):
        bots: list[Agent] = [HeuristicBot(game), RandomBot(game)]
        if seed % 2:
            bots.reverse()
        played = play_game(game, bots, seed=seed)
        wins += played.state.returns()[seed % 2]
    assert wins >= 16

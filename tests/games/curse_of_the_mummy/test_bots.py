"""The heuristic bots: legal play, and each side clearly beats random play."""

from __future__ import annotations

import pytest

from saqqara.ai.registry import make_bot
from saqqara.core.playout import play_game
from tests.games.curse_of_the_mummy.helpers import new_game


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_mummy_beats_random_explorers(players: int) -> None:
    game = new_game(players)
    agents = [make_bot("heuristic", game)] + [make_bot("random", game)] * (players - 1)
    wins = sum(play_game(game, agents, seed).state.outcome().winners == {0} for seed in range(10))
    assert wins >= 8


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_explorers_beat_a_random_mummy(players: int) -> None:
    game = new_game(players)
    agents = [make_bot("random", game)] + [make_bot("heuristic", game)] * (players - 1)
    wins = sum(play_game(game, agents, seed).state.outcome().winners != {0} for seed in range(10))
    assert wins >= 8

"""The greedy bot plays legal actions to the end and outscores random play."""

from __future__ import annotations

from saqqara.ai.registry import available_bots, make_bot
from saqqara.core.playout import play_game
from saqqara.core.registry import load


def test_greedy_is_registered_for_the_game() -> None:
    assert "greedy" in available_bots("valley-of-the-kings")


def test_greedy_bots_play_whole_games() -> None:
    game = load("valley-of-the-kings", 4, {"experts": "on"})
    for seed in range(2):
        played = play_game(game, [make_bot("greedy", game) for _ in range(4)], seed)
        assert played.state.is_terminal()


def test_greedy_scores_more_than_random() -> None:
    game = load("valley-of-the-kings", 3)
    greedy = others = 0.0
    for seed in range(12):
        seat = seed % 3
        agents = [make_bot("greedy" if s == seat else "random", game) for s in range(3)]
        scores = play_game(game, agents, seed).state.outcome().scores
        greedy += scores[seat]
        others += sum(scores) - scores[seat]
    assert greedy > others

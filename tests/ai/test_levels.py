"""Levels and game bots play whole games with legal moves only."""

from __future__ import annotations

import random

import pytest

from saqqara.ai.registry import make_bot
from saqqara.core.game import CHANCE
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load, registered_games


def _play(game_id: str, bot_name: str, players: int, options: dict[str, str]) -> None:
    game = load(game_id, players, options)
    bot = make_bot(bot_name, game)
    rng = random.Random(7)
    state = game.new_state()
    while acting := state.to_act():
        seat = acting[0]
        if seat == CHANCE:
            state.apply(seat, state.sample_chance(rng))
            continue
        action = bot.choose(Perspective(state, seat), rng)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


@pytest.mark.parametrize("game_id", sorted(registered_games()))
def test_easy_plays_legal_moves_to_the_end(game_id: str) -> None:
    _play(game_id, "easy", 3, {})

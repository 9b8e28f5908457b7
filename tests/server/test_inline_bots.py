"""A bot that chooses on the event loop (``server.bots.INLINE``) chooses what a worker
would: the same action id from the same determinization and seed, at every decision of
seeded random games of each game."""

from __future__ import annotations

import json
import random

import pytest

from saqqara.core.game import CHANCE
from saqqara.core.registry import load, registered_games
from saqqara.server.bots import INLINE, BotJob, choose, choose_inline
from saqqara.testing.conformance import random_playout


@pytest.mark.parametrize("game_id", sorted(registered_games()))
@pytest.mark.parametrize("bot", sorted(INLINE))
def test_an_inline_bot_chooses_what_a_worker_would(game_id: str, bot: str) -> None:
    game = load(game_id, 3, {})
    rng = random.Random(7)
    compared = 0
    for step in random_playout(game, seed=3, keep_states=True):
        if step.seat == CHANCE:
            continue
        determinization = step.state.resample(step.seat, rng)
        seed = rng.getrandbits(63)
        text = json.dumps(determinization.to_json(), separators=(",", ":"), sort_keys=True)
        options = tuple(sorted(game.options.items()))
        job = BotJob(game.spec.id, game.players, options, text, step.seat, bot, seed)
        assert choose_inline(game, determinization, step.seat, bot, seed) == choose(job)
        compared += 1
    assert compared > 5

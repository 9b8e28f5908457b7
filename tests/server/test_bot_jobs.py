"""A bot job carries its determinization as ``State.to_json``'s value, pickled with the job:
the very value a JSON text of it would read back as, so a worker chooses what it would
have chosen from the text, at every decision of seeded random games of each game."""

from __future__ import annotations

import json
import pickle
import random

import pytest

from saqqara.core.game import CHANCE
from saqqara.core.registry import load, registered_games
from saqqara.server.bots import BotJob, choose
from saqqara.testing.conformance import random_playout


@pytest.mark.parametrize("game_id", sorted(registered_games()))
def test_a_jobs_determinization_is_plain_json_and_chosen_on_alike(game_id: str) -> None:
    game = load(game_id, 3, {})
    rng = random.Random(5)
    options = tuple(sorted(game.options.items()))
    decisions = 0
    for step in random_playout(game, seed=4, keep_states=True):
        if step.seat == CHANCE:
            continue
        value = step.state.resample(step.seat, rng).to_json()
        as_text = json.loads(json.dumps(value))
        assert as_text == value
        sent = pickle.loads(
            pickle.dumps(BotJob(game_id, 3, options, value, step.seat, "random", 9))
        )
        assert sent.state == as_text
        read = BotJob(game_id, 3, options, as_text, step.seat, "random", 9)
        assert choose(sent) == choose(read)
        decisions += 1
    assert decisions > 5

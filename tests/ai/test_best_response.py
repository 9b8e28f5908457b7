"""The best-response probe (``probe:best-response``, ``probe:br:POLICY``): a search that
plays against a fixed policy, in every game; legal moves, its name and budget checked."""

from __future__ import annotations

import random

import pytest

from saqqara.ai.registry import make_bot
from saqqara.core.errors import OptionError
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load, registered_games

DECISIONS = 1
"""The probe's own decisions searched in each game (a search is slow: kept to one)."""


@pytest.mark.parametrize("game_id", sorted(registered_games()))
@pytest.mark.parametrize("name", ["probe:best-response@1", "probe:br:probe:plan@1"])
def test_the_probe_is_in_every_game_and_plays_legal_moves(game_id: str, name: str) -> None:
    game = load(game_id, 2)
    probe = make_bot(name, game)
    assert probe.name == name
    other = make_bot("medium", game)
    rng = random.Random(7)
    state = game.new_state()
    searched = 0
    for _ in range(5_000):
        if state.is_terminal() or searched >= DECISIONS:
            break
        (seat,) = state.to_act()[:1]
        if state.is_chance():
            state.apply(seat, state.sample_chance(rng))
            continue
        agent = probe if seat == 0 else other
        legal = state.legal_actions(seat)
        action = agent.choose(Perspective(state, seat), random.Random(rng.random()))
        assert action in legal, (name, action)
        searched += seat == 0 and len(legal) > 1
        state.apply(seat, action)
    assert searched >= 1 or state.is_terminal()


def test_the_plain_name_plays_against_medium_with_the_default_budget() -> None:
    game = load("tutankhamun", 2)
    probe = make_bot("probe:best-response", game)
    assert probe.name == "probe:best-response"
    assert make_bot("probe:br:probe:first", game).name == "probe:br:probe:first"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("probe:br:medium@0", "number of rollouts"),
        ("probe:br:medium@many", "number of rollouts"),
        ("probe:br:no-such-bot", "no bot"),
        ("probe:br:probe:br:medium", "best response to a best response"),
    ],
)
def test_a_wrong_name_is_refused_clearly(name: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make_bot(name, load("tutankhamun", 2))

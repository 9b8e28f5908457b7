"""``Match.restore``: a match from a snapshot and the actions after it goes on exactly as
the match replayed from the whole record."""

from __future__ import annotations

import random

import pytest

from saqqara.core.errors import RecordError
from saqqara.core.match import Match
from saqqara.core.registry import load


def _played(game_id: str, steps: int, seed: int) -> tuple[Match, Match]:
    """A match ``steps`` long, and one restored from its state at half way."""
    game = load(game_id, 2, {})
    live = Match(game, seed=seed)
    rng = random.Random(seed)
    half = None
    while live.seq < steps and not live.is_over():
        seat = live.to_act()[0]
        live.submit(seat, rng.choice(live.legal_actions(seat)))
        if half is None and live.seq >= steps // 2:
            half = (live.seq, live.snapshot().to_json())
    assert half is not None
    at, data = half
    restored = Match.restore(game, live.record, game.state_from_json(data), at)
    return live, restored


@pytest.mark.parametrize("game_id", ["curse-of-the-mummy", "tutankhamuns-revenge"])
def test_a_restored_match_goes_on_like_the_original(game_id: str) -> None:
    live, restored = _played(game_id, 120, 5)
    assert restored.seq == live.seq and restored.base > 0
    assert [s.seq for s in restored.history] == list(range(restored.base + 1, live.seq + 1))
    rng = random.Random(9)
    while not live.is_over():
        seat = live.to_act()[0]
        action = rng.choice(live.legal_actions(seat))
        assert restored.legal_actions(seat) == live.legal_actions(seat)
        assert [s.text for s in restored.submit(seat, action)] == [
            s.text for s in live.submit(seat, action)
        ]
        assert restored.view(None) == live.view(None)
        assert restored.bot_rng(seat).random() == live.bot_rng(seat).random()
    assert restored.outcome() == live.outcome()


def test_a_snapshot_past_the_record_is_refused() -> None:
    live, _ = _played("tutankhamuns-revenge", 40, 1)
    with pytest.raises(RecordError):
        Match.restore(live.game, live.record, live.snapshot(), live.seq + 1)


@pytest.mark.parametrize("game_id", ["curse-of-the-mummy", "tutankhamuns-revenge"])
def test_a_restored_match_rebuilds_the_steps_before_its_snapshot(game_id: str) -> None:
    live, restored = _played(game_id, 120, 7)
    for since, upto in ((0, restored.base), (3, restored.base + 5), (0, live.seq)):
        rebuilt = restored.replayed_steps(since, upto)
        assert rebuilt == live.history[since:upto]
        assert [step.seq for step in rebuilt] == list(range(since + 1, upto + 1))

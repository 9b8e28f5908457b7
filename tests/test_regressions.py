"""Every named position in ``tests/regressions/<game id>/`` replays and its expectations hold.

A bug, or a ruling once got wrong, becomes a named position there
(``scripts/capture_position.py`` writes one; ``saqqara.testing.positions`` reads and checks it).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saqqara.core.errors import RecordError
from saqqara.core.registry import registered_games
from saqqara.testing.positions import NamedPosition, load_positions

FOLDER = Path(__file__).parent / "regressions"
POSITIONS = load_positions(FOLDER)


@pytest.mark.parametrize("position", POSITIONS, ids=[p.name for p in POSITIONS])
def test_named_position_holds(position: NamedPosition) -> None:
    assert position.failures() == []


def test_every_game_has_named_positions() -> None:
    have = {p.record.game for p in POSITIONS}
    assert have == set(registered_games())


def test_a_position_that_does_not_hold_is_reported() -> None:
    position = POSITIONS[0]
    wrong = NamedPosition(
        position.name,
        position.why,
        position.record,
        {
            "to_act": [99],
            "view": {"spectator": {"no such key": 1}},
            "winners": [0],
            "not_legal": {"0": ["fly to the moon"]},
        },
    )
    failures = wrong.failures()
    assert any("to_act is" in f for f in failures)
    assert any("no such key is missing" in f for f in failures)
    assert any("not over" in f for f in failures)
    assert any("'fly to the moon' names no action" in f for f in failures)


def test_a_malformed_position_file_is_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"why": "x", "record": {}, "expect": {"lgal": {}}}))
    with pytest.raises(RecordError, match="unknown expectation"):
        NamedPosition.load(path)
    path.write_text(json.dumps({"why": " ", "record": {}, "expect": {}}))
    with pytest.raises(RecordError, match="say in 'why'"):
        NamedPosition.load(path)

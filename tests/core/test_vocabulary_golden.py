"""Every action id of every game and option set keeps its action (class, fields and their
types) and its notation: records, golden playthroughs and tensors depend on them."""

from __future__ import annotations

from pathlib import Path

import pytest

from saqqara.core.errors import NotationError
from saqqara.core.registry import load
from saqqara.testing.playthrough import golden_cases

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "vocabulary"
CASES = golden_cases()


@pytest.mark.parametrize(
    ("game_id", "players", "options", "name"), CASES, ids=[c[3] for c in CASES]
)
def test_ids_and_notation_match_the_golden_vocabulary(
    game_id: str, players: int, options: dict[str, str], name: str
) -> None:
    game = load(game_id, players, options)
    lines = (GOLDEN / name).read_text(encoding="utf-8").splitlines()
    assert game.num_distinct_actions == len(lines)
    for action_id, line in enumerate(lines):
        number, shown, text, read = line.split("\t")
        action = game.action_from_id(action_id)
        assert (int(number), repr(action), game.action_text(action)) == (action_id, shown, text)
        assert game.action_id(action) == action_id
        assert game.canonical(action) is action
        if read == "read":
            assert game.parse_action(text) is action
        else:
            with pytest.raises(NotationError):
                game.parse_action(text)

"""Notation and integer ids: every action round-trips; bad text is refused."""

from __future__ import annotations

import pytest

from saqqara.core.actions import Action
from saqqara.core.errors import NotationError
from saqqara.games.tutankhamuns_revenge import actions as act
from saqqara.games.tutankhamuns_revenge.game import TutankhamunsRevenge


def test_every_action_round_trips_through_text_and_id() -> None:
    game = TutankhamunsRevenge(2)
    texts = set()
    for action_id in range(game.num_distinct_actions):
        action = game.action_from_id(action_id)
        text = game.action_text(action)
        texts.add(text)
        assert game.parse_action(text) == action
        assert game.action_id(action) == action_id
    assert len(texts) == game.num_distinct_actions


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("lift a1", act.LIFT[0]),
        ("lift d4", act.LIFT[15]),
        ("LIFT b3", act.LIFT[9]),
        ("block c2", act.BLOCK[6]),
        ("lay cobra", act.LAY[7]),
        ("reveal death-mask", act.REVEAL[15]),
        ("turn 3", act.TURN[3]),
        ("scarab", act.SCARAB),
        ("stop", act.STOP),
        ("random", act.RANDOM),
        ("no-block", act.NO_BLOCK),
    ],
)
def test_notation_examples(text: str, action: Action) -> None:
    assert act.parse_action(text) == action


@pytest.mark.parametrize(
    "text", ["", "lift e1", "lift a5", "lay gold", "turn 4", "block", "dig a1", "stop now"]
)
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        act.parse_action(text)


def test_foreign_actions_and_ids_are_refused() -> None:
    with pytest.raises(NotationError):
        act.action_from_id(act.NUM_DISTINCT_ACTIONS)
    with pytest.raises(NotationError):
        act.action_id(Action())

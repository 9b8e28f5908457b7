"""Notation and integer ids round-trip; bad text is refused with NotationError."""

from __future__ import annotations

import pytest

from saqqara.core.actions import Action
from saqqara.core.errors import NotationError
from saqqara.core.registry import load
from saqqara.games.valley_of_the_kings import actions as act


def test_every_meaningful_action_round_trips() -> None:
    game = load("valley-of-the-kings", 4)
    checked = 0
    for action_id in range(game.num_distinct_actions):
        action = game.action_from_id(action_id)
        text = game.action_text(action)
        if "?" in text:  # a position a small site does not have: never legal
            continue
        assert game.parse_action(text) == action
        assert game.action_id(action) == action_id
        checked += 1
    assert checked > 1000


def board_node(name: str) -> int:
    from saqqara.games.valley_of_the_kings.data import board

    return board().node(name)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("start 2", act.Start(2)),
        ("draw grey", act.Draw(1)),
        ("bid 3 5", act.Bid(2, 5)),
        ("overseer 1 15-b", act.Overseer(0, board_node("15-B"))),
        ("worker 5 17", act.Worker(4, board_node("17"))),
        ("steal 2 2.1", act.Steal(1, 9)),
        ("takeover 7", act.Takeover(6)),
        ("build 2 1.5 red", act.Build(1, 4, 0)),
        ("  DONE ", act.DONE),
    ],
)
def test_examples(text: str, expected: Action) -> None:
    assert act.parse_action(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump",
        "bid 6 1",
        "bid 1 7",
        "overseer 3 16",
        "worker 1 23",
        "worker 1 5-E",
        "steal 1 1.5",
        "build 2 4.1 red",
        "build 2 1.1 purple",
        "takeover 16",
        "done now",
        "start 4",
    ],
)
def test_bad_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        act.parse_action(text)

"""Notation and integer ids round-trip; bad text is refused."""

from __future__ import annotations

import pytest

from saqqara.core.errors import NotationError
from tests.games.curse_of_the_mummy.helpers import new_game


def test_every_action_round_trips() -> None:
    game = new_game(4)
    for i in range(game.num_distinct_actions):
        action = game.action_from_id(i)
        assert game.action_id(action) == i
        assert game.parse_action(game.action_text(action)) == action


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("go c4 play", "go c4 play"),
        ("  GO  k11 ", "go k11"),
        ("announce arrow", "announce arrow"),
        ("die mummy", "die mummy"),
        ("step w", "step w"),
        ("mummy-die 3", "mummy-die 3"),
        ("deal scarab", "deal scarab"),
    ],
)
def test_examples(text: str, expected: str) -> None:
    game = new_game(3)
    assert game.action_text(game.parse_action(text)) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "go",
        "go z9",
        "go c4 now",
        "announce mummy",
        "announce 5",
        "step x",
        "deal tut",
        "mummy-die 9",
        "fly",
        "roll 2",
    ],
)
def test_bad_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        new_game(3).parse_action(text)

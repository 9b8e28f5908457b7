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
    ("text", "reason"),
    [
        ("", "empty action"),
        ("go", "'go' takes 2 argument(s); got 'go'"),
        ("go z9", "unknown field 'z9'"),
        ("go c4 now", "expected 'play'; got 'now'"),
        ("announce mummy", "unknown announced face 'mummy'"),
        ("announce 5", "unknown announced face '5'"),
        ("step x", "unknown direction 'x'"),
        ("deal tut", "unknown symbol 'tut'"),
        ("mummy-die 9", "a mummy die face must be a number from 1 to 6; got '9'"),
        ("fly", "cannot read 'fly' as a Curse of the Mummy action"),
        ("roll 2", "'roll' takes 0 argument(s); got 'roll 2'"),
    ],
)
def test_bad_text_is_refused_with_a_reason(text: str, reason: str) -> None:
    """A refusal names what could not be read (the field, the face, the symbol, ...)."""
    with pytest.raises(NotationError) as refused:
        new_game(3).parse_action(text)
    assert str(refused.value) == reason


def test_a_field_is_found_by_its_one_name_only() -> None:
    """Every field has one name (column letter, row number without leading zeros): each
    name finds its field, and another spelling of it (``a01``, ``A1``, ``a1 ``) none."""
    board = new_game(3).board
    for field in range(board.fields):
        assert board.field_from_name(board.field_name(field)) == field
    assert board.field_from_name("a1") == 0
    for other in ("a01", "A1", "a1 ", "a", "1a", "a0", "", "zz99"):
        assert board.field_from_name(other) is None

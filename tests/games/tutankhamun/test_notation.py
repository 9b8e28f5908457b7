"""Notation and integer ids of Tutankhamun actions round-trip; bad text is refused clearly."""

from __future__ import annotations

import pytest

from saqqara.core.errors import NotationError
from saqqara.core.registry import load
from saqqara.games.tutankhamun import actions as act
from saqqara.games.tutankhamun.data import AMIGO, EDITIONS, KING_TUT, OOTB, edition


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_action_of_the_edition_round_trips(edition: str) -> None:
    game = load("tutankhamun", 6, {"edition": edition})
    foreign = {act.PLAY_WILD} if edition == AMIGO else {act.EXIT, act.PLAY_LID, act.PLAY_MASK}
    seen = 0
    for action_id in range(game.num_distinct_actions):
        action = game.action_from_id(action_id)
        assert game.action_id(action) == action_id
        text = game.action_text(action)
        if action in foreign or (
            isinstance(action, act.Take) and action.slot == 69 and edition == AMIGO
        ):
            with pytest.raises(NotationError):
                game.parse_action(text)
            continue
        assert game.parse_action(text) == action
        seen += 1
    assert seen > 170


@pytest.mark.parametrize(
    ("edition", "text", "message"),
    [
        (AMIGO, "", "empty"),
        (AMIGO, "fly 3", "^cannot read 'fly 3' as a Tutankhamun action$"),
        (AMIGO, "take 69", "beyond the path"),
        (AMIGO, "rob 7 throne", "no seat 7"),
        (AMIGO, "rob 1 sphinx", "unknown treasure type"),
        (AMIGO, "buy 1 throne", "not an action of the amigo-1993 edition"),
        (AMIGO, "pharaoh", "^'pharaoh' is not an action of the amigo-1993 edition$"),
        (OOTB, "lid", "not an action of the ootb-2004 edition"),
        (OOTB, "draw king-tut", "unknown tile kind"),
        (OOTB, "buy 1 pharaoh", "unknown treasure type"),
    ],
)
def test_bad_notation_is_refused_with_a_reason(edition: str, text: str, message: str) -> None:
    game = load("tutankhamun", 3, {"edition": edition})
    with pytest.raises(NotationError, match=message):
        game.parse_action(text)


def test_notation_is_forgiving_about_case_and_spaces() -> None:
    game = load("tutankhamun", 3, {"edition": OOTB})
    assert game.parse_action("  BUY 2  Blue-Cat ") == act.STEAL[2][4]


def test_out_of_range_ids_are_refused() -> None:
    game = load("tutankhamun", 3)
    with pytest.raises(NotationError):
        game.action_from_id(game.num_distinct_actions)
    with pytest.raises(NotationError):
        game.action_from_id(-1)


@pytest.mark.parametrize("edition_id", EDITIONS)
def test_tile_names_read_back_to_their_kind_and_other_words_to_none(edition_id: str) -> None:
    """Every tile kind of the edition is named by one word that reads back to it; a word
    naming no tile of the edition (King Tut in Amigo) reads as none."""
    ed = edition(edition_id)
    for kind in range(KING_TUT if ed.amigo else KING_TUT + 1):
        assert ed.kind_from_slug(ed.kind_slug(kind)) == kind
    assert ed.kind_from_slug("sphinx") is None
    assert ed.kind_from_slug("king-tut") == (None if ed.amigo else KING_TUT)

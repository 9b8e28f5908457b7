"""Property: any text either parses to one of the game's own actions, which round-trips, or
raises ``NotationError``; so does anything that is not text, and any junk action id."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saqqara.core.errors import NotationError

from .support import SETTINGS, VOCABULARIES, Config, game_of, name, vocabulary

ODD_DIGITS = "²³¹₂٣۴߅०১੨௩๔໕༦၇႘០᠑１𝟘"


def _words(config: Config) -> list[str]:
    game = game_of(config)
    return sorted({w for a in vocabulary(config) for w in game.action_text(a).split()})


def _texts(config: Config) -> st.SearchStrategy[str]:
    word = st.one_of(
        st.sampled_from(_words(config)),
        st.text(alphabet="0123456789", min_size=1, max_size=3),
        st.text(alphabet="0123456789" + ODD_DIGITS, min_size=1, max_size=3),
        st.sampled_from(("9" * 20, "9" * 5000, "1.5", "1.", ".1", "-1", "+1", "0x1", "1_0")),
        st.text(max_size=8),
    )
    spaced = st.tuples(
        st.lists(word, max_size=4), st.sampled_from((" ", "  ", "\t", "\u00a0", "\u3000"))
    ).map(lambda parts: parts[1].join(parts[0]))
    return st.one_of(spaced, st.text(max_size=30))


@pytest.mark.parametrize("config", VOCABULARIES, ids=name)
@SETTINGS
@given(data=st.data())
def test_any_text_parses_or_raises_notation_error(config: Config, data: st.DataObject) -> None:
    game = game_of(config)
    text = data.draw(_texts(config))
    try:
        action = game.parse_action(text)
    except NotationError as exc:
        refused = exc.message
    else:
        assert game.canonical(action) is not None, f"{text!r} gave a foreign {action!r}"
        assert game.parse_action(game.action_text(action)) == action
        assert game.action_from_id(game.action_id(action)) == action
        return
    assert len(refused) < 500


@pytest.mark.parametrize("config", VOCABULARIES, ids=name)
@SETTINGS
@given(
    value=st.one_of(
        st.none(),
        st.integers(),
        st.floats(),
        st.binary(max_size=8),
        st.lists(st.text(max_size=4), max_size=3),
        st.booleans(),
    )
)
def test_non_text_raises_notation_error(config: Config, value: Any) -> None:
    with pytest.raises(NotationError):
        game_of(config).parse_action(value)


@pytest.mark.parametrize("config", VOCABULARIES, ids=name)
@SETTINGS
@given(
    value=st.one_of(
        st.integers(min_value=-(10**40), max_value=-1),
        st.integers(min_value=10_000, max_value=10**40),
        st.booleans(),
        st.floats(),
        st.text(max_size=3),
        st.none(),
    )
)
def test_junk_action_ids_raise_notation_error(config: Config, value: Any) -> None:
    with pytest.raises(NotationError):
        game_of(config).action_from_id(value)

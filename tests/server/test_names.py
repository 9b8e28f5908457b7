"""Seat names from outside (``server/names.py``): what any text becomes, or why it is refused."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saqqara.server.names import BadName, check_unique, clean_name, unique_name


@given(st.text(max_size=40))
def test_a_name_kept_holds_nothing_that_changes_a_screen(text: str) -> None:
    try:
        name = clean_name(text)
    except BadName:
        refused = [
            c for c in text if unicodedata.category(c) in {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
        ]
        assert refused or not text.strip()
        return
    assert name and name == name.strip() and "  " not in name
    assert all(unicodedata.category(c) not in {"Cc", "Cf", "Zl", "Zp"} for c in name)


@pytest.mark.parametrize("name", ["Ada", "Åsa Öberg", "محمد", "李雷", "Zoë-Marie O'Neil"])
def test_names_of_every_script_are_kept(name: str) -> None:
    assert clean_name(name) == name


def test_default_names_are_kept_apart_without_regard_to_case() -> None:
    assert unique_name("random", ["Random", "random 2"]) == "random 3"
    assert unique_name("Player 2", ["Ann"]) == "Player 2"
    with pytest.raises(BadName, match="another seat of this table is called 'ANN'"):
        check_unique("ANN", ["ann"])

"""Vorbereitung: cards, figures, ankhs; the two-player set-up."""

from __future__ import annotations

from collections import Counter

import pytest

from saqqara.core.errors import IllegalAction
from saqqara.core.game import CHANCE
from tests.games.curse_of_the_mummy.helpers import dealt, kinds, new_game


def test_each_explorer_gets_one_card_of_each_colour() -> None:
    state = dealt(5)
    b = state.board
    for seat in range(1, 5):
        hand = state.hand(seat)
        assert sorted(b.symbols[s].colour for s in hand) == [0, 1, 2, 3, 4]
    assert state.hand_colours(1) == [1, 1, 1, 1, 1]


def test_two_players_one_hand_of_ten_two_per_colour() -> None:
    state = dealt(2)
    hand = state.hand(1)
    assert len(hand) == 10
    assert Counter(state.board.symbols[s].colour for s in hand) == dict.fromkeys(range(5), 2)
    assert new_game(2).owner == (1, 1)
    # the backs are public: every seat sees two cards of each colour in the hand
    assert state.hand_colours(1) == [2] * 5
    assert state.view(0)["hand_colours"] == {"1": [2] * 5}


def test_figures_on_start_mummy_on_sarcophagus_seat_one_begins() -> None:
    state = dealt(4)
    b = state.board
    assert state.pos == [b.start] * 3
    assert state.mummy == b.dungeon
    assert state.ankhs == [3, 3, 3]
    assert state.to_act() == (1,)


def test_cards_are_dealt_face_down() -> None:
    game = new_game(3)
    state = game.new_state()
    action = state.chance_outcomes()[0][0]
    events = state.apply(CHANCE, action)
    assert kinds(events, 1) == ["dealt", "card"]
    assert kinds(events, 0) == ["dealt"]
    assert kinds(events, 2) == ["dealt"]
    assert state.view(0)["hand"] is None
    assert state.view(1)["hand"] == [game.board.symbols[action.symbol].name]  # type: ignore[attr-defined]


def test_the_outcome_is_refused_until_the_game_is_over() -> None:
    state = dealt(3)
    with pytest.raises(IllegalAction, match=r"^the game is not over$") as refused:
        state.outcome()
    assert refused.value.code == "not-over"


def test_while_the_cards_are_dealt_the_view_names_the_first_figure_and_no_value() -> None:
    """M15: the player left of the mummy begins, so the view names the first explorer
    figure from the start, with nothing announced and no dice out."""
    state = new_game(3).new_state()
    view = state.view(None)
    assert view["figure"] == 0
    assert view["announced"] is None
    assert view["dice"] == []
    assert view["mummy_dice"] == 0

"""Scenario tests for the Out of the Box 2004 edition (rulebook 003), rule by rule."""

from __future__ import annotations

import pytest

from saqqara.core.errors import NotationError
from saqqara.games.tutankhamun.data import OOTB
from saqqara.games.tutankhamun.state import START

from .support import give, holding, kinds, new_game, play, slot_of, texts


@pytest.mark.parametrize(("players", "coins"), [(2, 32), (3, 26), (4, 20), (5, 16), (6, 14)])
def test_setup_tribute_coins_by_player_count(players: int, coins: int) -> None:
    assert new_game(OOTB, players).score == [coins] * players


def test_setup_path_of_69_shuffled_tiles_ends_with_king_tut() -> None:
    state = new_game(OOTB, 3)
    view = state.view(None)
    assert len(view["path"]) == 70 and view["path"][-1] == "king-tut"
    assert view["path"].count("king-tut") == 1
    assert view["path"].count("bag") == 3 and view["path"].count("pharaoh") == 3
    assert view["path"].count("blue-death-mask") == 8
    assert state.pawn == [START] * 3


def test_a_tile_must_be_taken_there_is_no_exit() -> None:
    state = new_game(OOTB, 2)
    assert all(t.startswith("take") for t in texts(state))
    with pytest.raises(NotationError):
        state.game.parse_action("exit")


def test_worked_example_blue_anubis_six_three_nothing() -> None:
    """Voorbeelden, first: A has three blue Anubis, B two, C one; A took the last."""
    state = new_game(OOTB, 3)
    give(state, 0, "blue-anubis", 2)
    give(state, 1, "blue-anubis", 2)
    give(state, 2, "blue-anubis", 1)
    play(state, f"take {slot_of(state, 'blue-anubis')}")
    assert state.score == [26 - 6, 26 - 3, 26]


def test_worked_example_green_death_mask_removed_three_tied_score_half() -> None:
    """Voorbeelden, second: A, B, C have two green death masks each, D one; the last is
    removed from the path as uncollected, and A, B and C score 4 each."""
    state = new_game(OOTB, 4, ["green-death-mask", *["blue-death-mask"] * 4])
    for seat, count in ((0, 2), (1, 2), (2, 2), (3, 1)):
        give(state, seat, "green-death-mask", count)
    events = play(state, "take 1", "take 2", "take 3")
    assert "remove" not in kinds(events)
    events = play(state, "take 4")
    assert [e.data["slot"] for e in events if e.kind == "remove"] == [0]
    assert state.score == [16, 16, 16, 20]


def test_worked_example_mummified_cat_with_pharaoh_tiles_and_king_tut() -> None:
    """Koning Tut, example: A and B have one blue cat each; B adds a pharaoh tile; A adds a
    pharaoh tile and King Tut; A scores 2 and B 1."""
    state = new_game(OOTB, 2)
    give(state, 1, "blue-cat", 1)
    state.wilds = [2, 1]
    state.king_tut = 0
    play(state, f"take {slot_of(state, 'blue-cat')}")  # A collects the last blue cat
    assert state.to_act() == (0,) and texts(state) == ["pharaoh", "pass"]
    play(state, "pass", "pharaoh")  # B breaks the tie
    assert state.to_act() == (0,)
    play(state, "pharaoh")
    assert state.to_act() == (0,)  # B has nothing left, so A decides again
    play(state, "pharaoh")  # King Tut, the last wildcard
    assert state.king_tut == -1
    assert state.score == [32 - 2, 32 - 1]
    assert state.wilds == [0, 0]


def test_pharaoh_tile_needs_a_tile_of_the_set() -> None:
    state = new_game(OOTB, 2)
    give(state, 1, "blue-cat", 1)
    state.wilds = [0, 3]
    play(state, "take 0")  # green scarab: seat 1 owns none, so it is not asked
    assert state.to_act() == (1,) and state.wilds == [0, 3]


def test_pharaoh_tiles_are_added_only_during_a_scoring() -> None:
    """Farao-tegels, decision 5: the tile stays in front of its holder "until he decides"
    to add it to a set; we read that decision as made in a scoring of that set, so a turn
    offers only moves, and the tile is asked for when the set is scored."""
    state = new_game(OOTB, 3)
    give(state, 0, "blue-cat", 1)
    state.wilds[0] = 2
    assert {t.split()[0] for t in texts(state)} == {"take"}
    play(state, f"take {slot_of(state, 'blue-cat')}")
    assert state.to_act() == (0,) and texts(state) == ["pharaoh", "pass"]


def test_bag_of_gold_buys_a_tile_and_the_seller_pays_a_coin() -> None:
    state = new_game(OOTB, 3, ["bag"])
    give(state, 0, "green-anubis", 1)
    give(state, 1, "green-anubis", 2)
    give(state, 2, "green-horus", 1)
    state.wilds[1] = 1  # a pharaoh tile is never for sale: not a set
    play(state, "take 0")
    assert texts(state) == ["buy 1 green-anubis", "decline"]
    play(state, "buy 1 green-anubis")
    assert holding(state, 0, "green-anubis") == 2 and holding(state, 1, "green-anubis") == 1
    assert state.score == [26, 25, 26]
    assert state.to_act() == (1,)


def test_bag_of_gold_may_go_unused_and_is_then_lost() -> None:
    state = new_game(OOTB, 3, ["bag"])
    give(state, 0, "green-anubis", 1)
    give(state, 1, "green-anubis", 2)
    events = play(state, "take 0", "decline")
    assert "steal-declined" in kinds(events)
    assert state.to_act() == (1,) and state.score == [26, 26, 26]


def test_bag_of_gold_without_a_seller_is_lost() -> None:
    state = new_game(OOTB, 3, ["bag"])
    events = play(state, "take 0")
    assert "steal-discarded" in kinds(events) and state.to_act() == (1,)


def test_king_tut_taker_pays_a_coin_and_stands_on_the_rim() -> None:
    state = new_game(OOTB, 3)
    events = play(state, "take 69")
    assert "king-tut" in kinds(events)
    assert state.score[0] == 25 and state.wilds[0] == 1 and state.king_tut == 0
    assert state.pawn[0] == 69


def test_the_view_names_the_seat_holding_king_tut() -> None:
    """Speciale artefacten tegels: King Tut lies on the rim until taken; then everyone sees
    who holds it (seat 0 here, the first seat)."""
    state = new_game(OOTB, 3)
    assert state.view(None)["king_tut"] is None
    play(state, "take 69")
    assert state.view(None)["king_tut"] == 0


def test_a_seat_with_no_tile_ahead_is_skipped() -> None:
    state = new_game(OOTB, 3)
    play(state, "take 69", "take 0", "take 1")
    assert state.to_act() == (1,)  # seat 0 stands on the rim and has no move


def test_first_to_pay_the_last_coin_wins_first_place_pays_before_second() -> None:
    state = new_game(OOTB, 3)
    give(state, 0, "green-anubis", 2)
    give(state, 1, "green-anubis", 3)
    state.score = [3, 6, 26]
    play(state, f"take {slot_of(state, 'green-anubis')}")  # seat 0: 3 tiles, seat 1: 3
    # tied for first: half each, paid from the active seat clockwise; seat 0 pays first
    assert state.is_terminal() and state.outcome().winners == {0}
    assert state.score == [0, 6, 26]


def test_paying_the_last_coin_ends_the_game_and_says_so() -> None:
    """Einde van het spel: the first to pay its last coin wins at once; the reason names it."""
    state = new_game(OOTB, 3)
    give(state, 0, "green-anubis", 5)
    state.score = [6, 26, 26]
    play(state, f"take {slot_of(state, 'green-anubis')}")  # the last: the set is scored
    assert state.outcome().reason == "seat 0 paid the last coin"


def test_second_place_does_not_pay_once_first_place_has_won() -> None:
    state = new_game(OOTB, 3)
    give(state, 0, "green-anubis", 3)
    give(state, 1, "green-anubis", 2)
    state.score = [6, 3, 26]
    play(state, f"take {slot_of(state, 'green-anubis')}")
    assert state.outcome().winners == {0} and state.score == [0, 3, 26]


def test_empty_path_ends_the_game_fewest_coins_win() -> None:
    state = new_game(OOTB, 2)
    state.score = [5, 5]
    # Seat 0 walks to King Tut; seat 1 then takes the frontmost tile, leaving the rest behind.
    play(state, "take 69", "take 68")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome.reason == "the path is empty"
    assert all(k == -1 for k in state.path)
    assert state.score == [4, 5]  # King Tut's coin; nobody held a removed tile
    assert outcome.winners == {0} and outcome.ranks == (1, 2)


def test_empty_path_with_equal_coins_is_a_shared_win() -> None:
    state = new_game(OOTB, 2)
    state.score = [5, 4]
    play(state, "take 69", "take 68")
    assert state.outcome().winners == {0, 1}

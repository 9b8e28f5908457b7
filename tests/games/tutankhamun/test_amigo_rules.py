"""Scenario tests for the Amigo 1993 edition (rulebook 000), one per rule and worked example."""

from __future__ import annotations

import pytest

from saqqara.core.errors import IllegalAction
from saqqara.games.tutankhamun.data import AMIGO
from saqqara.games.tutankhamun.state import MASK_ON_PYRAMID, MASK_USED, START

from .support import discard, give, holding, kinds, new_game, play, slot_of, texts


@pytest.mark.parametrize(("players", "start"), [(2, 26), (3, 26), (4, 20), (5, 16), (6, 14)])
def test_setup_score_markers_start_by_player_count(players: int, start: int) -> None:
    state = new_game(AMIGO, players)
    assert state.score == [start] * players


def test_setup_shuffles_69_tiles_and_puts_the_mask_on_the_pyramid() -> None:
    state = new_game(AMIGO, 3)
    assert len(state.path) == 69 and -1 not in state.path
    assert state.mask == MASK_ON_PYRAMID
    assert state.pawn == [START] * 3
    assert state.to_act() == (0,)
    view = state.view(None)
    assert view["path"].count("nugget") == 3 and view["path"].count("lid") == 3
    assert view["path"].count("throne") == 8 and view["path"].count("panther-head") == 1


def test_a_move_goes_forward_any_distance_and_takes_the_tile() -> None:
    state = new_game(AMIGO, 2, ["throne", "selket", "dagger", "shabti", "throne"])
    play(state, "take 3")
    assert state.pawn[0] == 3 and holding(state, 0, "shabti") == 1
    assert state.path[3] == -1
    # Seat 1 may overtake and may stop behind seat 0 too.
    assert "take 0" in texts(state) and "take 4" in texts(state)


def test_a_move_never_goes_backwards() -> None:
    state = new_game(AMIGO, 2, ["throne", "selket", "dagger", "shabti"])
    play(state, "take 3", "take 0")
    assert "take 1" not in texts(state)
    assert texts(state)[0] == "take 4"
    with pytest.raises(IllegalAction) as err:
        play(state, "take 2")
    assert err.value.code == "not-legal"


def test_tiles_behind_the_rearmost_pawn_are_removed_farthest_first() -> None:
    state = new_game(AMIGO, 2, ["throne", "selket", "dagger", "shabti", "throne"])
    play(state, "take 4")
    events = play(state, "take 3")
    removed = [e.data["slot"] for e in events if e.kind == "remove"]
    assert removed == [0, 1, 2]
    assert state.path[:5] == [-1] * 5


def test_removals_score_in_the_order_they_happen() -> None:
    state = new_game(AMIGO, 3, ["falcon-pectoral", "panther-head", "throne", "throne"])
    play(state, "take 2", "take 3")
    events = play(state, "take 4")
    order = [(e.kind, e.data.get("tile")) for e in events if e.kind in ("remove", "scoring")]
    assert order == [
        ("scoring", "scarab-bracelet"),  # the tile taken scores before the removals
        ("remove", "falcon-pectoral"),
        ("scoring", "falcon-pectoral"),
        ("remove", "panther-head"),
        ("scoring", "panther-head"),
    ]


def test_taking_the_last_tile_of_a_type_scores_it_at_once() -> None:
    state = new_game(AMIGO, 3, ["panther-head"])
    events = play(state, "take 0")
    assert kinds(events)[:4] == ["take", "scoring", "scored", "score"]
    assert state.score[0] == 25
    assert holding(state, 0, "panther-head") == 0  # scored tiles leave the game


def test_worked_example_axel_six_beate_three() -> None:
    """Wertung, first example: three selket were removed, Axel has two, Beate one."""
    state = new_game(AMIGO, 3)
    discard(state, "selket", 3)
    give(state, 0, "selket", 1)  # Axel, seat 0
    give(state, 1, "selket", 1)  # Beate, seat 1
    play(state, f"take {slot_of(state, 'selket')}")
    assert state.score == [26 - 6, 26 - 3, 26]


def test_worked_example_tie_for_first_scores_half_each() -> None:
    """Wertung, second example: Axel and Beate have three each of a 6-type."""
    state = new_game(AMIGO, 3)
    give(state, 0, "selket", 2)
    give(state, 1, "selket", 3)
    play(state, f"take {slot_of(state, 'selket')}")
    assert state.score == [23, 23, 26]


def test_three_tied_for_first_score_nothing() -> None:
    state = new_game(AMIGO, 4)
    give(state, 0, "selket", 1)
    give(state, 1, "selket", 2)
    give(state, 2, "selket", 2)
    play(state, f"take {slot_of(state, 'selket')}")
    assert state.score == [20, 20, 20, 20]


def test_a_tie_for_second_scores_nothing() -> None:
    state = new_game(AMIGO, 4)
    give(state, 0, "alabaster-lamp", 1)
    give(state, 1, "alabaster-lamp", 1)
    give(state, 2, "alabaster-lamp", 1)
    play(state, f"take {slot_of(state, 'alabaster-lamp')}")
    assert state.score == [20 - 4, 20, 20, 20]


def test_two_players_only_a_sole_first_place_scores() -> None:
    state = new_game(AMIGO, 2)
    give(state, 0, "selket", 3)
    give(state, 1, "selket", 2)
    play(state, f"take {slot_of(state, 'selket')}")
    assert state.score == [26 - 6, 26]


def test_two_players_a_tie_scores_nothing() -> None:
    state = new_game(AMIGO, 2)
    give(state, 0, "selket", 2)
    give(state, 1, "selket", 3)
    play(state, f"take {slot_of(state, 'selket')}")
    assert state.score == [26, 26]


def test_gold_nugget_takes_a_tile_of_a_type_you_own_and_the_robbed_advances() -> None:
    state = new_game(AMIGO, 3, ["nugget"])
    give(state, 0, "throne", 1)
    give(state, 1, "throne", 2)
    give(state, 2, "selket", 1)
    play(state, "take 0")
    assert texts(state) == ["rob 1 throne", "decline"]  # seat 2 owns no throne
    events = play(state, "rob 1 throne")
    assert holding(state, 0, "throne") == 2 and holding(state, 1, "throne") == 1
    assert state.score == [26, 25, 26]
    assert "steal" in kinds(events)
    assert state.to_act() == (1,)


def test_gold_nugget_may_be_given_away_without_taking_anything() -> None:
    """Goldklumpen: the nugget must be handed on ("muß"), but taking a tile is allowed
    ("darf"), not required - useful when robbing would carry the victim to the goal."""
    state = new_game(AMIGO, 3, ["nugget"])
    give(state, 0, "throne", 1)
    give(state, 1, "throne", 1)
    state.score[1] = 1
    events = play(state, "take 0", "decline")
    assert "steal-declined" in kinds(events)
    assert holding(state, 1, "throne") == 1 and state.score == [26, 1, 26]
    assert not state.is_terminal() and state.to_act() == (1,)


def test_gold_nugget_without_a_target_is_discarded() -> None:
    state = new_game(AMIGO, 3, ["nugget"])
    give(state, 1, "throne", 2)
    events = play(state, "take 0")
    assert "steal-discarded" in kinds(events)
    assert state.to_act() == (1,) and state.score == [26, 26, 26]


def test_gold_nugget_cannot_take_a_canopic_lid() -> None:
    """Goldklumpen, decision 6: the nugget robs one of the 15 treasure types only, even
    when both players hold canopic lids (the rulebook also calls lids a special type)."""
    state = new_game(AMIGO, 3, ["nugget"])
    give(state, 0, "throne", 1)
    give(state, 1, "throne", 1)
    state.wilds[0], state.wilds[1] = 1, 2
    play(state, "take 0")
    assert texts(state) == ["rob 1 throne", "decline"]
    play(state, "rob 1 throne")
    assert state.wilds == [1, 2, 0]


def test_the_robbed_player_reaching_the_goal_wins() -> None:
    state = new_game(AMIGO, 3, ["nugget"])
    give(state, 0, "throne", 1)
    give(state, 1, "throne", 1)
    state.score[1] = 1
    play(state, "take 0", "rob 1 throne")
    assert state.is_terminal() and state.outcome().winners == {1}


def test_the_robbery_is_told_with_robber_victim_and_tile() -> None:
    """Goldklumpen: everyone sees who robbed whom of what (the event names all three)."""
    state = new_game(AMIGO, 3, ["nugget"])
    give(state, 0, "throne", 1)
    give(state, 2, "throne", 1)
    events = play(state, "take 0", "rob 2 throne")
    (steal,) = [e for e in events if e.kind == "steal"]
    assert steal.to_json() == {"kind": "steal", "seat": 0, "victim": 2, "tile": "throne"}


def test_reaching_the_goal_ends_the_game_and_says_so() -> None:
    """Spielende 1: the first pawn on the goal ends the game at once; the reason names it."""
    state = new_game(AMIGO, 3, ["nugget"])
    give(state, 0, "throne", 1)
    give(state, 1, "throne", 1)
    state.score[1] = 1
    events = play(state, "take 0", "rob 1 throne")
    assert state.outcome().reason == "seat 1 reached the goal"
    assert events[-1].to_json() == {
        "kind": "game-over",
        "winners": [1],
        "reason": "seat 1 reached the goal",
    }


def test_canopic_lids_decide_a_tie_back_and_forth() -> None:
    state = new_game(AMIGO, 3)
    give(state, 0, "selket", 2)
    give(state, 1, "selket", 3)
    state.wilds[0], state.wilds[1] = 2, 1
    play(state, f"take {slot_of(state, 'selket')}")
    assert state.to_act() == (0,) and texts(state) == ["lid", "pass"]
    play(state, "lid")
    assert state.to_act() == (1,) and texts(state) == ["lid", "pass"]
    play(state, "lid")  # the tie is back
    assert state.to_act() == (0,)
    play(state, "lid")  # and decided for good
    assert state.score == [26 - 6, 26 - 3, 26]
    assert state.wilds == [0, 0, 0]  # played lids leave the game


def test_answering_lid_restores_the_tie_and_both_score_half() -> None:
    state = new_game(AMIGO, 3)
    give(state, 0, "selket", 2)
    give(state, 1, "selket", 3)
    state.wilds[0], state.wilds[1] = 1, 1
    play(state, f"take {slot_of(state, 'selket')}", "lid", "lid")
    assert state.score == [23, 23, 26]


def test_a_lid_is_only_offered_to_a_seat_in_a_tie() -> None:
    state = new_game(AMIGO, 3)
    give(state, 0, "selket", 3)
    give(state, 1, "selket", 2)
    state.wilds[1] = 1
    play(state, f"take {slot_of(state, 'selket')}")  # 4 vs 2: no tie, nobody is asked
    assert state.score == [20, 23, 26] and state.wilds[1] == 1


def test_a_passed_seat_may_answer_a_later_lid() -> None:
    state = new_game(AMIGO, 3)
    give(state, 0, "selket", 2)
    give(state, 1, "selket", 3)
    state.wilds[0], state.wilds[1] = 1, 1
    play(state, f"take {slot_of(state, 'selket')}", "pass", "lid")
    assert state.to_act() == (0,) and texts(state) == ["lid", "pass"]
    play(state, "lid")
    assert state.score == [23, 23, 26]


def test_first_pawn_past_the_end_takes_the_gold_mask() -> None:
    state = new_game(AMIGO, 3)
    events = play(state, "exit")
    assert state.mask == 0 and "gold-mask" in kinds(events)
    play(state, "exit")
    assert state.mask == 0


def test_gold_mask_is_a_joker_for_a_type_its_holder_owns() -> None:
    state = new_game(AMIGO, 3)
    discard(state, "selket", 1)
    give(state, 0, "selket", 2)
    give(state, 1, "selket", 2)
    state.mask = 0
    play(state, f"take {slot_of(state, 'throne')}")  # seat 1 will take the last selket
    play(state, f"take {slot_of(state, 'selket')}")
    assert state.to_act() == (0,) and texts(state) == ["mask", "pass"]
    play(state, "mask")
    assert state.mask == MASK_USED
    assert state.score[0] == 23 and state.score[1] == 23  # 3 against 3: half each


def test_gold_mask_together_with_a_lid_wins_the_tie() -> None:
    state = new_game(AMIGO, 3)
    discard(state, "selket", 1)
    give(state, 0, "selket", 2)
    give(state, 1, "selket", 2)
    state.mask = 0
    state.wilds[0] = 1
    play(state, f"take {slot_of(state, 'throne')}", f"take {slot_of(state, 'selket')}", "mask")
    assert texts(state) == ["lid", "pass"]
    play(state, "lid")
    assert state.score[0] == 20 and state.score[1] == 23


def test_a_scoring_under_way_shows_who_added_the_mask() -> None:
    """Goldmaske: while the scoring waits for answers, everyone sees the mask in play and
    whose tiles it joins (seat 0 here, the first seat)."""
    state = new_game(AMIGO, 3)
    discard(state, "selket", 1)
    give(state, 0, "selket", 2)
    give(state, 1, "selket", 2)
    state.mask = 0
    state.wilds[0] = 1
    play(state, f"take {slot_of(state, 'throne')}", f"take {slot_of(state, 'selket')}")
    assert state.view(None)["scoring"]["mask"] is None
    play(state, "mask")
    scoring = state.view(None)["scoring"]
    assert scoring["mask"] == 0 and scoring["tiles"] == [3, 3, 0]


def test_the_outcome_is_refused_until_the_game_is_over() -> None:
    state = new_game(AMIGO, 3)
    with pytest.raises(IllegalAction, match=r"^the game is not over$"):
        state.outcome()


def test_gold_mask_needs_a_tile_of_the_type() -> None:
    state = new_game(AMIGO, 3)
    give(state, 1, "selket", 5)
    state.mask = 0
    play(state, f"take {slot_of(state, 'throne')}", f"take {slot_of(state, 'selket')}")
    assert state.mask == 0 and state.score[1] == 20


def test_exit_is_the_only_move_with_no_tile_ahead() -> None:
    state = new_game(AMIGO, 2)
    play(state, "take 68")
    assert texts(state, 0) == []
    play(state, "take 0")
    assert texts(state) == ["exit"]


def test_reaching_the_goal_wins_at_once_without_second_place() -> None:
    state = new_game(AMIGO, 3)
    give(state, 0, "selket", 3)
    give(state, 1, "selket", 2)
    state.score[0] = 4
    play(state, f"take {slot_of(state, 'selket')}")
    assert state.is_terminal()
    assert state.outcome().winners == {0}
    assert state.score == [0, 26, 26]  # second place was not scored


def test_two_reaching_the_goal_in_one_scoring_share_the_win() -> None:
    state = new_game(AMIGO, 3)
    give(state, 0, "selket", 2)
    give(state, 1, "selket", 3)
    state.score[0], state.score[1] = 3, 2
    play(state, f"take {slot_of(state, 'selket')}")
    assert state.outcome().winners == {0, 1}
    assert state.outcome().returns() == (0.5, 0.5, 0.0)


def test_game_ends_when_every_pawn_is_past_the_end_closest_wins() -> None:
    state = new_game(AMIGO, 3)
    state.score = [10, 7, 7]
    play(state, "exit", "exit", "exit")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome.reason == "every pawn is past the end"
    assert all(k == -1 for k in state.path)
    assert state.score == [10, 7, 7]  # nobody held a tile, so the removals scored nothing
    assert outcome.winners == {1, 2} and outcome.ranks == (3, 1, 1)

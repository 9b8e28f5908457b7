"""Rulebook 000 (Amigo 1993) statements that had no test of their own (issue 16).

Each test is named in the Amigo traceability table of ``docs/rules/tutankhamun.md``.
"""

from __future__ import annotations

import pytest

from saqqara.core.errors import OptionError
from saqqara.core.registry import load
from saqqara.games.tutankhamun.data import AMIGO, edition
from saqqara.games.tutankhamun.state import MASK_USED

from .support import (
    check_every_draw_is_fair_and_laid_in_order,
    check_seat_0_begins,
    discard,
    give,
    holding,
    kinds,
    new_game,
    play,
    slot_of,
    texts,
)


@pytest.mark.parametrize("players", [1, 7])
def test_the_game_takes_two_to_six_players(players: int) -> None:
    """Spielmaterial: six pawns, and start fields for 2 to 6 players."""
    with pytest.raises(OptionError):
        load("tutankhamun", players, {"edition": AMIGO})


def test_the_path_is_a_fair_shuffle_of_everything_but_the_mask() -> None:
    """Die Laufbahn: the tiles but the mask are shuffled, so each next tile is drawn with
    a chance proportional to what is still face down."""
    state = load("tutankhamun", 3, {"edition": AMIGO}).new_state()
    ed = edition(AMIGO)
    first = dict(state.chance_outcomes())
    assert len(first) == 17 and sum(first.values()) == pytest.approx(1.0)
    for action, chance in first.items():
        kind = state.game.action_text(action).split()[1]
        kind_id = ed.kind_from_slug(kind)
        assert kind_id is not None
        assert chance == pytest.approx(ed.shuffled[kind_id] / 69)
    assert "mask" not in {state.game.action_text(a).split()[1] for a in first}


def test_turns_go_clockwise() -> None:
    """Spielverlauf: play goes round clockwise, seat 0, 1, 2, then 0 again."""
    state = new_game(AMIGO, 3, ["throne"] * 6)
    seen = []
    for slot in range(4):
        seen.append(state.to_act()[0])
        play(state, f"take {slot}")
    assert seen == [0, 1, 2, 0]


def test_a_pawn_past_the_end_still_takes_part_in_scorings() -> None:
    """Spielverlauf: moving past the end stops a player's moves, not his scoring - he is
    still asked for the mask and still scores his majority."""
    state = new_game(AMIGO, 3)
    discard(state, "selket", 1)
    give(state, 0, "selket", 3)
    give(state, 2, "selket", 1)
    play(state, "exit")  # seat 0 leaves the path and takes the gold mask
    assert state.exited(0)
    play(state, f"take {slot_of(state, 'throne')}")
    play(state, f"take {slot_of(state, 'selket')}")  # seat 2 takes the last selket
    assert state.to_act() == (0,) and texts(state) == ["mask", "pass"]
    play(state, "pass")
    assert state.score == [26 - 6, 26, 26 - 3]
    assert 0 not in state.to_act() and state.to_act() == (1,)  # seat 0 moves no more


def test_taken_tiles_lie_open_for_every_seat() -> None:
    """Ein Spielzug 2: a taken tile lies face up in front of its taker; every seat and a
    spectator see the same holdings."""
    state = new_game(AMIGO, 3, ["throne", "lid"])
    play(state, "take 0", "take 1")
    # the same for every seat but the envelope's "seat" (whose view it is)
    views = [{**state.view(seat), "seat": None} for seat in (None, 0, 1, 2)]
    assert all(view == views[0] for view in views)
    assert views[0]["holdings"][0] == {"throne": 1}
    assert views[0]["wilds"] == [0, 1, 0]


def test_removed_tiles_are_shown_in_the_order_they_were_removed() -> None:
    """Ein Spielzug 3: removed tiles are laid out for all to see which are out of the game;
    the view lists them in removal order, from which a client sorts them by type."""
    state = new_game(AMIGO, 3, ["throne", "selket", "throne", "dagger", "nugget", "lid"])
    play(state, "take 4", "take 5")
    assert state.view(None)["removed"] == []
    play(state, "take 3")  # seat 2 was rearmost: slots 0-2 are left behind
    assert state.view(1)["removed"] == ["throne", "selket", "throne"]
    play(state, "exit", "exit", "exit")
    removed = state.view(None)["removed"]
    assert removed[:3] == ["throne", "selket", "throne"] and len(removed) == 69 - 3


def test_two_players_the_gold_mask_turns_a_tie_into_a_win() -> None:
    """Sonderwertung bei zwei Spielern: a tie scores nothing, but the mask may still be
    used, and it makes its holder the sole first."""
    state = new_game(AMIGO, 2)
    discard(state, "selket", 2)
    give(state, 0, "selket", 2)
    give(state, 1, "selket", 1)
    play(state, "exit")  # seat 0 takes the mask
    play(state, f"take {slot_of(state, 'selket')}")  # 2 against 2
    assert state.to_act() == (0,) and texts(state) == ["mask", "pass"]
    play(state, "mask")
    assert state.score == [26 - 6, 26] and state.mask == MASK_USED


def test_two_players_a_canopic_lid_wins_a_tie() -> None:
    """Sonderwertung bei zwei Spielern: lids may still be used to win a tie."""
    state = new_game(AMIGO, 2)
    give(state, 0, "selket", 3)
    give(state, 1, "selket", 2)
    state.wilds[0] = 1
    play(state, f"take {slot_of(state, 'throne')}")
    play(state, f"take {slot_of(state, 'selket')}")  # 3 against 3
    assert state.to_act() == (0,) and texts(state) == ["lid", "pass"]
    play(state, "lid")
    assert state.score == [26 - 6, 26] and state.wilds == [0, 0]


def test_special_tiles_are_never_scored() -> None:
    """Besondere Schätze: nuggets, lids and the mask bring no points of their own; taking
    the last of them starts no scoring."""
    state = new_game(AMIGO, 3, ["lid", "lid", "lid", "nugget", "nugget", "nugget"])
    events = play(state, *(f"take {slot}" for slot in range(6)))
    assert "scoring" not in kinds(events)
    assert state.wilds == [1, 1, 1] and state.score == [26, 26, 26]
    events = play(state, "exit")
    assert "gold-mask" in kinds(events) and "scoring" not in kinds(events)


def test_gold_nugget_leaves_the_game_after_use() -> None:
    """Goldklumpen: after the robbery the nugget is out of the game - the robbed player
    does not get it to use in turn, and nobody holds it."""
    state = new_game(AMIGO, 3, ["nugget", "nugget", "nugget"])
    give(state, 0, "throne", 1)
    give(state, 1, "throne", 1)
    play(state, "take 0", "rob 1 throne")
    view = state.view(None)
    assert view["path"].count("nugget") == 2
    assert all("nugget" not in held for held in view["holdings"])
    assert view["wilds"] == [0, 0, 0]
    assert state.to_act() == (1,)
    assert {text.split()[0] for text in texts(state)} == {"take", "exit"}
    assert holding(state, 1, "throne") == 0  # a second robbery is not possible either


def test_taking_a_canopic_lid_has_no_effect_at_first() -> None:
    """Kanopen-Deckel: taking a lid changes nothing yet; it waits for a tie."""
    state = new_game(AMIGO, 3, ["lid"])
    events = play(state, "take 0")
    assert kinds(events) == ["take", "turn"]
    assert state.wilds == [1, 0, 0] and state.score == [26, 26, 26]


def test_gold_mask_is_used_once() -> None:
    """Goldmaske: after the scoring it was used in, the mask is out of the game, so a
    later tie of another type its holder owns is not offered the mask."""
    state = new_game(AMIGO, 3)
    discard(state, "selket", 1)
    give(state, 0, "selket", 2)
    give(state, 1, "selket", 2)
    give(state, 0, "dagger", 1)
    play(state, "exit")
    play(state, f"take {slot_of(state, 'selket')}")  # 2+mask against 3
    play(state, "mask")
    assert state.mask == MASK_USED
    play(state, f"take {slot_of(state, 'dagger')}")  # the last dagger: seat 0 owns one
    assert state.to_act() == (1,) and state.score == [26 - 3 - 1, 26 - 3, 26 - 1]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("outcome", [0, -1])
def test_seat_0_begins_whatever_the_shuffle(players: int, outcome: int) -> None:
    """Spielverlauf: lots decide who begins. Decision 1: the start player sits in seat 0
    (who sits there is the table's choice); no chance step picks it, the setup only lays
    the path, and seat 0 moves first whichever tiles come out (two different shuffles)."""
    check_seat_0_begins(AMIGO, players, outcome)


def test_every_draw_of_the_path_is_fair_and_laid_in_order() -> None:
    """Die Laufbahn and decision 19: only the order of the tiles along the path matters to
    play, and it is a uniform shuffle: every draw, not only the first, comes with a chance
    proportional to the tiles of each kind still face down, and the tiles lie on the path
    in the order drawn, slot 0 first."""
    check_every_draw_is_fair_and_laid_in_order(AMIGO)

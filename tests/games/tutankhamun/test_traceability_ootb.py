"""Rulebook 003 (Out of the Box 2004) statements that had no test of their own (issue 16).

Each test is named in the Out of the Box traceability table of ``docs/rules/tutankhamun.md``.
"""

from __future__ import annotations

import pytest

from saqqara.core.errors import OptionError
from saqqara.core.registry import load
from saqqara.games.tutankhamun.data import NUM_TYPES, OOTB, edition

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

COINS_IN_THE_BOX = 90


@pytest.mark.parametrize("players", [1, 7])
def test_the_game_takes_two_to_six_players(players: int) -> None:
    """Box and Spelmateriaal: 2 to 6 players, one pawn each of six colours."""
    with pytest.raises(OptionError):
        load("tutankhamun", players, {"edition": OOTB})


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_coins_dealt_fit_in_the_box(players: int) -> None:
    """Spelmateriaal: 90 tribute coins are enough for every table; coins only ever go
    from a player into the pyramid, so the supply never runs out."""
    assert sum(new_game(OOTB, players).score) <= COINS_IN_THE_BOX


def test_the_path_is_a_fair_shuffle_and_ends_at_king_tut() -> None:
    """Spelvoorbereiding 3-5: all artefacts but King Tut are mixed face down, so each next
    tile comes with a chance proportional to what is left; King Tut ends the path."""
    state = load("tutankhamun", 3, {"edition": OOTB}).new_state()
    ed = edition(OOTB)
    first = dict(state.chance_outcomes())
    assert sum(first.values()) == pytest.approx(1.0)
    for action, chance in first.items():
        kind_id = ed.kind_from_slug(state.game.action_text(action).split()[1])
        assert kind_id is not None
        assert chance == pytest.approx(ed.shuffled[kind_id] / 69)
    assert state.view(None)["path"][69] == "king-tut"


def test_turns_go_clockwise() -> None:
    """Spelvoorbereiding 7: after the start player, play goes clockwise."""
    state = new_game(OOTB, 3, ["blue-death-mask"] * 6)
    seen = []
    for slot in range(4):
        seen.append(state.to_act()[0])
        play(state, f"take {slot}")
    assert seen == [0, 1, 2, 0]


def test_a_turn_moves_then_collects_then_removes() -> None:
    """Spelverloop: move, collect (and score the set it completes), then remove what every
    pawn has passed - in that order, within one turn."""
    state = new_game(OOTB, 2, ["blue-cat", "green-scarab", "blue-death-mask"])
    play(state, "take 2")
    events = play(state, "take 1")  # the only green scarab; slot 0 is now behind everyone
    order = [e.kind for e in events if e.kind in ("take", "scoring", "remove")]
    assert order == ["take", "scoring", "remove"]
    assert state.pawn == [2, 1] and state.path[:3] == [-1, -1, -1]


def test_a_pawn_moves_forward_any_distance_and_may_pass_others() -> None:
    """Spelverloop 1: any distance, only towards the pyramid, past other pawns."""
    state = new_game(OOTB, 2, ["blue-death-mask"] * 6)
    assert texts(state)[0] == "take 0" and texts(state)[-1] == "take 69"
    play(state, "take 2")
    assert "take 0" in texts(state) and "take 5" in texts(state)  # behind or past seat 0
    play(state, "take 5")
    assert state.pawn == [2, 5]


def test_a_tile_jumped_over_cannot_be_collected_later() -> None:
    """Spelverloop 2: a player may not collect an artefact he jumped over earlier."""
    state = new_game(OOTB, 2, ["blue-death-mask"] * 6)
    play(state, "take 3", "take 0")
    assert all(int(text.split()[1]) > 3 for text in texts(state))
    assert state.path[1] != -1 and state.path[2] != -1  # still there, for seat 1


def test_a_seat_with_no_tile_ahead_still_scores() -> None:
    """Spelverloop 1: a player with nothing ahead stays in the game: he still decides on
    his pharaoh tiles and scores his sets."""
    state = new_game(OOTB, 3)
    discard(state, "green-anubis", 2)
    give(state, 0, "green-anubis", 2)
    give(state, 1, "green-anubis", 1)
    play(state, "take 69")  # seat 0 takes King Tut and stands on the rim
    play(state, f"take {slot_of(state, 'green-anubis')}")  # seat 1: 2 against 2
    assert state.to_act() == (0,) and texts(state) == ["pharaoh", "pass"]
    play(state, "pharaoh")
    assert state.score == [26 - 1 - 6, 26 - 3, 26]


def test_taken_tiles_and_pharaoh_tiles_lie_open_for_every_seat() -> None:
    """Spelverloop 2 and Farao-tegels: collected artefacts and unplayed pharaoh tiles lie
    visible to all; every seat and a spectator see the same."""
    state = new_game(OOTB, 3, ["green-cat", "pharaoh"])
    play(state, "take 0", "take 1")
    # the same for every seat but the envelope's "seat" (whose view it is)
    views = [{**state.view(seat), "seat": None} for seat in (None, 0, 1, 2)]
    assert all(view == views[0] for view in views)
    assert views[0]["holdings"][0] == {"green-cat": 1}
    assert views[0]["wilds"] == [0, 1, 0]
    assert state.pawn[:2] == [0, 1]  # each pawn stands where its tile lay


def test_removed_artefacts_are_shown_in_the_order_they_were_removed() -> None:
    """Verwijderen: artefacts every pawn has passed are removed farthest from the pyramid
    first and laid out so that all see which were removed and in what order."""
    path = ["green-cat", "blue-scarab", "purple-horus", "bag", "pharaoh", "blue-cat"]
    state = new_game(OOTB, 3, path)
    play(state, "take 4", "take 5")
    assert state.view(None)["removed"] == []
    events = play(state, "take 3")  # seat 2 takes the bag: nobody to sell, it is lost
    assert [e.data["slot"] for e in events if e.kind == "remove"] == [0, 1, 2]
    assert state.view(2)["removed"] == ["green-cat", "blue-scarab", "purple-horus"]


def test_fifteen_sets_three_of_each_size() -> None:
    """Overzicht: 15 sets, three (green, blue, purple) of each picture; the number on a
    tile is both the set's value and its tile count: scarab 1, cat 2, Horus 4, Anubis 6,
    death mask 8."""
    ed = edition(OOTB)
    sizes = {"scarab": 1, "cat": 2, "horus": 4, "anubis": 6, "death-mask": 8}
    assert len(ed.types) == NUM_TYPES == 15
    for picture, count in sizes.items():
        for colour in ("green", "blue", "purple"):
            kind = ed.kind_from_slug(f"{colour}-{picture}")
            assert kind is not None and ed.types[kind].count == count
    path = new_game(OOTB, 3).view(None)["path"]
    for treasure in ed.types:
        assert path.count(treasure.slug) == treasure.count


def test_a_set_is_one_picture_in_one_colour() -> None:
    """Overzicht: a set is every tile of one picture and one colour, so the last blue
    scarab scores the blue scarabs alone."""
    state = new_game(OOTB, 3)
    give(state, 0, "green-scarab", 1)
    events = play(state, f"take {slot_of(state, 'blue-scarab')}")
    assert [e.data["tile"] for e in events if e.kind == "scoring"] == ["blue-scarab"]
    assert state.score == [26 - 1, 26, 26] and holding(state, 0, "green-scarab") == 1


def test_a_horus_set_of_four_scores_four_and_two() -> None:
    """Horusbeeldje: 3 sets of 4 tiles; finishing one pays 4 coins to the sole first and
    2 to a sole second."""
    state = new_game(OOTB, 3)
    give(state, 0, "purple-horus", 2)
    give(state, 1, "purple-horus", 1)
    assert state.view(None)["on_path"]["purple-horus"] == 1
    events = play(state, f"take {slot_of(state, 'purple-horus')}")
    scored = next(e for e in events if e.kind == "scored")
    assert scored.data["first"] == [[0, 4]] and scored.data["second"] == [[1, 2]]
    assert state.score == [26 - 4, 26 - 2, 26]


def test_scored_tiles_leave_the_game() -> None:
    """Opmerking (waardering): once a set is scored, all its tiles go into the box."""
    state = new_game(OOTB, 3)
    give(state, 0, "blue-anubis", 3)
    give(state, 1, "blue-anubis", 2)
    play(state, f"take {slot_of(state, 'blue-anubis')}")
    view = state.view(None)
    assert all("blue-anubis" not in held for held in view["holdings"])
    assert "blue-anubis" not in view["on_path"]


def test_the_seller_takes_the_bag_out_of_the_game() -> None:
    """Zak met goud: the seller receives the bag, may pay a coin, and removes the bag from
    the game - he cannot use it to buy in turn."""
    state = new_game(OOTB, 3, ["bag", "bag", "bag"])
    give(state, 0, "green-anubis", 1)
    give(state, 1, "green-anubis", 2)
    play(state, "take 0", "buy 1 green-anubis")
    assert state.to_act() == (1,)
    assert {text.split()[0] for text in texts(state)} == {"take"}
    view = state.view(None)
    assert view["path"].count("bag") == 2
    assert all("bag" not in held for held in view["holdings"])
    assert view["wilds"] == [0, 0, 0] and view["scores"] == [26, 25, 26]


def test_an_unused_bag_of_gold_is_not_kept_for_a_later_turn() -> None:
    """Zak met goud: a bag must be used in the turn it was collected."""
    state = new_game(OOTB, 2, ["bag", "blue-death-mask", "blue-death-mask"])
    give(state, 0, "green-anubis", 1)
    give(state, 1, "green-anubis", 1)
    play(state, "take 0", "decline", "take 1")
    assert state.to_act() == (0,)
    assert {text.split()[0] for text in texts(state)} == {"take"}
    play(state, "take 2")  # seat 0's next turn: no purchase is offered
    assert holding(state, 0, "green-anubis") == 1 and state.to_act() == (1,)


def test_bags_and_pharaoh_tiles_never_score_as_a_set() -> None:
    """Zak met goud and Farao-tegels: they carry no number; taking the last of them
    starts no scoring, and nobody collects them as a set."""
    state = new_game(OOTB, 3, ["pharaoh"] * 3 + ["bag"] * 3)
    events = play(state, *(f"take {slot}" for slot in range(6)))
    assert "scoring" not in kinds(events)
    assert kinds(events).count("steal-discarded") == 3
    view = state.view(None)
    assert view["holdings"] == [{}, {}, {}] and view["wilds"] == [1, 1, 1]
    assert view["scores"] == [26, 26, 26]


def test_a_bag_of_gold_cannot_buy_a_pharaoh_tile_or_king_tut() -> None:
    """Zak met goud: pharaoh tiles and King Tut are not for sale, even to a buyer who
    holds a pharaoh tile himself; with nothing else to buy, the bag is lost."""
    state = new_game(OOTB, 3, ["bag"])
    state.wilds = [1, 2, 1]
    state.king_tut = 1
    events = play(state, "take 0")
    assert "steal-discarded" in kinds(events)
    assert state.wilds == [1, 2, 1] and state.king_tut == 1 and state.to_act() == (1,)


def test_several_pharaoh_tiles_on_one_set_each_used_once() -> None:
    """Farao-tegels: a player may add several pharaoh tiles to one set; each counts as a
    tile, is used once and leaves with the scored set."""
    state = new_game(OOTB, 3)
    discard(state, "green-anubis", 1)
    give(state, 0, "green-anubis", 1)
    give(state, 1, "green-anubis", 3)
    state.wilds[0] = 3
    play(state, f"take {slot_of(state, 'green-anubis')}")  # 2 against 3
    play(state, "pharaoh")  # 3 against 3
    assert texts(state) == ["pharaoh", "pass"]
    play(state, "pharaoh")  # 4 against 3
    play(state, "pass")
    assert state.score == [26 - 6, 26 - 3, 26] and state.wilds == [1, 0, 0]
    view = state.view(None)
    assert all("green-anubis" not in held for held in view["holdings"])


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("outcome", [0, -1])
def test_seat_0_begins_whatever_the_shuffle(players: int, outcome: int) -> None:
    """Spelvoorbereiding 7: a start player is chosen. Decision 1: the start player sits in seat 0
    (who sits there is the table's choice); no chance step picks it, the setup only lays
    the path, and seat 0 moves first whichever tiles come out (two different shuffles)."""
    check_seat_0_begins(OOTB, players, outcome)


def test_every_draw_of_the_path_is_fair_and_laid_in_order() -> None:
    """Spelvoorbereiding 3-5 and decision 19: only the order of the tiles along the path matters to
    play, and it is a uniform shuffle: every draw, not only the first, comes with a chance
    proportional to the tiles of each kind still face down, and the tiles lie on the path
    in the order drawn, slot 0 first."""
    check_every_draw_is_fair_and_laid_in_order(OOTB)

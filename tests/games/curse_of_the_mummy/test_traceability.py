"""Rulebook statements of Fluch der Mumie that no other test pinned down, each as a small
narrated scenario (docs/rules/curse-of-the-mummy.md, Traceability)."""

from __future__ import annotations

import pytest

from saqqara.core.errors import IllegalAction, OptionError
from saqqara.core.game import CHANCE
from saqqara.core.registry import load
from saqqara.games.curse_of_the_mummy import moves
from saqqara.games.curse_of_the_mummy.state import MUMMY_ROLL, OVER
from tests.games.curse_of_the_mummy.helpers import (
    dealt,
    dice,
    do,
    field,
    kinds,
    put,
    put_mummy,
    texts,
)

DIRECTIONS = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


def test_two_to_five_players() -> None:
    for players in (2, 3, 4, 5):
        assert load("curse-of-the-mummy", players).players == players
    for players in (1, 6):
        with pytest.raises(OptionError):
            load("curse-of-the-mummy", players)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_unused_figures_and_their_ankhs_stay_in_the_box(players: int) -> None:
    state = dealt(players)
    explorers = players - 1
    assert len(state.pos) == explorers
    assert state.ankhs == [3] * explorers
    assert len(state.view(None)["figures"]) == explorers


def test_explorers_move_only_orthogonally_and_never_through_walls() -> None:
    state = dealt(3)
    b = state.board
    put_mummy(state, "k11")
    walled = 0
    for f in range(b.fields):
        if f in (b.start, b.dungeon, state.mummy):
            continue
        put(state, 0, b.field_name(f))
        put(state, 1, b.field_name(b.start))
        reached = set(moves.bits(state.destinations(0, 0)))  # a one
        open_sides = {g for g in b.neighbours[f] if g >= 0}
        assert reached == open_sides - {b.start, b.dungeon, state.mummy}
        x, y = f % b.width, f // b.width
        for g in reached:
            assert abs(g % b.width - x) + abs(g // b.width - y) == 1  # never diagonal
        grid_sides = sum(
            0 <= x + dx < b.width and 0 <= y + dy < b.height for dx, dy in DIRECTIONS.values()
        )
        walled += len(open_sides) < grid_sides
    assert walled > 0  # the maze has walls, and they block


def test_the_mummy_moves_only_orthogonally_and_never_through_walls() -> None:
    state = dealt(3)
    b = state.board
    put(state, 0, "k1")
    put(state, 1, "k2")
    for name in ("e1", "c5", "h8"):
        put_mummy(state, name)
        state.cur = len(state.pos) - 1
        state.phase = MUMMY_ROLL
        do(state, CHANCE, "mummy-die 1")
        here = field(state, name)
        offered = {t.split()[1] for t in texts(state, 0) if t.startswith("step")}
        allowed = {
            d
            for d, g in zip("nesw", b.neighbours[here], strict=True)
            if g >= 0 and g not in (b.start, b.dungeon)
        }
        assert offered == allowed, name
    put_mummy(state, "e1")
    state.phase = MUMMY_ROLL
    do(state, CHANCE, "mummy-die 1")
    assert "step e" not in texts(state, 0)  # e1|f1 is a wall


@pytest.mark.parametrize(
    ("players", "laid_before"),
    [(4, n) for n in range(4)] + [(2, n) for n in range(9)],
)
def test_no_card_but_the_last_wins(players: int, laid_before: int) -> None:
    """ "Spielende": an explorer wins with all five task cards (two players: all ten), not
    with one fewer. Seat 1 lays its scarab as its 1st to 4th card (1st to 9th with two
    players): the game goes on and the turn passes."""
    state = dealt(players, {1: ["scarab"]})
    put_mummy(state, "k11")
    put(state, 0, "a1")
    others = [s for s in state.hand(1) if state.board.symbols[s].name != "scarab"]
    assert len(others) == (9 if players == 2 else 4)
    for s in others[:laid_before]:
        state.played[s] = True
    do(state, 1, "roll")
    dice(state, "1", "1", "1", "1", "1")
    do(state, 1, "announce 1")
    events = do(state, 1, "go b1 play")
    assert "play" in kinds(events, None)
    assert "game-over" not in kinds(events, None)
    assert state.phase != OVER
    assert state.winner == -1
    assert len(state.hand(1)) == len(others) - laid_before >= 1
    assert state.to_act() == (1,) if players == 2 else (2,)  # figure 1, or seat 2
    assert state.cur == 1
    with pytest.raises(IllegalAction):
        state.outcome()


# Where a figure on a1 (the mummy far away on k11) may end with each number: walks of
# exactly that many steps, back and forth allowed. On a grid a walk of k steps ends only
# on fields an odd or even number of steps away as k is odd or even, so a figure that
# walked one step fewer (or any number up to k) would end elsewhere.
EXACT_WALKS_FROM_A1 = {
    "1": ["b1", "a2"],
    "2": ["a1", "c1", "b2", "a3"],
    "3": ["b1", "d1", "a2", "c2", "b3"],
    "4": ["a1", "c1", "e1", "b2", "d2", "a3", "c3", "b4"],
}
ONE_STEP_SHORT = {"2": "b1", "3": "c1", "4": "d1"}


@pytest.mark.parametrize("value", sorted(EXACT_WALKS_FROM_A1))
def test_a_number_is_walked_in_full_never_fewer_steps(value: str) -> None:
    """ "3. Ziehen": the announced number must be moved in full ("muss vollständig gezogen
    werden"): the destinations offered are exactly the ends of walks of that many steps,
    and a field fewer steps away is refused."""
    state = dealt(4)
    put_mummy(state, "k11")
    put(state, 0, "a1")
    do(state, 1, "roll")
    dice(state, *[value] * 5)
    do(state, 1, f"announce {value}")
    goes = [t.split()[1] for t in texts(state, 1) if not t.endswith(" play")]
    assert goes == EXACT_WALKS_FROM_A1[value]
    if value in ONE_STEP_SHORT:
        with pytest.raises(IllegalAction) as short:
            do(state, 1, f"go {ONE_STEP_SHORT[value]}")
        assert short.value.code == "not-legal"
    do(state, 1, f"go {EXACT_WALKS_FROM_A1[value][-1]}")
    assert state.pos[0] == field(state, EXACT_WALKS_FROM_A1[value][-1])


def test_the_announced_value_reaches_every_seat() -> None:
    """ "3. Ziehen": the value is announced aloud ("laut verkündet"): the mummy, every
    explorer and a spectator hear it, as an event and in their view, while only the
    explorers learn where the figure went."""
    state = dealt(4)
    put_mummy(state, "k11")
    put(state, 0, "a1")
    do(state, 1, "roll")
    dice(state, "1", "2", "3", "4", "arrow")
    events = do(state, 1, "announce 3")
    for seat in (0, 1, 2, 3, None):
        heard = [e.data for e in events if e.kind == "announce" and e.visible_to(seat)]
        assert heard == [{"figure": 0, "value": "3"}], seat
        assert state.view(seat)["announced"] == "3", seat


@pytest.mark.parametrize(("players", "needed"), [(2, 3), (3, 4), (4, 6), (5, 7)])
def test_the_mummy_does_not_win_one_ankh_short(players: int, needed: int) -> None:
    """ "Spielende": the mummy wins with 3 / 4 / 6 / 7 ankhs against 1 (two figures) / 2 /
    3 / 4 explorers, not with one fewer: a catch that brings it to one short ends its move
    and the game goes on."""
    state = dealt(players)
    put(state, 0, "b1")
    state.collected = needed - 2
    put_mummy(state, "a1")
    state.cur = len(state.pos) - 1  # the last explorer has moved: the mummy's turn
    state.phase = MUMMY_ROLL
    do(state, CHANCE, "mummy-die 1")
    do(state, 0, "step e")
    events = do(state, CHANCE, "reveal")
    assert "catch" in kinds(events, None)
    assert "game-over" not in kinds(events, None)
    assert state.collected == needed - 1
    assert state.phase != OVER
    assert state.view(None)["mummy_needs"] == needed
    assert state.to_act() == (1,)  # the next round begins


@pytest.mark.parametrize("ankhs", [2, 3])
def test_a_figure_with_ankhs_left_goes_to_the_dungeon_and_plays_on(ankhs: int) -> None:
    """ "Spielzug der Mumie": a caught figure gives one ankh and goes to the dungeon; only
    the last ankh takes it out of the game."""
    state = dealt(4)
    put(state, 1, "b1")
    state.ankhs[1] = ankhs
    put_mummy(state, "a1")
    state.cur = len(state.pos) - 1  # the last explorer has moved: the mummy's turn
    state.phase = MUMMY_ROLL
    do(state, CHANCE, "mummy-die 1")
    do(state, 0, "step e")
    events = do(state, CHANCE, "reveal")
    assert "catch" in kinds(events, None)
    assert "out" not in kinds(events, None)
    assert state.ankhs[1] == ankhs - 1
    assert state.pos[1] == state.board.dungeon
    assert state.view(0)["figures"][1]["in_game"] is True
    assert state.view(0)["figures"][1]["possible"] == [state.board.field_name(state.board.dungeon)]
